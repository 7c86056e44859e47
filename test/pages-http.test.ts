/**
 * The hosted pages over real HTTP, without a browser: the authorization endpoint's checks,
 * the whole flow by typed code and by link, the same-browser binding, OpenID Connect
 * (ID token, userinfo, discovery, sign-out), CORS, and every link of every default email.
 */
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createActor, createTenant, type TestApp, listeningTestApp } from './helpers.ts'
import { createClient, pkcePair, mailSettled } from './login-helpers.ts'
import { mailParts, PageClient } from './page-client.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'

let t: TestApp
let base: string

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
})
afterAll(async () => t.close())

async function lastMail(to: string) {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return { ...row, ...mailParts(row.text) }
}

function authorizeUrl(params: Record<string, string>, tenantId?: number): string {
  return `${tenantId ? `/tenants/${tenantId}` : ''}/auth/oauth2/authorize?${new URLSearchParams(params).toString()}`
}

describe('authorization endpoint checks', () => {
  it('shows errors on the page until client_id and redirect_uri are verified', async () => {
    const { clientId } = await createClient(t.app)
    const browser = new PageClient(base)
    const missing = await browser.get(authorizeUrl({ response_type: 'code' }))
    expect(missing.status).toBe(400)
    expect(missing.headers.get('content-type')).toContain('text/html')
    expect(missing.body).toContain('did not say which app it is')
    const unknown = await browser.get(authorizeUrl({ client_id: 'nope', response_type: 'code', redirect_uri: 'https://evil.test/cb' }))
    expect(unknown.body).toContain('not registered')
    expect(unknown.location).toBeNull()
    const wrongRedirect = await browser.get(authorizeUrl({ client_id: clientId, response_type: 'code', redirect_uri: 'https://evil.test/cb' }))
    expect(wrongRedirect.status).toBe(400)
    expect(wrongRedirect.location).toBeNull()
    expect(wrongRedirect.body).toContain('has not registered')
    expect(wrongRedirect.headers.get('cache-control')).toBe('no-store')
    expect(wrongRedirect.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('sends later errors back to the verified redirect URI with state and iss', async () => {
    const { clientId, redirectUri } = await createClient(t.app)
    const browser = new PageClient(base)
    const r = await browser.get(authorizeUrl({ client_id: clientId, response_type: 'token', redirect_uri: redirectUri, state: 's1' }))
    expect(r.status).toBe(302)
    const location = new URL(r.location ?? '')
    expect(location.origin + location.pathname).toBe(redirectUri)
    expect(location.searchParams.get('error')).toBe('unsupported_response_type')
    expect(location.searchParams.get('state')).toBe('s1')
    expect(location.searchParams.get('iss')).toBe(base)
    const noPkce = await browser.get(authorizeUrl({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, state: 's2' }))
    expect(new URL(noPkce.location ?? '').searchParams.get('error')).toBe('invalid_request')
  })

  it('answers a bad or unknown tenant prefix with a page', async () => {
    const browser = new PageClient(base)
    const bad = await browser.get('/tenants/abc/auth/oauth2/authorize?client_id=x')
    expect(bad.status).toBe(400)
    expect(bad.headers.get('content-type')).toContain('text/html')
    const unknown = await browser.get('/tenants/999999/reset-password?token=x')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toContain('This page does not exist')
  })

  it('lists the authorization endpoint in the metadata', async () => {
    const meta = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>
    expect(meta.authorization_endpoint).toBe(`${base}/auth/oauth2/authorize`)
    const oidc = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(oidc.userinfo_endpoint).toBe(`${base}/userinfo`)
    expect(oidc.end_session_endpoint).toBe(`${base}/auth/oauth2/logout`)
    // RS256 first: OpenID Connect Discovery requires it; a client may ask for ES256
    expect(oidc.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256'])
    expect(meta.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256'])
  })
})

describe('the icon', () => {
  it('every page names an icon that answers: the platform’s, or a brand’s logo; /favicon.ico answers too', async () => {
    const browser = new PageClient(base)
    const page = await browser.get('/account')
    expect(page.body).toContain('<link rel="icon" href="/pages/favicon.svg">')
    for (const path of ['/pages/favicon.svg', '/favicon.ico']) {
      const icon = await fetch(`${base}${path}`)
      expect(icon.status).toBe(200)
      expect(icon.headers.get('content-type')).toBe('image/svg+xml')
      expect(await icon.text()).toMatch(/^<svg /)
    }
    const brand = await t.app.services.tenants.create(OPERATOR, { name: 'Logo Brand', logoUrl: 'https://cdn.logo.example/logo.png' })
    expect((await browser.get(`/tenants/${brand.id}/account`)).body).toContain('<link rel="icon" href="https://cdn.logo.example/logo.png">')
  })
})

describe('the page flow', () => {
  async function start(browser: PageClient, extra: Record<string, string> = {}, tenantId?: number) {
    const client = await createClient(t.app)
    const pkce = pkcePair()
    const page = await browser.get(
      authorizeUrl(
        { client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 'st-1', code_challenge: pkce.challenge, code_challenge_method: 'S256', ...extra },
        tenantId,
      ),
    )
    expect(page.status).toBe(200)
    return { client, pkce, page }
  }

  it('typed code: redirects with code, state and iss; the token endpoint redeems it with an ID token', async () => {
    const browser = new PageClient(base)
    const { client, pkce, page } = await start(browser, { scope: 'openid email my_scope', nonce: 'n-1' })
    const email = 'typed@example.test'
    await insertUser(t.db, { email, emailConfirmedAt: null })
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
    expect(inbox.body).toContain('Check your inbox')
    const mail = await lastMail(email)
    expect(mail.code).not.toBeNull()
    const wrong = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: 'AAAAA-AAAAA' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('That code is not right')
    const done = await browser.submit(wrong, '/auth/oauth2/authorize/code', { code: (mail.code ?? '').toLowerCase() })
    expect(done.status).toBe(303)
    const location = new URL(done.location ?? '')
    expect(location.searchParams.get('state')).toBe('st-1')
    expect(location.searchParams.get('iss')).toBe(base)
    const code = location.searchParams.get('code') ?? ''
    const token = await fetch(`${base}/auth/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }),
    })
    expect(token.status).toBe(200)
    const body = (await token.json()) as { access_token: string; id_token: string }
    const claims = decodeJwt(body.id_token)
    expect(claims).toMatchObject({ iss: base, aud: client.clientId, nonce: 'n-1', email, email_verified: true })
    expect(typeof claims.auth_time).toBe('number')
    const info = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${body.access_token}` } })
    expect(await info.json()).toMatchObject({ email, email_verified: true, sub: claims.sub })
    const posted = await fetch(`${base}/userinfo`, { method: 'POST', headers: { authorization: `Bearer ${body.access_token}` } })
    expect(await posted.json()).toMatchObject({ email, sub: claims.sub })
    expect((await fetch(`${base}/userinfo`)).status).toBe(401)
    // the hosted login also signed this browser in to its account page
    const account = await browser.get('/account')
    expect(account.body).toContain(email)
  })

  it('the link finishes in the browser that started; elsewhere it shows the code', async () => {
    const browser = new PageClient(base)
    const { page } = await start(browser)
    const email = 'linked@example.test'
    await browser.submit(page, '/auth/oauth2/authorize/email', { email })
    const mail = await lastMail(email)
    const link = mail.links.find((l) => l.includes('/auth/oauth2/authorize/link'))
    expect(link).toBeDefined()
    const elsewhere = await new PageClient(base).get(link ?? '')
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.body).toContain(mail.code ?? 'no code')
    expect(elsewhere.location).toBeNull()
    const here = await browser.get(link ?? '')
    expect(here.status).toBe(303)
    expect(new URL(here.location ?? '').searchParams.get('code')).toBe(mail.code)
  })

  it('refuses a form without its CSRF token, in words', async () => {
    const browser = new PageClient(base)
    const { page } = await start(browser)
    const forged = await browser.submit(page, '/auth/oauth2/authorize/email', { email: 'x@example.test', _csrf: 'forged' })
    expect(forged.status).toBe(403)
    expect(forged.headers.get('content-type')).toContain('text/html')
    expect(forged.body).toContain('Reload the page')
  })

  it("follows the tenant's sign-up policy, answering the same either way", async () => {
    const closed = await t.app.services.tenants.create(OPERATOR, { name: 'Closed' })
    const browser = new PageClient(base)
    const { page } = await start(browser, {}, closed.id)
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email: 'stranger@example.test' })
    expect(inbox.status).toBe(200)
    expect(inbox.body).toContain('Check your inbox')
    await mailSettled(t.app)
    const sent = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'stranger@example.test').execute()
    expect(sent).toEqual([])
  })

  it("under a closed tenant, a platform account gets the platform's email and signs in to its platform account", async () => {
    const closed = await t.app.services.tenants.create(OPERATOR, { name: 'Closed Brand' })
    const platform = await createActor(t)
    const browser = new PageClient(base)
    const { client, pkce, page } = await start(browser, {}, closed.id)
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email: platform.user.email })
    const mail = await lastMail(platform.user.email)
    expect({ tenant: mail.tenant_id, from: mail.from_name }).toEqual({ tenant: null, from: 'Trellis' })
    const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: mail.code ?? '' })
    expect(done.status).toBe(303)
    const code = new URL(done.location ?? '').searchParams.get('code') ?? ''
    const token = await fetch(`${base}/auth/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }),
    })
    const me = await fetch(`${base}/users/current`, { headers: { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` } })
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(platform.user.id)
    // the page session is that account's too
    expect((await browser.get('/account')).body).toContain(platform.user.email)
  })

  it('accepts the official Homey app request and ignores its unknown scope', async () => {
    const tenantId = await createTenant(t, 'Duux', { signup: 'customers' })
    const { clientId } = await createClient(t.app, { public: false, redirectUris: ['https://callback.athom.com/oauth2/callback'] })
    const browser = new PageClient(base)
    const state = crypto.randomUUID()
    const page = await browser.get(
      `/tenants/${tenantId}/auth/oauth2/authorize?loginRedirectType=passwordless&state=${state}&client_id=${clientId}&response_type=code&scope=my_scope&redirect_uri=https%3A%2F%2Fcallback.athom.com%2Foauth2%2Fcallback`,
    )
    expect(page.status).toBe(200)
    expect(page.body).toContain('Duux')
    expect(page.headers.get('content-security-policy')).toContain('form-action \'self\' https://callback.athom.com')
  })
})

