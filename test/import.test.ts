/**
 * Importing from the platform Trellis follows: chosen tenant ids that generated ones never
 * collide with, long-lived access tokens per client, PKCE exchanges without redirect_uri,
 * fragment redirect URIs, and the v5 dialect's mounting, errors and document.
 */
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginLink } from '../src/modules/oauth/login-code-job.repository.ts'
import { redirectUriMatches } from '../src/modules/oauth/redirect-uris.ts'
import { createActor, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let platform: Actor

beforeAll(async () => {
  t = await createTestApp()
  platform = await createActor(t, { platformAdmin: true })
})
afterAll(() => t.close())

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number }

describe('tenants under a chosen id', () => {
  it('a platform admin imports a tenant by id; ids generated later start past it; a taken id is 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/tenants', headers: platform.headers, payload: { id: 7000, name: 'Imported' } })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ id: 7000, name: 'Imported' })
    const next = await t.app.inject({ method: 'POST', url: '/tenants', headers: platform.headers, payload: { name: 'Generated' } })
    expect(next.json().id).toBe(7001)
    const taken = await t.app.inject({ method: 'POST', url: '/tenants', headers: platform.headers, payload: { id: 7000, name: 'Again' } })
    expect(taken.statusCode).toBe(409)
    expect(errorBody(taken).code).toBe('tenant_id_taken')
  })

  it('importing an id below the sequence leaves the sequence alone (it never moves back)', async () => {
    const low = await t.app.services.tenants.create(OPERATOR, { id: 6500, name: 'Lower import' })
    expect(low.id).toBe(6500)
    expect((await t.app.services.tenants.create(OPERATOR, { name: 'After a lower import' })).id).toBe(7002)
  })

  it('concurrent chosen and generated inserts never collide', async () => {
    const chosen = [9100, 9050, 9200, 9150, 9010]
    const results = await Promise.all([
      ...chosen.map((id) => t.app.services.tenants.create(OPERATOR, { id, name: `Chosen ${id}` })),
      ...Array.from({ length: 10 }, (_, i) => t.app.services.tenants.create(OPERATOR, { name: `Generated ${i}` })),
    ])
    const ids = results.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(0, chosen.length)).toEqual(chosen)
    const after = await t.app.services.tenants.create(OPERATOR, { name: 'After the burst' })
    expect(after.id).toBeGreaterThan(Math.max(...ids))
  })
})

describe('long-lived access tokens', () => {
  async function codeFor(clientId: string, pair = pkcePair(), email = uniqueEmail('long')) {
    await requestCode(t.app, { email, clientId, redirectUri: 'https://app.test/callback', challenge: pair.challenge })
    return { code: await latestCode(t, email), pair }
  }

  it('a client with the setting gets them only when it asks, as a JSON boolean or form text', async () => {
    const { client } = await t.app.services.clients.create(OPERATOR, { name: 'Mobile', public: true, redirectUris: ['https://app.test/callback'], longLivedAccessTokenSeconds: 7776000 })
    const base = { grant_type: 'authorization_code', client_id: client.client_id, redirect_uri: 'https://app.test/callback' }
    const asked = await codeFor(client.client_id)
    const json = await exchange(t.app, { ...base, code: asked.code, code_verifier: asked.pair.verifier, makeAccessTokenLongLasting: true })
    expect(json.json().expires_in).toBe(7776000)
    const c = claims(json.json().access_token)
    expect(c.exp - c.iat).toBe(7776000)

    const form = await codeFor(client.client_id)
    const formRes = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...base, code: form.code, code_verifier: form.pair.verifier, makeAccessTokenLongLasting: 'true' }).toString(),
    })
    expect(formRes.json().expires_in).toBe(7776000)

    const plain = await codeFor(client.client_id)
    expect((await exchange(t.app, { ...base, code: plain.code, code_verifier: plain.pair.verifier })).json().expires_in).toBe(900)
    const bad = await codeFor(client.client_id)
    const badRes = await exchange(t.app, { ...base, code: bad.code, code_verifier: bad.pair.verifier, makeAccessTokenLongLasting: 'yes' })
    expect(badRes.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('a client without the setting gets the normal lifetime even when it asks', async () => {
    const app = await createClient(t.app)
    const { code, pair } = await codeFor(app.clientId)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri, makeAccessTokenLongLasting: true })
    expect(res.json().expires_in).toBe(900)
  })

  it('revoking the session ends a long-lived access token at once', async () => {
    const { client } = await t.app.services.clients.create(OPERATOR, { name: 'Mobile 2', public: true, redirectUris: ['https://app.test/callback'], longLivedAccessTokenSeconds: 7776000 })
    const { code, pair } = await codeFor(client.client_id)
    const tokens = (await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.client_id, makeAccessTokenLongLasting: true })).json()
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers })).statusCode).toBe(200)
    const revoke = await t.app.inject({ method: 'POST', url: '/auth/oauth2/revoke', payload: { token: tokens.refresh_token, client_id: client.client_id } })
    expect(revoke.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers })).statusCode).toBe(401)
  })
})

describe('token exchange without redirect_uri', () => {
  it('is allowed when PKCE was used; refused when sent and different, or left out without PKCE', async () => {
    const app = await createClient(t.app)
    const pair = pkcePair()
    const email = uniqueEmail('noredirect')
    await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge })
    const code = await latestCode(t, email)
    const differs = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: 'https://app.test/other' })
    expect(differs.json()).toMatchObject({ error: 'invalid_grant' })
    // with PKCE and no redirect_uri, a wrong or missing verifier is the grant's fault, not the request's
    for (const verifier of [pkcePair().verifier, undefined]) {
      const wrong = await exchange(t.app, { grant_type: 'authorization_code', code, client_id: app.clientId, ...(verifier ? { code_verifier: verifier } : {}) })
      expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' })
    }
    const without = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId })
    expect(without.statusCode).toBe(200)

    const confidential = await createClient(t.app, { public: false })
    const email2 = uniqueEmail('noredirect')
    await requestCode(t.app, { email: email2, clientId: confidential.clientId, redirectUri: confidential.redirectUri })
    const code2 = await latestCode(t, email2)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code: code2, client_id: confidential.clientId, client_secret: confidential.secret })
    expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: 'redirect_uri is required without PKCE.' })
  })
})

