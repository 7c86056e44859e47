/**
 * Login sessions: one per refresh-token family. Every user access token carries its
 * session id (`sid`), and every request checks the session, so revoking a session ends its
 * access tokens at once, not only its refresh tokens. This module sits below oauth and
 * users: both end sessions through it.
 */
import { createQueryId, sql, type CompiledQuery } from 'kysely'
import type { JWTPayload } from 'jose'
import type { DB } from '../../db/connect.ts'
import { prepared } from '../../db/prepared.ts'
import type { Executor } from '../../db/executor.ts'
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
}

/** Stand-ins for the session id and the tenant in the compiled session lookup, replaced per request. */
const SID = '\u0000session id'
const TENANT = -1

function scopesOf(payload: JWTPayload): Set<string> {
  return new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [])
}

/** The session lookup of one shape, with SID and TENANT standing in for its values. */
function sessionQuery(db: DB, withProfile: boolean, inTenant: boolean) {
  return db
    .selectFrom('sessions')
    .modifyFront(prepared(withProfile ? 'session_with_profile' : inTenant ? 'session_actor_in_tenant' : 'session_actor'))
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.revoked_at', 'users.id', 'users.platform_role', 'users.tenant_id'])
    .$if(inTenant, (q) =>
      q.leftJoin('memberships', (join) => join.onRef('memberships.user_id', '=', 'users.id').on('memberships.tenant_id', '=', TENANT)).select('memberships.role'),
    )
    .$if(withProfile, (q) =>
      q.select([
        'users.email',
        'users.username',
        'users.display_name',
        'users.email_confirmed_at',
        sql<ProfileTenant[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'role', m.role, 'parentTenantId', t.parent_tenant_id) order by t.id), '[]'::json)
          from memberships m join tenants t on t.id = m.tenant_id where m.user_id = users.id)`.as('tenants'),
      ]),
    )
    .where('sessions.id', '=', SID)
    .compile()
}

type SessionRow = ReturnType<typeof sessionQuery> extends CompiledQuery<infer R> ? R : never

export class SessionsService {
  constructor(private readonly db: DB) {}

  private readonly statements = new Map<string, ReturnType<typeof sessionQuery>>()

  /** The session lookup of one shape, compiled once (Kysely builds and compiles a query in ~30 us, a tenth of this route's CPU). */
  private sessionStatement(withProfile: boolean, inTenant: boolean) {
    // a Kysely plugin (the tests' statement recorder) sees a query only while it is built
    if (this.db.getExecutor().plugins.length > 0) return sessionQuery(this.db, withProfile, inTenant)
    const key = `${withProfile}/${inTenant}`
    let statement = this.statements.get(key)
    if (!statement) {
      statement = sessionQuery(this.db, withProfile, inTenant)
      this.statements.set(key, statement)
    }
    return statement
  }

  /** Called on every request that carries a user token: one primary-key lookup. */
  isActive = async (sessionId: string): Promise<boolean> => {
    const row = await this.db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst()
    return row !== undefined && row.revoked_at === null
  }

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
   * check costs none either (actor.roleIn).
   */
  resolve = async (
    payload: JWTPayload,
    want: { profile?: boolean; tenantId?: number | null } = {},
  ): Promise<{ actor: Actor; profile?: UserProfile } | null> => {
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : ''
    const withProfile = want.profile === true
    const tenantId = withProfile ? null : (want.tenantId ?? null)
    if (typeof payload.sid === 'string') {
      const statement = this.sessionStatement(withProfile, tenantId !== null)
      // the statement is built and compiled once per shape; per request only its values change
      const parameters = statement.parameters.map((value) => (value === SID ? payload.sid : value === TENANT ? tenantId : value))
      const row = (await this.db.executeQuery<SessionRow>({ ...statement, parameters, queryId: createQueryId() })).rows[0]
      if (!row || row.revoked_at !== null || String(row.id) !== payload.sub) return null
      const actor: Actor = {
        kind: 'user',
        userId: row.id,
        homeTenantId: row.tenant_id,
        platformAdmin: row.platform_role === 'admin',
        clientId,
        sessionId: payload.sid,
        scopes: scopesOf(payload),
        ...(tenantId !== null ? { roleIn: { tenantId, role: row.role ?? null } } : {}),
      }
      if (!withProfile || row.email === undefined || row.username === undefined) return { actor }
      const profile: UserProfile = {
        id: row.id,
        username: row.username,
        email: row.email,
        displayName: row.display_name ?? null,
        emailConfirmed: (row.email_confirmed_at ?? null) !== null,
        tenants: row.tenants ?? [],
        tenantId: row.tenant_id,
      }
      return { actor, profile }
    }
    const client = await this.db.selectFrom('oauth_clients').select('tenant_id').where('client_id', '=', clientId).executeTakeFirst()
    if (!client || payload.sub !== clientId) return null
    return { actor: { kind: 'client', clientId, tenantId: client.tenant_id, scopes: scopesOf(payload) } }
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

/**
 * Whether a user with this address has opened a session from this network before: the
 * owner's usual networks stay open while the account or its inbox is under attack. Any
 * account of the address counts (they share the inbox), whichever tenant it belongs to.
 */
export async function knownNetwork(db: Executor, who: { email: string }, network: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.network', '=', network)
    .where(sql<string>`lower(users.email)`, '=', who.email.trim().toLowerCase())
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
