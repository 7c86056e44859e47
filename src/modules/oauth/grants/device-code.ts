/**
 * The device_code grant (RFC 8628 3.4, 3.5): a device polls with its device code until the
 * person decides on the hosted page (the threats: ../device-codes.ts). Each poll runs in one
 * transaction that locks the request's row, so of two concurrent polls of an approved request
 * exactly one redeems it. The tokens are those of the authorization_code grant: a session of
 * the person at the client, bound to the issuer the device asked at, with a rotating refresh
 * token, an access token naming that issuer, and an ID token when `openid` was asked.
 */
import type { DeviceAuthorization, OAuthClient, User } from '../../../db/database.ts'
import { oauthErrors } from '../../../lib/errors.ts'
import { SLOW_DOWN_SECONDS } from '../device-codes.ts'
import { consumeDeviceAuthorization, lockByDeviceCode, recordPoll } from '../device.repository.ts'
import { signIdToken } from '../oidc.ts'
import { wantsOpenId } from '../scopes.ts'
import { accessTokenTtl, openSession, userTokenResponse } from '../tokens.repository.ts'
import type { GrantDeps, GrantHandler } from './types.ts'

type Poll =
  | { kind: 'unknown' | 'used' | 'expired' | 'denied' | 'pending' | 'too_soon' }
  | { kind: 'approved'; row: DeviceAuthorization; user: User; sessionId: string; refreshToken: string }

/** What this poll finds, and for an approved request the session it opens, in one transaction. */
function poll(deps: GrantDeps, client: OAuthClient, deviceCode: string, network: string): Promise<Poll> {
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx): Promise<Poll> => {
    const row = await lockByDeviceCode(trx, deviceCode)
    // another client's device code looks exactly like an unknown one
    if (!row || row.client_id !== client.client_id) return { kind: 'unknown' }
    if (row.consumed_at) return { kind: 'used' }
    if (row.expires_at.getTime() <= now.getTime()) return { kind: 'expired' }
    if (row.status === 'denied') return { kind: 'denied' }
    if (row.status === 'pending' || row.user_id === null) {
      const tooSoon = row.last_polled_at !== null && now.getTime() - row.last_polled_at.getTime() < row.interval_seconds * 1000
      await recordPoll(trx, row.id, now, tooSoon ? row.interval_seconds + SLOW_DOWN_SECONDS : row.interval_seconds)
      return { kind: tooSoon ? 'too_soon' : 'pending' }
    }
    const user = await deps.accounts.findUserById(trx, row.user_id)
    if (!user || !(await consumeDeviceAuthorization(trx, row.id, now))) return { kind: 'used' }
    const session = await openSession(
      trx,
      deps.sessions,
      deps.config.refreshTokenTtlSeconds,
      { userId: user.id, clientId: client.client_id, tenantId: row.tenant_id, scope: row.scope, network, authTime: row.auth_time ?? now },
      now,
    )
    return { kind: 'approved', row, user, ...session }
  })
}

export const deviceCodeGrant: GrantHandler = async (deps, ctx) => {
  const { client, params, attempt } = ctx
  if (!params.device_code) throw oauthErrors.invalid_request('device_code is required.')
  const result = await poll(deps, client, params.device_code, attempt.origin.network)
  switch (result.kind) {
    case 'unknown':
      throw oauthErrors.invalid_grant('The device code is invalid.')
    case 'used':
      throw oauthErrors.invalid_grant('The device code was already used.')
    case 'expired':
      throw oauthErrors.expired_token('The device code has expired; start again.')
    case 'denied':
      throw oauthErrors.access_denied('The person denied the request.')
    case 'pending':
      throw oauthErrors.authorization_pending('The person has not decided yet.')
    case 'too_soon':
      throw oauthErrors.slow_down(`Polling too fast: wait ${SLOW_DOWN_SECONDS} seconds more between requests.`)
  }
  const { row, user, sessionId, refreshToken } = result
  const response = await userTokenResponse(deps, {
    userId: user.id,
    sessionId,
    refreshToken,
    clientId: client.client_id,
    tenantId: row.tenant_id,
    scope: row.scope,
    accessTtlSeconds: accessTokenTtl(deps.config, client, params),
  })
  if (!wantsOpenId(row.scope)) return response
  const idToken = await signIdToken(deps, { user, client, scope: row.scope, tenantId: row.tenant_id, nonce: null, authTime: row.auth_time ?? deps.clock.now(), sessionId })
  return { ...response, id_token: idToken }
}
