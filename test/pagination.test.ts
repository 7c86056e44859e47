import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

/** Sensors to walk: enough for 134 pages of 3 and a last page of 250 that is not full. */
const SENSORS = 400

let t: TestApp
let tenantId: number
let admin: Actor

interface PageBody {
  edges: { node: { id: number }; cursor: string }[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }
  totalCount: number
}

beforeAll(async () => {
  t = await createTestApp()
  tenantId = await createTenant(t, 'Paging')
  admin = await createActor(t, { tenantId, role: 'admin' })
  await seedSensors(tenantId, SENSORS, 'walk')
})
afterAll(() => t.close())

async function seedSensors(tenant: number, count: number, prefix: string, types = ['co2', 'temperature']): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      tenant_id: tenant,
      device_id: `${prefix}-${start + i}`,
      name: `Sensor ${start + i}`,
      type: types[(start + i) % types.length]!,
      metadata: '{}',
    }))
    ids.push(...(await t.db.insertInto('sensors').values(rows).returning('id').execute()).map((r) => r.id))
  }
  return ids
}

async function page(query: string, who: Actor = admin, prefix = `/tenants/${tenantId}`): Promise<PageBody> {
  const res = await t.app.inject({ method: 'GET', url: `${prefix}/v4/sensors?${query}`, headers: who.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe(`walking /v4/sensors over ${SENSORS} sensors`, () => {
  it.each([3, 10, 99, 250])('limit %i: forward with after and back with before, each sensor once, exact pageInfo', async (limit) => {
    const forward: number[] = []
    let current = await page(`limit=${limit}`)
    const pages: PageBody[] = [current]
    for (;;) {
      expect(current.totalCount).toBe(SENSORS)
      expect(current.pageInfo.hasPreviousPage).toBe(pages.length > 1)
      forward.push(...current.edges.map((e) => e.node.id))
      expect(current.pageInfo.hasNextPage).toBe(forward.length < SENSORS)
      if (!current.pageInfo.hasNextPage) break
      current = await page(`limit=${limit}&after=${encodeURIComponent(current.pageInfo.endCursor!)}`)
      pages.push(current)
    }
    expect(forward).toHaveLength(SENSORS)
    expect(new Set(forward).size).toBe(SENSORS)
    expect([...forward].sort((a, b) => a - b)).toEqual(forward)

    const backward: number[] = [...current.edges.map((e) => e.node.id)].reverse()
    let steps = 0
    while (current.pageInfo.hasPreviousPage) {
      current = await page(`limit=${limit}&before=${encodeURIComponent(current.pageInfo.startCursor!)}`)
      steps++
      expect(current.edges).toHaveLength(limit > SENSORS - backward.length ? SENSORS - backward.length : limit)
      expect(current.pageInfo.hasNextPage).toBe(true)
      backward.push(...[...current.edges.map((e) => e.node.id)].reverse())
      expect(current.pageInfo.hasPreviousPage).toBe(backward.length < SENSORS)
    }
    expect(steps).toBe(pages.length - 1)
    expect(backward).toEqual([...forward].reverse())
  }, 60_000)

  it('filters by type and space, with an exact totalCount', async () => {
    const co2 = await page('limit=5&type=co2')
    expect(co2.totalCount).toBe(SENSORS / 2)
    expect(co2.edges).toHaveLength(5)
    const spaceRes = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/spaces`, headers: admin.headers, payload: { name: 'Lab' } })
    const spaceId = spaceRes.json().id
    const ids = (await page('limit=20')).edges.map((e) => e.node.id)
    await t.db.updateTable('sensors').set({ space_id: spaceId }).where('id', 'in', ids).execute()
    expect((await page(`limit=250&spaceId=${spaceId}`)).totalCount).toBe(20)
    expect((await page(`limit=250&spaceId=${spaceId}&type=co2`)).totalCount).toBe(10)
    expect((await page('limit=1&type=co2')).totalCount).toBe(SENSORS / 2)
    await t.db.updateTable('sensors').set({ space_id: null }).where('id', 'in', ids).execute()
    expect((await page(`limit=250&spaceId=${spaceId}`)).totalCount).toBe(0)
  })

  it('the plain list returns at most 100 records, also under the tenant prefix', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors`, headers: admin.headers })
    expect(plain.json()).toHaveLength(100)
    expect(Array.isArray(plain.json())).toBe(true)
  })
})

describe('cursor and limit errors', () => {
  it('a tampered cursor, a foreign cursor, bad limits, after with before: 400 in the error shape', async () => {
    const first = await page('limit=2')
    const cursor = first.pageInfo.endCursor!
    const [payload, sig] = cursor.split('.')
    const forged = `${(parseInt(payload!, 36) + 100).toString(36)}.${sig}`
    const spaces = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/spaces`, headers: admin.headers, payload: { name: 'S' } })
    expect(spaces.statusCode).toBe(201)
    const spaceCursor = (await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/v4/spaces?limit=1`, headers: admin.headers })).json().pageInfo.endCursor
    const cases: [string, string][] = [
      [`after=${encodeURIComponent(forged)}`, 'invalid_cursor'],
      [`after=${encodeURIComponent(cursor.slice(0, -2))}`, 'invalid_cursor'],
      ['after=not-a-cursor', 'invalid_cursor'],
      [`before=${encodeURIComponent(spaceCursor)}`, 'invalid_cursor'],
      [`type=co2&after=${encodeURIComponent(cursor)}`, 'invalid_cursor'],
      ['limit=0', 'invalid_limit'],
      ['limit=251', 'invalid_limit'],
      ['limit=abc', 'validation_failed'],
      [`after=${encodeURIComponent(cursor)}&before=${encodeURIComponent(cursor)}`, 'invalid_pagination'],
    ]
    for (const [query, code] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/v4/sensors?${query}`, headers: admin.headers })
      expect(res.statusCode, query).toBe(400)
      expect(errorBody(res).code, query).toBe(code)
    }
    // a cursor of tenant A's list is not one of the caller's unprefixed list
    const res = await t.app.inject({ method: 'GET', url: `/v4/sensors?after=${encodeURIComponent(cursor)}`, headers: admin.headers })
    expect(errorBody(res).code).toBe('invalid_cursor')
  })
})

describe('a page writes each sensor as GET /sensors/{id} does', () => {
  it('to the character, timestamps included (microseconds, a leap day, an early year, device state)', async () => {
    const tenant = await createTenant(t, 'Wire')
    const who = await createActor(t, { tenantId: tenant, role: 'member' })
    // PostgreSQL keeps microseconds; the API shows milliseconds, truncated, in UTC with Z
    const times = ['2024-02-29 23:59:59.999999+00', '2021-06-01 12:00:00.0005+02', '0999-01-02 03:04:05.289+00', '2030-12-31 00:00:00+00', '2025-03-04 05:06:07.1+00']
    const rows = times.map((at, i) => ({
      tenant_id: tenant,
      device_id: `wire-${i}`,
      name: `Wire "${i}" \u00e9`,
      display_name: i % 2 ? null : `Shown ${i}`,
      type: i % 2 ? 'whisper-flex' : 'co2',
      metadata: JSON.stringify({ room: i, tags: ['a', 'b'] }),
      created_at: sql<Date>`${at}::timestamptz`,
      updated_at: sql<Date>`${times[(i + 1) % times.length]!}::timestamptz`,
      online: i % 2 === 0,
      last_seen_at: i % 2 ? null : times[(i + 2) % times.length]!,
      latest_data: i % 2 ? null : JSON.stringify({ fullData: { speed: i }, time: '2024-01-01T00:00:00.000Z' }),
      connection_type: i % 2 ? null : 'wifi',
    }))
    const ids = (await t.db.insertInto('sensors').values(rows).returning('id').execute()).map((r) => r.id)
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenant}/v4/sensors?limit=10`, headers: who.headers })
    expect(res.statusCode, res.body).toBe(200)
    const body = JSON.parse(res.body) as PageBody
    expect(body.edges.map((e) => e.node.id)).toEqual(ids)
    for (const id of ids) {
      const one = await t.app.inject({ method: 'GET', url: `/tenants/${tenant}/sensors/${id}`, headers: who.headers })
      expect(one.statusCode, one.body).toBe(200)
      expect(res.body).toContain(`{"node":${one.body},"cursor":`)
    }
    expect(body.edges[0]!.node).toMatchObject({ createdAt: '2024-02-29T23:59:59.999Z', lastSeenAt: '0999-01-02T03:04:05.289Z', sensorType: null })
    expect(body.edges[1]!.node).toMatchObject({ createdAt: '2021-06-01T10:00:00.000Z', updatedAt: '0999-01-02T03:04:05.289Z', lastSeenAt: null, sensorTypeId: expect.any(Number) })
    expect(body.edges[2]!.node).toMatchObject({ createdAt: '0999-01-02T03:04:05.289Z', lastSeenAt: '2025-03-04T05:06:07.100Z', latestData: { fullData: { speed: 2 } } })
  })
})

