/**
 * The oauth module's tables as other modules need them, each read or write named here so
 * that the clients, codes and refresh tokens have one owner: the tenant settings and emails
 * (a tenant's redirect URIs), the session check (a client's tenant), the hosted pages (the
 * code mailed for a sign-in) and the housekeeping sweep.
 */
import { sql, type RawBuilder } from 'kysely'
import type { LoginCode } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

/** The redirect URIs of every client the tenant owns (tenancy's TenantRedirectUris). */
export async function tenantRedirectUris(db: Executor, tenantId: number): Promise<string[]> {
  const rows = await db.selectFrom('oauth_clients').select('redirect_uris').where('tenant_id', '=', tenantId).execute()
  return rows.flatMap((row) => row.redirect_uris)
}

/** A client's tenant, and whether it is a machine client, by its client_id, or undefined when there is no such client (sessions' SessionLookups). */
export async function clientTenant(db: Executor, clientId: string): Promise<{ tenant_id: number | null; machine: boolean } | undefined> {
  return db.selectFrom('oauth_clients').select(['tenant_id', 'machine']).where('client_id', '=', clientId).executeTakeFirst()
}

/** The newest live code mailed for a hosted sign-in (an authorization request) to this address. */
export async function pendingCodeOfRequest(db: Executor, request: { id: string; email: string; now: Date }): Promise<LoginCode | undefined> {
  return db
    .selectFrom('login_codes')
    .selectAll()
    .where('authorization_request_id', '=', request.id)
    .where('email', '=', request.email)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', request.now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Records that a code was typed on the hosted page (its auth_time); `consume`: it is used up there. */
export async function markCodeSignedIn(db: Executor, codeId: number, at: { now: Date; consume: boolean }): Promise<void> {
  await db
    .updateTable('login_codes')
    .set(at.consume ? { auth_time: at.now, consumed_at: at.now } : { auth_time: at.now })
    .where('id', '=', codeId)
    .execute()
}

/** Housekeeping: codes a day past expiry (kept that long so a late replay still revokes what the code produced). */
export async function purgeExpiredLoginCodes(db: Executor, at: Date): Promise<void> {
  await sql`delete from login_codes where expires_at < cast(${at} as timestamptz) - interval '1 day'`.execute(db)
}

/** Housekeeping: expired refresh tokens. */
export async function purgeExpiredRefreshTokens(db: Executor, at: Date): Promise<void> {
  await sql`delete from refresh_tokens where expires_at < cast(${at} as timestamptz)`.execute(db)
}

/** Whether a session (its id, as SQL) has refresh tokens (sessions' HasRefreshTokens, for its sweep). */
export function hasRefreshTokens(sessionId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from refresh_tokens r where r.session_id = ${sessionId})`
}
