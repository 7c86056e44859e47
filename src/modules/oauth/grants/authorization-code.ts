/**
 * The authorization_code grant, redeeming a login code (see ../login-codes.ts for the
 * threats and the odds, ../attempts.ts for the failure budgets). Which presentation may redeem
 * a code is the redeem rule (../redeem.rule.ts), written once: this grant judges by it and
 * chooses the error and the failure path; the exchange statement is built from it.
 *
 * Races and replays. Of N concurrent exchanges of one code exactly one wins: the code is
 * consumed by a conditional update (`consumed_at is null`) in the statement that reads the
 * code and opens the session (../redeem-code.repository.ts), so the losers' updates match no row and
 * nothing of theirs that depends on the code is written. The statement records when and from
 * which address (lib/network.ts) the code was redeemed. Every other presentation of the code
 * is then one of two things:
 * - a **duplicate**: the same client, from the same address, within DUPLICATE_WINDOW_MS
 *   (2 s) of the redemption: an app that sent its request twice (a retry, a double tap, a
 *   parallel call). It is refused (`invalid_grant`) and revokes nothing, so the winner keeps
 *   its tokens;
 * - a **replay**: anything else (another client, another address, or later). It is refused and
 *   revokes the session the code opened (RFC 6749 4.1.2): whoever else holds the code must not
 *   keep what it bought.
 * Time is the clock's (../../../lib/clock.ts), passed into the statement, so the window is
 * measured on one clock and a test moves it instead of sleeping.
 */
import type { LoginCode } from '../../../db/database.ts'
import type { Executor } from '../../../db/executor.ts'
import { APP_ERRORS } from '../../../lib/error-catalog.ts'
import { oauthErrors } from '../../../lib/errors.ts'
import { signInNetwork } from '../../../lib/network.ts'
import type { SignInOutcome } from '../sign-ins.repository.ts'
import { hashLoginCode, MAX_CODE_ATTEMPTS, normalizeLoginCode } from '../login-codes.ts'
import { signIdToken } from '../oidc.ts'
import { defaultScope, refusedScopeMessage, requestedScopes, requestScope, wantsOpenId } from '../scopes.ts'
import { refusalOf, type Presentation, type Refusal } from '../redeem.rule.ts'
import { revokeSessions } from '../../sessions/index.ts'
import { countWrongAttempt, exchangeLoginCode, loginCodeNow, type Exchanged } from '../redeem-code.repository.ts'
import { accessTokenTtl, userTokenResponse } from '../tokens.repository.ts'
import type { GrantContext, GrantDeps, GrantHandler } from './types.ts'

const invalidCode = () => oauthErrors.invalid_grant('The code is invalid, expired or already used.')

/** A refused presentation in the sign-in log: the code's address and tenant, or (no such code) the app's tenant. */
function logRefusal(deps: GrantDeps, ctx: GrantContext, code: LoginCode | null, outcome: SignInOutcome): Promise<void> {
  return deps.signIns.record(deps.db, {
    tenantId: code ? code.tenant_id : ctx.client.tenant_id,
    email: code?.email ?? null,
    clientId: ctx.client.client_id,
    network: signInNetwork(ctx.ip),
    outcome,
  })
}

/** How long after a redemption the same app's second presentation, from the same address, is a duplicate. */
export const DUPLICATE_WINDOW_MS = 2000

/** A consumed code again: a duplicate revokes nothing, a replay revokes what the code opened (see the top). */
async function refuseConsumed(deps: GrantDeps, code: LoginCode, ctx: GrantContext, now: Date): Promise<never> {
  const since = code.consumed_at ? now.getTime() - code.consumed_at.getTime() : Infinity
  const duplicate =
    code.client_id === ctx.client.client_id && code.consumed_address === ctx.attempt.origin.address && since < DUPLICATE_WINDOW_MS
  if (code.session_id && !duplicate) {
    await revokeSessions(deps.db, { sessionId: code.session_id }, 'authorization_code_replay', now)
    deps.log.warn({ clientId: code.client_id, sessionId: code.session_id }, 'login code replayed: its session was revoked')
  }
  throw invalidCode()
}

