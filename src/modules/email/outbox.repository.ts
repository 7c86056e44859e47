/**
 * The outbox: an email is a row written in the same transaction as the change that caused
 * it, so it exists exactly when that change does. Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so several instances never claim the same message; a claim is
 * a lease (`locked_until`, EMAIL_LEASE_SECONDS), so a worker killed mid-send leaves the row
 * to be claimed again once the lease runs out. The lease is far longer than the per-message
 * SMTP deadline (config EMAIL_SMTP_TIMEOUT_MS, at most half of it), so a slow send is
 * abandoned by its own worker long before another worker may claim the row. Every outcome
 * is written only by the claim that sent it (`attempts` identifies the claim), so a late
 * answer to an abandoned send changes nothing.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { OutboxMessage, OutboxStatus } from '../../db/database.ts'
import { rewrapRows, type SecretBox } from '../../lib/secret-box.ts'
import { rewrapSecrets } from './outbox-secrets.ts'

/** How long a claimed message stays leased to the worker that claimed it, unless configured (EMAIL_LEASE_SECONDS). */
export const LEASE_SECONDS = 60

/** Claims up to `batchSize` messages due at `now` (the caller's clock, lib/clock.ts), each leased for `leaseSeconds`. */
export async function claimDue(db: DB, batchSize: number, now: Date, leaseSeconds = LEASE_SECONDS): Promise<OutboxMessage[]> {
  const result = await sql<OutboxMessage>`
    update email_outbox
       set status = 'sending', attempts = attempts + 1, locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from email_outbox
        where (status = 'queued' and next_attempt_at <= ${now}::timestamptz)
           or (status = 'sending' and locked_until < ${now}::timestamptz)
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked)
    returning *`.execute(db)
  return result.rows
}

/** Sent: the sealed codes and tokens go, so the row keeps no live secret. */
export async function markSent(db: DB, message: OutboxMessage, now: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null, secrets: null })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', message.attempts)
    .execute()
}

export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000)
  // "equal jitter": at least half the delay, so retries spread out but never pile up at zero
  return Math.round(exponential / 2 + random() * (exponential / 2))
}

/** A failed attempt: retried later, or failed for good when `permanent` (SMTP 5xx) or out of attempts. */
export async function markFailed(db: DB, message: OutboxMessage, error: string, retry: { baseMs: number; now: Date; permanent?: boolean }): Promise<void> {
  const { baseMs, now, permanent = false } = retry
  const final = permanent || message.attempts >= message.max_attempts
  await db
    .updateTable('email_outbox')
    .set({
      status: final ? 'failed' : 'queued',
      last_error: error.slice(0, 1000),
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(message.attempts, baseMs)),
    })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', message.attempts)
    .execute()
}

/** Failed messages back to the queue, due now, with a fresh attempt budget. */
export async function requeueFailed(db: Executor, ids: number[] | 'all', now: Date): Promise<number[]> {
  let query = db
    .updateTable('email_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now, locked_until: null })
    .where('status', '=', 'failed')
  if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? ids : [-1])
  return (await query.returning('id').execute()).map((r) => r.id)
}

/** Queue depth, age of the oldest waiting message, and sent/failed counts: one query. */
export async function outboxStats(db: DB, now: Date): Promise<{ depth: number; oldestAgeSeconds: number; sent: number; failed: number }> {
  const result = await sql<{ depth: string; oldest: number | null; sent: string; failed: string }>`
    select count(*) filter (where status in ('queued', 'sending')) as depth,
           extract(epoch from cast(${now} as timestamptz) - min(created_at) filter (where status in ('queued', 'sending')))::float8 as oldest,
           count(*) filter (where status = 'sent') as sent,
           count(*) filter (where status = 'failed') as failed
      from email_outbox where status <> 'mailbox'`.execute(db)
  const row = result.rows[0]
  return {
    depth: Number(row?.depth ?? 0),
    oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
  }
}

/** Queued secrets sealed under a previous key are re-sealed under the current one. */
/**
 * Rows by status, and the age of the oldest message still to deliver (queued or sending), in
 * one query: the /metrics family trellis_email_outbox_* (outbox-metrics.ts).
 */
export async function outboxCountsByStatus(db: DB, now: Date): Promise<{ byStatus: Map<string, number>; oldestAgeSeconds: number }> {
  const result = await sql<{ status: string; n: string | number; oldest: number | null }>`
    select status, count(*) as n,
           extract(epoch from cast(${now} as timestamptz) - min(created_at))::float8 as oldest
      from email_outbox group by status`.execute(db)
  const byStatus = new Map(result.rows.map((row) => [row.status, Number(row.n)]))
  const waiting = result.rows.filter((row) => row.status === 'queued' || row.status === 'sending')
  return { byStatus, oldestAgeSeconds: Math.max(0, ...waiting.map((row) => Number(row.oldest ?? 0))) }
}

/** The operator's listing (`trellis outbox list`): newest first, addresses and errors, never bodies. */
export async function listOutbox(db: DB, status: OutboxStatus | undefined, limit: number) {
  let query = db
    .selectFrom('email_outbox')
    .select(['id', 'type', 'tenant_id', 'to_address', 'from_address', 'status', 'attempts', 'max_attempts', 'last_error', 'created_at', 'next_attempt_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
  if (status) query = query.where('status', '=', status)
  return query.execute()
}

/** The dev mailbox's messages, newest first (at most 200). */
export async function mailboxMessages(db: DB) {
  return db
    .selectFrom('email_outbox')
    .select(['id', 'type', 'to_address', 'from_name', 'from_address', 'subject', 'created_at'])
    .where('status', '=', 'mailbox')
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
}

/** One message of the dev mailbox, whole. */
export async function mailboxMessage(db: DB, id: number): Promise<OutboxMessage | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).where('status', '=', 'mailbox').executeTakeFirst()
}

export async function rewrapOutboxSecrets(db: DB, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('email_outbox').select(['id', 'to_address', 'secrets']).where('secrets', 'is not', null).execute()
  return rewrapRows(
    box,
    rows,
    (row) => row.secrets,
    (row, value) => rewrapSecrets(box, row.to_address, value),
    (row, secrets, previous) => db.updateTable('email_outbox').set({ secrets }).where('id', '=', row.id).where('secrets', '=', previous).executeTakeFirst(),
  )
}

/** Housekeeping: messages sent or given up on a month ago. */
export async function purgeSentMail(db: Executor, at: Date): Promise<void> {
  await sql`delete from email_outbox where status in ('sent', 'failed') and created_at < cast(${at} as timestamptz) - interval '30 days'`.execute(db)
}
