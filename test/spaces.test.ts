import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STARTER_ALGORITHMS } from '../src/modules/spaces/definitions.ts'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let tenantA: number
let tenantB: number
let platform: Actor
let adminA: Actor
let memberA: Actor
let adminB: Actor

beforeAll(async () => {
  t = await createTestApp()
  tenantA = await createTenant(t, 'A')
  tenantB = await createTenant(t, 'B')
  platform = await createActor(t, { platformAdmin: true })
  adminA = await createActor(t, { tenantId: tenantA, role: 'admin' })
  memberA = await createActor(t, { tenantId: tenantA, role: 'member' })
  adminB = await createActor(t, { tenantId: tenantB, role: 'admin' })
  for (const def of STARTER_ALGORITHMS) {
    const res = await t.app.inject({ method: 'POST', url: '/algorithms', headers: platform.headers, payload: def })
    expect(res.statusCode).toBe(201)
  }
})
afterAll(() => t.close())

const call = (who: Actor, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: who.headers, ...(payload !== undefined ? { payload: payload as object } : {}) })

async function space(who: Actor, tenantId: number, body: object = {}) {
  const res = await call(who, 'POST', `/tenants/${tenantId}/spaces`, { name: 'Room', ...body })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: number }
}

describe('spaces', () => {
  it('create with the prefix or with tenantId in the body; members read, only admins write', async () => {
    const viaBody = await call(adminA, 'POST', '/spaces', { tenantId: tenantA, name: 'Building', description: 'HQ' })
    expect(viaBody.statusCode).toBe(201)
    expect(viaBody.json()).toMatchObject({ tenantId: tenantA, name: 'Building', description: 'HQ', parentId: null })
    const noTenant = await call(adminA, 'POST', '/spaces', { name: 'x' })
    expect(errorBody(noTenant).details?.[0]?.field).toBe('body.tenantId')
    expect((await call(memberA, 'POST', `/tenants/${tenantA}/spaces`, { name: 'x' })).statusCode).toBe(403)
    const id = viaBody.json().id
    expect((await call(memberA, 'GET', `/spaces/${id}`)).json().name).toBe('Building')
    expect((await call(memberA, 'PATCH', `/spaces/${id}`, { name: 'y' })).statusCode).toBe(403)
    const renamed = await call(adminA, 'PATCH', `/tenants/${tenantA}/spaces/${id}`, { name: 'Main building', description: null })
    expect(renamed.json()).toMatchObject({ name: 'Main building', description: null })
  })

  it('a parent must be in the same tenant and may not create a cycle', async () => {
    const root = await space(adminA, tenantA)
    const child = await space(adminA, tenantA, { parentId: root.id })
    const foreign = await space(adminB, tenantB)
    const bad = await call(adminA, 'POST', `/tenants/${tenantA}/spaces`, { name: 'x', parentId: foreign.id })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).details?.[0]?.field).toBe('body.parentId')
    const cycle = await call(adminA, 'PATCH', `/spaces/${root.id}`, { parentId: child.id })
    expect(errorBody(cycle).code).toBe('invalid_parent')
  })

  it('deleting a space with children or sensors is 409 unless cascade=true', async () => {
    const root = await space(adminA, tenantA)
    const child = await space(adminA, tenantA, { parentId: root.id })
    const sensor = await call(adminA, 'POST', `/tenants/${tenantA}/sensors`, { deviceId: `dev-${root.id}`, name: 's', type: 'co2', spaceId: child.id })
    expect(sensor.statusCode).toBe(201)
    const refused = await call(adminA, 'DELETE', `/spaces/${root.id}`)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).code).toBe('space_not_empty')
    expect((await call(adminA, 'DELETE', `/spaces/${root.id}?cascade=true`)).statusCode).toBe(204)
    expect((await call(adminA, 'GET', `/spaces/${child.id}`)).statusCode).toBe(404)
    expect((await call(adminA, 'GET', `/sensors/${sensor.json().id}`)).statusCode).toBe(404)
  })

  it('without the prefix, lists cover every tenant of the caller; with it, only that tenant', async () => {
    const both = await createActor(t, { tenantId: tenantA, role: 'member' })
    await t.db.insertInto('memberships').values({ tenant_id: tenantB, user_id: both.user.id, role: 'member' }).execute()
    const list = (await call(both, 'GET', '/spaces')).json() as { tenantId: number }[]
    expect(new Set(list.map((s) => s.tenantId))).toEqual(new Set([tenantA, tenantB]))
    const onlyA = (await call(both, 'GET', `/tenants/${tenantA}/spaces`)).json() as { tenantId: number }[]
    expect(onlyA.every((s) => s.tenantId === tenantA)).toBe(true)
    const page = (await call(both, 'GET', `/v4/spaces?limit=2`)).json()
    expect(page.totalCount).toBe(list.length)
  })
})

