/** The authorization_code grant, redeeming a login code (see ../login-codes.ts for the threats). */
import { OAuthError } from '../../../lib/errors.ts'
import { addMembership, findOrCreateUser } from '../../users/users.repository.ts'
import { hashLoginCode, MAX_CODE_ATTEMPTS, normalizeLoginCode } from '../login-codes.ts'
import { verifyPkce } from '../pkce.ts'
import { revokeSessions } from '../sessions.ts'
import { openSession, userTokenResponse } from '../tokens.ts'
import type { GrantDeps, GrantHandler } from './types.ts'
import type { LoginCode } from '../../../db/database.ts'

const invalidCode = () => new OAuthError('invalid_grant', 'The code is invalid, expired or already used.')

async function countWrongAttempt(deps: GrantDeps, code: LoginCode): Promise<void> {
  await deps.db
    .updateTable('login_codes')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      // at the limit the code dies: mark it consumed so it can never be redeemed
      consumed_at: eb.case().when('failed_attempts', '>=', MAX_CODE_ATTEMPTS - 1).then(new Date()).else(eb.ref('consumed_at')).end(),
    }))
    .where('id', '=', code.id)
    .execute()
}

async function refuseReplay(deps: GrantDeps, code: LoginCode): Promise<never> {
  if (code.session_id) {
    await revokeSessions(deps.db, { sessionId: code.session_id }, 'authorization_code_replay')
    deps.log.warn({ clientId: code.client_id, sessionId: code.session_id }, 'login code replayed: its session was revoked')
  }
  throw invalidCode()
}

export const authorizationCodeGrant: GrantHandler = async (deps, { client, params }) => {
  const normalized = params.code ? normalizeLoginCode(params.code) : null
  if (!params.code) throw new OAuthError('invalid_request', 'code is required.')
  if (!normalized) throw invalidCode()
  const code = await deps.db
    .selectFrom('login_codes')
    .selectAll()
    .where('code_hash', '=', hashLoginCode(deps.codeKey, normalized))
    .executeTakeFirst()
  if (!code) throw invalidCode()
  if (code.consumed_at) return refuseReplay(deps, code)
  if (code.expires_at.getTime() <= Date.now()) throw invalidCode()

  const verifier = params.code_verifier
  const wrongClient = code.client_id !== client.client_id
  const wrongRedirect = params.redirect_uri !== code.redirect_uri
  const wrongVerifier = code.code_challenge
    ? !verifier || !verifyPkce(code.code_challenge_method ?? 'plain', code.code_challenge, verifier)
    : verifier !== undefined
  if (wrongClient || wrongRedirect || wrongVerifier) {
    await countWrongAttempt(deps, code)
    // another client's code looks exactly like an unknown one
    if (wrongClient) throw invalidCode()
    if (!params.redirect_uri) throw new OAuthError('invalid_request', 'redirect_uri is required.')
    throw new OAuthError(
      'invalid_grant',
      wrongRedirect ? 'redirect_uri differs from the one the code was issued for.' : 'The code_verifier does not match the code_challenge.',
    )
  }
  if (!code.code_challenge && client.is_public) throw new OAuthError('invalid_grant', 'Public clients must use PKCE.')

  const scope = client.scopes.join(' ')
  const issued = await deps.db.transaction().execute(async (trx) => {
    const { user, created } = await findOrCreateUser(trx, { email: code.email, emailConfirmed: true })
    if (!user.email_confirmed_at) {
      // receiving the code proves the address
      await trx.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', user.id).execute()
    }
    if (created && code.tenant_id) {
      // sign-up through a tenant makes the new user a member, if the tenant still allows it
      const tenant = await trx.selectFrom('tenants').select('allow_signup').where('id', '=', code.tenant_id).executeTakeFirst()
      if (tenant?.allow_signup) await addMembership(trx, code.tenant_id, user.id, 'member')
    }
    const session = await openSession(trx, deps.config.refreshTokenTtlSeconds, {
      userId: user.id,
      clientId: client.client_id,
      tenantId: code.tenant_id,
      scope,
    })
    const consumed = await trx
      .updateTable('login_codes')
      .set({ consumed_at: new Date(), session_id: session.sessionId })
      .where('id', '=', code.id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    return consumed ? { userId: user.id, ...session } : null
  })
  if (!issued) {
    // another exchange of this code won the race: this one is a replay
    const current = await deps.db.selectFrom('login_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow()
    return refuseReplay(deps, current)
  }
  return userTokenResponse(deps, { ...issued, clientId: client.client_id, tenantId: code.tenant_id, scope })
}
