/**
 * OpenID Connect and OAuth to the letter, as the standards' own client libraries read them,
 * over real HTTP: openid-client and oauth4webapi with their defaults, discovering through
 * OpenID Connect Discovery and through the RFC 8414 document, at the platform's issuer and
 * at a tenant's. ID tokens are RS256 (OpenID Connect Discovery 3) and say which tenant signed
 * the person in; access tokens validate (RFC 9068) against the issuer the person signed in
 * at, and only that one. Then the answers RFC 7662 and RFC 6750 prescribe, and sign-out with
 * an ID token past its expiry (RP-Initiated Logout 1.0, 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as oauth from 'oauth4webapi'
import * as client from 'openid-client'
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTenant, listeningTestApp, type TestApp } from './helpers.ts'
import { createClient, mailSettled } from './login-helpers.ts'
import { PageClient, signInWithMailedCode } from './page-client.ts'

let t: TestApp
let base: string
let brand: number
let otherBrand: number

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  brand = await createTenant(t, 'Acme Air', { signup: 'customers' })
  otherBrand = await createTenant(t, 'Other Air', { signup: 'customers' })
})
afterAll(async () => t.close())

const insecure = { [oauth.allowInsecureRequests]: true }
const issuerOf = (tenantId: number | null) => (tenantId ? `${base}/tenants/${tenantId}` : base)
let people = 0
const nextEmail = () => `letter-${++people}@example.test`

function signIn(browser: PageClient, authorizationUrl: string, email: string): Promise<URL> {
  return signInWithMailedCode(browser, authorizationUrl, email, t.db, () => mailSettled(t.app))
}

/** What a resource server does with a presented access token: oauth4webapi's RFC 9068 validation against `as`. */
function validateAccessToken(as: oauth.AuthorizationServer, accessToken: string) {
  const request = new Request(`${base}/users/current`, { headers: { authorization: `Bearer ${accessToken}` } })
  return oauth.validateJwtAccessToken(as, request, base, insecure)
}

/** oauth4webapi, defaults only: discovery, code + PKCE through the hosted page, ID token checked, access token validated. */
async function withOauth4webapi(issuer: string, algorithm: 'oidc' | 'oauth2', email = nextEmail()) {
  const app = await createClient(t.app, { redirectUris: ['https://o4w.example/cb'] })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm, ...insecure }))
  const c: oauth.Client = { client_id: app.clientId }
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  const authorize = new URL(as.authorization_endpoint ?? '')
  authorize.search = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString()
  const callback = await signIn(new PageClient(base), authorize.toString(), email)
  const params = oauth.validateAuthResponse(as, c, callback, state)
  const response = await oauth.authorizationCodeGrantRequest(as, c, oauth.None(), params, app.redirectUri, verifier, insecure)
  const result = await oauth.processAuthorizationCodeResponse(as, c, response, { expectedNonce: nonce, requireIdToken: true })
  return { as, result, claims: oauth.getValidatedIdTokenClaims(result) }
}

/** openid-client, defaults only (http allowed): the same flow, discovering by `algorithm`. */
async function withOpenidClient(issuer: string, algorithm: 'oidc' | 'oauth2', metadata?: Partial<client.ClientMetadata>) {
  const app = await createClient(t.app, { redirectUris: ['https://oc.example/cb'] })
  if (metadata?.id_token_signed_response_alg === 'ES256') await t.app.services.clients.update(OPERATOR, app.clientId, { idTokenSignedResponseAlg: 'ES256' })
  const config = await client.discovery(new URL(issuer), app.clientId, metadata, client.None(), { execute: [client.allowInsecureRequests], algorithm })
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: app.redirectUri,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  const browser = new PageClient(base)
  const callback = await signIn(browser, url.toString(), nextEmail())
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true })
  return { app, config, tokens, browser }
}

