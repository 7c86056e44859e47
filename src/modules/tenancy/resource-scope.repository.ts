/**
 * Tenant-owned resources (spaces, sensors, space algorithms) as the policy sees them: a
 * resource is acted on in the tenant it belongs to, with the role the action needs there
 * (modules/tenancy/policy.ts). A missing resource, another tenant's under a
 * `/tenants/{tenantId}` prefix, and one of a tenant the caller has no role in all answer
 * the same 404.
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { DB } from '../../db/connect.ts'
import { prepared } from '../../db/prepared.ts'
import type { Database } from '../../db/database.ts'
import { APP_CODE, AppError, notFound } from '../../lib/errors.ts'
import type { KeysetSource } from '../../lib/pagination.ts'
import type { Actor } from './actor.ts'
import type { Action, Policy, TenantFilter } from './policy.ts'

export type { TenantFilter }

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

type TenantOwned = 'spaces' | 'sensors' | 'tenant_counters'

/** Restricts a query of a tenant-owned table to the filter (members and above; customers see nothing). */
export function whereTenant<T extends TenantOwned, O>(
  query: SelectQueryBuilder<Database, T, O>,
  filter: TenantFilter,
): SelectQueryBuilder<Database, T, O> {
  if ('tenantId' in filter) return query.where(sql<boolean>`tenant_id = ${filter.tenantId}`)
  if ('all' in filter) return query
  if ('none' in filter) return query.where(sql<boolean>`false`)
  return query.where(
    sql<boolean>`tenant_id in (select m.tenant_id from memberships m where m.user_id = ${filter.memberOf} and m.role <> 'customer')`,
  )
}

/**
 * totalCount from the trigger-kept counters: a primary-key read per tenant, never a row count.
 * Prepared (db/prepared.ts): every list page asks it, in one text per filter shape.
 */
export async function counted(db: DB, filter: TenantFilter, counter: string): Promise<number> {
  const row = await whereTenant(db.selectFrom('tenant_counters').modifyFront(prepared('tenant_counter')), filter)
    .select(sql<string>`coalesce(sum(count), 0)`.as('n'))
    .where('counter', '=', counter)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * A keyset source over a list query ordered by an integer key column (see
 * lib/pagination.ts); rows expose the key as `id`.
 */
export function keyset<R extends { id: number }>(
  base: () => SelectQueryBuilder<Database, keyof Database, R>,
  count: () => Promise<number>,
  column = 'id',
): KeysetSource<R> {
  const key = sql.ref(column)
  return {
    window: (direction, at, take) => {
      let q = base()
      if (at !== null) q = q.where(direction === 'forward' ? sql<boolean>`${key} > ${at}` : sql<boolean>`${key} < ${at}`)
      return q.orderBy(direction === 'forward' ? sql`${key} asc` : sql`${key} desc`).limit(take).execute()
    },
    exists: async (direction, at) =>
      (await base()
        .where(direction === 'forward' ? sql<boolean>`${key} >= ${at}` : sql<boolean>`${key} <= ${at}`)
        .limit(1)
        .execute()).length > 0,
    count,
  }
}

/** The same source for a table with an `id` key. */
export const idKeyset = <R extends { id: number }>(
  base: () => SelectQueryBuilder<Database, keyof Database, R>,
  count: () => Promise<number>,
): KeysetSource<R> => keyset(base, count)
