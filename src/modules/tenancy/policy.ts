/**
 * The one place that answers "may this actor do this, in that tenant". Services call it
 * before they touch anything; routes never decide access themselves.
 *
 * Threats this file defends against, and how:
 * - Cross-tenant reads and writes: a role is looked up in the tenant the resource belongs
 *   to, never inherited along the tenant tree (a brand's admin has no role in a customer's
 *   tenant; a customer has none in a sibling's). Not being a member answers 404, exactly as
 *   for a tenant or resource that does not exist, so ids cannot be probed.
 * - A customer of a brand reading the brand's insides: `customer` ranks below `member`; it
 *   passes only actions whose rule says `customer` (the brand's public face).
 * - A token used beyond what the user granted the app: every action names the scope a
 *   token must carry; a token without it gets 403 insufficient_scope, whatever the role.
 * - A machine token (client_credentials) acting as a person: it acts only in the tenant
 *   that owns its client, as an admin limited by its scopes. An app's token never does the
 *   admin API's work (`machines: true` actions, such as inviting members or changing tenant
 *   settings): those need a person or a machine client. A machine client (docs/api.md
 *   "Machine clients") is made by a person (`machines.manage`), for the platform or for one
 *   brand: a brand's acts as an admin of that brand and nowhere else (no role in its
 *   customers' tenants, as a brand's admin has none), the platform's as a platform
 *   administrator would. Neither does what only a person can (people: true): their own
 *   account, emails sent to their own mailbox, making or changing a machine client.
 * - A stranger lending the platform's name: anyone may own a customer's tenant, so a tenant's
 *   face (name, logo, sender, texts, links, sign-up) is set only on a brand (`brand: true`,
 *   see brands.ts; 403 not_a_brand naming the fields), and only the platform makes a brand or
 *   approves the domains its token links may point at (`tenants.mark`).
 * - A stranger who owns a tenant of their own (any brand open to customers) bringing in a
 *   device that is not theirs: only a brand's admins or the platform register devices
 *   (registerIn: the tenant must be a brand), and only they allow anonymous firmware
 *   (configureDevice); a tenant gets a device only by a claim with proof (devices/registry.service.ts).
 * - A stranger who owns a tenant of their own listening in: webhook endpoints belong to a brand
 *   (its admins: `webhooks.manage`, brand only) or to the platform (`webhooks.managePlatform`),
 *   and hear only the tenants under them (modules/webhooks); a customer's tenant has none. Upstream
 *   sign-in providers likewise (`connections.manage`, brand only; `connections.managePlatform`).
 * - Platform administrators act as owners everywhere; the operator (CLI, dev seed) may do everything. Nothing else is privileged.
 */
