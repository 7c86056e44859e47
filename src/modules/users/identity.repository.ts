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
 * The rules are written once, in tenancy/signup.rule.ts. The token endpoint applies them, and the
 * proof of address below, in one SQL statement (../oauth/redeem-code.repository.ts) to save round trips,
 * with SQL built from that one definition (test/signup-rule.test.ts checks the two agree).
 *
 * The prefix rule: whose account a login code or a password reset asked for under
 * `/tenants/{id}` is for (accountUnderPrefix), in this order:
 * 1. the address's account in that tenant: the tenant's email;
 * 2. none there, a login code for an app (whose exchange may create the account: not the
 *    hosted account page's or the console's, `signin`), and the tenant signs strangers up
 *    (`customers`, `members`): the tenant's account, created at the exchange, with the
 *    tenant's branded email. An
 *    address that also has a platform account gets a second, separate one: the brand's app
 *    signs in the brand's customers, and accounts are per tenant (a platform account is
 *    never quietly made the brand's customer, nor the brand's customer a platform account);
 * 3. otherwise the address's platform account, if it has one: the platform's default email,
 *    and a login code minted for the platform (tenant null), so the exchange signs in that
 *    platform account and nothing else;
 * 4. otherwise nothing is sent (a closed tenant never creates an account, here or anywhere).
 *
 * Threats the prefix rule must hold against, and how:
 * - The brand learning who has an account. The request does the same work on every branch
 *   (its checks, limits and one INSERT of a mail job); the branch is taken by the outbox
 *   worker (../email/mail-jobs.service.ts). The answer, its bytes and its timing are the same for the
 *   tenant's account, a platform account and an unknown address; the message goes only to
 *   the address, and its row is the platform's (tenant null), not the brand's.
 * - The brand's words reaching an account that is not the brand's. On branch 3 the email is
 *   rendered without a tenant: the platform's texts, links, logo and sender. No text or link
 *   the brand wrote carries a platform account's reset token or code.
 * - A code signing in another account than the one it was mailed for. The code records the
 *   tenant of the account it is for, and the exchange signs in the address's account in the
 *   code's tenant only. The brand's app gets the platform account's tokens only when the
 *   owner types the code into it: the same app can sign platform accounts in without the
 *   prefix already, so the prefix gives it nothing more.
 * - An account of ANOTHER tenant is not reached under this one. The address's "own
 *   account" elsewhere is its platform account, the one the same request without the prefix
 *   reaches. Reaching a tenant B account from tenant A's prefix would make every brand a door
 *   to every other brand's customers (a code asked under A would sign B's customer into A's
 *   app), and an address may have accounts in several tenants, so there is no one account to
 *   pick. Its own tenant's prefix reaches it.
 *
 * Pre-hijacking (someone registers a victim's address with a password and waits): when a
 * login code proves an address that was not proven before, any password set before that
 * proof is discarded and every session of the account ends, so the squatter's password
 * never becomes valid. A confirmation link proves the registration it was sent for, with
 * that registration's password; its email tells anyone who did not sign up to ignore it.
 */
import type { Tenant, User } from '../../db/database.ts'
import { revokeSessions } from '../sessions/index.ts'
import { signupOpen, signupRule, type TenantStore } from '../tenancy/index.ts'
import { findOrCreateUser, findUserByEmail, type NewUserInput } from './users.repository.ts'
import type { Executor } from '../../db/executor.ts'

/** The account a request under a prefix is for: its tenant (null: the platform) and the user, if it exists yet. */
export interface PrefixedAccount {
  tenantId: number | null
  user: User | undefined
}

/**
 * Whose account a request is for (the prefix rule at the top): `tenant` is the prefix's
 * (null: no prefix). A login code may be for an account its exchange creates (`user`
 * undefined); a `signin` code (its exchange creates no account: the account page's, the
 * console's) is for the tenant's own account or else the platform one, so a platform account
 * with a role in the tenant (an owner made as README.md shows) signs in under the tenant's
 * prefix even where the tenant signs strangers up; a reset only for one that exists. Null:
 * nothing is to be sent.
 */
export async function accountUnderPrefix(db: Executor, email: string, tenant: Tenant | null, purpose: 'login' | 'signin' | 'reset'): Promise<PrefixedAccount | null> {
  if (tenant) {
    const own = await findUserByEmail(db, email, tenant.id)
    if (own) return { tenantId: tenant.id, user: own }
    if (purpose === 'login' && signupOpen(tenant)) return { tenantId: tenant.id, user: undefined }
  }
  const platform = await findUserByEmail(db, email, null)
  // the platform signs anyone up, but only without a prefix: a closed tenant creates nothing
  if (!platform && (tenant || purpose === 'reset')) return null
  return { tenantId: null, user: platform }
}

/**
 * The account of this email in the tenant, created and joined per the tenant's policy when
 * there is none; null when there is none and the policy does not allow sign-up.
 */
export async function findOrSignUp(trx: Executor, tenants: Pick<TenantStore, 'findTenant' | 'joinOnSignup'>, input: NewUserInput): Promise<{ user: User; created: boolean } | null> {
  const tenantId = input.tenantId ?? null
  const existing = await findUserByEmail(trx, input.email, tenantId)
  if (existing) return { user: existing, created: false }
  const tenant = tenantId === null ? null : await tenants.findTenant(trx, tenantId)
  const rule = tenant ? signupRule(tenant) : null
  if (tenantId !== null && !rule) return null
  const result = await findOrCreateUser(trx, input)
  if (!result.created || !tenant || !rule) return result
  await tenants.joinOnSignup(trx, tenant, result.user, rule)
  return result
}

/**
 * A login code (or a reset link) has just proven the address. The first proof confirms it
 * and discards a password set before it (see the top of this file).
 */
export async function proveAddress(trx: Executor, user: User, now: Date): Promise<void> {
  if (user.email_confirmed_at) return
  await trx
    .updateTable('users')
    .set({ email_confirmed_at: now, password_hash: null, updated_at: now })
    .where('id', '=', user.id)
    .execute()
  if (user.password_hash) await revokeSessions(trx, { userId: user.id }, 'address_proven_password_discarded', now)
}
