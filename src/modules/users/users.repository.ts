import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Database, User } from '../../db/database.ts'
import type { Transaction } from 'kysely'

export type Executor = DB | Transaction<Database>

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst()
}

export interface NewUserInput {
  email: string
  username?: string | null
  displayName?: string | null
  passwordHash?: string | null
  emailConfirmed?: boolean
  platformAdmin?: boolean
}

function userRow(input: NewUserInput) {
  const email = normalizeEmail(input.email)
  return {
    email,
    username: input.username || email.split('@')[0] || email,
    display_name: input.displayName ?? null,
    password_hash: input.passwordHash ?? null,
    email_confirmed_at: input.emailConfirmed ? new Date() : null,
    platform_role: input.platformAdmin ? ('admin' as const) : null,
  }
}

export async function insertUser(db: Executor, input: NewUserInput): Promise<User> {
  return db
    .insertInto('users')
    .values(userRow(input))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * The user with this email, created if there is none. Concurrent callers for one new
 * address get the same row (the unique index decides, the loser reads the winner's row).
 */
export async function findOrCreateUser(db: Executor, input: NewUserInput): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByEmail(db, input.email)
  if (existing) return { user: existing, created: false }
  const inserted = await db
    .insertInto('users')
    .values(userRow(input))
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { user: inserted, created: true }
  const winner = await findUserByEmail(db, input.email)
  if (!winner) throw new Error('user vanished during creation')
  return { user: winner, created: false }
}

export async function addMembership(db: Executor, tenantId: number, userId: number, role: 'owner' | 'admin' | 'member') {
  await db
    .insertInto('memberships')
    .values({ tenant_id: tenantId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ role }))
    .execute()
}

export async function membershipRole(db: Executor, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.role ?? null
}

export async function tenantsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('tenants', 'tenants.id', 'memberships.tenant_id')
    .select(['tenants.id', 'tenants.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('tenants.id')
    .execute()
}
