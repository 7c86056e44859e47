/**
 * Tenant-owned resources (spaces, sensors, space algorithms) as the policy sees them: a
 * resource is acted on in the tenant it belongs to, with the role the action needs there
 * (policy.ts). A missing resource, another tenant's under a `/tenants/{tenantId}` prefix, and
 * one of a tenant the caller has no role in all answer the same 404. Decisions only, no SQL:
 * the lists' tenant filter is applied by the store (resource-scope.repository.ts).
 */
import { APP_CODE, AppError, notFound } from '../../lib/errors.ts'
import type { Actor } from './actor.ts'
import type { Action, Policy, TenantFilter } from './policy.ts'

/** Returns the resource if the actor may do `action` to it, as seen under `scope` (the path tenant). */
export async function accessResource<T extends { tenant_id: number }>(
  policy: Policy,
  actor: Actor,
  action: Action,
  what: string,
  resource: T | undefined,
  scope: number | undefined,
): Promise<T> {
  if (!resource || (scope !== undefined && scope !== resource.tenant_id)) {
    // still check who is asking first: an anonymous caller gets 401, a token without the scope 403
    policy.listFilter(actor, action)
    throw notFound(what)
  }
  try {
    await policy.authorize(actor, action, resource.tenant_id)
    return resource
  } catch (error) {
    // "tenant not found" would say the resource exists; name the resource instead
    if (error instanceof AppError && error.statusCode === 404) throw notFound(what)
    // a customer of the brand cannot tell the brand's resources from missing ones either
    if (error instanceof AppError && error.code === APP_CODE.forbidden && (await policy.roleIn(actor, resource.tenant_id)) === 'customer') {
      throw notFound(what)
    }
    throw error
  }
}

/**
 * The tenant filter of a list: one tenant (prefix, checked), or every tenant the actor
 * reads. A customer listing the brand's resources gets an empty list rather than a refusal:
 * apps of the platform list every tenant of their user, the brand included, and treat one
 * failure as a failure of all; an empty list shows the customer nothing of the brand.
 */
export async function listScope(policy: Policy, actor: Actor, action: Action, scope: number | undefined): Promise<TenantFilter> {
  if (scope === undefined) return policy.listFilter(actor, action)
  try {
    await policy.authorize(actor, action, scope)
  } catch (error) {
    if (error instanceof AppError && error.code === APP_CODE.forbidden && (await policy.roleIn(actor, scope)) === 'customer') return { none: true }
    throw error
  }
  return { tenantId: scope }
}

export function scopeKey(filter: TenantFilter): string {
  if ('tenantId' in filter) return `t${filter.tenantId}`
  if ('memberOf' in filter) return `u${filter.memberOf}`
  return 'all' in filter ? 'all' : 'none'
}