import { appErrors, type AppError, deviceErrors, forbidden, notFound, unauthorized } from '../../lib/errors.ts'
import type { TenantRole, User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { findTenant, membershipRole } from './tenants.repository.ts'
import type { Actor } from './actor.ts'
import { isBrand } from './brands.ts'
import { ACTIONS, type Action, type Rule } from './policy-actions.ts'

export { ACTIONS, type Action } from './policy-actions.ts'

const RANK: Record<TenantRole, number> = { customer: 0, member: 1, admin: 2, owner: 3 }

/** Tenants an unprefixed list covers: every tenant, one tenant, or those a user is a (non-customer) member of. */
export type TenantFilter = { all: true } | { tenantId: number } | { memberOf: number } | { none: true }

export const insufficientScope = (scope: string) => appErrors.insufficient_scope(scope)

export class Policy {
  constructor(
    private readonly db: Executor,
    /** Loads an account by id: the users module's repository, passed in as tenancy sits below users. */
    private readonly findUserById: (db: Executor, userId: number) => Promise<User | undefined>,
  ) {}

  /** 401 for anonymous callers, 403 insufficient_scope for a token without the scope. */
  requireScope(actor: Actor, scope: string): void {
    if (actor.kind === 'anonymous') throw unauthorized()
    if (actor.kind === 'operator') return
    if (actor.scopes !== null && !actor.scopes.has(scope)) throw insufficientScope(scope)
  }

  private check(actor: Actor, action: Action, fields: readonly string[] = []): Rule {
    const rule: Rule = ACTIONS[action]
    this.requireScope(actor, rule.scope)
    if (rule.people && actor.kind === 'client') throw forbidden('A person must do this, not a machine token.')
    if (rule.machines && actor.kind === 'client' && !actor.machine) {
      throw forbidden("A person or a machine client must do this, not an app's token.")
    }
    if (rule.platform && !isPlatform(actor)) {
      const details = fields.map((field) => ({ field: `body.${field}`, message: 'only platform administrators may set it' }))
      throw appErrors.forbidden('Only platform administrators may do this.', details.length ? details : undefined)
    }
    return rule
  }

  /** For actions not tied to one tenant (creating tenants, clients, algorithm definitions; the account). */
  authorizeAction(actor: Actor, action: Action): void {
    this.check(actor, action)
  }

  /**
   * Throws unless the actor may do `action` in `tenantId`, and returns the actor's role
   * there (platform administrators and the operator count as owners). A caller with no
   * role in the tenant gets 404, the same as for a tenant that does not exist; a role too
   * small gets 403.
   */
  async authorize(actor: Actor, action: Action, tenantId: number, fields: readonly string[] = []): Promise<TenantRole> {
    const rule = this.check(actor, action, fields)
    const role = await this.roleIn(actor, tenantId)
    if (role === null) throw notFound('Tenant')
    if (rule.role && RANK[role] < RANK[rule.role]) throw forbidden(`This needs the ${rule.role} role in the tenant.`)
    if (rule.brand) {
      const tenant = await findTenant(this.db, tenantId)
      if (!tenant) throw notFound('Tenant')
      if (!isBrand(tenant)) throw notABrand(fields)
    }
    return role
  }

  /** The actor's role in a tenant, or null when it has none (or the tenant does not exist). */
  async roleIn(actor: Actor, tenantId: number): Promise<TenantRole | null> {
    if (actor.kind === 'anonymous') return null
    if (isPlatform(actor)) return (await this.tenantExists(tenantId)) ? 'owner' : null
    if (actor.kind === 'client') {
      if (actor.tenantId !== tenantId) return null
      return (await this.tenantExists(tenantId)) ? 'admin' : null
    }
    if (actor.kind === 'operator') return null // never: the operator is the platform (above)
    // read with this request's session check (actor.ts), a moment ago
    if (actor.roleIn?.tenantId === tenantId) return actor.roleIn.role
    return membershipRole(this.db, tenantId, actor.userId)
  }

  /** Whose resources an unprefixed list shows the actor. */
  listFilter(actor: Actor, action: Action): TenantFilter {
    this.check(actor, action)
    if (isPlatform(actor)) return { all: true }
    if (actor.kind === 'client') return actor.tenantId === null ? { none: true } : { tenantId: actor.tenantId }
    if (actor.kind === 'user') return { memberOf: actor.userId }
    throw unauthorized()
  }

  /**
   * The person behind the actor, for an action on their own account (the profile, leaving, a copy of their data: modules/privacy):
   * the token must carry the action's scope, so an app granted only `sensors:read` learns nothing of who the person is.
   */
  async person(actor: Actor, action: 'account.read' | 'account.update' | 'account.delete' | 'account.export'): Promise<User> {
    this.check(actor, action)
    return this.user(actor)
  }

  /**
   * The person behind an OpenID Connect userinfo request: a person's token granted `openid`
   * (which claims it then reveals follows its other scopes: oauth/oidc.ts claimsFor) or the
   * platform's own `account` scope, as for the profile. Never a machine token.
   */
  async identity(actor: Actor): Promise<User> {
    if (actor.kind === 'user' && actor.scopes?.has('openid') === true) return this.user(actor)
    return this.person(actor, 'account.read')
  }

  /**
   * Throws unless the actor may create, edit, rotate or delete the OAuth clients of
   * `tenantId` (null: the platform's own clients, which belong to no tenant).
   *
   * Decision (docs/security.md "OAuth clients"): platform administrators (and the operator)
   * manage every client. The owners and admins of a tenant that is a brand manage the
   * clients of that tenant only: never a client without a tenant, never another tenant's
   * (404, as for a tenant they have no role in), and the tenant of a client never changes.
   * A customer's tenant (not a brand) registers none (403 not_a_brand): a client's redirect
   * origins become origins its tenant's token links may point at (link-origins.ts), which
   * only a brand may lend. Machine tokens never (a person must do it). What a brand's client
   * may hold (scopes, grants) is limited by ClientsService.
   */
  async manageClients(actor: Actor, tenantId: number | null): Promise<void> {
    if (isPlatform(actor)) return this.authorizeAction(actor, 'clients.manage')
    this.check(actor, 'clients.manageOwn')
    if (tenantId === null) throw forbidden('Only platform administrators manage clients without a tenant.')
    await this.authorize(actor, 'clients.manageOwn', tenantId)
  }

  /**
   * Throws unless the actor may make, change, rotate or delete a machine client of `tenantId`
   * (null: the platform's). As for any client (manageClients: platform administrators for
   * every one, a brand's admins for their brand's; a customer's tenant, not a brand, gets
   * 403 not_a_brand), but only a person, never a machine token, and only for the platform
   * or a brand: a machine client of a customer's tenant would be an admin there that no
   * brand or platform rule covers.
   */
  async manageMachines(actor: Actor, tenantId: number | null): Promise<void> {
    this.check(actor, 'machines.manage')
    await this.manageClients(actor, tenantId)
    if (tenantId === null) return
    const tenant = await findTenant(this.db, tenantId)
    if (!tenant) throw notFound('Tenant')
    if (!isBrand(tenant)) throw notABrand(['tenantId'])
  }

  /**
   * Throws unless the actor may register devices as `tenantId` (a brand: see brands.ts), or
   * as the platform when `tenantId` is null.
   */
  async registerIn(actor: Actor, tenantId: number | null): Promise<void> {
    if (tenantId === null) return this.authorizeAction(actor, 'devices.registerAsPlatform')
    await this.authorize(actor, 'devices.register', tenantId)
    const tenant = await findTenant(this.db, tenantId)
    if (!tenant || !isBrand(tenant)) throw deviceErrors.notBrand()
  }

  /**
   * Throws unless the actor may change how a device itself connects (anonymous firmware):
   * the platform, or an admin of the brand that registered it. Never the tenant that holds it.
   */
  async configureDevice(actor: Actor, registeredBy: number | null): Promise<void> {
    if (isPlatform(actor)) return this.authorizeAction(actor, 'devices.registerAsPlatform')
    if (registeredBy === null || (await this.roleIn(actor, registeredBy)) === null) throw deviceErrors.anonymousNotAllowed()
    await this.registerIn(actor, registeredBy)
  }

  /** The person behind the actor; 401 for anyone else. */
  async user(actor: Actor): Promise<User> {
    if (actor.kind !== 'user') throw unauthorized('This needs a signed-in user.')
    const user = await this.findUserById(this.db, actor.userId)
    if (!user) throw unauthorized('The account behind this token no longer exists.')
    return user
  }

  private async tenantExists(tenantId: number): Promise<boolean> {
    return (await findTenant(this.db, tenantId)) !== undefined
  }
}

/** 403 naming the fields a tenant that is not a brand may not set. */
export function notABrand(fields: readonly string[]): AppError {
  return appErrors.not_a_brand(fields)
}

/** The operator, a platform administrator, or the platform's own machine client (a machine client of no tenant). */
export function isPlatform(actor: Actor): boolean {
  if (actor.kind === 'client') return actor.machine && actor.tenantId === null
  return actor.kind === 'operator' || (actor.kind === 'user' && actor.platformAdmin)
}

export function roleAtLeast(role: TenantRole, minimum: TenantRole): boolean {
  return RANK[role] >= RANK[minimum]
}
