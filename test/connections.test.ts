/**
 * Upstream connections: the admin API, and the full round trip over real HTTP against real
 * OpenID providers run locally (node-oidc-provider, Google-like and Apple-like: test/oidc-upstream.ts),
 * with a cookie jar playing the browser. The app gets Trellis tokens; the second sign-in finds the
 * same account; an address that already has an account is linked only after the emailed code;
 * a brand's connection is never used at another brand; the ID token's checks refuse a wrong
 * nonce, audience, issuer or an expired token.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt, SignJWT } from 'jose'
import { createActor, createTenant, freePort, type TestApp, createTestApp, uniqueEmail } from './helpers.ts'
import { createClient, mailSettled, pkcePair } from './login-helpers.ts'
import { mailParts, PageClient, type PageResponse } from './page-client.ts'
import { startUpstream, type Upstream } from './oidc-upstream.ts'
import { canonicalIssuer, issuersOf, UpstreamClient } from '../src/modules/connections/upstream.ts'
import { systemResolver } from '../src/modules/webhooks/index.ts'

let t: TestApp
let base: string
let brandA: number
let brandB: number
let google: Upstream
let apple: Upstream
let adminA: { headers: { authorization: string } }
let adminB: { headers: { authorization: string } }
let app: { clientId: string; redirectUri: string; secret: string | null }
let googleId: number
let appleId: number
const pkce = pkcePair()

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  t = await createTestApp({ PUBLIC_URL: base, RATE_LIMIT_MAIL_PER_IP: '100000/1s', UPSTREAM_ALLOW_PRIVATE_ISSUERS: 'true' })
  await t.app.listen({ port, host: '127.0.0.1' })
  brandA = await createTenant(t, 'Brand A', { signup: 'customers' })
  brandB = await createTenant(t, 'Brand B', { signup: 'customers' })
  adminA = await createActor(t, { tenantId: brandA, role: 'admin' })
  adminB = await createActor(t, { tenantId: brandB, role: 'admin' })
  app = await createClient(t.app, { public: false, tenantId: brandA, redirectUris: ['https://a-app.test/cb'] })
  google = await startUpstream('google', `${base}/auth/upstream/callback`)
  apple = await startUpstream('apple', `${base}/auth/upstream/callback`)
})
afterAll(async () => {
  await t.close()
  await Promise.all([google.close(), apple.close()])
})

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: { headers: { authorization: string } }, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })

function authorizeUrl(tenantId: number): string {
  const query = new URLSearchParams({ client_id: app.clientId, response_type: 'code', redirect_uri: app.redirectUri, state: 'st', code_challenge: pkce.challenge, code_challenge_method: 'S256', scope: 'openid email' })
  return `/tenants/${tenantId}/auth/oauth2/authorize?${query.toString()}`
}

/** Presses the provider button of `connectionId` on the sign-in page. */
function press(browser: PageClient, page: PageResponse, connectionId: number) {
  const form = [...page.body.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((f) => f[2]?.includes(`name="connection" value="${connectionId}"`))
  if (!form?.[1] || !form[2]) throw new Error(`no button for connection ${connectionId}`)
  const hidden = Object.fromEntries([...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]))
  return browser.request('POST', form[1], hidden as Record<string, string>)
}

/** Plays the person at the provider: its login form, then its answer back to Trellis (form_post for Apple, with `user` the first time). */
async function atProvider(browser: PageClient, start: PageResponse, login: string, appleUser?: object): Promise<PageResponse> {
  let res = start
  for (let hops = 0; hops < 12; hops += 1) {
    if (res.status >= 300 && res.status < 400 && res.location) {
      const next = new URL(res.location, res.url)
      if (next.origin === base) return browser.get(next.toString())
      res = await browser.get(next.toString())
      continue
    }
    const loginForm = /<form[^>]*action="([^"]+)"[^>]*>[\s\S]*?name="login"/.exec(res.body)
    if (loginForm?.[1]) {
      res = await browser.request('POST', new URL(loginForm[1], res.url).toString(), { prompt: 'login', login, password: 'any' })
      continue
    }
    const post = /<form method="post" action="([^"]+)"/.exec(res.body)
    if (post?.[1]) {
      const fields = Object.fromEntries([...res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]))
      return browser.request('POST', post[1], { ...(fields as Record<string, string>), ...(appleUser ? { user: JSON.stringify(appleUser) } : {}) })
    }
    throw new Error(`stuck at the provider (${res.status}): ${res.body.slice(0, 500)}`)
  }
  throw new Error('too many hops at the provider')
}

