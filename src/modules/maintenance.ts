/**
 * Housekeeping: drops what can no longer matter, on a timer (every instance may run it;
 * the deletes are idempotent). Consumed login codes are kept a day past expiry so a late
 * replay still revokes what the code produced.
 */
import { sql } from 'kysely'
import type { Log } from '../lib/log.ts'
import type { DB } from '../db/connect.ts'
import type { Clock } from '../lib/clock.ts'

export async function purgeExpired(db: DB, at: Date): Promise<void> {
  const now = sql`cast(${at} as timestamptz)`
  await sql`delete from login_codes where expires_at < ${now} - interval '1 day'`.execute(db)
  await sql`delete from user_tokens where expires_at < ${now} - interval '1 day'`.execute(db)
  await sql`delete from refresh_tokens where expires_at < ${now}`.execute(db)
  await sql`delete from sessions s where s.revoked_at < ${now} - interval '30 days'
              or s.cookie_hash is not null and s.expires_at < ${now}
              or s.cookie_hash is null and not exists (select 1 from refresh_tokens r where r.session_id = s.id)
                 and s.created_at < ${now} - interval '1 day'`.execute(db)
  await sql`delete from authorization_requests where expires_at < ${now} - interval '1 day'`.execute(db)
  await sql`delete from email_outbox where status in ('sent', 'failed') and created_at < ${now} - interval '30 days'`.execute(db)
}

/** A module's own purge, handed to the sweep by the wiring (the audit log's retention). */
export type Purge = (at: Date) => Promise<unknown>

/** One pass: the shared deletes, then each module's purge, all at the clock's time. */
export async function maintenancePass(db: DB, at: Date, purges: readonly Purge[] = []): Promise<void> {
  await purgeExpired(db, at)
  for (const purge of purges) await purge(at)
}

export function scheduleMaintenance(db: DB, log: Log, clock: Clock, purges: readonly Purge[] = [], everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => {
    maintenancePass(db, clock.now(), purges).catch((err: unknown) => log.warn({ err }, 'maintenance pass failed'))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
