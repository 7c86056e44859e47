import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode, mailSettled } from './login-helpers.ts'

let t: TestApp
let tenantId: number
let app: { clientId: string; redirectUri: string }
const pair = pkcePair()

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '100000/1s' })
  tenantId = await createTenant(t, 'Duux-like', { signup: 'customers' })
  app = await createClient(t.app, { redirectUris: ['https://deeplink.test/login/verify', 'myapp://cb?x=1'] })
})
afterAll(() => t.close())

async function login(email: string, opts: { tenant?: number; verifier?: string; challenge?: string; method?: string } = {}) {
  const res = await requestCode(t.app, {
    email,
    clientId: app.clientId,
    redirectUri: app.redirectUri,
    challenge: opts.challenge ?? pair.challenge,
    method: opts.method ?? 'S256',
    tenantId: opts.tenant,
  })
  expect(res.statusCode).toBe(200)
  return latestCode(t, email)
}

function redeem(code: string, extra: Record<string, unknown> = {}, ip?: string) {
  return exchange(t.app, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pair.verifier,
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    ...extra,
  }, {}, ip)
}

describe('the flow as the existing apps send it', () => {
  it('JSON, snake_case, sha256, tenant prefix, public client with makeAccessTokenLongLasting', async () => {
    const email = uniqueEmail('app')
    const res = await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, method: 'sha256', tenantId })
    expect(res.json()).toEqual({ success: true, message: expect.any(String) })
    await mailSettled(t.app)
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow()
    const code = await latestCode(t, email)
    expect(mail.text).toContain(`https://deeplink.test/login/verify?code=${code}`)
    expect(mail.from_name).toBe('Duux-like')

    const token = await redeem(code, { makeAccessTokenLongLasting: true })
    expect(token.statusCode).toBe(200)
    expect(token.headers['cache-control']).toBe('no-store')
    const body = token.json()
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, access_token: expect.any(String), refresh_token: expect.any(String) })

    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${body.access_token}` } })
    expect(me.statusCode).toBe(200)
    // signing up under a brand open to customers: a customer of the brand, owner of a tenant of their own under it
    expect(me.json().user).toMatchObject({ email, username: email.split('@')[0], displayName: null, tenantId })
    expect(me.json().user.tenants).toEqual([
      { id: tenantId, name: 'Duux-like', role: 'customer', parentTenantId: null },
      { id: expect.any(Number), name: email, role: 'owner', parentTenantId: tenantId },
    ])
  })

  it('a verifier of 32 raw code points U+0000-U+00FF, challenged as SHA-256 of its UTF-8 bytes', async () => {
    let verifier = ''
    for (let i = 0; i < 32; i++) verifier += String.fromCharCode((i * 37 + 3) % 256)
    expect([...verifier].some((c) => c.charCodeAt(0) > 127)).toBe(true)
    const challenge = createHash('sha256').update(Buffer.from(verifier, 'utf8')).digest('base64url')
    const email = uniqueEmail('web')
    const code = await login(email, { challenge, method: 'S256' })
    const res = await redeem(code, { code_verifier: verifier })
    expect(res.statusCode).toBe(200)
  })

  it('a login link keeps an existing query string', async () => {
    const email = uniqueEmail('query')
    await requestCode(t.app, { email, clientId: app.clientId, redirectUri: 'myapp://cb?x=1', challenge: pair.challenge })
    const code = await latestCode(t, email)
    const mail = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).executeTakeFirstOrThrow()
    expect(mail.text).toContain(`myapp://cb?x=1&code=${code}`)
  })

  it('a code typed loosely (lower case, no dash, O for 0) still works', async () => {
    const email = uniqueEmail('typed')
    const code = await login(email)
    const typed = code.replace('-', ' ').toLowerCase().replace(/0/g, 'o')
    expect((await redeem(typed)).statusCode).toBe(200)
  })
})

