/**
 * SSmale's Home Assistant integration (CLIENTS.md 2.5): Python requests against v5 (base
 * URL <server>/v5). It logs in with a password once, reads a top-level `token` and sends it
 * as the Authorization header verbatim; it needs `data` as a list from /smarthome/sensors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'
import { importCustomer, importDuux, LONG_LIVED_SECONDS, reportState, type Customer } from './import.ts'

let t: TestApp
let v5 = ''
let customer: Customer
let token = ''

const requests = { 'user-agent': 'python-requests/2.32.3', 'accept-encoding': 'gzip, deflate', accept: '*/*', connection: 'keep-alive' }
/** requests' json= body: json.dumps with its default separators. */
const pyJson = (o: Record<string, string>) =>
  `{${Object.entries(o)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(', ')}}`
const auth = () => ({ ...requests, authorization: token })

beforeAll(async () => {
  t = await createTestApp()
  v5 = t.config.v5.basePath
  await importDuux(t)
  customer = await importCustomer(t, { displayName: 'Sam' })
})
afterAll(() => t.close())

describe('SSmale Home Assistant integration', () => {
  it('logs in with a password: a top-level "Bearer ..." token that works verbatim as Authorization', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${v5}/auth/v4/login`,
      headers: { ...requests, 'content-type': 'application/json' },
      payload: pyJson({ username: customer.email, password: customer.password }),
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ token: expect.stringMatching(/^Bearer \S+$/), refresh_token: expect.any(String), username: expect.any(String), displayname: 'Sam' })
    expect(body).toHaveProperty('lang')
    token = body.token
    // the token lasts as long as the integration does: it never refreshes
    const claims = JSON.parse(Buffer.from(token.slice('Bearer '.length).split('.')[1]!, 'base64url').toString())
    expect(claims.exp - claims.iat).toBe(LONG_LIVED_SECONDS)
  })

  it('an unknown account, or a wrong password, is HTTP 200 {"data":null,"errorMessage":"Not_Exist"}', async () => {
    for (const payload of [pyJson({ username: 'nobody@example.test', password: 'whatever it is' }), pyJson({ username: customer.email, password: 'not the password' })]) {
      const res = await t.app.inject({ method: 'POST', url: `${v5}/auth/v4/login`, headers: { ...requests, 'content-type': 'application/json' }, payload })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ data: null, errorMessage: 'Not_Exist' })
      expect(res.json().token).toBeUndefined()
    }
  })

  it('reads /smarthome/sensors: an object whose data lists deviceId and displayName or name', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: auth() })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Array.isArray(body.data)).toBe(true)
    expect(body.data).toEqual([expect.objectContaining({ deviceId: customer.fan.device_id, displayName: 'Bedroom fan', name: 'DUUX Whisper Flex 2' })])
  })

  it('reads the device class and model: sensorTypeId and sensorType.{type, name, googleDeviceType}', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: auth() })
    const [fan] = res.json().data
    expect(fan).toMatchObject({
      sensorTypeId: 67,
      sensorType: { type: 58, name: expect.any(String), googleDeviceType: 'action.devices.types.FAN' },
    })
  })

  it('reads state: latestData.fullData, online and connectionType', async () => {
    await reportState(t, customer.fan, { power: 1, speed: 12, mode: 0, horosc: 1, verosc: 0, night: 0, lock: 0, timer: 0 })
    const res = await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: auth() })
    expect(res.json().data[0]).toMatchObject({ online: true, connectionType: 'mqtt', latestData: { fullData: { power: 1, speed: 12 } } })
  })

  it('sends a zero-padded command by MAC and gets a 2xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${v5}/sensor/${customer.fan.device_id}/commands`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: pyJson({ command: 'tune set power 01' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: 'ok', errorMessage: null })
  })
})
