/**
 * The EMQX HTTP authentication and authorization hooks, called as EMQX calls them: only
 * with the shared secret; devices get the embedded broker's rules; what is not a device is
 * left to EMQX's next authenticator ("ignore").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { createFan, uniqueMac } from './device-helpers.ts'

const SECRET = 'hook-secret-'.padEnd(40, 'x')
let t: TestApp
let fan: { sensorId: number; mac: string; password: string }
let other: { sensorId: number; mac: string; password: string }
let adminHeaders: { authorization: string }

beforeAll(async () => {
  t = await createTestApp({ MQTT_EMBEDDED: 'false', MQTT_HOOK_SECRET: SECRET })
  const tenantId = await createTenant(t)
  const admin = await createActor(t, { tenantId, role: 'admin' })
  adminHeaders = admin.headers
  fan = await createFan(t, tenantId, admin)
  other = await createFan(t, tenantId, admin)
})
afterAll(() => t.close())

const hook = (url: '/mqtt/auth' | '/mqtt/acl', payload: object, secret: string | null = SECRET) =>
  t.app.inject({ method: 'POST', url, payload, headers: secret === null ? {} : { 'x-trellis-hook-secret': secret } })

describe('EMQX hooks', () => {
  it('answer 401 without the shared secret or with a wrong one', async () => {
    for (const secret of [null, 'wrong', `${SECRET}x`]) {
      const res = await hook('/mqtt/auth', { username: fan.mac, password: fan.password, clientid: fan.mac }, secret)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ success: false, code: 'unauthorized' })
    }
  })

  it('authentication: allow with the right password, deny with a wrong one or an unknown MAC, ignore what is not a device', async () => {
    const cases: [object, string][] = [
      // a device's client id is its own MAC: under any other it could end another device's session (issue 39)
      [{ username: fan.mac, password: fan.password, clientid: 'anything' }, 'deny'],
      [{ username: fan.mac, password: other.password, clientid: fan.mac }, 'deny'],
      [{ username: fan.mac, clientid: fan.mac }, 'deny'],
      [{ username: uniqueMac(), password: fan.password, clientid: 'x' }, 'deny'],
      [{ clientid: fan.mac }, 'deny'],
      [{ username: 'trellis-bridge', password: 'whatever', clientid: 'trellis-1' }, 'ignore'],
    ]
    for (const [body, result] of cases) {
      const res = await hook('/mqtt/auth', body)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json(), JSON.stringify(body)).toEqual({ result, is_superuser: false })
    }
  })

  it('authorization: a device publishes state and subscribes to commands only under its own prefix', async () => {
    const me = { username: fan.mac, clientid: fan.mac }
    const cases: [object, string][] = [
      [{ ...me, action: 'publish', topic: `sensor/${fan.mac}/in` }, 'allow'],
      [{ ...me, action: 'publish', topic: `sensor/${fan.mac}/online` }, 'allow'],
      [{ ...me, action: 'subscribe', topic: `sensor/${fan.mac}/command` }, 'allow'],
      [{ ...me, action: 'publish', topic: `sensor/${fan.mac}/command` }, 'deny'],
      [{ ...me, action: 'publish', topic: `sensor/${other.mac}/in` }, 'deny'],
      [{ ...me, action: 'subscribe', topic: `sensor/${other.mac}/command` }, 'deny'],
      [{ ...me, action: 'subscribe', topic: 'sensor/+/command' }, 'deny'],
      [{ ...me, action: 'subscribe', topic: '#' }, 'deny'],
      [{ ...me, action: 'all', topic: `sensor/${fan.mac}/in` }, 'deny'],
      [{ username: uniqueMac(), clientid: 'x', action: 'publish', topic: 'sensor/x/in' }, 'deny'],
      [{ username: 'trellis-bridge', clientid: 'trellis-1', action: 'subscribe', topic: '$share/trellis/sensor/+/in' }, 'ignore'],
    ]
    for (const [body, result] of cases) {
      const res = await hook('/mqtt/acl', body)
      expect(res.json(), JSON.stringify(body)).toEqual({ result, is_superuser: false })
    }
  })

  it('anonymous firmware is allowed by its client id only after the platform allows it (never the holding tenant)', async () => {
    const anon = { clientid: other.mac, action: 'publish', topic: `sensor/${other.mac}/in` }
    expect((await hook('/mqtt/acl', anon)).json()).toMatchObject({ result: 'deny' })
    const refused = await t.app.inject({ method: 'PUT', url: `/sensors/${other.sensorId}/device-access`, headers: adminHeaders, payload: { allowAnonymous: true } })
    expect(refused.statusCode).toBe(403)
    expect((await hook('/mqtt/auth', { clientid: other.mac })).json()).toMatchObject({ result: 'deny' })
    const platform = await createActor(t, { platformAdmin: true })
    await t.app.inject({ method: 'PUT', url: `/sensors/${other.sensorId}/device-access`, headers: platform.headers, payload: { allowAnonymous: true } })
    expect((await hook('/mqtt/auth', { clientid: other.mac })).json()).toMatchObject({ result: 'allow' })
    expect((await hook('/mqtt/acl', anon)).json()).toMatchObject({ result: 'allow' })
    expect((await hook('/mqtt/acl', { ...anon, topic: `sensor/${fan.mac}/in` })).json()).toMatchObject({ result: 'deny' })
  })

  it('without a broker, commands answer 503 and the app still serves', async () => {
    expect(t.app.services.devices.mqttUrl).toBeNull()
    await t.db.updateTable('sensors').set({ online: true }).where('id', '=', fan.sensorId).execute()
    const res = await t.app.inject({ method: 'POST', url: `/sensors/${fan.sensorId}/command`, headers: adminHeaders, payload: { command: 'tune set power 1' } })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ success: false, code: 'broker_unavailable' })
  })
})

describe('device validation without a broker', () => {
  it('credentials need a claimed device, whatever deviceId a sensor was typed with; registration needs a model from the catalog', async () => {
    const tenantId = await createTenant(t)
    const admin = await createActor(t, { tenantId, role: 'admin' })
    for (const deviceId of ['E0:5A:1B:76:EF:60', 'dev-001', uniqueMac()]) {
      const created = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors`, headers: admin.headers, payload: { deviceId, name: 'x', type: '58' } })
      const id = (created.json() as { id: number }).id
      const creds = await t.app.inject({ method: 'POST', url: `/sensors/${id}/credentials`, headers: admin.headers })
      expect(creds.statusCode, deviceId).toBe(409)
      expect(creds.json()).toMatchObject({ success: false, code: 'device_not_claimed' })
    }
    const platform = await createActor(t, { platformAdmin: true })
    const unknown = await t.app.inject({ method: 'POST', url: '/devices', headers: platform.headers, payload: { mac: uniqueMac(), model: 'co2', claimCode: 'long enough code' } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ success: false, code: 'unsupported_sensor_type' })
  })
})

describe('without MQTT_HOOK_SECRET', () => {
  it('the hooks do not exist', async () => {
    const plain = await createTestApp({ MQTT_EMBEDDED: 'false' })
    try {
      expect((await plain.app.inject({ method: 'POST', url: '/mqtt/auth', payload: {} })).statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
