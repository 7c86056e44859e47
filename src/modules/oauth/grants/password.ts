/**
 * The password grant, for first-party apps whose client has it enabled. Wrong credentials
 * cost the same work whether or not the account exists (a dummy hash is checked) and
 * answer `invalid_grant`. Unconfirmed accounts may log in only when
 * ALLOW_UNCONFIRMED_PASSWORD_LOGIN is set; they are told so only with the right password.
 * A hash made with older scrypt parameters is replaced at login.
 *
 * Guessing (see ../attempts.ts). Every check takes a token from the account's bucket
 * (RATE_LIMIT_FAILED_PASSWORD_PER_ACCOUNT, 20/1d), and a right password gives it back. So
 * 10 wrong passwords from a stranger leave the owner's right one accepted. Once strangers
 * have spent the bucket, a password is checked only from a network the account has signed
 * in from before, against that network's own bucket for the account
 * (RATE_LIMIT_FAILED_PASSWORD_PER_KNOWN_NETWORK, 10/1d); from anywhere else the answer is
 * 429 without a check. The odds: a bucket `N/P` admits at most 2N per P (lib/rate-limit.ts),
 * so an attacker with any number of addresses outside the owner's networks gets at most
 * 2 x 20 x 365 ≈ 14,600 guesses a year at one account, plus 7,300 from each network the
 * owner uses that the attacker also sits in. A password outside the ~22,000 most likely
 * ones for that account survives a year of it; the owner is never locked out, because at
 * home the password still works and anywhere a login code (which no password guess can
 * spend) does.
 */
import { hashPassword, verifyPassword } from '../../../lib/crypto.ts'
import { APP_ERRORS } from '../../../lib/error-catalog.ts'
import { signInNetwork } from '../../../lib/network.ts'
import { oauthErrors } from '../../../lib/errors.ts'
import { normalizeEmail } from '../../../lib/email-address.ts'
import { defaultScope, refusedScopeMessage, requestScope } from '../scopes.ts'
import { accessTokenTtl, openSession, userTokenResponse } from '../tokens.repository.ts'
import type { GrantHandler } from './types.ts'

let dummyHash: Promise<string> | null = null

const wrong = () => oauthErrors.invalid_grant('The email address or password is wrong.')

export const passwordGrant: GrantHandler = async (deps, { client, params, attempt, ip }) => {
  const { username, password } = params
  if (!username || password === undefined) throw oauthErrors.invalid_request('username and password are required.')
  const asked = requestScope(params.scope, client)
  if (!asked.ok) throw oauthErrors.invalid_scope(refusedScopeMessage(asked.refused, client))
  // accounts are per tenant: a client that belongs to a tenant signs in that tenant's users,
  // any other client the platform's
  const user = await deps.accounts.findUserByEmail(deps.db, username, client.tenant_id)
  // asked by address, not by user id, so a missing account costs the same query
  const account = `${client.tenant_id ?? 'platform'}:${normalizeEmail(username)}`
  const budget = await attempt.forPassword(account, () => deps.accounts.knownNetwork(deps.db, { email: username }, attempt.origin.network))
  if (!budget.ok) {
    throw oauthErrors.rate_limited(
      `Too many failed logins for this account; sign in with a login code, or try again in ${budget.retryAfter} seconds.`,
      { retryAfter: budget.retryAfter },
    )
  }
  dummyHash ??= hashPassword('not the password of anyone', deps.config.scrypt)
  const check = await verifyPassword(password, user?.password_hash ?? (await dummyHash), deps.config.scrypt)
  if (!user?.password_hash || !check.ok) throw wrong()
  if (!user.email_confirmed_at && !deps.config.allowUnconfirmedPasswordLogin) {
    throw oauthErrors.invalid_grant('The email address is not confirmed yet: follow the link in the confirmation email first.')
  }
  const logged = { tenantId: user.tenant_id, userId: user.id, email: user.email, clientId: client.client_id, network: signInNetwork(ip) }
  if (user.blocked_at) {
    // a blocked person (users' people.service.ts) is told so only after their password proved them
    await deps.signIns.record(deps.db, { ...logged, outcome: 'refused_blocked' })
    throw oauthErrors.invalid_grant(APP_ERRORS.account_blocked.message)
  }
  if (check.needsRehash) {
    const upgraded = await hashPassword(password, deps.config.scrypt)
    await deps.accounts.upgradePasswordHash(deps.db, user.id, upgraded)
  }
  const scope = asked.scope ?? defaultScope(client)
  const network = attempt.origin.network
  const session = await deps.db
    .transaction()
    .execute(async (trx) => {
      await deps.signIns.record(trx, { ...logged, outcome: 'signed_in' })
      return openSession(trx, deps.sessions, deps.config.refreshTokenTtlSeconds, { userId: user.id, clientId: client.client_id, tenantId: null, scope, network }, deps.clock.now())
    })
  const accessTtlSeconds = accessTokenTtl(deps.config, client, params)
  return userTokenResponse(deps, { ...session, userId: user.id, clientId: client.client_id, tenantId: null, scope, accessTtlSeconds })
}