/** Follows Trellis's own redirects (a form_post answer's 303) until the app's redirect URI or a page. */
async function toApp(browser: PageClient, res: PageResponse): Promise<PageResponse> {
  let current = res
  while (current.status === 303 && current.location && new URL(current.location, base).origin === base) current = await browser.get(current.location)
  return current
}

function redeem(code: string) {
  return t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: app.clientId, client_secret: app.secret, redirect_uri: app.redirectUri } })
}

async function signInWith(connectionId: number, upstream: Upstream, login: string, appleUser?: object) {
  const browser = new PageClient(base)
  const page = await browser.get(authorizeUrl(brandA))
  expect(page.status).toBe(200)
  const started = await press(browser, page, connectionId)
  expect(started.status).toBe(303)
  expect(started.location).toContain(upstream.issuer)
  const done = await toApp(browser, await atProvider(browser, started, login, appleUser))
  return { browser, done }
}

async function tokensFrom(done: PageResponse) {
  expect(done.status).toBe(303)
  const back = new URL(done.location ?? '')
  expect(back.origin + back.pathname).toBe(app.redirectUri)
  const tokens = await redeem(back.searchParams.get('code') ?? '')
  expect(tokens.statusCode).toBe(200)
  return tokens.json<{ access_token: string; id_token: string }>()
}

describe('connections: the admin API', () => {
  it("a brand's admins add Google and Apple; secrets are never returned; another brand sees none of them", async () => {
    const made = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'google', issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret })
    expect(made.statusCode).toBe(201)
    expect(made.body).not.toContain(google.clientSecret)
    expect(made.json()).toMatchObject({ kind: 'google', name: 'Google', tenantId: brandA, hasSecret: true, redirectUri: `${base}/auth/upstream/callback`, scopes: ['openid', 'email', 'profile'] })
    googleId = made.json<{ id: number }>().id
    const key = apple.apple!
    const madeApple = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'apple', issuer: apple.issuer, clientId: apple.clientId, teamId: key.teamId, keyId: key.keyId, privateKey: key.privateKey })
    expect(madeApple.statusCode).toBe(201)
    expect(madeApple.body).not.toContain('PRIVATE KEY')
    appleId = madeApple.json<{ id: number }>().id
    // sealed at rest
    const row = await t.db.selectFrom('upstream_connections').selectAll().where('id', '=', googleId).executeTakeFirstOrThrow()
    expect(row.client_secret).toMatch(/^tsk1\./)
    expect((await api('GET', `/tenants/${brandA}/v4/connections`, adminA)).json<{ connections: unknown[] }>().connections).toHaveLength(2)
    expect((await api('GET', `/tenants/${brandB}/v4/connections`, adminB)).json<{ connections: unknown[] }>().connections).toHaveLength(0)
    expect((await api('GET', `/tenants/${brandB}/v4/connections/${googleId}`, adminB)).statusCode).toBe(404)
    expect((await api('GET', `/tenants/${brandA}/v4/connections`, adminB)).statusCode).toBe(404)
    expect((await api('GET', '/v4/connections', adminA)).statusCode).toBe(403)
  })

  it('refuses a bad issuer, a missing secret and a key that is not ES256', async () => {
    const bad = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'oidc', issuer: 'ftp://x.test', clientId: 'c', clientSecret: 's' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'invalid_issuer' })
    expect((await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'oidc', issuer: google.issuer, clientId: 'c' })).statusCode).toBe(400)
    const key = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'apple', clientId: 'c', teamId: 'T', keyId: 'K', privateKey: 'not a key' })
    expect(key.json()).toMatchObject({ code: 'invalid_apple_key' })
  })

  it('tests a connection: discovery and keys fetched now', async () => {
    const tested = await api('POST', `/tenants/${brandA}/v4/connections/${googleId}/test`, adminA)
    expect(tested.json()).toMatchObject({ ok: true, issuer: google.issuer, keys: 1 })
    expect((await api('POST', `/tenants/${brandA}/v4/connections/${appleId}/test`, adminA)).json()).toMatchObject({ ok: true })
  })
})

