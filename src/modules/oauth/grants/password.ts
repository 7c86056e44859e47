/**
 * The password grant, for first-party apps whose client has it enabled. Wrong credentials
 * cost the same work whether or not the account exists (a dummy hash is checked), answer
 * `invalid_grant`, and count against a per-account limit as well as the per-IP and
 * per-client ones of the token endpoint. Unconfirmed accounts may log in only when
 * ALLOW_UNCONFIRMED_PASSWORD_LOGIN is set; they are told so only with the right password.
 * A hash made with older scrypt parameters is replaced at login.
 */
import { hashPassword, verifyPassword } from '../../../lib/crypto.ts'
import { OAuthError } from '../../../lib/errors.ts'
import { findUserByEmail, normalizeEmail } from '../../users/users.repository.ts'
import { openSession, userTokenResponse } from '../tokens.ts'
import type { GrantHandler } from './types.ts'

let dummyHash: Promise<string> | null = null

const wrong = () => new OAuthError('invalid_grant', 'The email address or password is wrong.')

export const passwordGrant: GrantHandler = async (deps, { client, params }) => {
  const { username, password } = params
  if (!username || password === undefined) throw new OAuthError('invalid_request', 'username and password are required.')
  const limits = deps.config.rateLimits
  const accountKey = `password-fail:account:${normalizeEmail(username)}`
  const state = await deps.limiter.peek(accountKey)
  if (state.count >= limits.failedPasswordPerAccount) {
    throw new OAuthError('rate_limited', `Too many failed logins for this account; try again in ${state.retryAfter} seconds.`, 429, {
      'retry-after': String(state.retryAfter),
    })
  }
  const user = await findUserByEmail(deps.db, username)
  dummyHash ??= hashPassword('not the password of anyone', deps.config.scrypt)
  const check = await verifyPassword(password, user?.password_hash ?? (await dummyHash), deps.config.scrypt)
  if (!user?.password_hash || !check.ok) {
    await deps.limiter.hit(accountKey, limits.windowSeconds)
    throw wrong()
  }
  if (!user.email_confirmed_at && !deps.config.allowUnconfirmedPasswordLogin) {
    throw new OAuthError('invalid_grant', 'The email address is not confirmed yet: follow the link in the confirmation email first.')
  }
  if (check.needsRehash) {
    const upgraded = await hashPassword(password, deps.config.scrypt)
    await deps.db.updateTable('users').set({ password_hash: upgraded }).where('id', '=', user.id).execute()
  }
  const scope = client.scopes.join(' ')
  const session = await deps.db
    .transaction()
    .execute((trx) => openSession(trx, deps.config.refreshTokenTtlSeconds, { userId: user.id, clientId: client.client_id, tenantId: null, scope }))
  return userTokenResponse(deps, { ...session, userId: user.id, clientId: client.client_id, tenantId: null, scope })
}
