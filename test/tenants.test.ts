import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let platformAdmin: Actor
let tenantA: number
let tenantB: number
let ownerA: Actor
let adminA: Actor
let memberA: Actor
let ownerB: Actor

beforeAll(async () => {
  t = await createTestApp()
  platformAdmin = await createActor(t, { platformAdmin: true })
  tenantA = await createTenant(t, 'A')
  tenantB = await createTenant(t, 'B')
  ownerA = await createActor(t, { tenantId: tenantA, role: 'owner' })
  adminA = await createActor(t, { tenantId: tenantA, role: 'admin' })
  memberA = await createActor(t, { tenantId: tenantA, role: 'member' })
  ownerB = await createActor(t, { tenantId: tenantB, role: 'owner' })
})
afterAll(() => t.close())

describe('tenants', () => {
  it('a platform admin creates a tenant; others may not', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: platformAdmin.headers,
      payload: { name: 'Acme', countryCode: 'de', logoUrl: 'https://acme.test/logo.png', unknownField: 1 },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'Acme', countryCode: 'DE', allowSignup: true, emailConfig: {} })
    const denied = await t.app.inject({ method: 'POST', url: '/tenants', headers: ownerA.headers, payload: { name: 'x' } })
    expect(denied.statusCode).toBe(403)
  })

  it('PATCH merges field by field and null removes a value', async () => {
    const first = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${tenantA}`,
      headers: adminA.headers,
      payload: { address: '1 Main St', emailConfig: { template: { buttonColor: '#ff0000', textColor: '#222' } } },
    })
    expect(first.statusCode).toBe(200)
    const second = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${tenantA}`,
      headers: adminA.headers,
      payload: { zipCode: '10115', emailConfig: { template: { textColor: null } } },
    })
    expect(second.json()).toMatchObject({
      name: 'A',
      address: '1 Main St',
      zipCode: '10115',
      emailConfig: { template: { buttonColor: '#ff0000' } },
    })
    expect(second.json().emailConfig.template.textColor).toBeUndefined()
  })

  it('a bad time zone is a 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}`, headers: adminA.headers, payload: { timeZone: 'Mars/Base' } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.[0]?.field).toBe('body.timeZone')
  })

  it('members read, but may not write', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}`, headers: memberA.headers })).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}`, headers: memberA.headers, payload: { name: 'x' } })
    expect(res.statusCode).toBe(403)
  })

  it('GET /tenants: all for platform admins, own for others', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/tenants', headers: platformAdmin.headers })
    expect(all.json().length).toBeGreaterThanOrEqual(2)
    const own = await t.app.inject({ method: 'GET', url: '/tenants', headers: ownerB.headers })
    expect(own.json().map((x: { id: number }) => x.id)).toEqual([tenantB])
  })

  it('members: add by email (creating the account), list, remove; the last owner stays', async () => {
    const email = uniqueEmail('invited')
    const add = await t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'member' } })
    expect(add.statusCode).toBe(201)
    const list = await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}/members`, headers: memberA.headers })
    const invited = list.json().find((m: { email: string }) => m.email === email)
    expect(invited).toMatchObject({ role: 'member' })
    const ownerByAdmin = await t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'owner' } })
    expect(ownerByAdmin.statusCode).toBe(403)
    const del = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantA}/members/${invited.userId}`, headers: adminA.headers })
    expect(del.statusCode).toBe(204)
    const lastOwner = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantA}/members/${ownerA.user.id}`, headers: ownerA.headers })
    expect(lastOwner.statusCode).toBe(409)
    expect(errorBody(lastOwner).code).toBe('last_owner')
  })

  it("another tenant's admin gets 404 on every tenant and member route", async () => {
    const routes = [
      { method: 'GET', url: `/tenants/${tenantA}` },
      { method: 'PATCH', url: `/tenants/${tenantA}`, payload: { name: 'pwned' } },
      { method: 'GET', url: `/tenants/${tenantA}/members` },
      { method: 'POST', url: `/tenants/${tenantA}/members`, payload: { email: uniqueEmail(), role: 'admin' } },
      { method: 'DELETE', url: `/tenants/${tenantA}/members/${memberA.user.id}` },
    ] as const
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: ownerB.headers })
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404)
      expect(errorBody(res).code).toBe('not_found')
    }
    // and the same answer as for a tenant that does not exist
    const missing = await t.app.inject({ method: 'GET', url: '/tenants/999999', headers: ownerB.headers })
    expect(missing.statusCode).toBe(404)
  })
})
