/**
 * kud/duux (CLIENTS.md 2.2): logs in on v4 with compact JSON and the fixed PKCE pair, then
 * uses v5 (base URL <server>/v5) for everything else. It throws on non-2xx, on a set
 * errorMessage, and when data and errorMessage are both null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'
import {
  BRAND_ID, DEEPLINK_REDIRECT, FIXED_PAIR, importCustomer, importDuux, IOS_CLIENT_ID, IOS_USER_AGENT,
  latestLoginEmail, reportState, type Customer,
} from './import.ts'

let t: TestApp
let v5 = ''
let customer: Customer
let token = ''

const iosHeaders = { 'content-type': 'application/json', 'user-agent': IOS_USER_AGENT }
const auth = () => ({ authorization: `Bearer ${token}` })

/** kud's unwrapping: the envelope's data, or an error for a set errorMessage / an empty envelope. */
function unwrap(res: { statusCode: number; json(): { data: unknown; errorMessage: string | null } }): unknown {
  expect(res.statusCode).toBeGreaterThanOrEqual(200)
  expect(res.statusCode).toBeLessThan(300)
  const body = res.json()
  expect(body.errorMessage).toBeNull()
  expect(body.data).not.toBeNull()
  return body.data
}

beforeAll(async () => {
  t = await createTestApp()
  v5 = t.config.v5.basePath
  await importDuux(t)
  customer = await importCustomer(t)
})
afterAll(() => t.close())

describe('kud/duux', () => {
  it('logs in on v4: compact JSON, access_token, refresh_token and expires_in all present and non-zero', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/tenants/${BRAND_ID}/auth/passwordlessLogin/code`,
      headers: iosHeaders,
      payload: JSON.stringify({
        email: customer.email,
        client_id: IOS_CLIENT_ID,
        redirect_uri: DEEPLINK_REDIRECT,
        code_challenge_method: 'sha256',
        code_challenge: FIXED_PAIR.challenge,
      }),
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ success: true, message: expect.any(String) })
    const { code } = await latestLoginEmail(t, customer.email)
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth2/token',
      headers: iosHeaders,
      payload: JSON.stringify({
        grant_type: 'authorization_code',
        code,
        code_verifier: FIXED_PAIR.verifier,
        client_id: IOS_CLIENT_ID,
        redirect_uri: DEEPLINK_REDIRECT,
        makeAccessTokenLongLasting: true,
      }),
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.access_token).toBeTruthy()
    expect(body.refresh_token).toBeTruthy()
    expect(body.expires_in).toBe(90 * 86400) // the 90-day session kud expects
    token = body.access_token
  })

  it('stores the account under data.email from v5 /users/current', async () => {
    const data = unwrap(await t.app.inject({ method: 'GET', url: `${v5}/users/current`, headers: auth() })) as Record<string, unknown>
    expect(data).toMatchObject({ id: String(customer.user.id), email: customer.email, username: expect.any(String) })
    expect(data.permissions).toEqual(
      expect.arrayContaining([{ tenantId: BRAND_ID, role: expect.any(Number) }, { tenantId: customer.homeTenantId, role: 3 }]),
    )
  })

  it('discovers fans on v5 /smarthome/sensors: id, type (string), name, displayName, deviceId', async () => {
    const data = unwrap(await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: auth() })) as Record<string, unknown>[]
    expect(data).toEqual([
      expect.objectContaining({ id: customer.fan.id, type: '58', name: 'DUUX Whisper Flex 2', displayName: 'Bedroom fan', deviceId: customer.fan.device_id }),
    ])
  })

  it('reads the fan status from /smarthome/sensors by exact deviceId: latestData.fullData', async () => {
    await reportState(t, customer.fan, { power: 1, mode: 0, speed: 10, horosc: 2, verosc: 1, night: 0, lock: 0, batlvl: 10, batcha: 0, timer: 0 })
    const res = await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: { ...auth(), 'content-type': 'application/json' } })
    const item = (unwrap(res) as { deviceId: string; latestData: { fullData: Record<string, number> } | null }[]).find(
      (s) => s.deviceId === customer.fan.device_id,
    )
    expect(item?.latestData?.fullData).toMatchObject({ power: 1, speed: 10, horosc: 2, verosc: 1, batlvl: 10 })
  })

  it('sends a command on v5 by MAC: {"data":"ok","errorMessage":null}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${v5}/sensor/${customer.fan.device_id}/commands`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ command: 'tune set power 1' }),
    })
    expect(res.json()).toEqual({ data: 'ok', errorMessage: null })
  })

  it('a command or a status read by numeric id is refused with Not_Allowed', async () => {
    const command = await t.app.inject({
      method: 'POST',
      url: `${v5}/sensor/${customer.fan.id}/commands`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ command: 'tune set power 1' }),
    })
    expect(command.statusCode).toBe(200)
    expect(command.json()).toMatchObject({ data: null, errorMessage: 'Not_Allowed' })
    const status = await t.app.inject({ method: 'GET', url: `${v5}/data/${customer.fan.id}/status`, headers: auth() })
    expect(status.json()).toMatchObject({ data: null, errorMessage: 'Not_Allowed' })
  })

  it('sends a command on v4 by MAC when v4 is chosen: {"response":{"success":true}}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${customer.homeTenantId}/sensors/${customer.fan.device_id}/command`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ command: 'tune set speed 12' }),
    })
    expect(res.json()).toMatchObject({ response: { success: true } })
  })

  it('renames a fan with v5 PATCH /sensor/{id} and reads the sensor back', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${v5}/sensor/${customer.fan.id}`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ displayName: 'Living room fan' }),
    })
    expect(unwrap(res)).toMatchObject({ id: customer.fan.id, displayName: 'Living room fan', deviceId: customer.fan.device_id })
  })
})
