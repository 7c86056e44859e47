/**
 * CORS origins a brand adds count for its own tenants only (src/modules/oauth/origins.service.ts).
 * From a brand admin's side: it registers an app of its brand with any origin it likes; that
 * origin gets CORS headers on the brand's `/tenants/{id}` routes (and its customers'), and none
 * on the platform's unprefixed routes or under another brand. The platform's own clients (the
 * web example of CLIENTS.md 2.7) and same-origin calls work as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTestApp, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'

let t: TestApp
let brandA: number
let brandB: number
let customerOfA: number
const BRAND_ORIGIN = 'https://anything-a-likes.example'
const WEB_ORIGIN = 'https://fans.example.test'

beforeAll(async () => {
  t = await createTestApp()
  brandA = (await t.app.services.tenants.create(OPERATOR, { name: 'Brand A', signup: 'customers', linkDomains: ['a-app.example'] })).id
  brandB = (await t.app.services.tenants.create(OPERATOR, { name: 'Brand B' })).id
  customerOfA = (await t.app.services.tenants.create(OPERATOR, { name: 'Customer of A', parentTenantId: brandA })).id
  // the platform's own web client (CLIENTS.md 2.7), used without a prefix
  await createClient(t.app, { redirectUris: [`${WEB_ORIGIN}/claim`] })
  const admin = await createActor(t, { tenantId: brandA, role: 'admin' })
  const created = await t.app.inject({
    method: 'POST',
    url: '/oauth/clients',
    headers: admin.headers,
    payload: { name: 'A SPA', tenantId: brandA, public: true, redirectUris: ['https://a-app.example/cb'], allowedOrigins: [BRAND_ORIGIN] },
  })
  expect(created.statusCode, created.body).toBe(201)
})
afterAll(() => t.close())

const preflight = (origin: string, url: string) =>
  t.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
const allowedAt = async (origin: string, url: string) => (await preflight(origin, url)).headers['access-control-allow-origin'] ?? null

describe('an origin a brand adds', () => {
  it("gets CORS headers on the brand's routes and its customers'", async () => {
    for (const url of [`/tenants/${brandA}/auth/oauth2/token`, `/tenants/${brandA}/auth/passwordlessLogin/code`, `/tenants/${brandA}/sensors`, `/tenants/${customerOfA}/sensors`]) {
      expect(await allowedAt(BRAND_ORIGIN, url), url).toBe(BRAND_ORIGIN)
    }
    const actual = await t.app.inject({ method: 'GET', url: `/tenants/${brandA}/sensors`, headers: { origin: BRAND_ORIGIN } })
    expect(actual.statusCode).toBe(401)
    expect(actual.headers['access-control-allow-origin']).toBe(BRAND_ORIGIN)
  })

  it("gets none on the platform's routes or another brand's", async () => {
    for (const url of ['/auth/oauth2/token', '/auth/passwordlessLogin/code', '/users/current', '/userinfo', '/oauth/clients', `/tenants/${brandB}/auth/oauth2/token`, `/tenants/${brandB}/users/current`, '/tenants/99999/users/current']) {
      expect(await allowedAt(BRAND_ORIGIN, url), url).toBeNull()
    }
    const actual = await t.app.inject({ method: 'GET', url: '/users/current', headers: { origin: BRAND_ORIGIN } })
    expect(actual.headers['access-control-allow-origin']).toBeUndefined()
    // nor does a path that only looks like the prefix count
    expect(await allowedAt(BRAND_ORIGIN, `/tenants/${brandA}x/users/current`)).toBeNull()
    expect(await allowedAt(BRAND_ORIGIN, `/x/tenants/${brandA}/users/current`)).toBeNull()
  })
})

describe('the apps that were there', () => {
  it("the platform's web client's origin works everywhere, prefix or not", async () => {
    for (const url of ['/auth/passwordlessLogin/code', '/auth/oauth2/token', `/tenants/${brandA}/auth/oauth2/token`, `/tenants/${brandB}/users/current`]) {
      const res = await preflight(WEB_ORIGIN, url)
      expect(res.statusCode, url).toBeLessThan(300)
      expect(res.headers['access-control-allow-origin'], url).toBe(WEB_ORIGIN)
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type')
    }
  })

  it('same-origin calls need no CORS and still work', async () => {
    const own = new URL(t.config.publicUrl).origin
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', headers: { origin: own } })
    expect(res.statusCode).toBe(200)
    const plain = await t.app.inject({ method: 'GET', url: `/tenants/${brandA}/sensors` })
    expect(plain.statusCode).toBe(401)
    expect(plain.headers['access-control-allow-origin']).toBeUndefined()
  })
})