describe('connections: signing in through a provider', () => {
  it('Google-like: a new person signs in, the app gets tokens, the second sign-in finds the same account', async () => {
    const email = uniqueEmail('g-new')
    google.people.set('g-1', { email, emailVerified: true, name: 'Gina Google' })
    const first = await signInWith(googleId, google, 'g-1')
    const tokens = await tokensFrom(first.done)
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(decodeJwt(tokens.access_token).sub).toBe(String(user.id))
    expect(user.tenant_id).toBe(brandA)
    expect(user.display_name).toBe('Gina Google')
    const second = await signInWith(googleId, google, 'g-1')
    expect(decodeJwt((await tokensFrom(second.done)).access_token).sub).toBe(String(user.id))
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'identity.link').where('tenant_id', '=', brandA).execute()
    expect(audit.length).toBeGreaterThan(0)
  })

  it("the device page's sign-in offers the brand's providers too, and comes back to the device page signed in", async () => {
    const email = uniqueEmail('g-device')
    google.people.set('g-device', { email, emailVerified: true, name: 'Dee Vice' })
    const browser = new PageClient(base)
    const page = await browser.get(`/tenants/${brandA}/device`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Continue with Google')
    const started = await press(browser, page, googleId)
    expect(started.status).toBe(303)
    expect(started.location).toContain(google.issuer)
    const done = await toApp(browser, await atProvider(browser, started, 'g-device'))
    expect(done.status).toBe(200)
    expect(done.url).toBe(`${base}/tenants/${brandA}/device`)
    expect((await t.db.selectFrom('users').select('tenant_id').where('email', '=', email).executeTakeFirstOrThrow()).tenant_id).toBe(brandA)
    // the account page's sign-in signs in accounts that exist: no provider starts there
    const account = await new PageClient(base).get(`/tenants/${brandA}/account`)
    expect(account.body).not.toContain('Continue with Google')
  })

  it('a provider that keeps the address for its userinfo endpoint: read there, for the ID token\'s subject', async () => {
    const idp = await startUpstream('google', `${base}/auth/upstream/callback`, { userinfoOnly: true })
    try {
      const created = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'oidc', name: 'Acme ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })
      expect(created.statusCode, created.body).toBe(201)
      const email = uniqueEmail('userinfo')
      idp.people.set('u-1', { email, emailVerified: true, name: 'Uma Info' })
      const { done } = await signInWith((created.json() as { id: number }).id, idp, 'u-1')
      const tokens = await tokensFrom(done)
      const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
      expect(decodeJwt(tokens.access_token).sub).toBe(String(user.id))
      expect(user.tenant_id).toBe(brandA)
    } finally {
      await idp.close()
    }
  })

  it('Apple-like: form_post, ES256, email_verified "true", the name from the first sign-in only', async () => {
    const email = uniqueEmail('a-new')
    apple.people.set('a-1', { email, emailVerified: true })
    const first = await signInWith(appleId, apple, 'a-1', { name: { firstName: 'Ada', lastName: 'Apple' }, email })
    const tokens = await tokensFrom(first.done)
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(decodeJwt(tokens.access_token).sub).toBe(String(user.id))
    expect(user.display_name).toBe('Ada Apple')
    const second = await signInWith(appleId, apple, 'a-1')
    expect(decodeJwt((await tokensFrom(second.done)).access_token).sub).toBe(String(user.id))
  })

  it('an address with an account is linked only after the emailed code; a wrong code links nothing', async () => {
    const email = uniqueEmail('g-owner')
    const owner = await createActor(t, { belongsTo: brandA, email })
    google.people.set('g-claims', { email, emailVerified: true })
    const { browser, done } = await signInWith(googleId, google, 'g-claims')
    expect(done.status).toBe(200)
    expect(done.body).toContain('type the code we emailed')
    const linked = () => t.db.selectFrom('upstream_identities').selectAll().where('user_id', '=', owner.user.id).execute()
    const wrong = await browser.submit(done, '/auth/oauth2/authorize/code', { code: 'AAAAA-AAAAA' })
    expect(wrong.status).toBe(400)
    expect(await linked()).toHaveLength(0)
    await mailSettled(t.app)
    const mail = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
    const right = await browser.submit(done, '/auth/oauth2/authorize/code', { code: mailParts(mail.text).code ?? '' })
    expect(right.status).toBe(303)
    expect(await linked()).toHaveLength(1)
    // from now on the provider alone signs the owner in
    const again = await signInWith(googleId, google, 'g-claims')
    expect(decodeJwt((await tokensFrom(again.done)).access_token).sub).toBe(String(owner.user.id))
  })

  it('the account page lists the linked providers and unlinks one, audited', async () => {
    const email = uniqueEmail('g-unlink')
    google.people.set('g-unlink', { email, emailVerified: true })
    const { browser, done } = await signInWith(googleId, google, 'g-unlink')
    await tokensFrom(done)
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const page = await browser.get(`/tenants/${brandA}/account/providers`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Unlink Google')
    expect(page.body).toContain(email)
    const after = await browser.submit(page, '/account/providers/unlink')
    expect(after.status).toBe(200)
    expect(after.body).toContain('The provider is unlinked.')
    expect(await t.db.selectFrom('upstream_identities').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    const audit = await t.db.selectFrom('audit_log').select(['action', 'tenant_id']).where('action', '=', 'identity.unlink').where('target_id', '=', String(user.id)).execute()
    expect(audit).toEqual([{ action: 'identity.unlink', tenant_id: brandA }])
    // signed out, the page asks to sign in
    expect((await new PageClient(base).get(`/tenants/${brandA}/account/providers`)).status).toBe(401)
  })

  it('a provider that is down gets no button; the page shows the other ways in', async () => {
    const down = await api('POST', `/tenants/${brandA}/v4/connections`, adminA, { kind: 'oidc', name: 'Down', issuer: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' })
    expect(down.statusCode).toBe(201)
    const tested = await api('POST', `/tenants/${brandA}/v4/connections/${down.json<{ id: number }>().id}/test`, adminA)
    expect(tested.json()).toMatchObject({ ok: false, problem: expect.stringContaining('did not answer') })
    const page = await new PageClient(base).get(authorizeUrl(brandA))
    expect(page.status).toBe(200)
    expect(page.body).toContain('Continue with Google')
    expect(page.body).not.toContain('Continue with Down')
    expect(page.body).toContain('Email me a code')
    expect((await api('DELETE', `/tenants/${brandA}/v4/connections/${down.json<{ id: number }>().id}`, adminA)).statusCode).toBe(204)
  })

  it("a brand's connection is never used at another brand", async () => {
    const browser = new PageClient(base)
    const atB = await browser.get(authorizeUrl(brandB))
    expect(atB.status).toBe(200)
    expect(atB.body).not.toContain('Continue with Google')
    const request = /name="request" value="([^"]+)"/.exec(atB.body)?.[1] ?? ''
    const csrf = /name="_csrf" value="([^"]+)"/.exec(atB.body)?.[1] ?? ''
    const forced = await browser.request('POST', `/tenants/${brandB}/auth/oauth2/authorize/upstream`, { _csrf: csrf, request, connection: String(googleId) })
    expect(forced.status).toBe(400)
    expect(forced.location).toBeNull()
  })

  it('a replayed or expired callback is refused', async () => {
    google.people.set('g-late', { email: uniqueEmail('g-late'), emailVerified: true })
    const browser = new PageClient(base)
    const page = await browser.get(authorizeUrl(brandA))
    const started = await press(browser, page, googleId)
    t.clock.advance(601)
    const late = await toApp(browser, await atProvider(browser, started, 'g-late'))
    expect(late.status).toBe(400)
    expect(late.body).toContain('did not complete')
  })
})

