/**
 * Isolation on the embedded broker and on the REST side: a device is refused with a wrong
 * password, cannot read another device's commands or forge its state, cannot command
 * itself; anonymous firmware only where the operator allowed it; a malformed payload is
 * counted and changes nothing; another tenant cannot command or watch the device.
 */
import { once } from 'node:events'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { createActor, createTenant, createTestApp, type Actor, type TestApp, scrapeMetrics } from './helpers.ts'
import { bridgeEvents, createFan, uniqueMac, waitFor, type StateEvent } from './device-helpers.ts'

let t: TestApp
let url: string
let tenantId: number
let admin: Actor
let a: { sensorId: number; mac: string; password: string }
let b: { sensorId: number; mac: string; password: string }
const clients: MqttClient[] = []
const sims: DeviceSimulator[] = []

beforeAll(async () => {
  t = await createTestApp()
  url = t.app.services.devices.mqttUrl!
  tenantId = await createTenant(t, 'Home')
  admin = await createActor(t, { tenantId, role: 'admin' })
  a = await createFan(t, tenantId, admin)
  b = await createFan(t, tenantId, admin)
})
afterAll(async () => {
  for (const c of clients) c.end(true)
  for (const s of sims) await s.stop().catch(() => undefined)
  await t.close()
})

async function connect(options: mqtt.IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, protocolVersion: 4, ...options })
  clients.push(client)
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  return client
}

/** Resolves when the broker closes the connection. */
const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()))

/** 'granted' or 'refused' (failure return code 0x80 in the SUBACK) per filter, on a connection that stays open. */
async function subscribeEach(client: MqttClient, filters: string[]): Promise<string[]> {
  const results: string[] = []
  for (const filter of filters) results.push(await client.subscribeAsync(filter).then(() => 'granted', () => 'refused'))
  expect(client.connected).toBe(true)
  return results
}

async function sensor(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/sensors/${id}`, headers: admin.headers })
  return res.json() as { online: boolean; latestData: { fullData: Record<string, unknown> } | null }
}

describe('the embedded broker', () => {
  it('refuses a wrong password, an unknown MAC and a missing password', async () => {
    await expect(connect({ clientId: a.mac, username: a.mac, password: 'wrong' })).rejects.toThrow(/bad username or password/i)
    await expect(connect({ clientId: 'x', username: uniqueMac(), password: a.password })).rejects.toThrow()
    await expect(connect({ clientId: a.mac, username: a.mac })).rejects.toThrow()
    await expect(connect({ clientId: a.mac })).rejects.toThrow()
  })

  it("a device cannot subscribe to another device's topics nor to wildcards above its own", async () => {
    const client = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    const filters = [`sensor/${b.mac}/command`, 'sensor/+/command', '#', `$share/x/sensor/${b.mac}/in`, `sensor/${a.mac}/command`, `sensor/${a.mac}/#`]
    expect(await subscribeEach(client, filters)).toEqual(['refused', 'refused', 'refused', 'refused', 'granted', 'granted'])
  })

  it("a forged publish to another device's state is refused and changes nothing", async () => {
    const client = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    const gone = closed(client)
    client.publish(`sensor/${b.mac}/in`, JSON.stringify({ sub: { Tune: [{ power: 1 }] } }), { qos: 1 })
    await gone
    // a later message from A itself still flows, and B is untouched
    const own = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    const applied = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === a.mac && e.channel === 'in')
    own.publish(`sensor/${a.mac}/in`, JSON.stringify({ power: 1, speed: 3 }), { qos: 1 })
    await applied
    expect((await sensor(a.sensorId)).latestData?.fullData).toEqual({ power: 1, speed: 3 })
    expect((await sensor(b.sensorId)).latestData).toBeNull()
  })

  it("a burst of one device's messages lands in order: latest state last, every change in the history", async () => {
    const client = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    let applied = 0
    const all = new Promise<void>((resolve) =>
      bridgeEvents(t).on('state', (e: StateEvent) => e.mac === a.mac && e.channel === 'in' && ++applied === 40 && resolve()),
    )
    for (let seq = 0; seq < 40; seq++) client.publish(`sensor/${a.mac}/in`, JSON.stringify({ sub: { Tune: [{ power: 1, seq }] } }), { qos: 1 })
    await all
    expect((await sensor(a.sensorId)).latestData?.fullData).toEqual({ power: 1, seq: 39 })
    const last = await t.app.inject({ method: 'GET', url: `/v4/sensors/${a.sensorId}/history?limit=250`, headers: admin.headers })
    const seqs = (last.json() as { edges: { node: { fullData: { seq?: number } } }[] }).edges.map((e) => e.node.fullData.seq).filter((n) => n !== undefined)
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i))
  })

  it('a device cannot publish commands, not even to itself', async () => {
    const client = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    const gone = closed(client)
    client.publish(`sensor/${a.mac}/command`, 'tune set power 1', { qos: 1 })
    await gone
  })

  it('a malformed payload is counted, logged and never overwrites good state', async () => {
    const before = (await sensor(a.sensorId)).latestData
    const client = await connect({ clientId: a.mac, username: a.mac, password: a.password })
    for (const bad of ['not json', '[1,2]', '{"sub":{"Tune":"x"}}', '{"power":{"nested":1}}', '{}', '{"online":"yes"}']) {
      const topic = bad.includes('online') ? `sensor/${a.mac}/online` : `sensor/${a.mac}/in`
      const refused = waitFor(bridgeEvents(t), 'malformed', (e: { topic: string }) => e.topic === topic)
      client.publish(topic, bad, { qos: 1 })
      await refused
    }
    expect((await sensor(a.sensorId)).latestData).toEqual(before)
    const metrics = await scrapeMetrics(t.app)
    expect(metrics.body).toMatch(/trellis_device_messages_malformed_total\{channel="in"\} 5/)
    expect(metrics.body).toMatch(/trellis_device_messages_malformed_total\{channel="online"\} 1/)
  })

  it('anonymous firmware connects only when the platform allowed it for that device', async () => {
    await expect(connect({ clientId: b.mac })).rejects.toThrow()
    const holder = await t.app.inject({ method: 'PUT', url: `/sensors/${b.sensorId}/device-access`, headers: admin.headers, payload: { allowAnonymous: true } })
    expect(holder.statusCode).toBe(403)
    const platform = (await createActor(t, { platformAdmin: true })).headers
    const allow = await t.app.inject({ method: 'PUT', url: `/sensors/${b.sensorId}/device-access`, headers: platform, payload: { allowAnonymous: true } })
    expect(allow.json()).toEqual({ hasPassword: true, allowAnonymous: true })
    const client = await connect({ clientId: b.mac })
    expect(await subscribeEach(client, [`sensor/${b.mac}/command`, `sensor/${a.mac}/command`])).toEqual(['granted', 'refused'])
    await t.app.inject({ method: 'PUT', url: `/sensors/${b.sensorId}/device-access`, headers: platform, payload: { allowAnonymous: false } })
    await expect(connect({ clientId: b.mac })).rejects.toThrow()
  })

  it('new credentials replace the old password and end the connection made with it', async () => {
    const old = await connect({ clientId: b.mac, username: b.mac, password: b.password })
    const gone = closed(old)
    const res = await t.app.inject({ method: 'POST', url: `/sensors/${b.sensorId}/credentials`, headers: admin.headers })
    await gone
    const fresh = (res.json() as { password: string }).password
    await expect(connect({ clientId: b.mac, username: b.mac, password: b.password })).rejects.toThrow()
    await connect({ clientId: b.mac, username: b.mac, password: fresh })
    b.password = fresh
  })
})

