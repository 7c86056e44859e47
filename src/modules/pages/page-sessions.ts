/**
 * Sign-in sessions of the hosted pages (the /account page). A row in `sessions` like an
 * app's login, so "sign out everywhere" and a password reset end it too. The cookie holds
 * 256 random bits; the table holds only their SHA-256 (a leaked table opens no session),
 * looked up by that hash. A session ends after PAGE_SESSION_TTL (absolute, not sliding).
 */
import { randomUUID } from 'node:crypto'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { revokeSessions } from '../sessions/sessions.ts'
import type { UserActor } from '../tenancy/actor.ts'

/** The `client_id` of page sessions; client ids are base64url, so no client has this one. */
export const PAGES_CLIENT = 'trellis:pages'
export const PAGE_SESSION_TTL_SECONDS = 12 * 3600

export interface PageSession {
  sessionId: string
  user: User
  tenantId: number | null
}

/**
 * The person of a page session as an Actor for the services. Scopes null: a first-party
 * sign-in on Trellis's own pages, not limited by an app's grant (tenancy/actor.ts).
 */
export function pageActor(session: PageSession): UserActor {
  return {
    kind: 'user',
    userId: session.user.id,
    homeTenantId: session.user.tenant_id,
    platformAdmin: session.user.platform_role === 'admin',
    clientId: null,
    sessionId: session.sessionId,
    scopes: null,
  }
}

export class PageSessions {
  constructor(private readonly db: DB) {}

  async create(userId: number, tenantId: number | null): Promise<{ cookie: string; sessionId: string }> {
    const cookie = randomToken(32)
    const sessionId = randomUUID()
    await this.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        client_id: PAGES_CLIENT,
        tenant_id: tenantId,
        cookie_hash: hashSecret(cookie),
        expires_at: new Date(Date.now() + PAGE_SESSION_TTL_SECONDS * 1000),
      })
      .execute()
    return { cookie, sessionId }
  }

  async find(cookie: string | undefined): Promise<PageSession | null> {
    if (!cookie) return null
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.tenant_id as session_tenant'])
      .where('sessions.cookie_hash', '=', hashSecret(cookie))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst()
    if (!row) return null
    const { session_id, session_tenant, ...user } = row
    return { sessionId: session_id, user, tenantId: session_tenant }
  }

  async signOut(sessionId: string): Promise<void> {
    await revokeSessions(this.db, { sessionId }, 'signed_out')
  }

  /** Ends every session of the user: apps' refresh and access tokens and page sign-ins. */
  async signOutEverywhere(userId: number): Promise<void> {
    await revokeSessions(this.db, { userId }, 'signed_out_everywhere')
  }
}