/** A client, redirect URI or verifier not the code's: counted against the code, and the error that names it. */
async function refuseBinding(deps: GrantDeps, code: LoginCode, refusal: Refusal, ctx: GrantContext): Promise<never> {
  await countWrongAttempt(deps.db, code.id, MAX_CODE_ATTEMPTS, deps.clock.now())
  // another client's code looks exactly like an unknown one
  if (refusal === 'wrong_client') throw invalidCode()
  if (refusal === 'wrong_verifier') throw oauthErrors.invalid_grant('The code_verifier does not match the code_challenge.')
  // a missing redirect_uri is the fault only where the code has no challenge (the rule: ../redeem.rule.ts)
  if (!ctx.params.redirect_uri) throw oauthErrors.invalid_request('redirect_uri is required without PKCE.')
  throw oauthErrors.invalid_grant('redirect_uri differs from the one the code was issued for.')
}

/** The scope the token request asks for (null: none), within what the client may have. */
function askedScope(ctx: GrantContext): string | null {
  const asked = requestScope(ctx.params.scope, ctx.client)
  if (!asked.ok) throw oauthErrors.invalid_scope(refusedScopeMessage(asked.refused, ctx.client))
  return asked.scope
}

/** What the code grants: the scope it was asked with, or its client's defaults. */
const codeScope = (code: LoginCode, ctx: GrantContext) => code.scope ?? defaultScope(ctx.client)

/**
 * The redeem rule (../redeem.rule.ts) on the code as it was before the exchange's statement,
 * which redeems only what the rule accepts: each refusal throws its error, after its failure path.
 */
async function checkCode(deps: GrantDeps, code: LoginCode | null, ctx: GrantContext, presented: Presentation): Promise<void> {
  // out of reach looks exactly like unknown: a guess learns nothing about live codes
  const refusal = code ? refusalOf(code, presented) : 'out_of_reach'
  if (!code || refusal === null) {
    if (!code) await logRefusal(deps, ctx, null, 'code_wrong')
    return
  }
  switch (refusal) {
    case 'out_of_reach':
      await logRefusal(deps, ctx, null, 'code_wrong')
      throw invalidCode()
    case 'expired':
      await logRefusal(deps, ctx, code, 'code_expired')
      throw invalidCode()
    case 'consumed':
      await ctx.attempt.notAGuess()
      await logRefusal(deps, ctx, code, 'code_reused')
      return refuseConsumed(deps, code, ctx, presented.now)
    case 'wrong_client':
    case 'wrong_redirect':
    case 'wrong_verifier':
      await logRefusal(deps, ctx, refusal === 'wrong_client' ? null : code, 'code_wrong')
      return refuseBinding(deps, code, refusal, ctx)
    case 'public_without_pkce':
      throw oauthErrors.invalid_grant('Public clients must use PKCE.')
    case 'wider_scope': {
      // a narrower scope than the code's is fine (the app's own choice); a wider one is no guess, so it costs the code nothing
      const granted = requestedScopes(codeScope(code, ctx))
      throw oauthErrors.invalid_scope(`This code was granted only: ${granted.join(' ') || '(no scopes)'}.`)
    }
  }
}

/**
 * The grant's verdict on what the statement did: the checks decide, on the code as it was
 * before; the session it opened, or the refusal.
 */
