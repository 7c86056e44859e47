/**
 * Housekeeping: drops what can no longer matter, on a timer (every instance may run it;
 * the deletes are idempotent). Each module sweeps its own tables; this calls them in turn.
 */
import type { Log } from '../lib/log.ts'
import type { DB } from '../db/connect.ts'
import type { Clock } from '../lib/clock.ts'
import { purgeSentMail } from './email/index.ts'
import { hasRefreshTokens, purgeExpiredLoginCodes, purgeExpiredRefreshTokens } from './oauth/index.ts'
import { purgeExpiredAuthorizations } from './pages/index.ts'
import { purgeExpiredSessions } from './sessions/index.ts'
import { purgeExpiredUserTokens } from './users/index.ts'

export async function purgeExpired(db: DB, at: Date): Promise<void> {
  await purgeExpiredLoginCodes(db, at)
  await purgeExpiredUserTokens(db, at)
  // refresh tokens first: a session left without any is swept with the sessions
  await purgeExpiredRefreshTokens(db, at)
  await purgeExpiredSessions(db, at, hasRefreshTokens)
  await purgeExpiredAuthorizations(db, at)
  await purgeSentMail(db, at)
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
