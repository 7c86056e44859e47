/** The one place that queries the tenants and memberships tables. */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database, NewTenant, Tenant, TenantRole } from '../../db/database.ts'
import { prepared } from '../../db/prepared.ts'
import type { Executor } from '../../db/executor.ts'

export async function findTenant(db: Executor, tenantId: number): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst()
}

/** The oldest tenant with this name (names are not unique: the dev seed finds its own). */
export async function firstTenantNamed(db: Executor, name: string): Promise<Pick<Tenant, 'id'> | undefined> {
  return db.selectFrom('tenants').select('id').where('name', '=', name).orderBy('id').executeTakeFirst()
}

/** Whether any tenant exists (the dev seed runs only on an empty database). */
export async function anyTenant(db: Executor): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined
}

export async function insertTenant(db: Executor, row: NewTenant): Promise<Tenant> {
  return db.insertInto('tenants').values(row).returningAll().executeTakeFirstOrThrow()
}

/**
 * Inserts a tenant with a chosen id; undefined when the id is taken. Call it inside a
 * transaction: the identity sequence is first moved past the id under a table lock held to
 * commit (migration 0010 `move_identity_past`), so no generated id can later collide with it.
 */
export async function insertTenantWithId(trx: Executor, id: number, row: NewTenant): Promise<Tenant | undefined> {
  await sql`select move_identity_past('tenants', 'id', ${id})`.execute(trx)
  return trx.insertInto('tenants').values({ ...row, id }).onConflict((oc) => oc.column('id').doNothing()).returningAll().executeTakeFirst()
}

/** Adds a membership, or changes its role. */
export async function addMembership(db: Executor, tenantId: number, userId: number, role: TenantRole): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ tenant_id: tenantId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ role }))
    .execute()
}

/** The user's role in the tenant; `lock` holds the row until the transaction ends (role changes, removal). */
export async function membershipRole(db: Executor, tenantId: number, userId: number, lock = false): Promise<TenantRole | null> {
  let query = db.selectFrom('memberships').modifyFront(prepared('membership_role')).select('role').where('tenant_id', '=', tenantId).where('user_id', '=', userId)
  if (lock) query = query.forUpdate()
  return (await query.executeTakeFirst())?.role ?? null
}

export async function removeMembership(db: Executor, tenantId: number, userId: number): Promise<void> {
  await db.deleteFrom('memberships').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute()
}

/** The tenants a user has a role in, with that role (for /users/current). */
export async function tenantsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('tenants', 'tenants.id', 'memberships.tenant_id')
    .select(['tenants.id', 'tenants.name', 'tenants.parent_tenant_id', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('tenants.id')
    .execute()
}

export async function countOwners(db: Executor, tenantId: number, exceptUserId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('user_id', '!=', exceptUserId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A platform-wide counter kept by triggers (tenants, clients, algorithms). */
export async function platformCount(db: Executor, counter: 'tenants' | 'clients' | 'algorithms'): Promise<number> {
  const row = await db.selectFrom('platform_counters').select('count').where('counter', '=', counter).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** A per-tenant counter kept by triggers ('members', 'spaces', 'sensors', ...). */
export async function tenantCount(db: Executor, tenantId: number, counter: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_counters')
    .select(sql<string>`count`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('counter', '=', counter)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Every tenant with its number of members, oldest first: the CLI's list. */
export async function tenantsWithMemberCounts(db: Executor) {
  return db
    .selectFrom('tenants')
    .leftJoin('memberships', 'memberships.tenant_id', 'tenants.id')
    .select(['tenants.id', 'tenants.name', 'tenants.email_address', 'tenants.created_at'])
    .select((eb) => eb.fn.count<string>('memberships.user_id').as('members'))
    .groupBy('tenants.id')
    .orderBy('tenants.id')
    .execute()
}

/** Deletes a tenant (its spaces, sensors and memberships go with it, by foreign key); false if there was none. */
export async function deleteTenant(db: Executor, tenantId: number): Promise<boolean> {
  const result = await db.deleteFrom('tenants').where('id', '=', tenantId).executeTakeFirst()
  return Boolean(result.numDeletedRows)
}

/** A member of a tenant with its account, as the member lists show it. */
export interface MemberRow {
  id: number
  email: string
  username: string
  display_name: string | null
  role: TenantRole
  created_at: Date
}

/**
 * A tenant's members with their accounts, as a list query keyed by `users.id`. The accounts
 * belong to the users module, above this one: the wiring passes in its query (membersQuery).
 */
/** The member of a tenant with this (normalized) address, if one is. */
export async function memberByEmail(membersOf: MembersQuery, db: Executor, tenantId: number, email: string): Promise<MemberRow | undefined> {
  return membersOf(db, tenantId).where('users.email', '=', email).executeTakeFirst()
}

export type MembersQuery = (db: Executor, tenantId: number) => SelectQueryBuilder<Database, 'memberships' | 'users', MemberRow>