describe('ID and access tokens, as the libraries check them with their defaults', () => {
  for (const tenant of ['platform', 'brand'] as const) {
    for (const algorithm of ['oidc', 'oauth2'] as const) {
      it(`oauth4webapi at the ${tenant}'s issuer, discovering by ${algorithm === 'oidc' ? 'OpenID Connect Discovery' : 'RFC 8414'}: an RS256 ID token, an access token of that issuer`, async () => {
        const issuer = issuerOf(tenant === 'brand' ? brand : null)
        const { as, result, claims } = await withOauth4webapi(issuer, algorithm)
        expect(as.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256'])
        expect(decodeProtectedHeader(result.id_token ?? '')).toMatchObject({ alg: 'RS256', typ: 'JWT' })
        expect(claims?.iss).toBe(issuer)
        if (tenant === 'brand') expect(claims).toMatchObject({ tenant_id: brand, brand_id: brand })
        else expect(claims).not.toHaveProperty('tenant_id')
        const access = await validateAccessToken(as, result.access_token)
        expect(access).toMatchObject({ iss: issuer, aud: base, client_id: expect.any(String), scope: 'openid email' })
        expect(decodeProtectedHeader(result.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' })
        // the platform's resource routes take it, whichever issuer signed the person in
        expect((await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${result.access_token}` } })).status).toBe(200)
      })

      it(`openid-client at the ${tenant}'s issuer, discovering by ${algorithm === 'oidc' ? 'OpenID Connect Discovery' : 'RFC 8414'}`, async () => {
        const issuer = issuerOf(tenant === 'brand' ? brand : null)
        const { config, tokens } = await withOpenidClient(issuer, algorithm)
        expect(config.serverMetadata().id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256'])
        expect(tokens.claims()?.iss).toBe(issuer)
        const as = await oauth.processDiscoveryResponse(new URL(issuer), await oauth.discoveryRequest(new URL(issuer), { algorithm, ...insecure }))
        expect((await validateAccessToken(as, tokens.access_token)).iss).toBe(issuer)
      })
    }
  }

  it('a client registered for ES256 ID tokens gets them, and openid-client accepts them', async () => {
    const { tokens } = await withOpenidClient(base, 'oidc', { id_token_signed_response_alg: 'ES256' })
    expect(decodeProtectedHeader(tokens.id_token ?? '')).toMatchObject({ alg: 'ES256' })
    expect(tokens.claims()?.iss).toBe(base)
  })

  it("a customer's tenant issuer: the ID token names the tenant and its brand", async () => {
    const customer = await createTenant(t, 'Customer home', { parentTenantId: brand })
    // nobody signs up under a tenant that is not a brand: the person is one of its members already
    const email = nextEmail()
    await t.app.services.accounts.createUser(OPERATOR, { email, belongsTo: customer, tenantId: customer, role: 'member' })
    const { claims, as, result } = await withOauth4webapi(issuerOf(customer), 'oidc', email)
    expect(claims).toMatchObject({ iss: issuerOf(customer), tenant_id: customer, brand_id: brand })
    expect((await validateAccessToken(as, result.access_token)).tid).toBe(customer)
  })

  it("a token from one tenant's issuer does not pass as another issuer's", async () => {
    const { result } = await withOauth4webapi(issuerOf(brand), 'oidc')
    for (const other of [issuerOf(otherBrand), base]) {
      const url = new URL(other)
      const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oidc', ...insecure }))
      await expect(validateAccessToken(as, result.access_token), other).rejects.toThrow(/"iss"/)
    }
    // nor does a token re-signed by an attacker's key that names the issuer it wants
    const { privateKey } = await generateKeyPair('ES256')
    const forged = await new SignJWT({ ...decodeJwt(result.access_token), iss: issuerOf(otherBrand), tid: otherBrand })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: decodeProtectedHeader(result.access_token).kid ?? '' })
      .sign(privateKey)
    const refused = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${forged}` } })
    expect(refused.status).toBe(401)
  })

  it('the JWKS publishes an RS256 key and an ES256 key, each for its own algorithm', async () => {
    const { keys } = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { alg: string; kty: string }[] }
    expect(keys.map((k) => `${k.alg}/${k.kty}`).sort()).toEqual(expect.arrayContaining(['ES256/EC', 'RS256/RSA']))
  })
})

describe('RFC 7662 and RFC 6750 answers', () => {
  it('introspection without client authentication, or by a public client, is 401 invalid_client with a Basic challenge', async () => {
    const publicApp = await createClient(t.app)
    for (const body of [{ token: 'anything' }, { token: 'anything', client_id: publicApp.clientId }] as Record<string, string>[]) {
      const res = await fetch(`${base}/auth/oauth2/introspect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: string }).error).toBe('invalid_client')
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /)
    }
  })

  it('a bad, expired or revoked bearer token: error="invalid_token"; a missing scope: insufficient_scope naming it; none: a bare challenge', async () => {
    const { tokens, config } = await withOpenidClient(base, 'oidc')
    const call = (authorization?: string) => fetch(`${base}/users/current`, { headers: authorization ? { authorization } : {} })
    const challenge = async (res: Response) => [res.status, res.headers.get('www-authenticate')] as const

    expect(await challenge(await call())).toEqual([401, 'Bearer'])
    expect((await challenge(await call('Bearer not-a-token')))[1]).toMatch(/^Bearer error="invalid_token", error_description="[^"]+"$/)
    expect(await challenge(await call('Token abc'))).toEqual([401, expect.stringMatching(/^Bearer error="invalid_request"/)])
    // `openid email` lacks the account scope this route needs
    expect(await challenge(await call(`Bearer ${tokens.access_token}`))).toEqual([403, 'Bearer error="insufficient_scope", scope="account"'])

    t.clock.advance(t.config.accessTokenTtlSeconds + 1)
    const expired = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(await challenge(expired)).toEqual([401, expect.stringMatching(/^Bearer error="invalid_token"/)])

    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '')
    await client.tokenRevocation(config, renewed.refresh_token ?? '')
    const revoked = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${renewed.access_token}` } })
    expect(await challenge(revoked)).toEqual([401, expect.stringMatching(/^Bearer error="invalid_token"/)])
  })
})

describe('sign-out with an expired id_token_hint', () => {
  async function signOut(browser: PageClient, config: client.Configuration, params: Record<string, string>) {
    const logout = client.buildEndSessionUrl(config, params)
    return browser.submit(await browser.get(logout.pathname + logout.search), '/auth/oauth2/logout')
  }

  for (const tenant of ['platform', 'brand'] as const) {
    it(`at the ${tenant}'s issuer ends the session the hint names: its refresh token is refused afterwards`, async () => {
      const { config, tokens, app } = await withOpenidClient(issuerOf(tenant === 'brand' ? brand : null), 'oidc')
      const hint = tokens.id_token ?? ''
      t.clock.advance(t.config.accessTokenTtlSeconds + 60)
      expect(decodeJwt(hint).exp! * 1000).toBeLessThan(t.clock.now().getTime())
      // the session is alive: a refresh still works past the ID token's expiry
      const renewed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '')
      const out = await signOut(new PageClient(base), config, { id_token_hint: hint, post_logout_redirect_uri: app.redirectUri, state: 'bye' })
      expect(out.location).toBe(`${app.redirectUri}?state=bye`)
      await expect(client.refreshTokenGrant(config, renewed.refresh_token ?? '')).rejects.toMatchObject({ error: 'invalid_grant' })
    })
  }

  it("an attacker's hints end nothing: one for another client than client_id, one signed by another key", async () => {
    const victim = await withOpenidClient(base, 'oidc')
    const other = await createClient(t.app, { redirectUris: ['https://other.example/cb'] })
    t.clock.advance(t.config.accessTokenTtlSeconds + 60)
    const mismatched = await signOut(new PageClient(base), victim.config, { id_token_hint: victim.tokens.id_token ?? '', client_id: other.clientId, post_logout_redirect_uri: other.redirectUri })
    expect(mismatched.location).toBeNull()

    const { privateKey } = await generateKeyPair('RS256')
    const claims = decodeJwt(victim.tokens.id_token ?? '')
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: decodeProtectedHeader(victim.tokens.id_token ?? '').kid ?? '' }).sign(privateKey)
    await signOut(new PageClient(base), victim.config, { id_token_hint: forged })

    const still = await client.refreshTokenGrant(victim.config, victim.tokens.refresh_token ?? '')
    expect(still.access_token).toBeDefined()
  })
})
