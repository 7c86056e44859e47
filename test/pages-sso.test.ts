/**
 * Single sign-on at the hosted pages over real HTTP: the browser session a sign-in leaves
 * behind passes later authorizations straight through, and only where it may: not at another
 * brand, not for another brand's app, not past max_age or its own expiry (the test moves the
 * app's clock), not after signing out or a revoked session, not for another login_hint.
 * prompt=none never shows a page and answers the same for every address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createTenant, createTestApp, freePort, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, mailSettled, pkcePair } from './login-helpers.ts'
import { PageClient, signInWithMailedCode } from './page-client.ts'
import { PAGE_SESSION_TTL_SECONDS } from '../src/modules/pages/page-sessions.ts'

let t: TestApp
let base: string
let brandA: number
let brandB: number
let app: { clientId: string; redirectUri: string; secret: string | null }

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  t = await createTestApp({ PUBLIC_URL: base, RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
  await t.app.listen({ port, host: '127.0.0.1' })
  brandA = await createTenant(t, 'Brand A', { signup: 'customers' })
  brandB = await createTenant(t, 'Brand B', { signup: 'customers' })
  app = await createClient(t.app, { public: false, redirectUris: ['https://rp.test/cb'] })
})
afterAll(async () => t.close())

const pkce = pkcePair()

function authorizeUrl(tenantId: number | null, extra: Record<string, string> = {}, client = app): string {
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: client.redirectUri,
    state: 'st',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    scope: 'openid email',
    ...extra,
  })
  return `${tenantId ? `/tenants/${tenantId}` : ''}/auth/oauth2/authorize?${query.toString()}`
}

/** A person signs in with a mailed code under `tenantId`; the browser keeps its session cookie. */
function signIn(browser: PageClient, tenantId: number | null, email: string, extra: Record<string, string> = {}): Promise<URL> {
  return signInWithMailedCode(browser, authorizeUrl(tenantId, extra), email, t.db, () => mailSettled(t.app))
}

/** What the app gets back: a code, or an error, from the redirect (never a page). */
async function silently(browser: PageClient, tenantId: number | null, extra: Record<string, string> = {}, client = app) {
  const res = await browser.get(authorizeUrl(tenantId, { prompt: 'none', ...extra }, client))
  expect(res.status).toBe(302)
  expect(res.headers.get('content-type')).toBeNull()
  const location = new URL(res.location ?? '')
  expect(location.origin + location.pathname).toBe(client.redirectUri)
  return Object.fromEntries(location.searchParams)
}

function redeem(code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/oauth2/token',
    payload: { grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: app.clientId, client_secret: app.secret, redirect_uri: app.redirectUri },
  })
}

