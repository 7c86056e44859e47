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
 *
 * Retries (REFRESH_REUSE_INTERVAL_SECONDS, default 10, 0 = off; Supabase Auth has the same
 * setting). A mobile app that loses the answer to a refresh presents the same token again,
 * and under the rule above would lose its whole session. So a used token presented again by
 * its session's client, within the interval after it was first used, while its successor is
 * still unused (it is the immediate parent of the live token) and the session is live, is
 * answered as the first request was: with tokens. Refresh tokens are stored hashed, so the
 * successor already issued cannot be read back; instead the retry rotates again from the
 * presented token: the unused successor is retired (marked used) and a new one issued with
 * the same parent. The window runs from the first use, however often the token is retried.
 *
 * The threat: a token copied by an attacker and replayed within those seconds gets a live
 * successor too, where without the interval it would have revoked the session. What bounds it:
 * - the attacker must present it within the interval of the legitimate use, i.e. hold it in
 *   real time; afterwards it is reuse, as before;
 * - only the newest generation qualifies: once the successor was used, the old token is
 *   reuse at once, interval or not;
 * - one successor stays live. Whoever holds a retired successor (the app, if the attacker's
 *   replay came after its refresh; the attacker, if the app retried after the replay) presents
 *   a used token that is no longer the parent of the live one: reuse, and the session, with
 *   the other side's tokens, is revoked. So a theft costs the thief the session at the
 *   victim's next refresh, as it does without the interval, only a few seconds later;
 * - the same client only, its session live, the scope within the session's.
 * The address is not compared (a login code's duplicate rule does): a lost answer is often a
 * network change, the moment a phone moves from Wi-Fi to mobile data.
 *
 * One winner, whichever answer the app keeps. Two refreshes an app sends at once (two threads,
 * a double tap) can fall on both sides of the rotation: the first rotates, the second arrives a
 * few milliseconds after and, under the retry rule, would retire the successor the first just
 * returned. An app that kept the first answer would then present a retired token and lose the
 * session. So a repeat that arrived within CONCURRENT_MS (refresh.rule.ts) of the rotation (and within the
 * interval) is a concurrent refresh, not a lost answer: it gets a successor of its own *beside*
 * the first, both live. Whichever of them the app keeps and uses first rotates normally and
 * retires the others (tokens.repository.ts), so one line of the family goes on, and presenting
 * a retired one later is reuse, as before. A request that arrived before the rotation is the
 * race's loser: `invalid_grant`, nothing revoked, the winner's tokens stay valid.
 * The threat is the retry rule's, in a smaller window: a copy replayed within CONCURRENT_MS of
 * the legitimate use gets a live successor, and whichever of the two is used first ends the
 * other's line; a later use of the ended line is reuse and revokes the session.
 */
import { APP_ERRORS } from '../../../lib/error-catalog.ts'
import { oauthErrors } from '../../../lib/errors.ts'
import { signInNetwork } from '../../../lib/network.ts'
import { revokeSessions } from '../../sessions/index.ts'
import { BLOCKED_REASON } from '../../users/index.ts'
import { rotateAgain, rotateRefreshToken, userTokenResponse, type Rotation, type TokenResponse } from '../tokens.repository.ts'
import { grantedScope, requestedScopes } from '../scopes.ts'
import type { GrantContext, GrantDeps, GrantHandler } from './types.ts'
import { refreshRefusalOf, repeatOf, reuseWindowStart, type RefreshPresentation } from '../refresh.rule.ts'

const invalid = () => oauthErrors.invalid_grant('The refresh token is invalid, expired or revoked.')

async function reuseDetected(deps: GrantDeps, sessionId: string, clientId: string): Promise<never> {
  await revokeSessions(deps.db, { sessionId }, 'refresh_token_reuse', deps.clock.now())
  deps.log.warn({ sessionId, clientId }, 'refresh token reused: session revoked')
  throw invalid()
}

/** The answer for a session whose refresh token `successor` was just stored. */
function tokensFor(deps: GrantDeps, row: Rotation & { user_id: number }, params: GrantContext['params'], successor: string): Promise<TokenResponse> {
  const scope = grantedScope(params.scope, row.scope.split(' ').filter(Boolean))
  if (scope === null) throw oauthErrors.invalid_scope('A refresh cannot widen the scope of the session.')
  return userTokenResponse(deps, { userId: row.user_id, clientId: row.client_id, tenantId: row.tenant_id, scope, sessionId: row.session_id, refreshToken: successor })
}

/** A used token presented again (refresh.rule.ts repeatOf): a retry or a concurrent refresh rotates again; a loser is refused; anything else is reuse. */
async function presentedAgain(
  deps: GrantDeps,
  row: Rotation & { user_id: number; used_at: Date },
  ctx: GrantContext,
  presentation: RefreshPresentation,
): Promise<TokenResponse> {
  const interval = deps.config.refreshReuseIntervalSeconds
  const repeat = repeatOf(row.used_at, ctx.started, presentation.now, interval)
  // a concurrent loser that read after the winner committed: not a copy
  if (repeat === 'race_loser') throw invalid()
  if (repeat === 'reuse') return reuseDetected(deps, row.session_id, ctx.client.client_id)
  const concurrent = repeat === 'concurrent'
  const retry = await rotateAgain(deps.db, {
    ...presentation,
    keep: concurrent,
    id: row.id,
    since: reuseWindowStart(presentation.now, interval),
    ttlSeconds: deps.config.refreshTokenTtlSeconds,
  })
  if (retry.rotated) {
    const what = concurrent ? 'refreshed concurrently: a successor beside the first' : 'retried within the interval: rotated again'
    deps.log.info({ sessionId: row.session_id, clientId: ctx.client.client_id }, `refresh token ${what}`)
    return tokensFor(deps, row, ctx.params, retry.successor)
  }
  // a concurrent retry of the same token retired the successor first: not a copy
  if (retry.eligible) throw invalid()
  return reuseDetected(deps, row.session_id, ctx.client.client_id)
}

export const refreshTokenGrant: GrantHandler = async (deps, ctx) => {
  const { client, params, attempt } = ctx
  if (!params.refresh_token) throw oauthErrors.invalid_request('refresh_token is required.')
  const presentation: RefreshPresentation = { clientId: client.client_id, scopes: requestedScopes(params.scope), now: deps.clock.now() }
  // one statement, one round trip: reads the token and, when it is eligible, rotates it (tokens.repository.ts)
  const network = signInNetwork(ctx.ip)
  const rotation = await rotateRefreshToken(deps.db, { ...presentation, token: params.refresh_token, ttlSeconds: deps.config.refreshTokenTtlSeconds, signInNetwork: network })
  if (!rotation) throw invalid()
  const { row, successor } = rotation
  // the statement's rule, at its `now`, to say why it wrote nothing (it rotated only if every check passes)
  const refusal = refreshRefusalOf(row, presentation)
  const { user_id: userId, used_at: usedAt } = row
  // wrong_client, or no_user (said by the column itself, so that the type learns it too)
  if (refusal === 'wrong_client' || userId === null) throw invalid()
  // used (said by the column itself, as above): a repeat
  if (usedAt) {
    await attempt.notAGuess()
    return presentedAgain(deps, { ...row, user_id: userId, used_at: usedAt }, ctx, presentation)
  }
  if (refusal === 'revoked' && row.revoked_reason === BLOCKED_REASON) {
    // the person was blocked (users' people.service.ts ends their sessions): said, and in the sign-in log
    await deps.signIns.record(deps.db, { tenantId: row.tenant_id, userId, email: null, clientId: client.client_id, network, outcome: 'refused_blocked' })
    throw oauthErrors.invalid_grant(APP_ERRORS.account_blocked.message)
  }
  if (refusal === 'revoked' || refusal === 'expired') throw invalid()
  if (refusal === 'wider_scope') throw oauthErrors.invalid_scope('A refresh cannot widen the scope of the session.')
  if (!row.rotated) {
    // eligible as read, but a concurrent use of this token won the update: nothing to revoke
    await attempt.notAGuess()
    throw invalid()
  }
  return tokensFor(deps, { ...row, user_id: userId }, params, successor)
}
