/**
 * The outbox: an email is a row written in the same transaction as the change that caused
 * it, so it exists exactly when that change does. Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so several instances never claim the same message; a claim is
 * a lease (`locked_until`), so a worker killed mid-send leaves the row to be claimed again.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { OutboxMessage } from '../../db/database.ts'

/** How long a claimed message stays leased to the worker that claimed it. */
export const LEASE_SECONDS = 60

export async function claimDue(db: DB, batchSize: number): Promise<OutboxMessage[]> {
  const result = await sql<OutboxMessage>`
    update email_outbox
       set status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
     where id in (
       select id from email_outbox
        where (status = 'queued' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked)
    returning *`.execute(db)
  return result.rows
}

export async function markSent(db: DB, id: number): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: new Date(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute()
}

export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000)
  // "equal jitter": at least half the delay, so retries spread out but never pile up at zero
  return Math.round(exponential / 2 + random() * (exponential / 2))
}

export async function markFailed(db: DB, message: OutboxMessage, error: string, baseMs: number): Promise<void> {
  const final = message.attempts >= message.max_attempts
  await db
    .updateTable('email_outbox')
    .set({
      status: final ? 'failed' : 'queued',
      last_error: error.slice(0, 1000),
      locked_until: null,
      next_attempt_at: new Date(Date.now() + retryDelayMs(message.attempts, baseMs)),
    })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .execute()
}