describe('property: inserts and deletes interleaved with page requests', () => {
  it('rows present for the whole walk are each seen exactly once, and no row twice', async () => {
    type Op = { kind: 'insert'; count: number } | { kind: 'delete'; pick: number } | { kind: 'page' }
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('page' as const) }),
    )
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 9 }), fc.array(op, { maxLength: 40 }), async (initial, limit, ops) => {
        run++
        const tenant = await createTenant(t, `prop-${run}`)
        const who = await createActor(t, { tenantId: tenant, role: 'member' })
        const live = new Set(await seedSensors(tenant, initial, `p${run}`))
        const stable = new Set(live)
        const seen: number[] = []
        let n = 0
        let cursor: string | null = null
        let done = false
        const step = async () => {
          const body = await page(`limit=${limit}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`, who, `/tenants/${tenant}`)
          expect(body.totalCount).toBe(live.size)
          seen.push(...body.edges.map((e) => e.node.id))
          cursor = body.pageInfo.endCursor ?? cursor
          done = !body.pageInfo.hasNextPage
        }
        for (const o of ops) {
          if (done) break
          if (o.kind === 'insert') for (const id of await seedSensors(tenant, o.count, `p${run}-${n++}`)) live.add(id)
          else if (o.kind === 'delete' && live.size > 0) {
            const id = [...live][o.pick % live.size]!
            await t.db.deleteFrom('sensors').where('id', '=', id).execute()
            live.delete(id)
            stable.delete(id)
          } else if (o.kind === 'page') await step()
        }
        while (!done) await step()
        expect(new Set(seen).size).toBe(seen.length)
        for (const id of stable) expect(seen).toContain(id)
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})
