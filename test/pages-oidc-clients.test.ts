/**
 * Standard clients against the hosted page over real HTTP: oauth4webapi and openid-client
 * (default OpenID Connect discovery) run the whole authorization code flow, checking
 * state, nonce and iss, then read userinfo and sign out through the end_session_endpoint.
 * The page's forms are posted at the HTTP level (cookies kept), as a browser would.
 * Pointed at a tenant's issuer URL, the same libraries run the tenant's branded pages, and a
 * second authorization in the same browser passes through on its session (single sign-on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as oauth from 'oauth4webapi'
import * as client from 'openid-client'
import { decodeJwt } from 'jose'
import { createTenant, type TestApp, listeningTestApp } from './helpers.ts'
import { createClient, mailSettled } from './login-helpers.ts'
import { PageClient, signInWithMailedCode } from './page-client.ts'

let t: TestApp
let base: string

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
})
afterAll(async () => t.close())

/** Plays the person: the email step, then the code from the mail; returns the redirect. */
function signIn(browser: PageClient, authorizationUrl: string, email: string): Promise<URL> {
  return signInWithMailedCode(browser, authorizationUrl, email, t.db, () => mailSettled(t.app))
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

describe("a tenant's issuer", () => {
  let issuer: string
  let tenantId: number
  beforeAll(async () => {
    tenantId = await createTenant(t, 'Acme Air', { signup: 'customers' })
    issuer = `${base}/tenants/${tenantId}`
  })

  async function authorizationUrl(config: client.Configuration, redirectUri: string, extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    })
    return { url, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true } }
  }

  const mailsTo = async (email: string) => (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).length

  it('openid-client discovers it and runs code + PKCE through the branded page; the same browser then signs in without a code', async () => {
    const app = await createClient(t.app, { redirectUris: ['https://brand-rp.example/callback'] })
    const config = await client.discovery(new URL(issuer), app.clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] })
    expect(config.serverMetadata()).toMatchObject({ issuer, authorization_endpoint: `${issuer}/auth/oauth2/authorize`, token_endpoint: `${base}/auth/oauth2/token` })

    const browser = new PageClient(base)
    const email = 'brand-rp@example.test'
    const first = await authorizationUrl(config, app.redirectUri)
    const page = await browser.get(first.url.toString())
    expect(page.body).toContain('Acme Air')
    const callback = await signIn(browser, first.url.toString(), email)
    expect(callback.searchParams.get('iss')).toBe(issuer)
    const tokens = await client.authorizationCodeGrant(config, callback, first.checks)
    const claims = tokens.claims()
    expect(claims).toMatchObject({ iss: issuer, aud: app.clientId, email })
    // a token asked for `openid email` carries exactly those; access tokens name the tenant's issuer and the platform as audience, which accepts them
    expect(tokens.scope).toBe('openid email')
    expect(decodeJwt(tokens.access_token)).toMatchObject({ scope: 'openid email', iss: issuer, aud: base, tid: tenantId })
    expect((await client.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '')).email).toBe(email)
    const mailed = await mailsTo(email)

    // another app of the platform, in the same browser: straight through, no page, no new code
    const other = await createClient(t.app, { redirectUris: ['https://second-rp.example/callback'] })
    const otherConfig = await client.discovery(new URL(issuer), other.clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] })
    const second = await authorizationUrl(otherConfig, other.redirectUri)
    const passed = await browser.get(second.url.toString())
    expect(passed.status).toBe(302)
    const again = await client.authorizationCodeGrant(otherConfig, new URL(passed.location ?? ''), second.checks)
    expect(again.claims()).toMatchObject({ iss: issuer, sub: claims?.sub, auth_time: claims?.auth_time })
    expect(await mailsTo(email)).toBe(mailed)

    // prompt=none: a code when signed in, login_required (with iss and state) when not
    const silent = await authorizationUrl(config, app.redirectUri, { prompt: 'none' })
    const renewed = await browser.get(silent.url.toString())
    expect((await client.authorizationCodeGrant(config, new URL(renewed.location ?? ''), silent.checks)).claims()?.sub).toBe(claims?.sub)
    const stranger = await new PageClient(base).get(silent.url.toString())
    expect(stranger.status).toBe(302)
    const refused = new URL(stranger.location ?? '')
    expect(refused.origin + refused.pathname).toBe(app.redirectUri)
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: 'login_required', iss: issuer, state: silent.checks.expectedState })

    // prompt=login asks again, on the branded page
    const fresh = await authorizationUrl(config, app.redirectUri, { prompt: 'login' })
    const asked = await browser.get(fresh.url.toString())
    expect(asked.status).toBe(200)
    expect(asked.body).toContain('Email me a code')

    // signing out at the tenant's end_session_endpoint (the hint is the tenant's ID token) ends the app session and the browser's
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: app.redirectUri, state: 'bye' })
    expect(logout.origin + logout.pathname).toBe(`${issuer}/auth/oauth2/logout`)
    const out = await browser.submit(await browser.get(logout.pathname + logout.search), '/auth/oauth2/logout')
    expect(out.location).toBe(`${app.redirectUri}?state=bye`)
    expect((await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401)
    const after = await browser.get((await authorizationUrl(config, app.redirectUri, { prompt: 'none' })).url.toString())
    expect(new URL(after.location ?? '').searchParams.get('error')).toBe('login_required')
  })

  it('oauth4webapi finds its OAuth metadata at the RFC 8414 address; an unknown tenant has no issuer', async () => {
    const url = new URL(issuer)
    const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true }))
    expect(as).toMatchObject({ issuer, authorization_endpoint: `${issuer}/auth/oauth2/authorize`, passwordless_login_code_endpoint: `${issuer}/auth/passwordlessLogin/code` })
    expect((await fetch(`${issuer}/.well-known/oauth-authorization-server`)).status).toBe(200)
    for (const path of ['/tenants/999999/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/tenants/999999']) {
      const missing = await fetch(`${base}${path}`)
      expect(missing.status, path).toBe(404)
      expect(await missing.json()).toMatchObject({ success: false, code: 'not_found' })
    }
  })
})
