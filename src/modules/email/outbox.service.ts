/**
 * The operator's view of the outbox, and the re-drive of mail that failed for good (an SMTP
 * 5xx, or out of attempts) once its cause is fixed. The outbox is the platform's own state:
 * reading it is a platform inspection and a re-drive its own action in the policy table, and
 * a re-drive commits with its audit entry. Listing shows addresses, statuses and errors,
 * never bodies or secrets.
 */
import type { DB } from '../../db/connect.ts'
import type { OutboxStatus } from '../../db/database.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import { listOutbox, requeueFailed } from './outbox.repository.ts'

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['queued', 'sending', 'sent', 'failed', 'mailbox']

export interface OutboxEntry {
  id: number
  type: string
  tenantId: number | null
  to: string
  from: string | null
  status: OutboxStatus
  attempts: number
  maxAttempts: number
  lastError: string | null
  createdAt: string
  nextAttemptAt: string
  sentAt: string | null
}

export class OutboxService {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly audit: AuditSink,
    private readonly clock: Clock,
  ) {}

  /** The newest `limit` messages, of one status or all. */
  async list(actor: Actor, query: { status?: OutboxStatus; limit: number }): Promise<OutboxEntry[]> {
    this.policy.authorizeAction(actor, 'platform.inspect')
    const rows = await listOutbox(this.db, query.status, query.limit)
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      tenantId: r.tenant_id,
      to: r.to_address,
      from: r.from_address,
      status: r.status,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      nextAttemptAt: r.next_attempt_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    }))
  }

  /** Queues failed messages (these ids, or every failed one) again; returns the ids it queued. */
  async retry(actor: Actor, ids: readonly number[] | 'all'): Promise<number[]> {
    this.policy.authorizeAction(actor, 'outbox.manage')
    return this.db.transaction().execute(async (trx) => {
      const retried = await requeueFailed(trx, ids === 'all' ? 'all' : [...ids], this.clock.now())
      if (retried.length > 0) {
        const target = { type: 'email_outbox', id: ids === 'all' ? 'all-failed' : retried.join(',').slice(0, 200) }
        await this.audit.record(trx, { actor: auditActor(actor), tenantId: null, action: 'outbox.retry', target, summary: summarize({ retried: retried.length }, ['retried']) })
      }
      return retried
    })
  }
}