describe('algorithms', () => {
  it('definitions: listed, fetched; an invalid schema or a duplicate is refused', async () => {
    const list = (await call(memberA, 'GET', '/algorithms')).json() as { keyName: string }[]
    expect(list.map((a) => a.keyName)).toEqual(['co2Alert', 'comfortIndex', 'occupancyCounting'])
    expect((await call(memberA, 'GET', '/algorithms/co2Alert')).json().optionsSchema.properties.thresholdPpm.default).toBe(1000)
    expect((await call(memberA, 'GET', '/algorithms/nope')).statusCode).toBe(404)
    const invalid = await call(platform, 'POST', '/algorithms', { keyName: 'bad', name: 'Bad', optionsSchema: { type: 'object', properties: { x: { type: 'wrong' } } } })
    expect(invalid.statusCode).toBe(400)
    expect(errorBody(invalid).details?.[0]?.field).toContain('body.optionsSchema')
    const dup = await call(platform, 'POST', '/algorithms', STARTER_ALGORITHMS[0])
    expect(dup.statusCode).toBe(409)
    expect((await call(adminA, 'POST', '/algorithms', { keyName: 'mine', name: 'x', optionsSchema: { type: 'object' } })).statusCode).toBe(403)
    // each registration is in the platform's audit log, once; the refused ones are not
    const audit = (await call(platform, 'GET', '/audit?action=algorithm.*')).json() as { action: string; actor: { id: string }; tenantId: number | null; target: { id: string }; summary: object }[]
    expect(audit.map((e) => e.target.id).sort()).toEqual(['co2Alert', 'comfortIndex', 'occupancyCounting'])
    expect(audit[0]).toMatchObject({ action: 'algorithm.register', actor: { id: String(platform.user.id) }, tenantId: null, summary: { fields: ['description', 'keyName', 'name', 'optionsSchema'] } })
  })

  it('valid options are accepted with defaults filled: 201 when added, 200 when replaced', async () => {
    const s = await space(adminA, tenantA)
    const added = await call(adminA, 'POST', `/spaces/${s.id}/algorithms/key/co2Alert`, { thresholdPpm: 1200 })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ keyName: 'co2Alert', spaceId: s.id, tenantId: tenantA, options: { thresholdPpm: 1200, sustainedMinutes: 10, notify: [] } })
    const replaced = await call(adminA, 'POST', `/tenants/${tenantA}/spaces/${s.id}/algorithms/key/co2Alert`, { thresholdPpm: 800 })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json().options.thresholdPpm).toBe(800)

    const plain = (await call(memberA, 'GET', `/spaces/${s.id}/algorithms/key/co2Alert`)).json()
    const prefixed = (await call(memberA, 'GET', `/tenants/${tenantA}/spaces/${s.id}/algorithms/key/co2Alert`)).json()
    expect(prefixed).toEqual(plain)
    expect(plain).toMatchObject({ keyName: 'co2Alert', options: { thresholdPpm: 800 }, createdAt: expect.any(String), updatedAt: expect.any(String) })
    expect((await call(memberA, 'GET', `/spaces/${s.id}/algorithms`)).json()).toHaveLength(1)
    expect((await call(memberA, 'GET', `/spaces/${s.id}/algorithms/key/comfortIndex`)).statusCode).toBe(404)
    expect((await call(adminA, 'DELETE', `/spaces/${s.id}/algorithms/key/co2Alert`)).statusCode).toBe(204)
    expect((await call(memberA, 'GET', `/spaces/${s.id}/algorithms/key/co2Alert`)).statusCode).toBe(404)
  })

  it('invalid options are refused listing each violation; an unknown keyName is 404', async () => {
    const s = await space(adminA, tenantA)
    const res = await call(adminA, 'POST', `/spaces/${s.id}/algorithms/key/occupancyCounting`, { resetAt: '25:99', countDirection: 'sideways', extra: 1 })
    expect(res.statusCode).toBe(400)
    const fields = errorBody(res).details?.map((d) => d.field).sort()
    expect(fields).toEqual(['body.countDirection', 'body.extra', 'body.maxOccupancy', 'body.resetAt'])
    expect((await call(adminA, 'POST', `/spaces/${s.id}/algorithms/key/unknownAlgo`, {})).statusCode).toBe(404)
  })
})

