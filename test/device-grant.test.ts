/**
 * The device authorization grant (RFC 8628) over real HTTP: openid-client discovers the
 * endpoint at a brand's issuer, starts the flow and polls (the device side); the person decides
 * on the hosted page (PageClient, a signed-in browser session). Pending, slow_down, expiry on the
 * moved clock, allow -> tokens, deny -> access_denied, a used user code refused, a client without
 * the grant refused, and the issuers kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as client from 'openid-client'
import * as oauth from 'oauth4webapi'
import { decodeJwt } from 'jose'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { type TestApp, listeningTestApp, uniqueEmail } from './helpers.ts'
import { mailParts, PageClient, type PageResponse } from './page-client.ts'

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

let t: TestApp
let base: string
let brandId: number
let otherBrandId: number
let clientId: string
let person: { id: number; email: string }

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  brandId = (await t.app.services.tenants.create(OPERATOR, { name: 'Acme Screens', signup: 'customers' })).id
  otherBrandId = (await t.app.services.tenants.create(OPERATOR, { name: 'Other Brand', signup: 'customers' })).id
  const { client: made } = await t.app.services.clients.create(OPERATOR, {
    tenantId: brandId,
    name: 'Acme TV',
    public: true,
    redirectUris: [],
    grantTypes: [DEVICE_GRANT, 'refresh_token'],
    scopes: ['openid', 'email', 'sensors:read'],
  })
  clientId = made.client_id
  const email = uniqueEmail('viewer')
  const user = await insertUser(t.db, { email, tenantId: brandId, emailConfirmedAt: t.clock.now() })
  person = { id: user.id, email }
})
afterAll(async () => {
  await t?.close()
})

const issuer = () => `${base}/tenants/${brandId}`

async function discovered(id = clientId): Promise<client.Configuration> {
  return client.discovery(new URL(issuer()), id, undefined, client.None(), { execute: [client.allowInsecureRequests] })
}

/** A browser signed in on the hosted pages under `tenantId` as `userId`. */
async function signedInBrowser(userId = person.id, tenantId: number | null = brandId): Promise<PageClient> {
  const browser = new PageClient(base)
  const { cookie } = await t.app.services.pages.sessions.create(userId, tenantId)
  browser.cookies.set('trellis_session', cookie)
  return browser
}

/** The person types the code at `prefix`'s device page and presses allow or deny. */
async function decide(browser: PageClient, userCode: string, decision: 'approve' | 'deny', prefix = `/tenants/${brandId}`): Promise<PageResponse> {
  const entry = await browser.get(`${prefix}/device`)
  expect(entry.status).toBe(200)
  const asked = await browser.submit(entry, '/device', { user_code: userCode })
  if (asked.status !== 200) return asked
  return browser.submit(asked, '/device/decision', { decision })
}

