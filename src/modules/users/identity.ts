/**
 * Who a person is at sign-in: the account of an email within a tenant, created on sign-up
 * when the tenant's policy allows it, and what proving an address does to it.
 *
 * Sign-up policy of a tenant (`signup`), for an address with no account there yet:
 * - `closed` (the default): no account is created; the login code is not sent.
 * - `customers`: the new user belongs to the tenant with role `customer` (the brand's
 *   public face only) and gets a personal child tenant, named after their address, that they own:
 *   their spaces and devices live there, invisible to every other customer.
 * - `members`: the new user belongs to the tenant with role `member`.
 * Without a tenant (no `/tenants/{id}` prefix) the account belongs to the platform.
 * The token endpoint applies these rules, and the proof of address below, in one SQL
 * statement (../oauth/redeem-code.ts) to save round trips: a change here goes there too.
 *
 * Pre-hijacking (someone registers a victim's address with a password and waits): when a
 * login code proves an address that was not proven before, any password set before that
 * proof is discarded and every session of the account ends, so the squatter's password
 * never becomes valid. A confirmation link proves the registration it was sent for, with
 * that registration's password; its email tells anyone who did not sign up to ignore it.
 */
import type { User } from '../../db/database.ts'
import { revokeSessions } from '../sessions/sessions.ts'
import { addMembership, findTenant, insertTenant } from '../tenancy/tenants.repository.ts'
import { effectiveSignup } from '../tenancy/brands.ts'
import { findOrCreateUser, findUserByEmail, type Executor, type NewUserInput } from './users.repository.ts'

/** Whether a new account may be created under the tenant (null: the platform, which is open). */
export async function signupAllowed(db: Executor, tenantId: number | null): Promise<boolean> {
  if (tenantId === null) return true
  const tenant = await findTenant(db, tenantId)
  return tenant !== undefined && effectiveSignup(tenant) !== 'closed'
}

/**
 * The account of this email in the tenant, created and joined per the tenant's policy when
 * there is none; null when there is none and the policy does not allow sign-up.
 */
export async function findOrSignUp(trx: Executor, input: NewUserInput): Promise<{ user: User; created: boolean } | null> {
  const tenantId = input.tenantId ?? null
  const existing = await findUserByEmail(trx, input.email, tenantId)
  if (existing) return { user: existing, created: false }
  const tenant = tenantId === null ? null : await findTenant(trx, tenantId)
  if (tenantId !== null && (!tenant || effectiveSignup(tenant) === 'closed')) return null
  const result = await findOrCreateUser(trx, input)
  if (!result.created || !tenant) return result
  if (effectiveSignup(tenant) === 'members') await addMembership(trx, tenant.id, result.user.id, 'member')
  else {
    await addMembership(trx, tenant.id, result.user.id, 'customer')
    const home = await insertTenant(trx, {
      // named after the proven address, never a name the newcomer chose (tenancy/brands.ts)
      name: result.user.email,
      parent_tenant_id: tenant.id,
      email_config: '{}',
    })
    await addMembership(trx, home.id, result.user.id, 'owner')
  }
  return result
}

/**
 * A login code (or a reset link) has just proven the address. The first proof confirms it
 * and discards a password set before it (see the top of this file).
 */
export async function proveAddress(trx: Executor, user: User): Promise<void> {
  if (user.email_confirmed_at) return
  await trx
    .updateTable('users')
    .set({ email_confirmed_at: new Date(), password_hash: null, updated_at: new Date() })
    .where('id', '=', user.id)
    .execute()
  if (user.password_hash) await revokeSessions(trx, { userId: user.id }, 'address_proven_password_discarded')
}