describe('connections: the ID token checks', () => {
  const client = () => new UpstreamClient(t.clock, { allowPrivate: true, resolve: systemResolver })
  const token = (claims: Record<string, unknown>, exp = Math.floor(t.clock.now().getTime() / 1000) + 300) =>
    new SignJWT({ nonce: 'n-1', ...claims }).setProtectedHeader({ alg: google.signingAlg, kid: 'google-key' }).setIssuer(String(claims.iss ?? google.issuer)).setAudience(String(claims.aud ?? google.clientId)).setSubject('s-1').setIssuedAt(Math.floor(t.clock.now().getTime() / 1000)).setExpirationTime(exp).sign(google.signingKey)

  it('accepts a good token and refuses a wrong nonce, audience, issuer or an expired one', async () => {
    const upstream = client()
    const discovery = await upstream.discover(google.issuer)
    const expect_ = { clientIds: [google.clientId], nonce: 'n-1' }
    await expect(upstream.verify(await token({}), discovery, expect_)).resolves.toMatchObject({ subject: 's-1' })
    await expect(upstream.verify(await token({ nonce: 'other' }), discovery, expect_)).rejects.toThrow(/nonce/)
    await expect(upstream.verify(await token({ aud: 'another-app' }), discovery, expect_)).rejects.toThrow(/aud/)
    await expect(upstream.verify(await token({ iss: 'https://evil.test' }), discovery, expect_)).rejects.toThrow(/iss/)
    await expect(upstream.verify(await token({}, Math.floor(t.clock.now().getTime() / 1000) - 120), discovery, expect_)).rejects.toThrow(/exp/)
  })

  it("takes Google's issuer with or without its scheme, as Google documents; no other issuer", () => {
    expect(issuersOf('https://accounts.google.com')).toEqual(['https://accounts.google.com', 'accounts.google.com'])
    expect(canonicalIssuer('accounts.google.com')).toBe('https://accounts.google.com')
    expect(issuersOf(google.issuer)).toEqual([google.issuer])
  })
})

