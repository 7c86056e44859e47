/**
 * Reads of a session together with its account, each in one statement. The sessions table
 * belongs to the sessions module, below this one, and the users table to this module; a
 * lookup that needs both (on every request, or every page view) stays one round trip by
 * joining them here. The sessions module receives these from the wiring (SessionLookups),
 * as it may not import this module.
 */
import { createQueryId, sql, type CompiledQuery } from 'kysely'
import { prepared } from '../../db/prepared.ts'
import type { Executor } from '../../db/executor.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import type { ProfileTenant, SessionUser } from '../sessions/index.ts'

/**
 * A session with its user: always its revocation and the user's id, role and home tenant;
 * with `tenantId`, the user's role there; with `profile`, the profile and tenants that
 * `GET /users/current` answers. One primary-key lookup (prepared, by the three shapes).
 */
export async function sessionUser(
  db: Executor,
  sessionId: string,
  want: { profile: boolean; tenantId: number | null },
): Promise<SessionUser | undefined> {
  return (await db.executeQuery<SessionUser>(sessionLookup(db, sessionId, want))).rows[0]
}

/** The lookup's statement for one session, as sessionUser sends it (bench:login also runs it from bare Fastify, as a floor). */
export function sessionLookup(db: Executor, sessionId: string, want: { profile: boolean; tenantId: number | null }): CompiledQuery<SessionUser> {
  const statement = sessionStatement(db, want.profile, want.tenantId !== null)
  // compiled once per shape; per request only its two values change
  const parameters = statement.parameters.map((value) => (value === SID ? sessionId : value === TENANT ? want.tenantId : value))
  return { ...statement, parameters, queryId: createQueryId() }
}

/** Stand-ins for the session id and the tenant in the compiled lookup, replaced per request. */
const SID = '\u0000session id'
const TENANT = -1

function sessionQuery(db: Executor, profile: boolean, inTenant: boolean): CompiledQuery<SessionUser> {
  return db
    .selectFrom('sessions')
    .modifyFront(prepared(profile ? 'session_with_profile' : inTenant ? 'session_actor_in_tenant' : 'session_actor'))
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // a blocked person's sessions stand no more than revoked ones (people.service.ts), at once, in the same lookup
    .select([sql<Date | null>`coalesce(sessions.revoked_at, users.blocked_at)`.as('revoked_at'), 'users.id', 'users.platform_role', 'users.tenant_id'])
    .$if(inTenant, (q) =>
      q.leftJoin('memberships', (join) => join.onRef('memberships.user_id', '=', 'users.id').on('memberships.tenant_id', '=', TENANT)).select('memberships.role'),
    )
    .$if(profile, (q) =>
      q.select([
        'users.email',
        'users.username',
        'users.display_name',
        'users.locale',
        sql<boolean>`users.email_confirmed_at is not null`.as('email_confirmed'),
        sql<ProfileTenant[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'role', m.role, 'parentTenantId', t.parent_tenant_id) order by t.id), '[]'::json)
          from memberships m join tenants t on t.id = m.tenant_id where m.user_id = users.id)`.as('tenants'),
      ]),
    )
    .where('sessions.id', '=', SID)
    .compile()
}

const compiled = new WeakMap<Executor, Map<string, CompiledQuery<SessionUser>>>()

/** The lookup of one shape, compiled once per database (Kysely builds and compiles a query in ~30 us, a tenth of the profile route's CPU). */
function sessionStatement(db: Executor, profile: boolean, inTenant: boolean): CompiledQuery<SessionUser> {
  // a Kysely plugin (the tests' statement recorder) sees a query only while it is built
  if (db.getExecutor().plugins.length > 0) return sessionQuery(db, profile, inTenant)
  let shapes = compiled.get(db)
  if (!shapes) compiled.set(db, (shapes = new Map()))
  const key = `${profile}/${inTenant}`
  let statement = shapes.get(key)
  if (!statement) shapes.set(key, (statement = sessionQuery(db, profile, inTenant)))
  return statement
}

/** A live page session (by its cookie's hash and client) with its account, or undefined. */
export async function pageSessionUser(db: Executor, session: { cookieHash: string; clientId: string; now: Date }) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.tenant_id as session_tenant', 'sessions.created_at as session_created'])
    .where('sessions.cookie_hash', '=', session.cookieHash)
    .where('sessions.client_id', '=', session.clientId)
    .where('sessions.revoked_at', 'is', null)
    .where('users.blocked_at', 'is', null)
    .where('sessions.expires_at', '>', session.now)
    .executeTakeFirst()
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
    .where(sql<string>`lower(users.email)`, '=', normalizeEmail(who.email))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