async function verdict(
  deps: GrantDeps,
  ctx: GrantContext,
  exchanged: Exchanged,
  presented: Presentation,
): Promise<{ code: LoginCode; issued: Extract<Exchanged, { outcome: 'issued' }> }> {
  const { code } = exchanged
  const { now } = presented
  try {
    await checkCode(deps, code, ctx, presented)
  } catch (error) {
    // never expected (the statement is built from the same rule): the checks win, and what it opened is closed
    if (exchanged.outcome === 'issued') {
      await revokeSessions(deps.db, { sessionId: exchanged.sessionId }, 'exchange_refused', now)
      deps.log.error({ clientId: ctx.client.client_id }, 'the exchange statement redeemed a code the grant refused; its session was revoked')
    }
    throw error
  }
  if (!code) throw invalidCode()
  // if the tenant's policy closed since the code was sent, nothing was written and the code stays unconsumed
  if (exchanged.outcome === 'closed') throw oauthErrors.invalid_grant('This tenant does not accept sign-ups.')
  if (exchanged.outcome === 'blocked') {
    await deps.signIns.record(deps.db, { tenantId: code.tenant_id, userId: exchanged.user.id, email: code.email, clientId: ctx.client.client_id, network: signInNetwork(ctx.ip), outcome: 'refused_blocked' })
    throw oauthErrors.invalid_grant(APP_ERRORS.account_blocked.message)
  }
  if (exchanged.outcome === 'refused') {
    // the checks passed on the code as read, so another exchange of it, concurrent with this one, won:
    // judged as any second presentation, on the code as that exchange left it
    await ctx.attempt.notAGuess()
    const won = await loginCodeNow(deps.db, code.id)
    if (won?.consumed_at) return refuseConsumed(deps, won, ctx, now)
    throw invalidCode()
  }
  return { code, issued: exchanged }
}

export const authorizationCodeGrant: GrantHandler = async (deps, ctx) => {
  const { client, params, attempt } = ctx
  if (!params.code) throw oauthErrors.invalid_request('code is required.')
  // before any budget is charged: a scope the client may not have is no guess at a code
  const requestedScope = askedScope(ctx)
  // the failure budgets are charged before the lookup, so parallel guesses cannot overdraw them
  const { reach, retryAfter } = await attempt.forCode(client.client_id)
  if (!reach) {
    throw oauthErrors.rate_limited(`Too many failed attempts from this address; try again in ${retryAfter} seconds.`, { retryAfter })
  }
  const normalized = normalizeLoginCode(params.code)
  if (!normalized) throw invalidCode()
  const now = deps.clock.now()
  // one statement (two for a tenant's new customer or a late proof) reads the code and, when it is
  // this request's to redeem, consumes it, finds or signs up the account and opens the session (../redeem-code.repository.ts)
  const presented: Presentation = {
    clientId: client.client_id,
    isPublic: client.is_public,
    redirectUri: params.redirect_uri,
    codeVerifier: params.code_verifier,
    reach,
    network: attempt.origin.network,
    address: attempt.origin.address,
    requestedScope,
    defaultScope: defaultScope(client),
    now,
  }
  const exchange = (db: Executor) =>
    exchangeLoginCode(db, { ...presented, codeHash: hashLoginCode(deps.codeKey, normalized), refreshTtlSeconds: deps.config.refreshTokenTtlSeconds, signInNetwork: signInNetwork(ctx.ip) })
  // a transaction of its own only while an endpoint hears sign-ups: the event commits with the account
  const exchanged = (await deps.events.hears(deps.db, 'user.created'))
    ? await deps.db.transaction().execute(async (trx) => {
        const result = await exchange(trx)
        if (result.outcome === 'issued' && result.signedUp) {
          await deps.events.record(trx, { type: 'user.created', tenantId: result.user.tenant_id, data: { userId: result.user.id, email: result.user.email } })
        }
        return result
      })
    : await exchange(deps.db)
  const { code, issued } = await verdict(deps, ctx, exchanged, presented)
  // the statement's choice, restated: the narrowest of the token request's, the code's, the client's
  const scope = requestedScope ?? codeScope(code, ctx)
  const response = await userTokenResponse(deps, {
    userId: issued.user.id,
    sessionId: issued.sessionId,
    refreshToken: issued.refreshToken,
    clientId: client.client_id,
    tenantId: code.tenant_id,
    scope,
    accessTtlSeconds: accessTokenTtl(deps.config, client, params),
  })
  if (!wantsOpenId(scope)) return response
  const idToken = await signIdToken(deps, {
    user: issued.user,
    client,
    scope,
    tenantId: code.tenant_id,
    nonce: code.nonce,
    authTime: code.auth_time ?? now,
    sessionId: issued.sessionId,
  })
  return { ...response, id_token: idToken }
}
