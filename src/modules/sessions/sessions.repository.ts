/** The sessions table's writes that other modules ask for: opening a session, and housekeeping. */
import { sql, type RawBuilder } from 'kysely'
import type { Insertable } from 'kysely'
import type { SessionsTable } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

/** Opens a session: an app's login (oauth) or a hosted page's sign-in (pages). */
export async function insertSession(db: Executor, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

/**
 * Whether a session (its id, as SQL) still has refresh tokens: a condition the oauth module
 * writes (it owns them) for the sweep below.
 */
export type HasRefreshTokens = (sessionId: RawBuilder<unknown>) => RawBuilder<boolean>

/**
 * Drops sessions that can no longer matter: revoked a month ago, page sessions past their end,
 * and app sessions a day old that never got (or no longer have) a refresh token.
 */
export async function purgeExpiredSessions(db: Executor, at: Date, hasRefreshTokens: HasRefreshTokens): Promise<void> {
  const now = sql`cast(${at} as timestamptz)`
  await sql`delete from sessions s where s.revoked_at < ${now} - interval '30 days'
              or s.cookie_hash is not null and s.expires_at < ${now}
              or s.cookie_hash is null and not ${hasRefreshTokens(sql.ref('s.id'))}
                 and s.created_at < ${now} - interval '1 day'`.execute(db)
}
