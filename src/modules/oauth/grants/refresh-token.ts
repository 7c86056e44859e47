/**
 * The refresh_token grant with rotation: every use returns a new refresh token and marks
 * the old one used. Presenting a used token again means it was copied: the whole session
 * (every refresh and access token of the family) is revoked and the event logged.
 *
 * Races. Two concurrent uses of one token (an app refreshing from two threads) are not a
 * copy: the conditional update (`used_at is null`) lets exactly one win, and the loser,
 * whose update matched nothing or which arrived before the winner marked the token used
 * (`started <= used_at`: it arrived before the winner used the token), is told `invalid_grant` and revokes
 * nothing, so the winner's new tokens stay valid. A use that arrived after is reuse.
 * A refresh token is 256-bit random: it is never refused by a rate limit.
 */
import { OAuthError } from '../../../lib/errors.ts'
import { revokeSessions } from '../../sessions/sessions.ts'
import { rotateRefreshToken, userTokenResponse } from '../tokens.ts'
import { grantedScope, requestedScopes } from '../scopes.ts'
import type { GrantDeps, GrantHandler } from './types.ts'

const invalid = () => new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked.')

async function reuseDetected(deps: GrantDeps, sessionId: string, clientId: string): Promise<never> {
  await revokeSessions(deps.db, { sessionId }, 'refresh_token_reuse')
  deps.log.warn({ sessionId, clientId }, 'refresh token reused: session revoked')
  throw invalid()
}

export const refreshTokenGrant: GrantHandler = async (deps, { client, params, started, attempt }) => {
  if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.')
  const now = deps.clock.now()
  // one statement, one round trip: reads the token and, when it is eligible, rotates it (tokens.ts)
  const rotation = await rotateRefreshToken(deps.db, {
    token: params.refresh_token,
    clientId: client.client_id,
    scopes: requestedScopes(params.scope),
    now,
    ttlSeconds: deps.config.refreshTokenTtlSeconds,
  })
  if (!rotation) throw invalid()
  const { row, successor } = rotation
  // the statement's checks again, at its `now`, to say why it wrote nothing (it rotated only if all pass)
  if (row.client_id !== client.client_id || row.user_id === null) throw invalid()
  if (row.used_at) {
    await attempt.notAGuess()
    // a concurrent loser that read after the winner committed: not a copy
    if (started.getTime() <= row.used_at.getTime()) throw invalid()
    return reuseDetected(deps, row.session_id, client.client_id)
  }
  if (row.revoked_at || row.expires_at.getTime() <= now.getTime()) throw invalid()
  const scope = grantedScope(params.scope, row.scope.split(' ').filter(Boolean))
  if (scope === null) throw new OAuthError('invalid_scope', 'A refresh cannot widen the scope of the session.')
  if (!row.rotated) {
    // eligible as read, but a concurrent use of this token won the update: nothing to revoke
    await attempt.notAGuess()
    throw invalid()
  }
  return userTokenResponse(deps, {
    userId: row.user_id,
    clientId: client.client_id,
    tenantId: row.tenant_id,
    scope,
    sessionId: row.session_id,
    refreshToken: successor,
  })
}
