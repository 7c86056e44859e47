/**
 * Native sign-in (RFC 8693 token exchange): an app that signed a person in with Apple or Google
 * natively trades the provider's ID token for Trellis tokens at the token endpoint, with
 * `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`,
 * `subject_token_type=urn:ietf:params:oauth:token-type:id_token` and `subject_token`. Threats
 * and how they are met:
 *
 * A token made for another app (a stranger's app with the same provider). Its `aud` must be the
 * client id or one of the app ids of a connection offered where the client's brand signs
 * people in (its own, the platform's), the connection picked by the token's `iss`; the
 * signature, `exp` and the rest are checked as for the hosted round trip (upstream.ts).
 *
 * A replayed or stolen token. The token's `nonce` must be one Trellis handed to this very client
 * (POST /auth/upstream/nonce) minutes ago and not used yet: either the nonce itself or its
 * SHA-256 in hex (what Apple's native API is usually given). It is used up by the exchange, so
 * a token works once; a token without such a nonce is refused.
 *
 * Takeover. The exchange cannot email a code, so it signs in only an identity already linked
 * (on the hosted pages, with the emailed code where it was needed) or a new account for a
 * verified address nobody has here, where the brand's sign-up policy allows it.
 */
import { decodeJwt } from 'jose'
import type { User } from '../../db/database.ts'
import { secondsAfter } from '../../lib/clock.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import { notFound, oauthErrors, rateLimited } from '../../lib/errors.ts'
import type { Bucket } from '../../lib/rate-limit.ts'
import { defaultScope, type GrantHandler, issueUserTokens, refusedScopeMessage, requestScope } from '../oauth/index.ts'
import { findIdentity, insertNonce, offeredWithIssuer, takeNonce, touchIdentity } from './connections.repository.ts'
import type { SignInDeps, UpstreamSignIn } from './signin.service.ts'
import { canonicalIssuer, UpstreamFailure, type UpstreamClaims } from './upstream.ts'

export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token'
export const NONCE_TTL_SECONDS = 600

const hexHash = (value: string) => sha256(value).toString('hex')
const refused = (why: string) => oauthErrors.invalid_grant(`The subject token is refused: ${why}.`)

/** A nonce for `clientId` to put in its request to the provider (the answer of POST /auth/upstream/nonce). */
export async function issueNonce(deps: Pick<SignInDeps, 'db' | 'clock'>, bucket: Bucket, clientId: string, ip: string, clientExists: (id: string) => Promise<boolean>): Promise<{ nonce: string; expiresIn: number }> {
  const taken = await bucket.take(ip)
  if (!taken.ok) throw rateLimited(taken.retryAfter)
  if (!(await clientExists(clientId))) throw notFound('Client')
  const nonce = randomToken()
  await insertNonce(deps.db, { nonceHash: hexHash(nonce), clientId, expiresAt: secondsAfter(deps.clock.now(), NONCE_TTL_SECONDS) })
  return { nonce, expiresIn: NONCE_TTL_SECONDS }
}

/** The grant handler the oauth module runs for the token-exchange grant type. */
export function tokenExchangeGrant(deps: SignInDeps, signIn: UpstreamSignIn): GrantHandler {
  return async (grant, { client, params }) => {
    if (params.subject_token_type !== ID_TOKEN_TYPE) throw oauthErrors.invalid_request(`subject_token_type must be ${ID_TOKEN_TYPE}.`)
    if (!params.subject_token) throw oauthErrors.invalid_request('subject_token is required.')
    const asked = requestScope(params.scope, client)
    if (!asked.ok) throw oauthErrors.invalid_scope(refusedScopeMessage(asked.refused, client))
    const tenantId = client.tenant_id
    let issuer: unknown
    try {
      issuer = decodeJwt(params.subject_token).iss
    } catch {
      throw refused('it is not a JWT')
    }
    const rows = typeof issuer === 'string' ? await offeredWithIssuer(deps.db, tenantId, canonicalIssuer(issuer)) : []
    if (rows.length === 0) throw refused('no provider of this issuer is offered here')
    // the brand's own connection first, then the platform's: the first whose audience the token names
    let found: { row: (typeof rows)[number]; claims: UpstreamClaims & { nonce: string } } | null = null
    let problem = 'it is not for this app'
    for (const row of rows) {
      try {
        const discovery = await deps.upstream.discover(row.issuer)
        found = { row, claims: await deps.upstream.verifyNative(params.subject_token, discovery, [row.client_id, ...row.app_ids]) }
        break
      } catch (error) {
        if (!(error instanceof UpstreamFailure)) throw error
        problem = error.message.replace(/^the ID token is refused \((.*)\)$/, '$1')
      }
    }
    if (!found) throw refused(problem)
    const { row, claims } = found
    const nonceHash = /^[0-9a-f]{64}$/.test(claims.nonce) ? claims.nonce : hexHash(claims.nonce)
    if (!(await takeNonce(deps.db, nonceHash, client.client_id, deps.clock.now()))) throw refused('its nonce was not handed to this client, was used already or expired')
    const user = await account(deps, signIn, row.id, tenantId, claims)
    const scope = asked.scope ?? defaultScope(client)
    return issueUserTokens(grant, { userId: user.id, client, tenantId, scope, params })
  }
}

/** The linked account, or a new one for a verified address nobody has here (sign-up policy permitting). */
async function account(deps: SignInDeps, signIn: UpstreamSignIn, connectionId: number, tenantId: number | null, claims: UpstreamClaims): Promise<User> {
  const { db, clock } = deps
  const linked = await findIdentity(db, connectionId, claims.subject, tenantId)
  if (linked) {
    const user = await deps.findUserById(db, linked.user_id)
    if (!user) throw refused('its account no longer exists')
    await touchIdentity(db, linked.id, clock.now())
    return user
  }
  if (!claims.email || !claims.emailVerified) throw refused('the provider did not verify an address; sign in on the hosted page once')
  const email = normalizeEmail(claims.email)
  if (await deps.accounts.findUserByEmail(db, email, tenantId)) throw refused('the address has an account here: sign in on the hosted page once, to link it with the emailed code')
  const made = await db.transaction().execute(async (trx) => {
    const result = await deps.accounts.findOrSignUp(trx, { email, tenantId, emailConfirmedAt: clock.now(), displayName: claims.name })
    if (!result) return null
    if (result.created) await deps.events?.record(trx, { type: 'user.created', tenantId: result.user.tenant_id, data: { userId: result.user.id, email: result.user.email } })
    await signIn.link(trx, connectionId, claims.subject, result.user, email, null)
    return result.user
  })
  if (!made) throw refused('this service does not sign new people up')
  return made
}
