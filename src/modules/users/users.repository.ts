import { sql } from 'kysely'
import type { User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { normalizeEmail } from '../../lib/email-address.ts'

/**
 * The user with this email in a tenant (null: the platform). An email is unique per
 * tenant, not globally: a brand's customer and a platform user with the same address are
 * two accounts, and nothing done in one tenant reaches the other.
 */
export async function findUserByEmail(db: Executor, email: string, tenantId: number | null): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', normalizeEmail(email))
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .executeTakeFirst()
}

export async function findUserById(db: Executor, userId: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
}

export interface NewUserInput {
  email: string
  /** The tenant the user belongs to; null or absent: the platform. */
  tenantId?: number | null
  username?: string | null
  displayName?: string | null
  passwordHash?: string | null
  /** When the address was proven (the caller's clock); none: unconfirmed. */
  emailConfirmedAt?: Date | null
  platformAdmin?: boolean
  /** The locale the account is spoken to in (lib/locale.ts canonical tag); none: not known. */
  locale?: string | null
}

function userRow(input: NewUserInput) {
  const email = normalizeEmail(input.email)
  return {
    email,
    tenant_id: input.tenantId ?? null,
    username: input.username || email.split('@')[0] || email,
    display_name: input.displayName ?? null,
    password_hash: input.passwordHash ?? null,
    email_confirmed_at: input.emailConfirmedAt ?? null,
    platform_role: input.platformAdmin ? ('admin' as const) : null,
    locale: input.locale ?? null,
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
  const tenantId = input.tenantId ?? null
  const existing = await findUserByEmail(db, input.email, tenantId)
  if (existing) return { user: existing, created: false }
  const inserted = await db
    .insertInto('users')
    .values(userRow(input))
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { user: inserted, created: true }
  const winner = await findUserByEmail(db, input.email, tenantId)
  if (!winner) throw new Error('user vanished during creation')
  return { user: winner, created: false }
}

/** Every account (of one tenant's members with `tenantId`), oldest first: the CLI's list. */
export async function listUsers(db: Executor, tenantId: number | null) {
  let query = db.selectFrom('users').select(['users.id', 'users.email', 'users.display_name', 'users.platform_role', 'users.created_at'])
  if (tenantId) query = query.innerJoin('memberships', 'memberships.user_id', 'users.id').where('memberships.tenant_id', '=', tenantId)
  return query.orderBy('users.id').execute()
}

/** Deletes an account (its memberships and sessions go with it, by foreign key): its address and tenant, or undefined if there was none. */
export async function deleteUser(db: Executor, userId: number): Promise<Pick<User, 'email' | 'tenant_id'> | undefined> {
  return db.deleteFrom('users').where('id', '=', userId).returning(['email', 'tenant_id']).executeTakeFirst()
}

/** Stores a password's hash again under stronger parameters (the password grant, on a correct password). */
export async function upgradePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
}

/**
 * A tenant's members with their accounts, as a list query keyed by `users.id` (tenancy's
 * MembersQuery: the memberships are tenancy's, the accounts this module's).
 */
export function membersQuery(db: Executor, tenantId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.username', 'users.display_name', 'memberships.role', 'memberships.created_at'])
    .where('memberships.tenant_id', '=', tenantId)
}

/** Housekeeping: account tokens (resets, confirmations) a day past their expiry. */
export async function purgeExpiredUserTokens(db: Executor, at: Date): Promise<void> {
  await sql`delete from user_tokens where expires_at < cast(${at} as timestamptz) - interval '1 day'`.execute(db)
}

/** Blocks (a time) or unblocks (null) an account (people.service.ts). */
export async function setBlocked(db: Executor, userId: number, at: Date | null): Promise<void> {
  await db.updateTable('users').set({ blocked_at: at }).where('id', '=', userId).execute()
}
