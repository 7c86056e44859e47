/**
 * Sign-in sessions of the hosted pages: the /account page, and the browser session that
 * gives single sign-on to apps (sso.ts). A row in `sessions` like an app's login, so "sign
 * out everywhere", a password reset, RP-initiated logout and revoking the session end it
 * too. The cookie holds 256 random bits; the table holds only their SHA-256 (a leaked table
 * opens no session), looked up by that hash. A session ends after PAGE_SESSION_TTL
 * (absolute, not sliding). It is bound to the account and to the tenant it was signed in
 * under, and it opens at the moment the person proved the address (its `created_at`, from
 * the injected clock), which is the `auth_time` of everything it signs in.
 */
import { randomUUID } from 'node:crypto'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { revokeSessions, type SessionStore } from '../sessions/index.ts'
import type { AccountStore } from '../users/index.ts'
import type { UserActor } from '../tenancy/index.ts'

/** The `client_id` of page sessions; client ids are base64url, so no client has this one. */
export const PAGES_CLIENT = 'trellis:pages'
export const PAGE_SESSION_TTL_SECONDS = 12 * 3600

export interface PageSession {
  sessionId: string
  user: User
  tenantId: number | null
  /** When the person proved the address with a code (OpenID Connect auth_time). */
  authTime: Date
}

/**
 * The person of a page session as an Actor for the services. Scopes null: a first-party
 * sign-in on Trellis's own pages, not limited by an app's grant (tenancy/actor.ts).
 * `sourceIp`: the request's address, so what a page changes names it in the audit log.
 */
export function pageActor(session: PageSession, sourceIp?: string): UserActor {
  return {
    ...(sourceIp ? { sourceIp } : {}),
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
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly stores: { sessions: SessionStore; accounts: AccountStore },
  ) {}

  /** Opens a session for a person who has just proved their address (`authTime`: then; default now). */
  async create(userId: number, tenantId: number | null, authTime = this.clock.now()): Promise<{ cookie: string; sessionId: string }> {
    const cookie = randomToken(32)
    const sessionId = randomUUID()
    await this.stores.sessions.insertSession(this.db, {
      id: sessionId,
      user_id: userId,
      client_id: PAGES_CLIENT,
      tenant_id: tenantId,
      cookie_hash: hashSecret(cookie),
      created_at: authTime,
      auth_time: authTime,
      expires_at: secondsAfter(authTime, PAGE_SESSION_TTL_SECONDS),
    })
    return { cookie, sessionId }
  }

  async find(cookie: string | undefined): Promise<PageSession | null> {
    if (!cookie) return null
    const row = await this.stores.accounts.pageSessionUser(this.db, { cookieHash: hashSecret(cookie), clientId: PAGES_CLIENT, now: this.clock.now() })
    if (!row) return null
    const { session_id, session_tenant, session_created, ...user } = row
    return { sessionId: session_id, user, tenantId: session_tenant, authTime: session_created }
  }

  async signOut(sessionId: string): Promise<void> {
    await revokeSessions(this.db, { sessionId }, 'signed_out', this.clock.now())
  }

  /** Ends every session of the user: apps' refresh and access tokens and page sign-ins. */
  async signOutEverywhere(userId: number): Promise<void> {
    await revokeSessions(this.db, { userId }, 'signed_out_everywhere', this.clock.now())
  }
}