describe('another tenant', () => {
  it('cannot command, read, or create credentials for the device: 404, as for a missing one', async () => {
    const sim = new DeviceSimulator({ url, deviceId: b.mac, password: b.password, intervalMs: 60_000 })
    sims.push(sim)
    // online in Trellis, not only at the broker: the member's command below needs it
    const applied = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === b.mac && e.channel === 'in', 10_000)
    await sim.start()
    await applied
    const otherTenant = await createTenant(t, 'Neighbour')
    const stranger = await createActor(t, { tenantId: otherTenant, role: 'owner' })
    const attempts = [
      { method: 'POST' as const, url: `/tenants/${tenantId}/sensors/${b.sensorId}/command`, payload: { command: 'tune set power 1' } },
      { method: 'POST' as const, url: `/sensors/${b.sensorId}/command`, payload: { command: 'tune set power 1' } },
      { method: 'POST' as const, url: `/sensors/${b.mac}/command`, payload: { command: 'tune set power 1' } },
      { method: 'POST' as const, url: `/tenants/${otherTenant}/sensors/${b.mac}/command`, payload: { command: 'tune set power 1' } },
      { method: 'POST' as const, url: `/sensors/${b.sensorId}/credentials` },
      { method: 'GET' as const, url: `/v4/sensors/${b.sensorId}/history` },
    ]
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: stranger.headers })
      expect(res.statusCode, attempt.url).toBe(404)
    }
    expect(sim.state.power).toBe(0)
  })

  it('a member may command; creating credentials needs an admin; no token is a 401', async () => {
    const member = await createActor(t, { tenantId, role: 'member' })
    const ok = await t.app.inject({ method: 'POST', url: `/sensors/${b.sensorId}/command`, headers: member.headers, payload: { command: 'tune set power 1' } })
    expect(ok.statusCode).toBe(200)
    const creds = await t.app.inject({ method: 'POST', url: `/sensors/${b.sensorId}/credentials`, headers: member.headers })
    expect(creds.statusCode).toBe(403)
    const anon = await t.app.inject({ method: 'POST', url: `/sensors/${b.sensorId}/command`, payload: { command: 'tune set power 1' } })
    expect(anon.statusCode).toBe(401)
  })

  it("cannot watch the device's measurements over the WebSocket, and a ticket works once", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const stranger = await createActor(t, { tenantId: await createTenant(t, 'Other'), role: 'owner' })
    const ticket = (await t.app.inject({ method: 'GET', url: '/ws/ticket', headers: stranger.headers })).json() as { ticket: string }
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${ticket.ticket}`)
    await once(ws, 'open')
    const reply = once(ws, 'message')
    ws.send(JSON.stringify({ type: 'subscribe', data: { topics: [`tenants/${tenantId}/sensors/${b.mac}/measurements`] } }))
    expect(JSON.parse(String((await reply)[0]))).toMatchObject({ type: 'error', data: { code: 'not_found' } })
    ws.close()
    const again = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${ticket.ticket}`)
    const [, refused] = (await once(again, 'unexpected-response')) as [unknown, { statusCode: number }]
    expect(refused.statusCode).toBe(401)
    const noTicket = await t.app.inject({ method: 'GET', url: '/ws/ticket' })
    expect(noTicket.statusCode).toBe(401)
  })
})
