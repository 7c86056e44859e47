/**
 * The tenant filter of a list (resource-access.ts decides it) applied to a query of a
 * tenant-owned table, and a list's total from the tenants' counters. They read memberships and
 * tenant_counters, so other modules reach them through the tenancy store (module.ts).
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { DB } from '../../db/connect.ts'
import { prepared } from '../../db/prepared.ts'
import type { Database } from '../../db/database.ts'
import type { TenantFilter } from './policy.ts'

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
