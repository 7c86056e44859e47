/**
 * The platform's own actions that the CLI runs through the services (deleting tenants and
 * accounts, listing every account, adding and retiring signing keys, the email outbox): each has its own rule in
 * the policy table, and a brand's owner, who may do everything inside the brand, may do none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserActor } from '../src/modules/tenancy/actor.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTenant, createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
let brand: number

const person = (userId: number, platformAdmin: boolean): UserActor => ({
  kind: 'user',
  userId,
  homeTenantId: null,
  platformAdmin,
  clientId: null,
  sessionId: null,
  scopes: null,
})

beforeAll(async () => {
  t = await createTestApp()
  brand = await createTenant(t, 'Brand')
})
afterAll(() => t?.close())

describe('platform actions', () => {
  it("a brand's owner may not delete tenants or accounts, list every account, rotate and retire signing keys, or read and re-drive the outbox; a platform administrator may", async () => {
    const { tenants, accounts, signingKeys, outbox } = t.app.services
    const owner = await accounts.createUser(OPERATOR, { email: 'owner@brand.test', tenantId: brand, role: 'owner' })
    const admin = await accounts.createUser(OPERATOR, { email: 'admin@platform.test', platformAdmin: true })
    const victim = await accounts.createUser(OPERATOR, { email: 'victim@brand.test', belongsTo: brand })
    const brandOwner = person(owner.id, false)
    const platformAdmin = person(admin.id, true)
    const before = (await signingKeys.list(OPERATOR)).map((k) => k.kid)
    const kid = before[0]!

    const refused = { statusCode: 403, code: 'forbidden' }
    await expect(tenants.delete(brandOwner, brand)).rejects.toMatchObject(refused)
    await expect(accounts.list(brandOwner, brand)).rejects.toMatchObject(refused)
    await expect(accounts.deleteUser(brandOwner, victim.id)).rejects.toMatchObject(refused)
    await expect(signingKeys.rotate(brandOwner)).rejects.toMatchObject(refused)
    await expect(signingKeys.retire(brandOwner, kid)).rejects.toMatchObject(refused)
    await expect(outbox.list(brandOwner, { limit: 10 })).rejects.toMatchObject(refused)
    await expect(outbox.retry(brandOwner, 'all')).rejects.toMatchObject(refused)
    expect((await signingKeys.list(OPERATOR)).map((k) => k.kid)).toEqual(before)

    expect(await outbox.list(platformAdmin, { status: 'failed', limit: 10 })).toEqual([])
    expect(await outbox.retry(platformAdmin, 'all')).toEqual([])
    const newKids = await signingKeys.rotate(platformAdmin)
    expect(newKids).toHaveLength(2)
    expect((await signingKeys.retire(platformAdmin, kid)).outcome).toBe('retired')
    expect((await signingKeys.list(platformAdmin)).map((k) => k.kid)).toEqual(expect.arrayContaining(newKids))
    expect((await accounts.list(platformAdmin, brand)).map((u) => u.email)).toContain('owner@brand.test')
    await accounts.deleteUser(platformAdmin, victim.id)
    // a tenant is deleted with what it holds (its counters counted them)
    const space = await t.app.services.spaces.create(OPERATOR, brand, { name: 'Hall' })
    await t.app.services.sensors.create(OPERATOR, brand, { deviceId: 'aa:bb:cc:00:11:22', name: 'Fan', type: '58', spaceId: space.id })
    await tenants.delete(platformAdmin, brand)
    await expect(tenants.delete(platformAdmin, brand)).rejects.toMatchObject({ statusCode: 404 })
  })
})
