/**
 * Shared rules for tenant-owned resources (spaces, sensors, space algorithms): members
 * read, admins and owners write, platform admins do both everywhere; a caller who is not
 * a member gets 404, and under `/tenants/{tenantId}` a resource of another tenant is 404.
 */
import type { FastifyRequest } from 'fastify'
import { sql, type SelectQueryBuilder } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Database, TenantRole } from '../../db/database.ts'
import { AppError, notFound } from '../../lib/errors.ts'
import { readableScope, requireTenantRole } from '../../plugins/auth.ts'
import type { KeysetSource } from '../../lib/pagination.ts'

/**
 * Returns the resource if the caller may act on it with `minimum`, as seen under `scope`
 * (the path tenant): a missing resource, another tenant's under a prefix, and one of a
 * tenant the caller is not in all answer the same 404.
 */
export async function accessResource<T extends { tenant_id: number }>(
  db: DB,
  request: FastifyRequest,
  what: string,
  resource: T | undefined,
  scope: number | undefined,
  minimum: TenantRole,
): Promise<T> {
  if (!resource || (scope !== undefined && scope !== resource.tenant_id)) {
    // still authenticate first: an anonymous caller gets 401, not 404
    await readableScope(db, request)
    throw notFound(what)
  }
  try {
    await requireTenantRole(db, request, resource.tenant_id, minimum)
    return resource
  } catch (error) {
    // "tenant not found" would say the resource exists; name the resource instead
    if (error instanceof AppError && error.statusCode === 404) throw notFound(what)
    throw error
  }
}

export type TenantFilter = { tenantId: number } | { memberOf: number | null }

/** The tenant filter of a list: one tenant (prefix), or every tenant the caller reads. */
export async function listScope(db: DB, request: FastifyRequest, scope: number | undefined): Promise<TenantFilter> {
  if (scope !== undefined) {
    await requireTenantRole(db, request, scope, 'member')
    return { tenantId: scope }
  }
  const { memberOf } = await readableScope(db, request)
  return { memberOf }
}

export function scopeKey(filter: TenantFilter): string {
  return 'tenantId' in filter ? `t${filter.tenantId}` : 'mine'
}

type TenantOwned = 'spaces' | 'sensors' | 'tenant_counters'

export function whereTenant<T extends TenantOwned, O>(
  query: SelectQueryBuilder<Database, T, O>,
  filter: TenantFilter,
): SelectQueryBuilder<Database, T, O> {
  if ('tenantId' in filter) return query.where(sql<boolean>`tenant_id = ${filter.tenantId}`)
  if (filter.memberOf === null) return query
  return query.where(sql<boolean>`tenant_id in (select m.tenant_id from memberships m where m.user_id = ${filter.memberOf})`)
}

/** totalCount from the trigger-kept counters: a primary-key read per tenant, never a row count. */
export async function counted(db: DB, filter: TenantFilter, counter: string): Promise<number> {
  const row = await whereTenant(db.selectFrom('tenant_counters'), filter)
    .select(sql<string>`coalesce(sum(count), 0)`.as('n'))
    .where('counter', '=', counter)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A keyset source over a list query of a table with an `id` key (see lib/pagination.ts). */
export function idKeyset<T extends 'spaces' | 'sensors', R extends { id: number }>(
  base: () => SelectQueryBuilder<Database, T, R>,
  count: () => Promise<number>,
): KeysetSource<R> {
  return {
    window: (direction, key, take) => {
      let q = base()
      if (key !== null) q = q.where(direction === 'forward' ? sql<boolean>`id > ${key}` : sql<boolean>`id < ${key}`)
      return q.orderBy(direction === 'forward' ? sql`id asc` : sql`id desc`).limit(take).execute()
    },
    exists: async (direction, key) =>
      (await base()
        .where(direction === 'forward' ? sql<boolean>`id >= ${key}` : sql<boolean>`id <= ${key}`)
        .limit(1)
        .execute()).length > 0,
    count,
  }
}
