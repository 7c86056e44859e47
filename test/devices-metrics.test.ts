/** /metrics counts the devices connected to this instance's embedded broker, as they come and go. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { createActor, createTenant, createTestApp, scrapeMetrics, type TestApp } from './helpers.ts'
import { createFan } from './device-helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const connected = async () => {
  const body = (await scrapeMetrics(t.app)).body
  return Number(/^trellis_mqtt_connected_devices\{broker="embedded"\} (\d+)$/m.exec(body)?.[1])
}

describe('trellis_mqtt_connected_devices', () => {
  it('is 0, 1 while a fan is connected, and 0 again once it has gone', async () => {
    expect(await connected()).toBe(0)
    const tenantId = await createTenant(t, 'Gauge home')
    const admin = await createActor(t, { tenantId, role: 'admin' })
    const fan = await createFan(t, tenantId, admin)
    const sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl!, deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    await sim.start()
    try {
      await vi.waitFor(async () => expect(await connected()).toBe(1), { timeout: 5000, interval: 20 })
    } finally {
      await sim.stop()
    }
    await vi.waitFor(async () => expect(await connected()).toBe(0), { timeout: 5000, interval: 20 })
  })
})
