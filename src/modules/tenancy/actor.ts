import type { TenantRole } from '../../db/database.ts'
import type { AuditActorRef } from '../../lib/audit.ts'

/**
 * Who is acting. Services take an Actor and plain input, never an HTTP request; the HTTP
 * layer (plugins/auth.ts), the CLI, the dev seed, the hosted pages and every dialect build
 * one and hand it over. One policy (policy.ts) decides what an actor may do.
 */

/** Token scopes. Every route declares the one it needs; a token without it gets 403 insufficient_scope. */
export const SCOPES = [
  'account',
  'tenants:read',
  'tenants:admin',
  'spaces:read',
  'spaces:write',
  'sensors:read',
  'sensors:write',
] as const
export type Scope = (typeof SCOPES)[number]

/** What a machine client may hold: every scope but `account`, which is a person's own. */
export const MACHINE_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope !== 'account')

/** A person, signed in through an OAuth client (token) or on a hosted page (scopes null: not limited by a client). */
export interface UserActor {
  kind: 'user'
  userId: number
  /** The tenant the user belongs to; null for a platform user. */
  homeTenantId: number | null
  platformAdmin: boolean
  clientId: string | null
  sessionId: string | null
  scopes: ReadonlySet<string> | null
  /**
   * The user's role in one tenant (null: none), read with the session check when the
   * request names that tenant (`/tenants/{tenantId}/...`): the policy uses it instead of
   * asking the database again within the same request. Absent, the policy asks.
   */
  roleIn?: { tenantId: number; role: TenantRole | null }
  /** The request's address, for the audit log (plugins/auth.ts sets it; absent outside HTTP). */
  sourceIp?: string
}

/**
 * A machine: a client_credentials token. It acts for the tenant that owns its client, within
 * its scopes. An app's token (`machine` false) acts as an admin of that tenant but never does
 * what needs a person; a machine client's token (docs/api.md "Machine clients") does what an
 * admin of its brand would, or, without a tenant, what a platform administrator would.
 */
export interface ClientActor {
  kind: 'client'
  clientId: string
  tenantId: number | null
  /** A machine client (an identity made for automation), not an app. */
  machine: boolean
  scopes: ReadonlySet<string>
  /** The request's address, for the audit log. */
  sourceIp?: string
}

/** The platform operator: the CLI and the dev seed. May do everything. */
export interface OperatorActor {
  kind: 'operator'
}

export interface AnonymousActor {
  kind: 'anonymous'
}

export type Actor = UserActor | ClientActor | OperatorActor | AnonymousActor

export const OPERATOR: OperatorActor = Object.freeze({ kind: 'operator' })
export const ANONYMOUS: AnonymousActor = Object.freeze({ kind: 'anonymous' })

/** Who did it, as the audit log names them (lib/audit.ts). */
export function auditActor(actor: Actor): AuditActorRef {
  const sourceIp = 'sourceIp' in actor ? (actor.sourceIp ?? null) : null
  if (actor.kind === 'user') return { kind: 'user', id: String(actor.userId), sourceIp }
  if (actor.kind === 'client') return { kind: 'client', id: actor.clientId, sourceIp }
  return { kind: actor.kind, id: null, sourceIp }
}
