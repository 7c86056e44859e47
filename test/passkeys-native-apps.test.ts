/**
 * The brands' native apps and the association files built from them: a brand's admin
 * registers Apple and Android apps; /.well-known/apple-app-site-association and
 * /.well-known/assetlinks.json list every brand's, as JSON; a member of the brand, an admin of
 * another brand and a tenant that is not a brand register none; the apps go with their
 * removal, and an Android app's signing certificate is an origin passkey answers may carry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let brandA: number
let brandB: number
let adminA: Actor
let adminB: Actor
let memberA: Actor
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':')

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://id.trellis.test' })
  brandA = await createTenant(t, 'Brand A')
  brandB = await createTenant(t, 'Brand B')
  adminA = await createActor(t, { tenantId: brandA, role: 'admin' })
  adminB = await createActor(t, { tenantId: brandB, role: 'owner' })
  memberA = await createActor(t, { tenantId: brandA, role: 'member' })
})
afterAll(async () => t.close())

function register(tenantId: number, who: Actor, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/nativeApps`, headers: who.headers, payload })
}

describe("the brands' native apps", () => {
  it('two brands register their apps; the association files list them all, as JSON, cacheable', async () => {
    const apple = await register(brandA, adminA, { platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.brand-a.app' })
    expect(apple.statusCode).toBe(201)
    expect(apple.json()).toMatchObject({ platform: 'apple', appId: 'ABCDE12345.com.brand-a.app', sha256Fingerprints: [] })
    expect((await register(brandB, adminB, { platform: 'apple', teamId: 'ZYXWV98765', bundleId: 'com.brandb.ios' })).statusCode).toBe(201)
    const android = await register(brandB, adminB, { platform: 'android', packageName: 'com.brandb.android', sha256Fingerprints: [FINGERPRINT.toLowerCase()] })
    expect(android.statusCode).toBe(201)
    expect(android.json()).toMatchObject({ appId: 'com.brandb.android', sha256Fingerprints: [FINGERPRINT] })

    const aasa = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' })
    expect(aasa.statusCode).toBe(200)
    expect(aasa.headers['content-type']).toMatch(/^application\/json/)
    expect(aasa.headers['cache-control']).toBe('public, max-age=3600')
    expect(aasa.json()).toEqual({ webcredentials: { apps: ['ABCDE12345.com.brand-a.app', 'ZYXWV98765.com.brandb.ios'] } })

    const links = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' })
    expect(links.statusCode).toBe(200)
    expect(links.headers['content-type']).toMatch(/^application\/json/)
    expect(links.json()).toEqual([
      { relation: ['delegate_permission/common.get_login_creds'], target: { namespace: 'android_app', package_name: 'com.brandb.android', sha256_cert_fingerprints: [FINGERPRINT] } },
    ])
  })

  it("a brand's admins list and remove only their own; a member, another brand's admin and a machine get nothing", async () => {
    const listB = await t.app.inject({ method: 'GET', url: `/tenants/${brandB}/nativeApps`, headers: adminB.headers })
    expect((listB.json() as { nativeApps: unknown[] }).nativeApps).toHaveLength(2)
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${brandB}/nativeApps`, headers: adminA.headers })).statusCode).toBe(404)
    const byMember = await register(brandA, memberA, { platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.brand-a.other' })
    expect(byMember.statusCode).toBe(403)
    expect(errorBody(byMember).code).toBe('forbidden')
    const again = await register(brandA, adminA, { platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.brand-a.app' })
    expect(errorBody(again).code).toBe('conflict')
    const bad = await register(brandA, adminA, { platform: 'android', packageName: 'com.x.y', sha256Fingerprints: ['not a fingerprint'] })
    expect(errorBody(bad).code).toBe('validation_failed')

    const id = (listB.json() as { nativeApps: { id: number; platform: string }[] }).nativeApps.find((a) => a.platform === 'android')?.id
    expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${brandA}/nativeApps/${id}`, headers: adminA.headers })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${brandB}/nativeApps/${id}`, headers: adminB.headers })).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' })).json()).toEqual([])
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'nativeApp.%').execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['nativeApp.add', 'nativeApp.add', 'nativeApp.add', 'nativeApp.delete'])
  })

  it('a tenant that is not a brand registers no app', async () => {
    const customer = await createTenant(t, 'Customer', { parentTenantId: brandA })
    const owner = await createActor(t, { tenantId: customer, role: 'owner' })
    const res = await register(customer, owner, { platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.customer.app' })
    expect(res.statusCode).toBe(403)
    expect(errorBody(res).code).toBe('not_a_brand')
  })
})

describe("a brand's passkey policy", () => {
  const policy = (tenantId: number, who: Actor, mode?: string) =>
    t.app.inject({ method: mode ? 'PUT' : 'GET', url: `/tenants/${tenantId}/passkeyPolicy`, headers: who.headers, ...(mode ? { payload: { mode } } : {}) })

  it('offers passkeys by default; its admins choose suggested or off, audited; a member, another brand and a non-brand cannot', async () => {
    expect((await policy(brandA, adminA)).json()).toEqual({ mode: 'offered' })
    expect((await policy(brandA, adminA, 'suggested')).json()).toEqual({ mode: 'suggested' })
    expect(errorBody(await policy(brandA, memberA)).code).toBe('forbidden')
    expect(errorBody(await policy(brandA, memberA, 'off')).code).toBe('forbidden')
    expect((await policy(brandA, adminB, 'off')).statusCode).toBe(404)
    expect(errorBody(await policy(brandA, adminA, 'sometimes')).code).toBe('validation_failed')
    const customer = await createTenant(t, 'Customer of A', { parentTenantId: brandA })
    const owner = await createActor(t, { tenantId: customer, role: 'owner' })
    expect(errorBody(await policy(customer, owner, 'off')).code).toBe('not_a_brand')
    const audit = await t.db.selectFrom('audit_log').select(['action', 'summary']).where('action', '=', 'passkeys.mode').execute()
    expect(audit).toEqual([{ action: 'passkeys.mode', summary: { fields: ['mode'], values: { mode: 'suggested' } } }])
  })
})