describe('code requests', () => {
  it('known and unknown emails get the same status and body', async () => {
    const known = await createActor(t)
    const a = await requestCode(t.app, { email: known.user.email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge })
    const b = await requestCode(t.app, { email: uniqueEmail('nobody'), clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge })
    expect(a.statusCode).toBe(b.statusCode)
    expect(a.body).toBe(b.body)
  })

  it('errors: unknown client, redirect mismatch, missing email, bad method, public client without PKCE', async () => {
    const base = { email: uniqueEmail(), clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge }
    const cases: [Parameters<typeof requestCode>[1], string][] = [
      [{ ...base, clientId: 'nope' }, 'invalid_client'],
      [{ ...base, redirectUri: 'https://deeplink.test/login/verify/' }, 'redirect_uri_mismatch'],
      [{ ...base, email: '' }, 'validation_failed'],
      [{ ...base, method: 'md5' }, 'invalid_code_challenge_method'],
      [{ ...base, challenge: undefined }, 'pkce_required'],
    ]
    for (const [input, code] of cases) {
      const res = await requestCode(t.app, input)
      expect(res.statusCode, code).toBe(400)
      expect(errorBody(res).code).toBe(code)
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(uniqueEmail())}&client_id=${app.clientId}&redirect_uri=${encodeURIComponent(app.redirectUri)}&code_challenge=${pair.challenge}&code_challenge_method=S256&extra=1`,
    })
    expect(form.statusCode).toBe(200)
    const missingTenant = await requestCode(t.app, { ...base, tenantId: 999999 })
    expect(missingTenant.statusCode).toBe(404)
  })

  it("a closed tenant: success; no code for a stranger; a platform user gets the platform's code for its platform account", async () => {
    const closed = await createTenant(t, 'Closed')
    const stranger = uniqueEmail('stranger')
    const res = await requestCode(t.app, { email: stranger, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: closed })
    expect(res.statusCode).toBe(200)
    const platformUser = await createActor(t)
    const again = await requestCode(t.app, { email: platformUser.user.email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: closed })
    expect(again.body).toBe(res.body)
    await mailSettled(t.app)
    const mailed = await t.db.selectFrom('email_outbox').select(['to_address', 'tenant_id', 'from_name']).where('to_address', 'in', [stranger, platformUser.user.email]).execute()
    // the prefix rule (users/identity.repository.ts): the platform's email, not the tenant's
    expect(mailed).toEqual([{ to_address: platformUser.user.email, tenant_id: null, from_name: 'Trellis' }])
    const platformToken = (await redeem(await latestCode(t, platformUser.user.email))).json()
    const platformMe = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${platformToken.access_token}` } })
    expect(platformMe.json().user).toMatchObject({ id: platformUser.user.id, tenantId: null })

    // an account that belongs to the closed tenant signs in as itself, and joins nothing
    const own = await createActor(t, { belongsTo: closed, email: platformUser.user.email })
    const code = await login(own.user.email, { tenant: closed })
    const token = (await redeem(code)).json()
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${token.access_token}` } })
    expect(me.json().user).toMatchObject({ id: own.user.id, tenantId: closed, tenants: [] })
  })
})

describe('threats a code must survive', () => {
  it('replay is refused and revokes the tokens of the first exchange', async () => {
    const code = await login(uniqueEmail('replay'))
    const first = (await redeem(code)).json()
    // from elsewhere: a replay at once (the same app and address within 2 s is a duplicate: abuse-race)
    const again = await redeem(code, {}, '203.0.113.7')
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toBe('invalid_grant')
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${first.access_token}` } })
    expect(me.statusCode).toBe(401)
    const refresh = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: app.clientId })
    expect(refresh.json().error).toBe('invalid_grant')
  })

  it('an expired code is refused', async () => {
    const email = uniqueEmail('expired')
    const code = await login(email)
    t.clock.advance(t.config.loginCodeTtlSeconds + 1)
    expect((await redeem(code)).json().error).toBe('invalid_grant')
  })

  it('wrong verifier, wrong client, wrong redirect_uri are refused', async () => {
    const code = await login(uniqueEmail('wrong'))
    expect((await redeem(code, { code_verifier: pkcePair().verifier })).json()).toMatchObject({ error: 'invalid_grant' })
    const other = await createClient(t.app, { redirectUris: [app.redirectUri] })
    const unknown = (await redeem('ZZZZZ-ZZZZZ', { client_id: other.clientId })).json()
    expect((await redeem(code, { client_id: other.clientId })).json()).toEqual(unknown)
    expect((await redeem(code, { redirect_uri: 'myapp://cb?x=1' })).json()).toMatchObject({ error: 'invalid_grant' })
    // the code survives honest mistakes below the attempt limit
    expect((await redeem(code)).statusCode).toBe(200)
  })

  it('after 5 wrong attempts the code is dead, even with the right verifier', async () => {
    const code = await login(uniqueEmail('attempts'))
    for (let i = 0; i < 5; i++) await redeem(code, { code_verifier: `wrong-${i}` })
    expect((await redeem(code)).json().error).toBe('invalid_grant')
  })

  it('20 concurrent exchanges of one code give exactly one success', async () => {
    const code = await login(uniqueEmail('race'))
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(code)))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19)
  })

  it('a newer code for the same email, client and challenge replaces the older one', async () => {
    const email = uniqueEmail('newer')
    const older = await login(email)
    const newer = await login(email)
    expect((await redeem(older)).json().error).toBe('invalid_grant')
    expect((await redeem(newer)).statusCode).toBe(200)
  })

  it('100 users of one public client sharing one fixed PKCE pair each get their own tokens', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `shared-${i}@pair.test`)
    for (const email of emails) await login(email)
    const codes = await Promise.all(emails.map((e) => latestCode(t, e)))
    expect(new Set(codes).size).toBe(100)
    for (let i = 0; i < emails.length; i++) {
      const res = await redeem(codes[i]!)
      expect(res.statusCode).toBe(200)
      const sub = JSON.parse(Buffer.from(res.json().access_token.split('.')[1], 'base64url').toString()).sub
      const user = await t.db.selectFrom('users').select('email').where('id', '=', Number(sub)).executeTakeFirstOrThrow()
      expect(user.email).toBe(emails[i])
    }
  }, 120_000)
})

