/**
 * The client side of an upstream OpenID provider: its discovery document and keys, the token
 * request of the authorization code flow (with the PKCE verifier), and the checks on the ID
 * token it answers with. Threats and how they are met:
 *
 * A forged or replayed ID token. The token's signature is checked against the provider's own
 * JWKS (fetched from the jwks_uri its discovery names, asymmetric algorithms only: never
 * `none` nor an HMAC keyed with a public value), and its `iss` (the discovered issuer, which
 * must equal the configured one), `aud` (the connection's client id; `azp` too when it names
 * several audiences), `exp` and `iat` on the injected clock, and the `nonce` drawn for this
 * round trip (compared in constant time). jose does the JOSE work; nothing here parses a JWS.
 *
 * The platform made to fetch what only it can reach. A brand's admin types the issuer, so
 * every URL fetched (discovery, keys, token endpoint) is held to the webhooks' rule: https,
 * every address the name resolves to public (UPSTREAM_ALLOW_PRIVATE_ISSUERS lifts it for
 * development and tests), the connection made to the address checked (pinned-request.ts: no
 * second resolution a rebinding name could answer differently), redirects not followed,
 * answers size- and time-limited.
 *
 * Apple's client secret is a JWT Trellis signs (ES256, the brand's key from Apple), minutes
 * long, never stored.
 */
import { createLocalJWKSet, importPKCS8, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose'
import type { Clock } from '../../lib/clock.ts'
import { safeEqual } from '../../lib/crypto.ts'
import { appErrors } from '../../lib/errors.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'
import { checkTarget, TargetRefused, type TargetRules } from '../webhooks/index.ts'
import { PinnedFailure, pinnedRequest, type PinnedAnswer } from './pinned-request.ts'

export interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint?: string
  token_endpoint_auth_methods_supported?: string[]
  response_modes_supported?: string[]
}

/** What an upstream ID token says about the person, once checked. */
export interface UpstreamClaims {
  subject: string
  email: string | null
  /** `email_verified` as a boolean, or as Apple sends it, the string "true". */
  emailVerified: boolean
  name: string | null
}

/** Only asymmetric algorithms: an ID token is never accepted unsigned or under a key anyone can read. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']
const MAX_BYTES = 256 * 1024
const TIMEOUT_MS = 10_000
const CLOCK_TOLERANCE_SECONDS = 30
const FAILURE_MEMORY_MS = 60_000
/** Apple: a client secret lives at most six months; Trellis signs one per token request, five minutes long. */
const APPLE_SECRET_SECONDS = 300

export class UpstreamFailure extends Error {}

export class UpstreamClient {
  private readonly documents: TtlCache<unknown>
  /** Issuers whose discovery failed lately, and when: a sign-in page does not wait on a provider that is down. */
  private readonly failed = new Map<string, number>()

  constructor(
    private readonly clock: Clock,
    private readonly rules: TargetRules,
  ) {
    this.documents = new TtlCache(clock, 10 * 60 * 1000, 500)
  }

  /** A URL the platform may fetch, by the rules; UpstreamFailure saying why not. */
  async allowed(text: string): Promise<URL> {
    try {
      return await checkTarget(text, this.rules)
    } catch (error) {
      if (error instanceof TargetRefused) throw new UpstreamFailure(`${text} ${error.message}`)
      throw error
    }
  }