/** One poll of the token endpoint, as the device sends it. */
async function poll(deviceCode: string, id = clientId) {
  const response = await fetch(`${base}/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: id }).toString(),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('discovery', () => {
  it('lists the device authorization endpoint and grant at the platform and at a tenant issuer', async () => {
    for (const [path, iss] of [['', base], [`/tenants/${brandId}`, issuer()]] as const) {
      for (const doc of ['openid-configuration', 'oauth-authorization-server']) {
        const response = await fetch(`${base}${path}/.well-known/${doc}`)
        const metadata = (await response.json()) as Record<string, unknown>
        expect(metadata.device_authorization_endpoint).toBe(`${iss}/auth/oauth2/device_authorization`)
        expect(metadata.grant_types_supported).toContain(DEVICE_GRANT)
      }
    }
    const config = await discovered()
    expect(config.serverMetadata().device_authorization_endpoint).toBe(`${issuer()}/auth/oauth2/device_authorization`)
  })
})

describe('the device flow', () => {
  it('pending, then allowed on the hosted page: openid-client polls and gets the same tokens as a code exchange', async () => {
    const config = await discovered()
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid email sensors:read' })
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/)
    expect(started.verification_uri).toBe(`${issuer()}/device`)
    expect(started.verification_uri_complete).toBe(`${issuer()}/device?user_code=${encodeURIComponent(started.user_code)}`)
    expect(started.expires_in).toBe(600)
    expect(started.interval).toBe(5)
    // stored as hashes only
    const row = await t.db.selectFrom('device_authorizations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(started.device_code)
    expect(JSON.stringify(row)).not.toContain(started.user_code.replace('-', ''))

    expect((await poll(started.device_code)).body.error).toBe('authorization_pending')

    // the person sees the app, the account and the scopes before allowing
    const browser = await signedInBrowser()
    const entry = await browser.get(`/tenants/${brandId}/device?user_code=${encodeURIComponent(started.user_code)}`)
    expect(entry.body).toContain('Allow Acme TV?')
    expect(entry.body).toContain(person.email)
    expect(entry.body).toContain('<code>sensors:read</code>')
    expect(entry.body).toContain(started.user_code)
    const done = await browser.submit(entry, '/device/decision', { decision: 'approve' })
    expect(done.body).toContain('Done: Acme TV is signed in')

    // the device polls with openid-client; its wait is the test's clock moving, not a sleep
    let polls = 0
    config[client.customFetch] = (url, options) => {
      if (url.endsWith('/auth/oauth2/token')) {
        polls += 1
        t.clock.advance(5)
      }
      // openid-client's body types are the fetch standard's (a Uint8Array is a BufferSource)
      return fetch(url, options as RequestInit)
    }
    const tokens = await client.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 })
    expect(polls).toBe(1)
    expect(tokens.token_type).toBe('bearer')
    expect(tokens.refresh_token).toBeTruthy()
    expect(tokens.scope).toBe('openid email sensors:read')
    const claims = tokens.claims()
    expect(claims?.iss).toBe(issuer())
    expect(claims?.sub).toBe(String(person.id))
    expect(claims?.email).toBe(person.email)
    // auth_time: when the person signed in on the page, before this token
    expect(claims?.auth_time).toBeLessThan(claims?.iat ?? 0)
    const access = decodeJwt(tokens.access_token)
    expect(access).toMatchObject({ iss: issuer(), sub: String(person.id), client_id: clientId, tid: brandId })

    // the access token works, and the refresh token rotates (refresh_token is among the client's grants)
    const info = await client.fetchUserInfo(config, tokens.access_token, String(person.id))
    expect(info.email).toBe(person.email)
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '')
    expect(refreshed.access_token).toBeTruthy()

    // the device code is single-use
    const again = await poll(started.device_code)
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('polling faster than the interval answers slow_down and makes the interval 5 s longer', async () => {
    const config = await discovered()
    const started = await client.initiateDeviceAuthorization(config, {})
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending')
    t.clock.advance(2)
    expect((await poll(started.device_code)).body.error).toBe('slow_down')
    // now 10 s: 6 s after the last poll is still too soon (and it is 15 s after that)
    t.clock.advance(6)
    expect((await poll(started.device_code)).body.error).toBe('slow_down')
    t.clock.advance(16)
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending')
    // a real library reads the answer as RFC 8628 says
    const as = config.serverMetadata() as oauth.AuthorizationServer
    t.clock.advance(1)
    const response = await oauth.deviceCodeGrantRequest(as, { client_id: clientId }, oauth.None(), started.device_code, { [oauth.allowInsecureRequests]: true })
    await expect(oauth.processDeviceCodeResponse(as, { client_id: clientId }, response)).rejects.toMatchObject({ error: 'slow_down' })
  })

  it('denied on the page: access_denied, and the user code cannot be used again', async () => {
    const config = await discovered()
    const started = await client.initiateDeviceAuthorization(config, {})
    const browser = await signedInBrowser()
    const done = await decide(browser, started.user_code, 'deny')
    expect(done.body).toContain('Denied')
    expect(await poll(started.device_code)).toMatchObject({ status: 400, body: { error: 'access_denied' } })
    const reused = await decide(browser, started.user_code, 'approve')
    expect(reused.status).toBe(400)
    expect(reused.body).toContain('That code is not right, has expired or was already used')
    expect((await poll(started.device_code)).body.error).toBe('access_denied')
  })

  it('an allowed user code cannot be allowed again', async () => {
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    const browser = await signedInBrowser()
    expect((await decide(browser, started.user_code, 'approve')).status).toBe(200)
    const again = await decide(browser, started.user_code, 'approve')
    expect(again.status).toBe(400)
  })

  it('expires on the clock: expired_token, and the page no longer knows the code', async () => {
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    t.clock.advance(601)
    expect(await poll(started.device_code)).toMatchObject({ status: 400, body: { error: 'expired_token' } })
    const late = await decide(await signedInBrowser(), started.user_code, 'approve')
    expect(late.status).toBe(400)
  })
})

describe('signed out', () => {
  it("the page is the hosted sign-in, back to the device page; the code waits in a cookie, not in the return address; a new person signs up by the brand's policy", async () => {
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    const browser = new PageClient(base)
    const page = await browser.get(`/tenants/${brandId}/device?user_code=${encodeURIComponent(started.user_code)}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Sign in to connect the device')
    expect(page.body).toContain('Email me a code')
    expect(page.body).not.toContain('Acme TV')
    expect(browser.cookies.get('trellis_device')).toBe(encodeURIComponent(started.user_code))
    const signIn = await t.db.selectFrom('authorization_requests').select('redirect_uri').orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    expect(signIn.redirect_uri).toBe(`${base}/tenants/${brandId}/device`)
    // an address new to the brand signs up as at an app's sign-in (the brand signs customers up), and comes back to the page
    const stranger = uniqueEmail('newcomer')
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email: stranger })
    expect(inbox.status).toBe(200)
    await t.app.services.email.idle()
    const mail = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', stranger).executeTakeFirstOrThrow()
    const back = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: mailParts(mail.text).code ?? '' })
    expect(back.status).toBe(303)
    expect(back.location).toBe(`${base}/tenants/${brandId}/device`)
    expect(await t.db.selectFrom('users').select('tenant_id').where('email', '=', stranger).execute()).toEqual([{ tenant_id: brandId }])
    const asked = await browser.get(back.location ?? '')
    expect(asked.body).toContain('Acme TV')
  })

  it("speaks the browser's language, in the brand's look, with the pages' CSP", async () => {
    const browser = new PageClient(base)
    browser.headers['accept-language'] = 'nl-NL,nl;q=0.9'
    const page = await browser.get(`/tenants/${brandId}/device`)
    expect(page.body).toContain('<html lang="nl">')
    expect(page.body).toContain('Een apparaat koppelen')
    expect(page.body).toContain('Acme Screens')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('cache-control')).toBe('no-store')
    // a form without the page's CSRF token is refused
    const forged = await browser.request('POST', `/tenants/${brandId}/device`, { user_code: 'BCDF-GHJK' })
    expect(forged.status).toBe(403)
  })
})

