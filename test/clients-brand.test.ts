/**
 * OAuth clients of a brand, managed by the brand's own admins (policy.ts manageClients), over
 * the HTTP API: a matrix of who gets what on a brand's client, the limits on what a brand's
 * client may hold, its redirect URIs only on origins already verified for the brand, PATCH
 * (seen at once by the token endpoint's cache), and each change and its audit entry committed
 * together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { ClientsService } from '../src/modules/oauth/clients.service.ts'
import { CursorCodec } from '../src/lib/pagination.ts'
import { linkRulesOf } from '../src/modules/tenancy/link-origins.ts'
import { tenantStatements } from '../src/modules/tenancy/module.ts'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'

let t: TestApp
let brand: number
let otherBrand: number
let customerTenant: number
const who: Record<string, Actor> = {}

beforeAll(async () => {
  t = await createTestApp()
  brand = await createTenant(t, 'Brand B')
  otherBrand = await createTenant(t, 'Brand O')
  customerTenant = await createTenant(t, 'Customer C', { parentTenantId: brand })
  who.owner = await createActor(t, { tenantId: brand, role: 'owner' })
  who.admin = await createActor(t, { tenantId: brand, role: 'admin' })
  who.member = await createActor(t, { tenantId: brand, role: 'member' })
  who.otherAdmin = await createActor(t, { tenantId: otherBrand, role: 'admin' })
  who.customerOwner = await createActor(t, { tenantId: customerTenant, role: 'owner' })
  who.platform = await createActor(t, { platformAdmin: true })
  // the brand's app lives on a domain the platform approved for it (client-limits.ts)
  await approve(brand, ['app.b.test'])
})
afterAll(() => t?.close())

/** The platform approves domains for a brand's links and apps (PATCH /tenants/{id} linkDomains). */
async function approve(tenantId: number, linkDomains: string[]) {
  const res = await call(who.platform as Actor, 'PATCH', `/tenants/${tenantId}`, { linkDomains })
  expect(res.statusCode, res.body).toBe(200)
}
const brandClient = async (tenantId = brand) => (await createClient(t.app, { tenantId })).clientId
const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) })

