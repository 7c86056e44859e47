import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, tokenFor, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let platform: Actor
let owner: Actor

beforeAll(async () => {
  t = await createTestApp()
  platform = await createActor(t, { platformAdmin: true })
  owner = await createActor(t, { tenantId: await createTenant(t), role: 'owner' })
})
afterAll(() => t.close())

describe('OAuth clients API', () => {
  it('a platform admin creates (secret shown once), lists, reads and deletes; deleting ends its sessions', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/oauth/clients',
      headers: platform.headers,
      payload: { name: 'Backend', redirectUris: ['https://b.test/cb'], grantTypes: ['client_credentials'], scopes: ['sensors:read'] },
    })
    expect(created.statusCode).toBe(201)
    const client = created.json()
    expect(client.clientSecret).toEqual(expect.any(String))
    // safe as a shell argument: a generated id never starts with '-'
    expect(client.clientId).toMatch(/^[0-9a-f]{32}$/)
    const stored = await t.db.selectFrom('oauth_clients').select('secret_hash').where('client_id', '=', client.clientId).executeTakeFirstOrThrow()
    expect(stored.secret_hash).not.toContain(client.clientSecret)

    const read = await t.app.inject({ method: 'GET', url: `/oauth/clients/${client.clientId}`, headers: platform.headers })
    expect(read.json()).toMatchObject({ name: 'Backend', grantTypes: ['client_credentials'] })
    expect(read.json().clientSecret).toBeUndefined()
    const list = await t.app.inject({ method: 'GET', url: '/oauth/clients', headers: platform.headers })
    expect(list.json().map((c: { clientId: string }) => c.clientId)).toContain(client.clientId)

    const token = (secret: string) =>
      t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret, scope: 'sensors:read' } })
    const rotated = await t.app.inject({ method: 'POST', url: `/oauth/clients/${client.clientId}/secret`, headers: platform.headers })
    expect(rotated.statusCode).toBe(200)
    const newSecret: string = rotated.json().clientSecret
    expect(newSecret).not.toBe(client.clientSecret)
    expect((await token(client.clientSecret)).statusCode).toBe(401)
    expect((await token(newSecret)).statusCode).toBe(200)

    const userToken = await tokenFor(t.app, owner.user, client.clientId)
    const del = await t.app.inject({ method: 'DELETE', url: `/oauth/clients/${client.clientId}`, headers: platform.headers })
    expect(del.statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${userToken}` } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/oauth/clients/${client.clientId}`, headers: platform.headers })).statusCode).toBe(404)
  })

  it('redirect URIs must be absolute, a wildcard only ends a fragment; public clients cannot use client_credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/clients',
      headers: platform.headers,
      payload: {
        name: 'x',
        redirectUris: ['/relative', 'https://*.ok.test/cb', 'https://ok.test/cb/*', 'https://ok.test/cb#/*/x', 'https://ok.test/cb?a=*#/x', 'https://ok.test/cb#/*'],
        public: true,
        grantTypes: ['client_credentials'],
      },
    })
    expect(res.statusCode).toBe(400)
    const fields = errorBody(res).details?.map((d) => `${d.field}: ${d.message}`)
    const wildcard = 'may contain a wildcard (*) only as the last character of the fragment'
    expect(fields).toEqual([
      'body.redirectUris.0: must be an absolute URL',
      `body.redirectUris.1: ${wildcard}`,
      `body.redirectUris.2: ${wildcard}`,
      `body.redirectUris.3: ${wildcard}`,
      `body.redirectUris.4: ${wildcard}`,
      'body.grantTypes: client_credentials needs a confidential client',
    ])
  })

  it('a client that signs people in has one or more redirect URIs; a machine client may have none', async () => {
    const create = (payload: object) => t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload })
    for (const payload of [{ name: 'No URIs', redirectUris: [] }, { name: 'No URIs', redirectUris: [], grantTypes: ['authorization_code', 'client_credentials'] }]) {
      const refused = await create(payload)
      expect(refused.statusCode).toBe(400)
      expect(errorBody(refused).details).toEqual([{ field: 'body.redirectUris', message: 'must hold at least one URI for a client that uses authorization_code' }])
    }
    expect((await create({ name: 'Machine', redirectUris: [], grantTypes: ['client_credentials'] })).statusCode).toBe(201)
  })

  it('imports a client under a chosen client_id with long-lived tokens; the id cannot be taken twice', async () => {
    const body = {
      name: 'Imported app',
      clientId: 'imported-app-0123456789',
      public: true,
      redirectUris: ['https://ok.test/cb#/*'],
      longLivedAccessTokenSeconds: 7776000,
    }
    const res = await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: body })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ clientId: 'imported-app-0123456789', longLivedAccessTokenSeconds: 7776000, redirectUris: ['https://ok.test/cb#/*'] })
    const again = await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: body })
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).code).toBe('client_id_taken')
    const bad = await t.app.inject({
      method: 'POST',
      url: '/oauth/clients',
      headers: platform.headers,
      payload: { ...body, clientId: 'short', longLivedAccessTokenSeconds: 10 },
    })
    expect(bad.statusCode).toBe(400)
    expect([...new Set(errorBody(bad).details?.map((d) => d.field))].sort()).toEqual(['body.clientId', 'body.longLivedAccessTokenSeconds'])
  })

  it("anyone else gets 403 for the lists and for a client without a tenant, and 404 for a client by id that is not theirs", async () => {
    const routes = [
      { method: 'POST', url: '/oauth/clients', payload: { name: 'x', redirectUris: [] } },
      { method: 'GET', url: '/oauth/clients' },
      { method: 'GET', url: '/v4/oauth/clients' },
    ] as const
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: owner.headers })
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(errorBody(res).code).toBe('forbidden')
    }
    // the platform's own clients (no tenant) are not there for anyone else, like a missing one
    const platformClient = (await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: { name: 'Platform app', redirectUris: ['https://p.test/cb'] } })).json().clientId
    for (const id of ['anything', platformClient]) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: `/oauth/clients/${id}`, headers: owner.headers, ...(method === 'PATCH' ? { payload: { scopes: ['account'] } } : {}) })
        expect(res.statusCode, `${method} ${id}`).toBe(404)
      }
    }
  })

  it("a brand's admin lists the brand's own clients under its prefix, and no other tenant's", async () => {
    const brand = await createTenant(t, 'Listing brand')
    const other = await createTenant(t, 'Other brand')
    const admin = await createActor(t, { tenantId: brand, role: 'admin' })
    const mine = (await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: { name: 'Brand app', redirectUris: ['https://b.test/cb'], tenantId: brand } })).json().clientId
    await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: { name: 'Other app', redirectUris: ['https://o.test/cb'], tenantId: other } })
    const listed = await t.app.inject({ method: 'GET', url: `/tenants/${brand}/oauth/clients`, headers: admin.headers })
    expect(listed.statusCode).toBe(200)
    expect(listed.json().map((c: { clientId: string; name: string }) => [c.clientId, c.name])).toEqual([[mine, 'Brand app']])
    expect(listed.json()[0]).not.toHaveProperty('clientSecret')
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${other}/oauth/clients`, headers: admin.headers })).statusCode).toBe(404)
  })
})
