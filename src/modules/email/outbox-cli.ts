/**
 * `trellis outbox list|retry`: the operator's view of the outbox, and a way to re-drive
 * mail that failed for good (an SMTP 5xx, or out of attempts) once the cause is fixed.
 * Listing shows addresses, statuses and errors, never bodies or secrets.
 */
import { parseArgs } from 'node:util'
import type { DB } from '../../db/connect.ts'
import type { OutboxStatus } from '../../db/database.ts'
import { appErrors } from '../../lib/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { listOutbox, requeueFailed } from './outbox.repository.ts'

interface Out {
  json: boolean
  print(text: string): void
}

const STATUSES: OutboxStatus[] = ['queued', 'sending', 'sent', 'failed', 'mailbox']

async function list(db: DB, args: string[], out: Out): Promise<void> {
  const { values } = parseArgs({ args, options: { status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } } })
  const status = values.status as OutboxStatus | undefined
  if (status && !STATUSES.includes(status)) throw appErrors.usage(`--status must be one of ${STATUSES.join(', ')}`)
  const limit = Number(values.limit ?? 100)
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw appErrors.usage('--limit must be 1..10000')
  const rows = await listOutbox(db, status, limit)
  const messages = rows.map((r) => ({
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
  if (out.json) return out.print(JSON.stringify({ messages }))
  const lines = messages.map((m) => `${m.id}\t${m.status}\t${m.attempts}/${m.maxAttempts}\t${m.type}\t${m.to}\t${m.lastError ?? ''}`)
  out.print(lines.length > 0 ? lines.join('\n') : 'no messages')
}

async function retry(db: DB, args: string[], out: Out, clock: Clock): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'all-failed': { type: 'boolean' }, json: { type: 'boolean' } } })
  const ids = positionals.map(Number)
  if (values['all-failed'] === (ids.length > 0) || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    throw appErrors.usage('give message ids or --all-failed')
  }
  const retried = await requeueFailed(db, values['all-failed'] ? 'all' : ids, clock.now())
  const missing = ids.filter((id) => !retried.includes(id))
  if (missing.length > 0 && retried.length === 0) throw appErrors.usage(`no failed message with id ${missing.join(', ')}`)
  out.print(out.json ? JSON.stringify({ retried }) : `${retried.length} message(s) queued again${missing.length ? `; not failed: ${missing.join(', ')}` : ''}`)
}

/** Runs `outbox <action>`; false when `name` is not an outbox command. */
export async function outboxCommand(db: DB, name: string, args: string[], out: Out, clock: Clock): Promise<boolean> {
  if (name === 'outbox list') await list(db, args, out)
  else if (name === 'outbox retry') await retry(db, args, out, clock)
  else return false
  return true
}
