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

export function scheduleMaintenance(db: DB, log: Log, clock: Clock, everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => {
    purgeExpired(db, clock.now()).catch((err: unknown) => log.warn({ err }, 'maintenance pass failed'))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
