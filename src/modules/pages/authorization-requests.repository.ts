/**
 * Started hosted sign-ins (`authorization_requests`): the one place that reads and writes
 * them. A row is bound to the browser that started it (the SHA-256 of its cookie) and lives
 * AUTHORIZATION_TTL_SECONDS on the injected clock.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuthorizationRequest } from '../../db/database.ts'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { secondsAfter } from '../../lib/clock.ts'

/** How long a started sign-in may take, end to end. */
export const AUTHORIZATION_TTL_SECONDS = 30 * 60

export interface NewAuthorization {
  browser: string
  /** null: a sign-in to Trellis's own pages (account, invitation), no app involved. */
  clientId: string | null
  redirectUri: string
  tenantId: number | null
  state?: string | null
  scope?: string | null
  nonce?: string | null
  codeChallenge?: string | null
  /** The locale asked for (lib/locale.ts signupLocale): the codes of the sign-in carry it. */
  locale?: string | null
}

export function insertAuthorization(db: DB, input: NewAuthorization, now: Date): Promise<AuthorizationRequest> {
  return db
    .insertInto('authorization_requests')
    .values({
      id: randomToken(16),
      browser_hash: hashSecret(input.browser),
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      state: input.state ?? null,
      scope: input.scope ?? null,
      nonce: input.nonce ?? null,
      code_challenge: input.codeChallenge ?? null,
      code_challenge_method: input.codeChallenge ? 'S256' : null,
      tenant_id: input.tenantId,
      locale: input.locale ?? null,
      expires_at: secondsAfter(now, AUTHORIZATION_TTL_SECONDS),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The pending request, if it is this browser's and still open at `now`. */
export async function loadAuthorization(db: DB, id: string, browser: string | undefined, now: Date): Promise<AuthorizationRequest | null> {
  if (!browser || id.length > 64) return null
  const row = await db.selectFrom('authorization_requests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.completed_at || row.expires_at.getTime() <= now.getTime()) return null
  return safeEqual(row.browser_hash, hashSecret(browser)) ? row : null
}

/** The address a code was mailed to for the request; wrong tries start again from zero. */
export function setAuthorizationEmail(db: DB, id: string, email: string): Promise<AuthorizationRequest> {
  return db
    .updateTable('authorization_requests')
    .set({ email, failed_attempts: 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function countWrongCode(db: DB, id: string): Promise<void> {
  await db
    .updateTable('authorization_requests')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

/** Marks the request done; false when it already was (a second tab, a replayed form). */
export async function completeAuthorization(db: DB, id: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('authorization_requests')
    .set({ completed_at: now })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return done !== undefined
}

/** Housekeeping: sign-in requests a day past their end. */
export async function purgeExpiredAuthorizations(db: Executor, at: Date): Promise<void> {
  await sql`delete from authorization_requests where expires_at < cast(${at} as timestamptz) - interval '1 day'`.execute(db)
}