describe('who may use it', () => {
  it('a client without the grant is refused (unauthorized_client), at the endpoint and at the token endpoint', async () => {
    const { client: plain } = await t.app.services.clients.create(OPERATOR, { tenantId: brandId, name: 'Web app', public: true, redirectUris: ['https://app.test/cb'] })
    const response = await fetch(`${issuer()}/auth/oauth2/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: plain.client_id }).toString(),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toMatchObject({ error: 'unauthorized_client' })
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    expect((await poll(started.device_code, plain.client_id)).body.error).toBe('unauthorized_client')
  })

  it("another client's device code is unknown to it (invalid_grant), and an unknown device code too", async () => {
    const { client: other } = await t.app.services.clients.create(OPERATOR, { tenantId: brandId, name: 'Other TV', public: true, redirectUris: [], grantTypes: [DEVICE_GRANT] })
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    expect(await poll(started.device_code, other.client_id)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await poll('not-a-device-code', other.client_id)).body.error).toBe('invalid_grant')
    // the owner's polls still work
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending')
  })

  it("a tenant's client asks at its own issuer only, and a confidential client authenticates as at the token endpoint", async () => {
    const atOther = await fetch(`${base}/tenants/${otherBrandId}/auth/oauth2/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId }).toString(),
    })
    expect(await atOther.json()).toMatchObject({ error: 'unauthorized_client' })
    const { client: secretive, secret } = await t.app.services.clients.create(OPERATOR, { tenantId: brandId, name: 'Hub', public: false, redirectUris: [], grantTypes: [DEVICE_GRANT] })
    const url = `${issuer()}/auth/oauth2/device_authorization`
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const without = await fetch(url, { method: 'POST', headers: form, body: `client_id=${secretive.client_id}` })
    expect(without.status).toBe(401)
    expect(await without.json()).toMatchObject({ error: 'invalid_client' })
    const basic = Buffer.from(`${secretive.client_id}:${secret ?? ''}`).toString('base64')
    const ok = await fetch(url, { method: 'POST', headers: { ...form, authorization: `Basic ${basic}` }, body: 'scope=' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toHaveProperty('device_code')
  })

  it("a user code of one issuer is not found at another's page, nor decided by an account of another tenant", async () => {
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    // an account of the other brand, signed in at the other brand's page
    const stranger = await insertUser(t.db, { email: uniqueEmail('stranger'), tenantId: otherBrandId, emailConfirmedAt: t.clock.now() })
    const elsewhere = await decide(await signedInBrowser(stranger.id, otherBrandId), started.user_code, 'approve', `/tenants/${otherBrandId}`)
    expect(elsewhere.status).toBe(400)
    // the same stranger's session at this brand's page is no sign-in here: the page asks to sign in
    const page = await (await signedInBrowser(stranger.id, otherBrandId)).get(`/tenants/${brandId}/device?user_code=${started.user_code}`)
    expect(page.body).toContain('Sign in to connect the device')
    expect(page.body).not.toContain('Acme TV')
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending')
  })

  it('wrong user codes are limited per address like failed codes, and a limited person is told to wait', async () => {
    const browser = await signedInBrowser()
    const entry = await browser.get(`/tenants/${brandId}/device`)
    let last: PageResponse | null = null
    for (let i = 0; i < 90 && last?.status !== 429; i++) last = await browser.submit(entry, '/device', { user_code: 'BBBB-BBBB' })
    expect(last?.status).toBe(429)
    expect(last?.body).toContain('Too many requests')
    // a right code is refused too while the budget is spent: guessing cannot continue
    const started = await client.initiateDeviceAuthorization(await discovered(), {})
    expect((await browser.submit(entry, '/device', { user_code: started.user_code })).status).toBe(429)
  })
})