describe('single sign-on', () => {
  it("a brand's session signs in at that brand only, for its own and the platform's apps", async () => {
    const browser = new PageClient(base)
    await signIn(browser, brandA, uniqueEmail('sso-a'))
    expect(await silently(browser, brandA)).toMatchObject({ code: expect.any(String), state: 'st', iss: `${base}/tenants/${brandA}` })
    // another brand, and the platform: as if signed out (the page asks; prompt=none answers login_required)
    expect(await silently(browser, brandB)).toMatchObject({ error: 'login_required', iss: `${base}/tenants/${brandB}` })
    expect(await silently(browser, null)).toMatchObject({ error: 'login_required', iss: base })
    const atB = await browser.get(authorizeUrl(brandB))
    expect(atB.status).toBe(200)
    expect(atB.body).toContain('Brand B')
    // an app owned by brand B, sent to brand A's pages, gets no silent sign-in either
    const bApp = await createClient(t.app, { public: false, tenantId: brandB, redirectUris: ['https://b-app.test/cb'] })
    expect(await silently(browser, brandA, {}, bApp)).toMatchObject({ error: 'login_required' })
    const own = await createClient(t.app, { public: false, tenantId: brandA, redirectUris: ['https://a-app.test/cb'] })
    expect(await silently(browser, brandA, {}, own)).toHaveProperty('code')
  })

  it('max_age compares the sign-in time with the clock; the ID token carries that auth_time', async () => {
    const browser = new PageClient(base)
    const first = await signIn(browser, brandA, uniqueEmail('sso-age'))
    const token = await redeem(first.searchParams.get('code') ?? '')
    const authTime = decodeJwt(token.json().id_token).auth_time
    t.clock.advance(120)
    expect(await silently(browser, brandA, { max_age: '60' })).toMatchObject({ error: 'login_required' })
    const passed = await silently(browser, brandA, { max_age: '600' })
    const again = await redeem(passed.code ?? '')
    expect(again.statusCode).toBe(200)
    expect(decodeJwt(again.json().id_token).auth_time).toBe(authTime)
    // past max_age without prompt=none: the page asks for the address again
    expect((await browser.get(authorizeUrl(brandA, { max_age: '60' }))).status).toBe(200)
    // the session itself ends after PAGE_SESSION_TTL_SECONDS
    t.clock.advance(PAGE_SESSION_TTL_SECONDS)
    expect(await silently(browser, brandA)).toMatchObject({ error: 'login_required' })
  })

  it('signing out everywhere, or revoking the session, ends it', async () => {
    const browser = new PageClient(base)
    const email = uniqueEmail('sso-out')
    await signIn(browser, brandA, email)
    expect(await silently(browser, brandA)).toHaveProperty('code')
    const account = await browser.get(`/tenants/${brandA}/account`)
    expect((await browser.submit(account, '/account/signout', { everywhere: '1' })).status).toBe(200)
    expect(await silently(browser, brandA)).toMatchObject({ error: 'login_required' })

    const other = new PageClient(base)
    await signIn(other, brandA, email)
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now(), revoked_reason: 'test' }).where('user_id', '=', user.id).where('client_id', '=', 'trellis:pages').execute()
    expect(await silently(other, brandA)).toMatchObject({ error: 'login_required' })
  })

  it('prompt=none tells nothing about addresses; login_hint must be the session\'s own', async () => {
    const browser = new PageClient(base)
    const email = uniqueEmail('sso-hint')
    await signIn(browser, brandA, email)
    expect(await silently(browser, brandA, { login_hint: email.toUpperCase() })).toHaveProperty('code')
    expect(await silently(browser, brandA, { login_hint: 'someone-else@example.test' })).toMatchObject({ error: 'login_required' })
    // no session: the same answer for an address with an account and one without
    const known = await silently(new PageClient(base), brandA, { login_hint: email })
    const unknown = await silently(new PageClient(base), brandA, { login_hint: uniqueEmail('nobody') })
    expect(known).toEqual(unknown)
  })

  it('prompt=login asks again; a right code replaces the session and its auth_time', async () => {
    const browser = new PageClient(base)
    const email = uniqueEmail('sso-login')
    await signIn(browser, brandA, email)
    const authTime = async () => Number(decodeJwt((await redeem((await silently(browser, brandA)).code ?? '')).json().id_token).auth_time)
    const before = await authTime()
    t.clock.advance(30)
    const page = await browser.get(authorizeUrl(brandA, { prompt: 'login' }))
    expect(page.status).toBe(200)
    expect(page.body).toContain('Email me a code')
    await signIn(browser, brandA, email, { prompt: 'login' })
    expect((await authTime()) - before).toBeGreaterThanOrEqual(30)
  })

  it('faults in prompt, max_age or scope go back to the app; an unverified app still gets a page', async () => {
    const browser = new PageClient(base)
    expect(await silently(browser, brandA, { prompt: 'none login' })).toMatchObject({ error: 'invalid_request' })
    expect(await silently(browser, brandA, { max_age: 'soon' })).toMatchObject({ error: 'invalid_request' })
    const narrow = await createClient(t.app, { public: false, scopes: ['sensors:read'], redirectUris: ['https://narrow.test/cb'] })
    expect(await silently(browser, brandA, { scope: 'openid sensors:write' }, narrow)).toMatchObject({ error: 'invalid_scope' })
    const unverified = await browser.get(authorizeUrl(brandA, { prompt: 'none', redirect_uri: 'https://evil.test/cb' }))
    expect(unverified.status).toBe(400)
    expect(unverified.location).toBeNull()
  })
})