describe('CORS', () => {
  it('answers preflights for allowed origins only, without credentials', async () => {
    await createClient(t.app, { redirectUris: ['http://localhost:8080/callback'] })
    const preflight = (origin: string, path: string) =>
      fetch(`${base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    for (const path of ['/auth/oauth2/token', '/auth/passwordlessLogin/code', '/auth/oauth2/revoke', '/userinfo', '/users/current', '/tenants/1/sensors']) {
      const ok = await preflight('http://localhost:8080', path)
      expect(ok.status, path).toBe(204)
      expect(ok.headers.get('access-control-allow-origin'), path).toBe('http://localhost:8080')
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull()
      const refused = await preflight('http://evil.test', path)
      expect(refused.headers.get('access-control-allow-origin'), path).toBeNull()
    }
    const actual = await fetch(`${base}/userinfo`, { headers: { origin: 'http://localhost:8080' } })
    expect(actual.status).toBe(401)
    expect(actual.headers.get('access-control-allow-origin')).toBe('http://localhost:8080')
    expect(actual.headers.get('vary')).toContain('Origin')
    // the hosted pages are not for other origins
    const page = await fetch(`${base}/forgot-password`, { headers: { origin: 'http://localhost:8080' } })
    expect(page.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('uses an explicit allowedOrigins list instead of the redirect URIs when set', async () => {
    const created = await t.app.services.clients.create(OPERATOR, { name: 'SPA', public: true, redirectUris: ['https://spa-redirect.test/cb'], allowedOrigins: ['https://spa.test'] })
    expect(created.client.allowed_origins).toEqual(['https://spa.test'])
    const ask = (origin: string) => fetch(`${base}/auth/oauth2/token`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
    expect((await ask('https://spa.test')).headers.get('access-control-allow-origin')).toBe('https://spa.test')
    expect((await ask('https://spa-redirect.test')).headers.get('access-control-allow-origin')).toBeNull()
    await expect(t.app.services.clients.create(OPERATOR, { name: 'Bad', redirectUris: [], allowedOrigins: ['*'] })).rejects.toThrow(/must be an origin/)
  })
})

describe('every link of every default email', () => {
  it('answers 200 with a working page', async () => {
    const email = 'links@example.test'
    await fetch(`${base}/users/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a long passphrase' }) })
    await fetch(`${base}/users/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a long passphrase' }) })
    await fetch(`${base}/users/forgotPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })
    const inviting = await createTenant(t, 'Inviting')
    const admin = await createActor(t, { tenantId: inviting, role: 'admin' })
    // from another network: this one already spent its share of the address (3 mails at once), which invitations spend too
    const invited = await t.app.inject({ method: 'POST', url: `/tenants/${inviting}/members`, headers: admin.headers, payload: { email, role: 'member' }, remoteAddress: '192.0.2.44' })
    expect(invited.statusCode).toBe(201)
    await mailSettled(t.app)
    const rows = await t.db.selectFrom('email_outbox').select(['type', 'text']).where('to_address', '=', email).execute()
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['emailConfirmation', 'accountExists', 'passwordReset', 'invitation']))
    const links = rows.flatMap((r) => mailParts(r.text).links)
    expect(links.length).toBeGreaterThanOrEqual(4)
    expect(links.some((l) => l.includes('/invitations/accept?token='))).toBe(true)
    for (const link of links) {
      const page = await new PageClient(base).get(link)
      expect(page.status, link).toBe(200)
      expect(page.headers.get('content-type'), link).toContain('text/html')
      expect(page.body, link).toMatch(/<form method="post"/)
    }
  })

  it("a tenant's emails open its branded pages", async () => {
    const tenantId = await createTenant(t, 'Branded Links', { signup: 'members' })
    const email = 'tenant-links@example.test'
    const post = (path: string, body: object) => fetch(`${base}/tenants/${tenantId}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    await post('/users/register', { email, password: 'a long passphrase' })
    await post('/users/forgotPassword', { email })
    await mailSettled(t.app)
    const rows = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).execute()
    const links = rows.flatMap((r) => mailParts(r.text).links)
    expect(links.length).toBe(2)
    for (const link of links) {
      expect(link).toContain(`/tenants/${tenantId}/`)
      const page = await new PageClient(base).get(link)
      expect(page.status, link).toBe(200)
      expect(page.body, link).toContain('Branded Links')
    }
  })
})