describe('refresh, revocation, introspection, client credentials', () => {
  it('rotation: each refresh returns a new token; reusing an old one revokes the family', async () => {
    const first = (await redeem(await login(uniqueEmail('rotate')))).json()
    const second = (await exchange(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: app.clientId })).json()
    expect(second.refresh_token).toBeDefined()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    const third = (await exchange(t.app, { grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: app.clientId })).json()
    expect(third.access_token).toBeDefined()
    const reuse = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: app.clientId })
    expect(reuse.json().error).toBe('invalid_grant')
    const afterReuse = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: third.refresh_token, client_id: app.clientId })
    expect(afterReuse.json().error).toBe('invalid_grant')
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${third.access_token}` } })
    expect(me.statusCode).toBe(401)
  })

  it('revocation ends the session; introspection tells active from revoked', async () => {
    const backend = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['sensors:read'] })
    const basic = { authorization: `Basic ${Buffer.from(`${backend.clientId}:${backend.secret}`).toString('base64')}` }
    const tokens = (await redeem(await login(uniqueEmail('revoke')))).json()
    const introspect = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/oauth2/introspect', headers: basic, payload: { token } }).then((r) => r.json())
    expect(await introspect(tokens.access_token)).toMatchObject({ active: true, client_id: app.clientId, token_type: 'Bearer' })
    expect(await introspect(tokens.refresh_token)).toMatchObject({ active: true, token_type: 'refresh_token' })
    // another client's revocation is answered 200 and changes nothing (RFC 7009 2.1)
    const foreign = await t.app.inject({ method: 'POST', url: '/auth/oauth2/revoke', headers: basic, payload: { token: tokens.refresh_token } })
    expect(foreign.statusCode).toBe(200)
    expect(await introspect(tokens.access_token)).toMatchObject({ active: true })
    const revoked = await t.app.inject({ method: 'POST', url: '/auth/oauth2/revoke', payload: { token: tokens.refresh_token, client_id: app.clientId } })
    expect(revoked.statusCode).toBe(200)
    expect(await introspect(tokens.access_token)).toEqual({ active: false })
    expect(await introspect(tokens.refresh_token)).toEqual({ active: false })
    expect(await introspect('garbage')).toEqual({ active: false })
    const publicIntrospect = await t.app.inject({ method: 'POST', url: '/auth/oauth2/introspect', payload: { token: tokens.access_token, client_id: app.clientId } })
    expect(publicIntrospect.statusCode).toBe(401)
  })

  it('client_credentials: confidential clients, scopes limited to the client', async () => {
    const backend = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['sensors:read', 'spaces:read'] })
    const ok = await exchange(t.app, { grant_type: 'client_credentials', client_id: backend.clientId, client_secret: backend.secret!, scope: 'sensors:read' })
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', scope: 'sensors:read' })
    expect(ok.json().refresh_token).toBeUndefined()
    const wide = await exchange(t.app, { grant_type: 'client_credentials', client_id: backend.clientId, client_secret: backend.secret!, scope: 'admin' })
    expect(wide.json().error).toBe('invalid_scope')
    const bad = await exchange(t.app, { grant_type: 'client_credentials', client_id: backend.clientId, client_secret: 'wrong' })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().error).toBe('invalid_client')
    expect(bad.headers['www-authenticate']).toContain('Basic')
    const publicTry = await exchange(t.app, { grant_type: 'client_credentials', client_id: app.clientId })
    expect(publicTry.json().error).toBe('unauthorized_client')
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${ok.json().access_token}` } })
    // a machine token has no person behind it
    expect(me.statusCode).toBe(403)
  })

  it('token endpoint errors follow RFC 6749 5.2', async () => {
    const missing = await exchange(t.app, { client_id: app.clientId })
    expect(missing.json()).toEqual({ error: 'invalid_request', error_description: 'grant_type is required.' })
    const unsupported = await exchange(t.app, { grant_type: 'implicit', client_id: app.clientId })
    expect(unsupported.json().error).toBe('unsupported_grant_type')
    const malformed = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', headers: { 'content-type': 'application/json' }, payload: '{' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error).toBe('invalid_request')
    expect(malformed.headers['cache-control']).toBe('no-store')
  })
})