describe('fragment redirect URIs', () => {
  it('a wildcard matches only the end of the fragment, with URL-safe characters', () => {
    const registered = 'https://host.test/app/#/*'
    expect(redirectUriMatches(registered, 'https://host.test/app/#/abc123')).toBe(true)
    expect(redirectUriMatches(registered, 'https://host.test/app/#/')).toBe(true)
    for (const presented of ['https://host.test/app/x#/abc', 'https://host.test/app/?a=1#/abc', 'https://host.test.evil/app/#/abc', 'https://host.test/app/#/a b', 'https://host.test/app/#/a#b', 'https://host.test/app/#/a"<']) {
      expect(redirectUriMatches(registered, presented), presented).toBe(false)
    }
    expect(redirectUriMatches('https://host.test/app/#/x', 'https://host.test/app/#/y')).toBe(false)
  })

  it('the login link puts the code at the end of the fragment, and in the query otherwise', () => {
    expect(loginLink('https://host.test/app/#/abc', 'K2QD7-M9XHT')).toBe('https://host.test/app/#/abc?code=K2QD7-M9XHT')
    expect(loginLink('https://host.test/app/#/abc?x=1', 'K2QD7-M9XHT')).toBe('https://host.test/app/#/abc?x=1&code=K2QD7-M9XHT')
    expect(loginLink('https://host.test/cb?x=1', 'K2QD7-M9XHT')).toBe('https://host.test/cb?x=1&code=K2QD7-M9XHT')
    expect(loginLink('myapp://cb', 'K2QD7-M9XHT')).toBe('myapp://cb?code=K2QD7-M9XHT')
  })
})

describe('the v5 dialect', () => {
  it('answers unknown routes and missing tokens in its envelope, as JSON', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/v5/nothing/here' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ data: null, errorMessage: 'Not_Found' })
    const anonymous = await t.app.inject({ method: 'GET', url: '/v5/smarthome/sensors' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/)
    expect(anonymous.json()).toMatchObject({ data: null, errorMessage: 'Unauthorized' })
    const invalid = await t.app.inject({ method: 'POST', url: '/v5/auth/passwordlessLogin/code', payload: { email: 'not an email', clientId: 'x', redirectUri: 'y' } })
    expect(invalid.statusCode).toBe(200)
    expect(invalid.json()).toMatchObject({ data: null, errorMessage: 'Invalid_Request', errorDescription: expect.stringContaining('email') })
  })

  it('the password login is Not_Allowed while the v5 client lacks the password grant', async () => {
    await t.app.services.clients.create(OPERATOR, { name: 'iOS app', clientId: t.config.v5.clientId, public: true, redirectUris: ['https://app.test/cb'] })
    const res = await t.app.inject({ method: 'POST', url: '/v5/auth/v4/login', payload: { username: platform.user.email, password: 'any password at all' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ data: null, errorMessage: 'Not_Allowed' })
  })

  it('a sensor of another tenant is Not_Exist, by MAC and by id', async () => {
    const stranger = await createActor(t)
    const tenantId = (await t.app.services.tenants.create(OPERATOR, { name: 'Owner home' })).id
    const owner = await createActor(t, { tenantId, role: 'owner' })
    const sensor = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors`, headers: owner.headers, payload: { deviceId: 'aa:bb:cc:dd:ee:ff', name: 'Fan', type: '58' } })
    expect(sensor.statusCode).toBe(201)
    const byMac = await t.app.inject({ method: 'GET', url: '/v5/data/aa:bb:cc:dd:ee:ff/status', headers: stranger.headers })
    expect(byMac.json()).toMatchObject({ data: null, errorMessage: 'Not_Exist' })
    const rename = await t.app.inject({ method: 'PATCH', url: `/v5/sensor/${sensor.json().id}`, headers: stranger.headers, payload: { displayName: 'Mine now' } })
    expect(rename.json()).toMatchObject({ data: null, errorMessage: 'Not_Exist' })
    const mine = await t.app.inject({ method: 'GET', url: '/v5/data/AA:BB:CC:DD:EE:FF/status', headers: owner.headers })
    expect(mine.json()).toMatchObject({ data: null, errorMessage: 'No_Data' })
  })

  it('every v5 route is in /openapi.json under its own tag, v5', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const paths = Object.keys(doc.paths)
    for (const path of ['/v5/auth/passwordlessLogin/code', '/v5/auth/token', '/v5/auth/v4/login', '/v5/user/me', '/v5/users/current', '/v5/tenant/', '/v5/sensor/', '/v5/sensor/{id}', '/v5/smarthome/sensors', '/v5/data/{mac}/status', '/v5/sensor/{mac}/commands']) {
      expect(paths, path).toContain(path)
      for (const operation of Object.values(doc.paths[path]) as { tags: string[] }[]) expect(operation.tags).toEqual(['v5'])
    }
  })

  it('mounts under V5_BASE_PATH', async () => {
    const other = await createTestApp({ V5_BASE_PATH: '/api/cloud5' })
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/cloud5/user/me' })).json()).toMatchObject({ errorMessage: 'Unauthorized' })
      expect((await other.app.inject({ method: 'GET', url: '/v5/user/me' })).statusCode).toBe(404)
    } finally {
      await other.close()
    }
  })
})