  /** A JSON answer from `text`, connected to the address the rules checked (pinned-request.ts). */
  private async fetchJson(text: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: unknown }> {
    const origin = URL.canParse(text) ? new URL(text).origin : text
    let answer: PinnedAnswer
    try {
      answer = await pinnedRequest(text, { ...init, headers: { accept: 'application/json', ...(init.headers ?? {}) } }, this.rules, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES })
    } catch (error) {
      if (error instanceof PinnedFailure) throw new UpstreamFailure(error.message.startsWith(text) ? error.message : `${origin} did not answer (${error.message})`)
      throw error
    }
    if (answer.text === null) throw new UpstreamFailure(`${origin} answered more than ${MAX_BYTES} bytes`)
    try {
      return { status: answer.status, body: JSON.parse(answer.text) as unknown }
    } catch {
      throw new UpstreamFailure(`${origin} answered ${answer.status} without JSON`)
    }
  }

  /**
   * The discovery document for a sign-in page's button: the same, but a provider whose discovery
   * failed in the last minute fails at once (the page shows its other ways in without waiting).
   */
  async discoverForPage(issuer: string): Promise<Discovery> {
    const at = this.failed.get(issuer)
    if (at !== undefined && this.clock.now().getTime() - at < FAILURE_MEMORY_MS) throw new UpstreamFailure(`the discovery of ${issuer} failed a moment ago`)
    try {
      return await this.discover(issuer)
    } catch (error) {
      if (this.failed.size >= 500) this.failed.clear()
      this.failed.set(issuer, this.clock.now().getTime())
      throw error
    }
  }

  /** The provider's discovery document (OpenID Connect Discovery 1.0), its issuer the configured one. */
  async discover(issuer: string, fresh = false): Promise<Discovery> {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
    const body = await this.documents.get(`d:${url}`, async () => (await this.fetchJson(url)).body, fresh)
    const doc = body as Partial<Discovery> | null
    if (!doc || typeof doc !== 'object') throw new UpstreamFailure('the discovery document is not a JSON object')
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[key] !== 'string') throw new UpstreamFailure(`the discovery document has no ${key}`)
    }
    if (doc.issuer !== issuer) throw new UpstreamFailure(`the discovery document names the issuer ${String(doc.issuer)}, not ${issuer}`)
    return doc as Discovery
  }

  /** The provider's keys (its JWKS), cached; `fresh` fetches again (a key rotated in). */
  async keys(discovery: Discovery, fresh = false): Promise<JSONWebKeySet> {
    const body = await this.documents.get(`k:${discovery.jwks_uri}`, async () => (await this.fetchJson(discovery.jwks_uri)).body, fresh)
    const set = body as { keys?: unknown } | null
    if (!set || !Array.isArray(set.keys) || set.keys.length === 0) throw new UpstreamFailure('the JWKS has no keys')
    return set as JSONWebKeySet
  }

  /** The authorization code for the ID token (and the access token, for the userinfo endpoint), at the token endpoint (client_secret_post where offered, else basic). */
  async redeem(discovery: Discovery, input: { code: string; redirectUri: string; verifier: string; clientId: string; clientSecret: string; post: boolean }): Promise<{ idToken: string; accessToken: string | null }> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.verifier })
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (input.post || !methods.includes('client_secret_basic')) {
      form.set('client_id', input.clientId)
      form.set('client_secret', input.clientSecret)
    } else {
      const pair = `${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
    }
    const { status, body } = await this.fetchJson(discovery.token_endpoint, { method: 'POST', headers, body: form.toString() })
    const answer = (body ?? {}) as { id_token?: unknown; access_token?: unknown; error?: unknown }
    if (status !== 200 || typeof answer.id_token !== 'string') {
      throw new UpstreamFailure(`the token endpoint answered ${status}${typeof answer.error === 'string' ? ` ${answer.error}` : ''} without an ID token`)
    }
    return { idToken: answer.id_token, accessToken: typeof answer.access_token === 'string' ? answer.access_token : null }
  }

  /**
   * The claims an ID token left out (a provider may keep the address for its userinfo endpoint):
   * read there with the access token of the same answer, and taken only for the ID token's own
   * subject (OpenID Connect Core 5.3.2); what the ID token said stays as it said it.
   */
  async withUserinfo(claims: UpstreamClaims, discovery: Discovery, accessToken: string | null): Promise<UpstreamClaims> {
    if (claims.email !== null || !accessToken || !discovery.userinfo_endpoint) return claims
    const { status, body } = await this.fetchJson(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } })
    const info = (body ?? {}) as JWTPayload
    if (status !== 200 || typeof info.sub !== 'string' || info.sub !== claims.subject) throw new UpstreamFailure(`the userinfo endpoint answered ${status} for another subject or none`)
    const more = claimsOf(info)
    return { ...claims, email: more.email, emailVerified: more.emailVerified, name: claims.name ?? more.name }
  }

  /** The ID token's claims, once its signature, iss, aud (and azp), exp and nonce hold. */
  async verify(idToken: string, discovery: Discovery, expect: { clientIds: readonly string[]; nonce: string }): Promise<UpstreamClaims> {
    const payload = await this.checked(idToken, discovery, expect.clientIds)
    if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, expect.nonce)) throw new UpstreamFailure('the ID token carries another nonce')
    return claimsOf(payload)
  }

  /** A native app's ID token: the same checks, and the nonce it carries (the caller looks it up). */
  async verifyNative(idToken: string, discovery: Discovery, clientIds: readonly string[]): Promise<UpstreamClaims & { nonce: string }> {
    const payload = await this.checked(idToken, discovery, clientIds)
    if (typeof payload.nonce !== 'string' || payload.nonce.length > 200) throw new UpstreamFailure('the ID token carries no nonce')
    return { ...claimsOf(payload), nonce: payload.nonce }
  }

  private async checked(idToken: string, discovery: Discovery, clientIds: readonly string[]): Promise<JWTPayload> {
    const check = async (keys: JSONWebKeySet) =>
      (
        await jwtVerify(idToken, createLocalJWKSet(keys), {
          issuer: issuersOf(discovery.issuer),
          audience: [...clientIds],
          algorithms: ALGORITHMS,
          currentDate: this.clock.now(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        })
      ).payload
    let payload: JWTPayload
    try {
      payload = await check(await this.keys(discovery)).catch(async (error: unknown) => {
        // a key the cached set lacks may be newly rotated in: one fresh fetch, then the same checks
        if (error instanceof Error && error.name === 'JWKSNoMatchingKey') return check(await this.keys(discovery, true))
        throw error
      })
    } catch (error) {
      if (error instanceof UpstreamFailure) throw error
      throw new UpstreamFailure(`the ID token is refused (${error instanceof Error ? error.message : 'invalid'})`)
    }
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && !clientIds.includes(String(payload.azp))) throw new UpstreamFailure('the ID token names several audiences and another azp')
    return payload
  }
}

/** Google's ID tokens may name their issuer without the scheme (its documentation says either form is valid). */
const GOOGLE = 'https://accounts.google.com'
export function issuersOf(issuer: string): string[] {
  return issuer === GOOGLE ? [GOOGLE, 'accounts.google.com'] : [issuer]
}

/** The configured issuer an ID token's `iss` stands for. */
export function canonicalIssuer(iss: string): string {
  return iss === 'accounts.google.com' ? GOOGLE : iss
}

function claimsOf(payload: JWTPayload): UpstreamClaims {
  const email = typeof payload.email === 'string' && payload.email.length <= 320 ? payload.email : null
  const verified = payload.email_verified === true || payload.email_verified === 'true'
  const name = typeof payload.name === 'string' ? payload.name.slice(0, 200) : null
  return { subject: String(payload.sub), email, emailVerified: verified, name }
}

/** Apple's `user` form field (the first sign-in only): the name, as "First Last". */
export function appleName(user: string | null): string | null {
  if (!user) return null
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    return parts.length ? parts.join(' ').slice(0, 200) : null
  } catch {
    return null
  }
}

/** The ES256 key Apple issued (a .p8 file: PKCS#8 PEM), or the catalog's refusal. */
export async function appleKey(pem: string): Promise<CryptoKey> {
  try {
    return await importPKCS8(pem.trim(), 'ES256')
  } catch {
    throw appErrors.invalid_apple_key()
  }
}

/** Apple's client secret: an ES256 JWT from the team, for the service id, to Apple (the issuer), five minutes long. */
export async function appleClientSecret(input: { teamId: string; keyId: string; privateKey: string; clientId: string; audience: string }, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + APPLE_SECRET_SECONDS)
    .sign(await appleKey(input.privateKey))
}
