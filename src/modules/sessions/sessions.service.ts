/**
 * Login sessions: one per refresh-token family. Every user access token carries its
 * session id (`sid`), and every request checks the session, so revoking a session ends its
 * access tokens at once, not only its refresh tokens. This module sits below oauth and
 * users: both end sessions through it.
 */
import type { JWTPayload } from 'jose'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { TenantRole } from '../../db/database.ts'
import type { Actor } from '../tenancy/index.ts'

/** A tenant the user has a role in, as `GET /users/current` lists it. */
export interface ProfileTenant {
  id: number
  name: string
  role: string
  parentTenantId: number | null
}

/** The signed-in user as `GET /users/current` answers (its schema: users.routes.ts). */
export interface UserProfile {
  id: number
  username: string
  email: string
  displayName: string | null
  emailConfirmed: boolean
  tenants: ProfileTenant[]
  tenantId: number | null
  /** The account's locale (BCP 47); null: not set. */
  locale: string | null
}

function scopesOf(payload: JWTPayload): Set<string> {
  return new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [])
}

/** A session with its user, as SessionLookups.sessionUser reads it (optional parts: when asked for). */
export interface SessionUser {
  revoked_at: Date | null
  id: number
  platform_role: 'admin' | null
  tenant_id: number | null
  role?: TenantRole | null
  email?: string
  username?: string
  display_name?: string | null
  locale?: string | null
  /** Whether the address is confirmed (the profile shows no more; a boolean, so no timestamp is parsed per request). */
  email_confirmed?: boolean
  tenants?: ProfileTenant[]
}

/**
 * The reads that join a session to tables of the modules above this one (users, oauth): their
 * owners write them, and the wiring passes them in, so each stays one statement.
 */
export interface SessionLookups {
  /** The session with its user (users' sessionUser). */
  sessionUser(db: Executor, sessionId: string, want: { profile: boolean; tenantId: number | null }): Promise<SessionUser | undefined>
  /** The tenant of a client, and whether it is a machine client, by its client_id, or undefined when there is no such client (oauth's clientTenant). */
  clientTenant(db: Executor, clientId: string): Promise<{ tenant_id: number | null; machine: boolean } | undefined>
}

export class SessionsService {
  constructor(
    private readonly db: DB,
    private readonly lookups: SessionLookups,
  ) {}

  /** Called on every request that carries a user token: one primary-key lookup. */
  isActive = async (sessionId: string): Promise<boolean> => {
    const row = await this.db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst()
    return row !== undefined && row.revoked_at === null
  }

  /** When the person behind a live session last proved who they are (a session from before migration 0031: when it opened); null when revoked or unknown. */
  authTime = async (sessionId: string): Promise<Date | null> => {
    const row = await this.db.selectFrom('sessions').select(['auth_time', 'created_at', 'revoked_at']).where('id', '=', sessionId).executeTakeFirst()
    return row && row.revoked_at === null ? (row.auth_time ?? row.created_at) : null
  }

  /** A person's sessions with their apps and networks (newest first, at most 1000): their copy of their data. */
  ofUser = (userId: number) =>
    this.db
      .selectFrom('sessions')
      .select(['id', 'client_id', 'tenant_id', 'scope', 'network', 'created_at', 'auth_time', 'revoked_at', 'revoked_reason', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1000)
      .execute()

  /** Ends one app session (OpenID Connect RP-initiated logout names it by its ID token's `sid`). */
  endSession = async (sessionId: string, now: Date): Promise<void> => revokeSessions(this.db, { sessionId }, 'end_session', now)

  /**
   * The actor behind a verified access token, or null when its session was revoked or its
   * client deleted. One indexed lookup either way: the session with its user for a person,
   * the client for a machine (client_credentials tokens carry no session).
   */
  actorForToken = async (payload: JWTPayload): Promise<Actor | null> => (await this.resolve(payload))?.actor ?? null

  /**
   * The same lookup. With `profile` it also brings the user's profile and tenants (what
   * `GET /users/current` answers), so that route costs this one round trip and nothing more;
   * with `tenantId` (the tenant a request names) the user's role there, so the policy's
   * check costs none either (actor.roleIn). `sourceIp`, the request's address, goes into the
   * actor for the audit log.
   */
  resolve = async (
    payload: JWTPayload,
    want: { profile?: boolean; tenantId?: number | null; sourceIp?: string } = {},
  ): Promise<{ actor: Actor; profile?: UserProfile } | null> => {
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : ''
    const withProfile = want.profile === true
    const tenantId = withProfile ? null : (want.tenantId ?? null)
    if (typeof payload.sid === 'string') {
      const row = await this.lookups.sessionUser(this.db, payload.sid, { profile: withProfile, tenantId })
      if (!row || row.revoked_at !== null || String(row.id) !== payload.sub) return null
      const actor: Actor = {
        kind: 'user',
        userId: row.id,
        homeTenantId: row.tenant_id,
        platformAdmin: row.platform_role === 'admin',
        clientId,
        sessionId: payload.sid,
        scopes: scopesOf(payload),
        sourceIp: want.sourceIp,
        roleIn: tenantId !== null ? { tenantId, role: row.role ?? null } : undefined,
      }
      if (!withProfile || row.email === undefined || row.username === undefined) return { actor }
      const profile: UserProfile = {
        id: row.id,
        username: row.username,
        email: row.email,
        displayName: row.display_name ?? null,
        emailConfirmed: row.email_confirmed === true,
        tenants: row.tenants ?? [],
        tenantId: row.tenant_id,
        locale: row.locale ?? null,
      }
      return { actor, profile }
    }
    const client = await this.lookups.clientTenant(this.db, clientId)
    if (!client || payload.sub !== clientId) return null
    return { actor: { kind: 'client', clientId, tenantId: client.tenant_id, machine: client.machine, scopes: scopesOf(payload), sourceIp: want.sourceIp } }
  }
}

/** Revokes one session, every live session of a client, or of a user (optionally but one). */
export async function revokeSessions(
  db: Executor,
  which: { sessionId: string } | { clientId: string } | { userId: number; except?: string | null },
  reason: string,
  now: Date,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null)
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId)
  else if ('clientId' in which) query = query.where('client_id', '=', which.clientId)
  else {
    query = query.where('user_id', '=', which.userId)
    if (which.except) query = query.where('id', '!=', which.except)
  }
  await query.execute()
}