describe("another tenant's user gets 404 on every route, plain and prefixed", () => {
  it('route by route', async () => {
    const s = await space(adminA, tenantA)
    await call(adminA, 'POST', `/spaces/${s.id}/algorithms/key/co2Alert`, {})
    const sensor = (await call(adminA, 'POST', `/tenants/${tenantA}/sensors`, { deviceId: `matrix-${s.id}`, name: 'm', type: 'co2', spaceId: s.id })).json()
    const routes: [string, string, unknown?][] = [
      ['POST', `/tenants/${tenantA}/spaces`, { name: 'x' }],
      ['POST', '/spaces', { tenantId: tenantA, name: 'x' }],
      ['GET', `/tenants/${tenantA}/spaces`],
      ['GET', `/tenants/${tenantA}/v4/spaces`],
      ['GET', `/spaces/${s.id}`],
      ['PATCH', `/spaces/${s.id}`, { name: 'x' }],
      ['DELETE', `/spaces/${s.id}`],
      ['GET', `/spaces/${s.id}/algorithms`],
      ['GET', `/spaces/${s.id}/algorithms/key/co2Alert`],
      ['POST', `/spaces/${s.id}/algorithms/key/co2Alert`, {}],
      ['DELETE', `/spaces/${s.id}/algorithms/key/co2Alert`],
      ['POST', `/tenants/${tenantA}/sensors`, { deviceId: 'x', name: 'x', type: 'x' }],
      ['POST', '/sensors', { tenantId: tenantA, deviceId: 'x', name: 'x', type: 'x' }],
      ['GET', `/tenants/${tenantA}/sensors`],
      ['GET', `/tenants/${tenantA}/v4/sensors`],
      ['GET', `/sensors/${sensor.id}`],
      ['PATCH', `/sensors/${sensor.id}`, { name: 'x' }],
      ['DELETE', `/sensors/${sensor.id}`],
    ]
    const prefixedB = routes
      .filter(([, url]) => url.startsWith('/spaces/') || url.startsWith('/sensors/'))
      .map(([m, url, body]) => [m, `/tenants/${tenantB}${url}`, body] as [string, string, unknown?])
    const prefixedA = routes
      .filter(([, url]) => url.startsWith('/spaces/') || url.startsWith('/sensors/'))
      .map(([m, url, body]) => [m, `/tenants/${tenantA}${url}`, body] as [string, string, unknown?])
    for (const [method, url, body] of [...routes, ...prefixedA, ...prefixedB]) {
      const res = await call(adminB, method, url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(errorBody(res).code).toBe('not_found')
    }
    // and nothing changed
    expect((await call(adminA, 'GET', `/spaces/${s.id}/algorithms/key/co2Alert`)).statusCode).toBe(200)
    expect((await call(adminA, 'GET', `/sensors/${sensor.id}`)).json().name).toBe('m')
    // lists without the prefix show B nothing of A
    const bSensors = (await call(adminB, 'GET', '/sensors')).json() as { tenantId: number }[]
    expect(bSensors.every((x) => x.tenantId === tenantB)).toBe(true)
  })
})
