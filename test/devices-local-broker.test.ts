/**
 * The embedded broker hands device messages to the bridge in its own process (broker.ts,
 * `local`): a function call per message, whose `done` lets the broker hand over the next,
 * up to 100 at once. A burst far larger than the bridge's queue must arrive whole, in order,
 * and with the broker still delivering afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTenant, createTestApp, type TestApp } from './helpers.ts'
import { bridgeEvents, linkDevice, uniqueMac } from './device-helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

it('a burst of 20,000 in-process messages queued behind held ones reaches a subscriber, each once and in order, without overflowing the stack', async () => {
  const local = t.app.services.devices.broker!.local
  const seen: number[] = []
  const held: (() => void)[] = []
  await local.subscribe(['burst/+'], (_topic, payload, done) => {
    seen.push(Number(payload.toString()))
    // the first hundred wait (the broker's limit of messages in flight), so the rest queue up
    if (seen.length <= 100) held.push(done)
    else done()
  })
  const count = 20_000
  const published = Promise.all(Array.from({ length: count }, (_, i) => local.publish('burst/x', String(i))))
  await new Promise((resolve) => setImmediate(resolve))
  for (const done of held.splice(0)) done()
  await published
  expect(seen.length).toBe(count)
  expect(seen.every((n, i) => n === i)).toBe(true)
})

it('10,000 states at once, five times the bridge queue: every one applied, each device ends on its last, and the broker still delivers', async () => {
  const tenantId = await createTenant(t, 'Burst')
  const macs = Array.from({ length: 50 }, () => uniqueMac())
  const sensors = await t.db.insertInto('sensors').values(macs.map((m, i) => ({ tenant_id: tenantId, device_id: m, name: `fan ${i}`, type: '58', metadata: '{}' }))).returningAll().execute()
  for (const sensor of sensors) await linkDevice(t.db, sensor)
  const local = t.app.services.devices.broker!.local
  const count = 10_000
  let applied = 0
  const all = new Promise<void>((resolve) => bridgeEvents(t).on('state', (e: { channel: string }) => e.channel === 'in' && ++applied === count && resolve()))
  await Promise.all(Array.from({ length: count }, (_, seq) => local.publish(`sensor/${macs[seq % macs.length]}/in`, JSON.stringify({ speed: (seq % 30) + 1, seq }))))
  await all
  const rows = await t.db.selectFrom('sensors').select(['device_id', 'latest_data']).where('tenant_id', '=', tenantId).execute()
  const last = (j: number) => count - macs.length + j
  expect(rows.map((r) => [r.device_id, r.latest_data?.fullData.seq]).sort()).toEqual(macs.map((m, j) => [m, last(j)]).sort())
  // and afterwards the next message still comes through
  const next = new Promise<void>((resolve) => bridgeEvents(t).on('state', (e: { mac: string; channel: string }) => e.mac === macs[0] && e.channel === 'in' && resolve()))
  await local.publish(`sensor/${macs[0]}/in`, JSON.stringify({ speed: 1, seq: count }))
  await next
}, 60_000)