describe("a brand's clients", () => {
  it('who gets what on a client of brand B (fresh client per call where the call destroys it)', async () => {
    // prettier-ignore
    const matrix: Record<string, Record<string, number>> = {
      //                          owner admin member otherAdmin customerOwner platform
      POST:   { owner: 201, admin: 201, member: 403, otherAdmin: 404, customerOwner: 404, platform: 201 },
      GET:    { owner: 200, admin: 200, member: 403, otherAdmin: 404, customerOwner: 404, platform: 200 },
      PATCH:  { owner: 200, admin: 200, member: 403, otherAdmin: 404, customerOwner: 404, platform: 200 },
      DELETE: { owner: 204, admin: 204, member: 403, otherAdmin: 404, customerOwner: 404, platform: 204 },
    }
    const wrong: string[] = []
    for (const [method, row] of Object.entries(matrix) as [keyof typeof matrix & string, Record<string, number>][]) {
      for (const [name, expected] of Object.entries(row)) {
        const actor = who[name] as Actor
        const res =
          method === 'POST'
            ? await call(actor, 'POST', '/oauth/clients', { name: 'Brand app', redirectUris: ['https://app.b.test/cb'], public: true, tenantId: brand })
            : await call(actor, method as 'GET', `/oauth/clients/${await brandClient()}`, method === 'PATCH' ? { redirectUris: ['https://app.b.test/other'] } : undefined)
        if (res.statusCode !== expected) wrong.push(`${method} as ${name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 100)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it("a customer's tenant (not a brand) gets 403 not_a_brand for its own clients; a machine token gets 403", async () => {
    const create = await call(who.customerOwner as Actor, 'POST', '/oauth/clients', { name: 'Mine', redirectUris: ['https://c.test/cb'], tenantId: customerTenant })
    expect(create.statusCode).toBe(403)
    expect(errorBody(create).code).toBe('not_a_brand')
    const read = await call(who.customerOwner as Actor, 'GET', `/oauth/clients/${await brandClient(customerTenant)}`)
    expect(read.statusCode).toBe(403)
    expect(errorBody(read).code).toBe('not_a_brand')
    const machine = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], tenantId: brand })
    const token = (await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.secret } })).json().access_token
    const res = await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: { authorization: `Bearer ${token}` }, payload: { name: 'x', redirectUris: ['https://x.test/cb'], tenantId: brand } })
    expect(res.statusCode).toBe(403)
  })

  it("a brand's admin creates no client without a tenant, none in another brand, nothing beyond the brand's scopes or the platform's fields", async () => {
    const admin = who.admin as Actor
    const app = { name: 'App', redirectUris: ['https://app.b.test/cb'] }
    expect((await call(admin, 'POST', '/oauth/clients', app)).statusCode).toBe(403)
    expect((await call(admin, 'POST', '/oauth/clients', { ...app, tenantId: null })).statusCode).toBe(403)
    expect((await call(admin, 'POST', '/oauth/clients', { ...app, tenantId: otherBrand })).statusCode).toBe(404)
    const beyond = await call(admin, 'POST', '/oauth/clients', { ...app, tenantId: brand, scopes: ['sensors:read', 'platform:everything'], grantTypes: ['authorization_code', 'password'], clientId: 'chosen-id-123', longLivedAccessTokenSeconds: 3600 })
    expect(beyond.statusCode).toBe(403)
    expect(errorBody(beyond).details?.map((d) => d.field).sort()).toEqual(['body.clientId', 'body.grantTypes', 'body.longLivedAccessTokenSeconds', 'body.scopes'])
    // the platform may (an import)
    const imported = await call(who.platform as Actor, 'POST', '/oauth/clients', { ...app, tenantId: brand, scopes: ['sensors:read', 'custom:thing'] })
    expect(imported.statusCode).toBe(201)
    expect(await t.db.selectFrom('oauth_clients').select('id').where('client_id', '=', 'chosen-id-123').executeTakeFirst()).toBeUndefined()
  })

  it("edits redirect URIs, CORS origins and scopes (PATCH), seen at once by the token endpoint's cache; the tenant never moves", async () => {
    const admin = who.admin as Actor
    const id = await brandClient()
    expect((await t.app.services.clients.find(id))?.redirect_uris).toEqual(['https://app.test/callback'])
    const res = await call(admin, 'PATCH', `/oauth/clients/${id}`, { redirectUris: ['https://app.b.test/new'], allowedOrigins: ['https://web.b.test'], scopes: ['account', 'sensors:read'] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ redirectUris: ['https://app.b.test/new'], allowedOrigins: ['https://web.b.test'], scopes: ['account', 'sensors:read'], tenantId: brand })
    // the cache the token endpoint reads (5 s) holds the new row at once
    expect((await t.app.services.clients.find(id))?.redirect_uris).toEqual(['https://app.b.test/new'])
    const back = await call(admin, 'PATCH', `/oauth/clients/${id}`, { allowedOrigins: null })
    expect(back.json().allowedOrigins).toEqual(['https://app.b.test'])
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'client.update').where('target_id', '=', id).orderBy('id').executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ tenant_id: brand, actor_kind: 'user', actor_id: String(admin.user.id) })
    const bad = await call(admin, 'PATCH', `/oauth/clients/${id}`, { redirectUris: ['not a uri'], allowedOrigins: ['https://web.b.test/path'] })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).details?.map((d) => d.field).sort()).toEqual(['body.allowedOrigins.0', 'body.redirectUris.0'])
    const move = await call(admin, 'PATCH', `/oauth/clients/${id}`, { tenantId: otherBrand })
    expect(move.statusCode).toBe(400)
    const wider = await call(admin, 'PATCH', `/oauth/clients/${id}`, { scopes: ['account', 'anything:else'] })
    expect(wider.statusCode).toBe(403)
    const stored = await t.db.selectFrom('oauth_clients').select(['tenant_id', 'scopes']).where('client_id', '=', id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ tenant_id: brand, scopes: ['account', 'sensors:read'] })
  })

  it('a change and its audit entry commit together: when the entry cannot be written, the client is not changed', async () => {
    const failing = { record: async () => Promise.reject(new Error('audit log unavailable')) }
    const clients = new ClientsService(t.db, t.app.services.policy, new CursorCodec(Buffer.alloc(32, 1)), t.clock, failing, linkRulesOf(t.config, async () => []), tenantStatements)
    await expect(clients.create(OPERATOR, { name: 'Never', redirectUris: ['https://never.test/cb'], tenantId: brand })).rejects.toThrow('audit log unavailable')
    expect(await t.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Never').executeTakeFirst()).toBeUndefined()
    const id = await brandClient()
    await expect(clients.update(OPERATOR, id, { scopes: ['account'] })).rejects.toThrow('audit log unavailable')
    await expect(clients.remove(OPERATOR, id)).rejects.toThrow('audit log unavailable')
    const confidential = await createClient(t.app, { public: false, tenantId: brand })
    await expect(clients.rotateSecret(OPERATOR, confidential.clientId)).rejects.toThrow('audit log unavailable')
    const kept = await t.db.selectFrom('oauth_clients').select('scopes').where('client_id', '=', id).executeTakeFirstOrThrow()
    expect(kept.scopes).toEqual([...SCOPES])
    const secretKept = await t.app.services.clients.find(confidential.clientId, true)
    expect(secretKept && t.app.services.clients.verifySecret(secretKept, confidential.secret ?? '')).toBe(true)
  })

  it("a brand's admin registers redirect URIs only on origins verified for the brand before the change; the platform registers any", async () => {
    const brandR = await createTenant(t, 'Brand R')
    const admin = await createActor(t, { tenantId: brandR, role: 'admin' })
    const platform = who.platform as Actor
    const app = (...redirectUris: string[]) => ({ name: 'R app', public: true, tenantId: brandR, redirectUris })
    const refusedFields = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBe(403)
      return errorBody(res).details?.map((d) => d.field)
    }
    // an origin nobody approved cannot vouch for itself; nor can another brand's approved domain
    const own = await call(admin, 'POST', '/oauth/clients', app('https://app.r.test/cb'))
    expect(refusedFields(own)).toEqual(['body.redirectUris.0'])
    expect(errorBody(own).details?.[0]?.message).toContain('https://app.r.test is not')
    expect(refusedFields(await call(admin, 'POST', '/oauth/clients', app('https://app.b.test/cb')))).toEqual(['body.redirectUris.0'])
    // a custom scheme (a native app) has no https origin: the platform's to register
    const native = await call(admin, 'POST', '/oauth/clients', app('com.brand.r:/callback', 'http://app.r.test/cb'))
    expect(refusedFields(native)).toEqual(['body.redirectUris.0', 'body.redirectUris.1'])
    expect(errorBody(native).details?.[0]?.message).toContain('registered by the platform')
    const platformNative = await call(platform, 'POST', '/oauth/clients', app('com.brand.r:/callback', 'https://platform-made.r.test/cb'))
    expect(platformNative.statusCode, platformNative.body).toBe(201)
    expect(await t.db.selectFrom('oauth_clients').select('id').where('tenant_id', '=', brandR).execute()).toHaveLength(1)

    // the platform approves the domain: the same request succeeds; the platform's own client's origin counts too
    await approve(brandR, ['app.r.test'])
    const created = await call(admin, 'POST', '/oauth/clients', app('https://app.r.test/cb', 'https://platform-made.r.test/other'))
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().clientId as string

    // PATCH widens nothing: a new URI off the verified origins is refused, the stored ones stand
    const wider = await call(admin, 'PATCH', `/oauth/clients/${id}`, { redirectUris: ['https://app.r.test/cb', 'https://evil.example/cb'] })
    expect(refusedFields(wider)).toEqual(['body.redirectUris.1'])
    const stored = await t.db.selectFrom('oauth_clients').select('redirect_uris').where('client_id', '=', id).executeTakeFirstOrThrow()
    expect(stored.redirect_uris).toEqual(['https://app.r.test/cb', 'https://platform-made.r.test/other'])
    // a URI the platform put on a client stays while its brand's admin edits the rest
    const nativeId = platformNative.json().clientId as string
    const kept = await call(admin, 'PATCH', `/oauth/clients/${nativeId}`, { redirectUris: ['com.brand.r:/callback', 'https://app.r.test/native'], scopes: ['account'] })
    expect(kept.statusCode, kept.body).toBe(200)
    expect(refusedFields(await call(admin, 'PATCH', `/oauth/clients/${nativeId}`, { redirectUris: ['com.brand.r:/other'] }))).toEqual(['body.redirectUris.0'])
    // the platform may widen
    expect((await call(platform, 'PATCH', `/oauth/clients/${id}`, { redirectUris: ['https://elsewhere.r.test/cb'] })).statusCode).toBe(200)
  })
})
