/**
 * Standard clients against the hosted page over real HTTP: oauth4webapi and openid-client
 * (default OpenID Connect discovery) run the whole authorization code flow, checking
 * state, nonce and iss, then read userinfo and sign out through the end_session_endpoint.
 * The page's forms are posted at the HTTP level (cookies kept), as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as oauth from 'oauth4webapi'
import * as client from 'openid-client'
import { createTestApp, freePort, type TestApp } from './helpers.ts'
import { createClient, mailSettled } from './login-helpers.ts'
import { mailParts, PageClient } from './page-client.ts'

let t: TestApp
let base: string

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  t = await createTestApp({ PUBLIC_URL: base })
  await t.app.listen({ port, host: '127.0.0.1' })
})
afterAll(async () => t.close())

/** Plays the person: the email step, then the code from the mail; returns the redirect. */
async function signIn(browser: PageClient, authorizationUrl: string, email: string): Promise<URL> {
  const page = await browser.get(authorizationUrl)
  expect(page.status).toBe(200)
  const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
  const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: mailParts(row.text).code ?? '' })
  expect(done.status).toBe(303)
  return new URL(done.location ?? '')
}

describe('openid-client', () => {
  it('discovers, signs in with PKCE, checks state, nonce and iss, reads userinfo, signs out', async () => {
    const app = await createClient(t.app, { redirectUris: ['https://rp.example/callback'] })
    // openid-client refuses http issuers unless told; everything else is its default
    const config = await client.discovery(new URL(base), app.clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] })
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
    const callback = await signIn(new PageClient(base), url.toString(), 'rp-user@example.test')
    expect(callback.searchParams.get('iss')).toBe(base)
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true })
    const claims = tokens.claims()
    expect(claims?.email).toBe('rp-user@example.test')
    expect(claims?.email_verified).toBe(true)
    const info = await client.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '')
    expect(info.email).toBe('rp-user@example.test')

    // a wrong state is caught by the client
    await expect(client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 'other', expectedNonce: nonce })).rejects.toThrow()

    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: app.redirectUri, state: 'bye' })
    const browser = new PageClient(base)
    const confirm = await browser.get(logout.pathname + logout.search)
    const out = await browser.submit(confirm, '/auth/oauth2/logout')
    expect(out.status).toBe(303)
    expect(out.location).toBe(`${app.redirectUri}?state=bye`)
    // the ID token's session is over: its access token no longer works
    const after = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(after.status).toBe(401)
  })
})

describe('oauth4webapi', () => {
  it('runs the authorization code flow for a confidential client, with state, nonce and iss checked', async () => {
    const app = await createClient(t.app, { public: false, redirectUris: ['https://backend.example/cb'] })
    const issuer = new URL(base)
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', [oauth.allowInsecureRequests]: true }))
    expect(as.authorization_endpoint).toBe(`${base}/auth/oauth2/authorize`)
    const c: oauth.Client = { client_id: app.clientId }
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const nonce = oauth.generateRandomNonce()
    const url = new URL(as.authorization_endpoint ?? '')
    url.search = new URLSearchParams({
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      response_type: 'code',
      scope: 'openid',
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString()
    const callback = await signIn(new PageClient(base), url.toString(), 'backend-user@example.test')
    const params = oauth.validateAuthResponse(as, c, callback, state)
    // the iss check is real: a response naming another issuer is refused
    const forged = new URL(callback)
    forged.searchParams.set('iss', 'https://other.example')
    expect(() => oauth.validateAuthResponse(as, c, forged, state)).toThrow()
    const response = await oauth.authorizationCodeGrantRequest(as, c, oauth.ClientSecretPost(app.secret ?? ''), params, app.redirectUri, verifier, {
      [oauth.allowInsecureRequests]: true,
    })
    const result = await oauth.processAuthorizationCodeResponse(as, c, response, { expectedNonce: nonce, requireIdToken: true })
    const claims = oauth.getValidatedIdTokenClaims(result)
    expect(claims?.aud).toBe(app.clientId)
    expect(claims?.nonce).toBe(nonce)
    expect(typeof claims?.auth_time).toBe('number')
  })
})
