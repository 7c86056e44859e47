/**
 * Bearer authentication: a valid ES256 access token puts `{userId, clientId, scopes}` on
 * the request. A missing token leaves `request.auth` null (routes decide); a present but
 * invalid one is a 401 at once, so a client learns its token is bad rather than getting
 * anonymous results.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden, notFound, unauthorized } from '../lib/errors.ts'
import type { TenantRole, User } from '../db/database.ts'
import type { DB } from '../db/connect.ts'

export interface AuthContext {
  /** null for client_credentials tokens (a machine, not a person). */
  userId: number | null
  clientId: string
  scopes: string[]
  /** The login session (refresh token family) the token belongs to, if any. */
  sessionId: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

export type SessionCheck = (sessionId: string) => Promise<boolean>

export function registerAuth(app: FastifyInstance, isSessionActive: SessionCheck): void {
  app.decorateRequest('auth', null)
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization
    if (!header) return
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) {
      if (/^Basic\s/i.test(header)) return // client authentication on the OAuth endpoints
      throw unauthorized('The Authorization header must be "Bearer <access token>".')
    }
    let payload
    try {
      ;({ payload } = await app.keys.verify(match[1], app.config.publicUrl))
    } catch {
      throw unauthorized('The access token is invalid or expired.')
    }
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null
    if (sessionId && !(await isSessionActive(sessionId))) throw unauthorized('The access token has been revoked.')
    request.auth = {
      // user tokens belong to a session; client_credentials tokens (sub = client id) do not
      userId: sessionId && payload.sub && /^\d+$/.test(payload.sub) ? Number(payload.sub) : null,
      clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
      scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
      sessionId,
    }
  })
}

/** The signed-in user; 401 without a user token. */
export async function requireUser(db: DB, request: FastifyRequest): Promise<User> {
  const userId = request.auth?.userId
  if (userId == null) throw unauthorized()
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) throw unauthorized('The account behind this token no longer exists.')
  return user
}

export async function requirePlatformAdmin(db: DB, request: FastifyRequest): Promise<User> {
  const user = await requireUser(db, request)
  if (user.platform_role !== 'admin') throw forbidden('Only platform administrators may do this.')
  return user
}

const RANK: Record<TenantRole, number> = { member: 1, admin: 2, owner: 3 }

export interface TenantAccess {
  user: User
  /** The caller's role in the tenant; platform admins act as owners. */
  role: TenantRole
}

/**
 * Checks that the caller holds at least `minimum` in the tenant. A caller who is not a
 * member gets 404, exactly as for a tenant that does not exist, so ids cannot be probed;
 * a member with too small a role gets 403.
 */
export async function requireTenantRole(
  db: DB,
  request: FastifyRequest,
  tenantId: number,
  minimum: TenantRole,
): Promise<TenantAccess> {
  const user = await requireUser(db, request)
  const row = await db
    .selectFrom('tenants')
    .leftJoin('memberships', (j) => j.onRef('memberships.tenant_id', '=', 'tenants.id').on('memberships.user_id', '=', user.id))
    .select(['tenants.id', 'memberships.role'])
    .where('tenants.id', '=', tenantId)
    .executeTakeFirst()
  if (!row) throw notFound('Tenant')
  if (user.platform_role === 'admin') return { user, role: 'owner' }
  if (!row.role) throw notFound('Tenant')
  if (RANK[row.role] < RANK[minimum]) throw forbidden(`This needs the ${minimum} role in the tenant.`)
  return { user, role: row.role }
}

export function roleAtLeast(role: TenantRole, minimum: TenantRole): boolean {
  return RANK[role] >= RANK[minimum]
}

/**
 * Whose resources the caller may read in a list without the tenant prefix: every tenant
 * for a platform admin (null), otherwise the tenants they belong to.
 */
export async function readableScope(db: DB, request: FastifyRequest): Promise<{ user: User; memberOf: number | null }> {
  const user = await requireUser(db, request)
  return { user, memberOf: user.platform_role === 'admin' ? null : user.id }
}
