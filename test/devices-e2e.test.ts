/**
 * A fan's whole life, for each broker (the embedded one always; the machine's Mosquitto when
 * TEST_MQTT_URL is set): it connects with its credentials, the apps read it online with its
 * state, a command in the official Homey app's exact form reaches it and is confirmed by its
 * next state, a WebSocket client sees the change, and a crash turns it offline by its will.
 */
import { EventEmitter } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DeviceSimulator, type AppliedCommand } from '../src/modules/devices/simulator.ts'
import { createActor, createTenant, createTestApp, type Actor, type TestApp } from './helpers.ts'
import { bridgeEvents, brokers, createFan, waitFor, type StateEvent } from './device-helpers.ts'

interface SensorBody {
  id: number
  deviceId: string
  type: string
  online: boolean
  latestData: { fullData: Record<string, unknown>; time: string } | null
  sensorType: { productId: string; type: number; name: string } | null
  sensorTypeId: number | null
}

describe.each(brokers)('a simulated fan on the $name', ({ env }) => {
  let t: TestApp
  let tenantId: number
  let admin: Actor
  let fan: { sensorId: number; mac: string; password: string }
  let sim: DeviceSimulator
  let base: string

  beforeAll(async () => {
    t = await createTestApp(env())
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    tenantId = await createTenant(t, 'Home')
    admin = await createActor(t, { tenantId, role: 'admin' })
    fan = await createFan(t, tenantId, admin)
  })
  afterAll(async () => {
    await sim?.stop().catch(() => undefined)
    await t.close()
  })

  const getSensor = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors/${fan.sensorId}`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    return res.json() as SensorBody
  }

  it('connects with its credentials; the sensor reads online with latestData.fullData and its sensorType', async () => {
    const url = t.app.services.devices.mqttUrl
    expect(url).toBeTruthy()
    const ingested = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === fan.mac && e.channel === 'in')
    sim = new DeviceSimulator({ url: url!, deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    await sim.start()
    await ingested

    const sensor = await getSensor()
    expect(sensor.online).toBe(true)
    expect(sensor.deviceId).toBe(fan.mac)
    expect(sensor.type).toBe('58')
    expect(sensor.latestData?.fullData).toMatchObject({ power: 0, speed: 1, mode: 0, horosc: 0 })
    expect(sensor.sensorTypeId).toBe(67)
    expect(sensor.sensorType).toMatchObject({ type: 58, name: 'Whisper Flex 2' })
    expect(JSON.parse(sensor.sensorType!.productId)).toEqual([])

    const list = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors`, headers: admin.headers })
    expect((list.json() as SensorBody[]).find((s) => s.id === fan.sensorId)).toMatchObject({ online: true, deviceId: fan.mac })
  })

  it("'tune set power 1' as the Homey app sends it reaches the device within 1 s, is confirmed, and the WebSocket sees it", async () => {
    const ticket = await t.app.inject({ method: 'GET', url: '/ws/ticket', headers: admin.headers })
    expect(ticket.statusCode).toBe(200)
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${(ticket.json() as { ticket: string }).ticket}`)
    const frames = new EventEmitter()
    ws.on('message', (raw) => frames.emit('frame', JSON.parse(String(raw))))
    await waitFor(ws, 'open')
    const topic = `tenants/${tenantId}/sensors/${fan.mac}/measurements`
    const subscribed = waitFor<{ type: string }>(frames, 'frame', (f) => f.type === 'subscribed')
    ws.send(JSON.stringify({ type: 'subscribe', data: { topics: [topic] } }))
    expect(await subscribed).toEqual({ type: 'subscribed', data: { topics: [topic] } })

    type Frame = { type: string; data: { deviceId: string; sub: { Tune: Record<string, unknown>[] } } }
    const seen = waitFor<Frame>(frames, 'frame', (f) => f.type === 'data' && f.data.sub.Tune[0]?.power === 1)
    const applied = waitFor<AppliedCommand>(sim, 'command', () => true, 1000)
    const confirmed = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === fan.mac && e.confirmed > 0)
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenantId}/sensors/${fan.sensorId}/command`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: 'command=tune set power 1',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { success: boolean; response: { success: boolean }; command: { id: number; command: string; status: string } }
    expect(body.success).toBe(true)
    expect(body.response.success).toBe(true)
    expect(body.command.command).toBe('tune set power 1')
    expect(['sent', 'confirmed']).toContain(body.command.status)

    expect(await applied).toEqual({ text: 'tune set power 1', key: 'power', value: 1 })
    expect(sim.state.power).toBe(1)
    await confirmed
    const command = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors/${fan.sensorId}/commands/${body.command.id}`, headers: admin.headers })
    expect(command.json()).toMatchObject({ status: 'confirmed', key: 'power', value: 1 })
    expect((await getSensor()).latestData?.fullData.power).toBe(1)

    const frame = await seen
    expect(frame.data.deviceId).toBe(fan.mac)
    ws.close()
  })

  it('the Go CLI form (zero-padded, by MAC, unprefixed) and JSON commands work; out-of-range ones are a 400', async () => {
    const applied = waitFor<AppliedCommand>(sim, 'command', (c) => c.key === 'speed', 1000)
    const byMac = await t.app.inject({
      method: 'POST',
      url: `/sensors/${fan.mac}/command`,
      headers: admin.headers,
      payload: { command: 'tune set speed 012' },
    })
    expect(byMac.statusCode).toBe(200)
    expect((await applied).value).toBe(12)
    const form = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenantId}/sensors/${fan.sensorId}/command`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'command=tune+set+power+01',
    })
    expect(form.statusCode).toBe(200)
    for (const command of ['tune set speed 31', 'tune set swing 1', 'set power 1', 'tune  set power 1']) {
      const bad = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors/${fan.sensorId}/command`, headers: admin.headers, payload: { command } })
      expect(bad.statusCode, command).toBe(400)
      expect(bad.json()).toMatchObject({ success: false, code: 'invalid_command' })
    }
  })

  it('the state history lists the changes under /v4/ with cursors', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/v4/sensors/${fan.sensorId}/history?limit=2`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    type Node = { online: boolean; fullData: Record<string, unknown> | null }
    const page = res.json() as { edges: { node: Node }[]; pageInfo: { hasNextPage: boolean; endCursor: string }; totalCount: number }
    expect(page.totalCount).toBeGreaterThanOrEqual(3)
    expect(page.pageInfo.hasNextPage).toBe(true)
    // first the presence message (no state yet), then the first state
    expect(page.edges.map((e) => e.node)).toMatchObject([{ online: true, fullData: null }, { online: true, fullData: { power: 0 } }])
    const next = await t.app.inject({
      method: 'GET',
      url: `/tenants/${tenantId}/v4/sensors/${fan.sensorId}/history?limit=1&after=${encodeURIComponent(page.pageInfo.endCursor)}`,
      headers: admin.headers,
    })
    expect((next.json() as { edges: { node: { fullData: Record<string, unknown> } }[] }).edges[0]?.node.fullData).toMatchObject({ power: 1 })
  })

  it('a crash (no DISCONNECT) turns it offline through the will message; commands are then refused', async () => {
    const offline = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === fan.mac && e.channel === 'online')
    sim.kill()
    await offline
    expect((await getSensor()).online).toBe(false)
    const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors/${fan.sensorId}/command`, headers: admin.headers, payload: { command: 'tune set power 0' } })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'device_offline' })
  })
})