describe('connections: native sign-in by token exchange (RFC 8693)', () => {
  const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
  const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token'
  let native: { clientId: string; secret: string | null }
  const now = () => Math.floor(t.clock.now().getTime() / 1000)
  const idToken = (upstream: Upstream, claims: Record<string, unknown>, exp = now() + 300) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: upstream.signingAlg, kid: `${upstream === google ? 'google' : 'apple'}-key` })
      .setIssuer(upstream.issuer)
      .setAudience(String(claims.aud ?? 'com.example.native'))
      .setSubject(String(claims.sub ?? 'native-1'))
      .setIssuedAt(now())
      .setExpirationTime(exp)
      .sign(upstream.signingKey)
  const nonceFor = async (clientId: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/upstream/nonce', payload: { client_id: clientId } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ nonce: string }>().nonce
  }
  const exchangeToken = (token: string, client = native) =>
    t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: GRANT, subject_token: token, subject_token_type: ID_TOKEN, client_id: client.clientId, client_secret: client.secret } })

  beforeAll(async () => {
    native = await createClient(t.app, { public: false, tenantId: brandA, grantTypes: [GRANT], redirectUris: ['https://native.test/cb'] })
    expect((await api('PATCH', `/tenants/${brandA}/v4/connections/${googleId}`, adminA, { appIds: ['com.example.native'] })).json()).toMatchObject({ appIds: ['com.example.native'] })
  })

  it('discovery lists the grant', async () => {
    for (const url of ['/.well-known/openid-configuration', `/tenants/${brandA}/.well-known/openid-configuration`]) {
      expect((await t.app.inject({ method: 'GET', url })).json<{ grant_types_supported: string[] }>().grant_types_supported).toContain(GRANT)
    }
  })

  it("a native app's ID token for the brand's app id yields Trellis tokens, once", async () => {
    const email = uniqueEmail('native')
    const token = await idToken(google, { email, nonce: await nonceFor(native.clientId) })
    const res = await exchangeToken(token)
    expect(res.statusCode, res.body).toBe(200)
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(decodeJwt(res.json<{ access_token: string }>().access_token).sub).toBe(String(user.id))
    expect(res.json()).toHaveProperty('refresh_token')
    // a replay: the nonce is used up
    expect((await exchangeToken(token)).json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses another audience, an expired token, a nonce never handed out or handed to another client', async () => {
    const email = uniqueEmail('native-bad')
    const refusedWith = async (token: string) => {
      const res = await exchangeToken(token)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'invalid_grant' })
    }
    await refusedWith(await idToken(google, { email, aud: 'com.stranger.app', nonce: await nonceFor(native.clientId) }))
    await refusedWith(await idToken(google, { email, nonce: await nonceFor(native.clientId) }, now() - 120))
    await refusedWith(await idToken(google, { email, nonce: 'a nonce Trellis never gave' }))
    await refusedWith(await idToken(google, { email, nonce: await nonceFor(app.clientId) }))
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0)
    // an address that has an account here is linked only on the hosted page, with the emailed code
    const owner = await createActor(t, { belongsTo: brandA, email: uniqueEmail('native-owner') })
    await refusedWith(await idToken(google, { sub: 'native-owner', email: owner.user.email, nonce: await nonceFor(native.clientId) }))
    // a client that did not opt in to the grant
    const other = await exchangeToken(await idToken(google, { email, nonce: await nonceFor(app.clientId) }), app)
    expect(other.json()).toMatchObject({ error: 'unauthorized_client' })
  })

  it("Apple's native token, ES256 with the nonce's SHA-256, signs in the identity the hosted page linked", async () => {
    const linked = await t.db.selectFrom('upstream_identities').select(['user_id', 'subject']).where('connection_id', '=', appleId).executeTakeFirstOrThrow()
    const nonce = await nonceFor(native.clientId)
    const hashed = createHash('sha256').update(nonce).digest('hex')
    const token = await idToken(apple, { sub: linked.subject, aud: apple.clientId, email_verified: 'true', nonce: hashed })
    const res = await exchangeToken(token)
    expect(res.statusCode, res.body).toBe(200)
    expect(decodeJwt(res.json<{ access_token: string }>().access_token).sub).toBe(String(linked.user_id))
  })
})
