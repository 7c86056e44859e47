/**
 * A tenant id is never given to a second tenant while the first one's audit trail is kept.
 * From the attacker's side: a brand is deleted; someone gets a tenant created under its id
 * (an import with a chosen id) to read what the brand's admins did. The creation is refused;
 * the id's audit log stays closed to everyone but the platform, which keeps the whole trail
 * and the record of the deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let platform: Actor

beforeAll(async () => {
  t = await createTestApp()
  platform = await createActor(t, { platformAdmin: true })
})
afterAll(() => t.close())

const call = (who: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })

describe("a deleted tenant's id", () => {
  it('cannot be given to a new tenant, so nobody reads the old trail; the platform keeps it', async () => {
    const victim = await createTenant(t, 'Victim brand')
    const victimAdmin = await createActor(t, { tenantId: victim, role: 'admin' })
    expect((await call(victimAdmin, 'PATCH', `/tenants/${victim}`, { address: '1 Secret Lab Rd' })).statusCode).toBe(200)
    await t.app.services.tenants.delete(OPERATOR, victim) // `trellis tenants delete`

    // the attacker's tenant under the victim's id: refused, whichever way it is asked for
    const reuse = await call(platform, 'POST', '/tenants', { id: victim, name: 'Attacker Ltd' })
    expect(reuse.statusCode).toBe(409)
    expect(errorBody(reuse).code).toBe('tenant_id_retired')
    await expect(t.app.services.tenants.create(OPERATOR, { id: victim, name: 'Attacker Ltd' })).rejects.toMatchObject({ code: 'tenant_id_retired' })
    expect(await t.db.selectFrom('tenants').select('id').where('id', '=', victim).executeTakeFirst()).toBeUndefined()

    // an admin of any other tenant reads nothing under that id, in either form
    const attacker = await createActor(t, { tenantId: await createTenant(t, 'Attacker Ltd'), role: 'owner' })
    for (const url of [`/tenants/${victim}/audit`, `/tenants/${victim}/v4/audit`]) {
      const res = await call(attacker, 'GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('Secret Lab')
    }
    // a generated id is never the old one, and its log holds its own entries only
    const fresh = await createTenant(t, 'Fresh')
    expect(fresh).not.toBe(victim)
    const freshOwner = await createActor(t, { tenantId: fresh, role: 'owner' })
    const own = (await call(freshOwner, 'GET', `/tenants/${fresh}/audit`)).json() as { tenantId: number }[]
    expect(own.every((e) => e.tenantId === fresh)).toBe(true)

    // the platform still has the whole trail, the deletion included
    const trail = (await call(platform, 'GET', '/audit')).json() as { tenantId: number | null; action: string; summary: { values?: Record<string, unknown> } }[]
    const ofVictim = trail.filter((e) => e.tenantId === victim)
    expect(ofVictim.map((e) => e.action)).toEqual(expect.arrayContaining(['tenant.delete', 'tenant.update']))
    expect(ofVictim.find((e) => e.action === 'tenant.update')?.summary.values?.address).toBe('1 Secret Lab Rd')
  })

  it('an id with no trail is still imported as before', async () => {
    const res = await call(platform, 'POST', '/tenants', { id: 8_800, name: 'Imported with its id' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ id: 8_800 })
  })
})
