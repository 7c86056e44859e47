/**
 * The audit log when a person leaves (modules/privacy): their entries stay, saying what
 * happened, but name them by a pseudonym. In the deletion's transaction, and only there, the
 * database lets an entry's actor id, target id and summary change and its source address go
 * (migration 0031, `trellis.audit_erasure`); everything else about an entry stays as written.
 * The pseudonym is random, so nothing left in the log leads back to the person.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import { secondsBefore, type Clock } from '../../lib/clock.ts'
import type { Actor, Policy } from '../tenancy/index.ts'
import { auditView } from './audit.service.ts'

/** How long the console lists an account deleted under a brand. */
export const DELETED_SHOWN_DAYS = 30

export class AuditErasure {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
  ) {}

  /** Every entry about a person (as actor or target, or naming their address), newest first, at most 1000: their copy (the source address only of what they did). */
  async about(userId: number, address: string) {
    const id = String(userId)
    const rows = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('actor_kind', '=', 'user'), eb('actor_id', '=', id)]),
          eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', id)]),
          eb(sql`lower(summary->'values'->>'email')`, '=', address.toLowerCase()),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(1000)
      .execute()
    // another person's address (an admin acting on them) is that person's, not theirs to take
    return rows.map((row) => ({ ...auditView(row), sourceIp: row.actor_kind === 'user' && row.actor_id === id ? row.source_ip : null }))
  }

  /**
   * Names the person by `pseudonym` in every entry about them, forgets those entries' source
   * addresses, and puts the pseudonym where a summary showed their address.
   */
  async pseudonymise(trx: Executor, userId: number, address: string, pseudonym: string): Promise<void> {
    const id = String(userId)
    const email = address.toLowerCase()
    // the database lets these columns change only inside a transaction that says this (migration 0031)
    await sql`set local trellis.audit_erasure = 'on'`.execute(trx)
    await sql`update audit_log set
        actor_id = case when actor_kind = 'user' and actor_id = ${id} then ${pseudonym} else actor_id end,
        target_id = case when target_type = 'user' and target_id = ${id} then ${pseudonym} else target_id end,
        summary = case when lower(summary->'values'->>'email') = ${email}
          then jsonb_set(summary, '{values,email}', to_jsonb(${pseudonym}::text)) else summary end,
        source_ip = case when actor_kind = 'user' and actor_id = ${id} then null else source_ip end
      where (actor_kind = 'user' and actor_id = ${id}) or (target_type = 'user' and target_id = ${id})
        or lower(summary->'values'->>'email') = ${email}`.execute(trx)
    await sql`set local trellis.audit_erasure = 'off'`.execute(trx)
  }

  /** The accounts of a brand's people deleted in the last 30 days, newest first: pseudonym and when (its admins). */
  async deletedAccounts(actor: Actor, tenantId: number): Promise<{ pseudonym: string; at: string }[]> {
    await this.policy.authorize(actor, 'audit.read', tenantId)
    const rows = await this.db
      .selectFrom('audit_log')
      .select(['target_id', 'at'])
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'account.delete')
      .where('at', '>=', secondsBefore(this.clock.now(), DELETED_SHOWN_DAYS * 86_400))
      .orderBy('id', 'desc')
      .limit(100)
      .execute()
    return rows.map((r) => ({ pseudonym: r.target_id ?? '', at: r.at.toISOString() }))
  }
}
