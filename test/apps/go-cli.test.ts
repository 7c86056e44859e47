/**
 * The Go CLI (CLIENTS.md 2.1), replayed byte for byte: it copies the iOS app's requests,
 * pretty-prints its JSON with 4 spaces in a fixed key order, never checks status codes and
 * reads fields by name (missing ones are zero).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'
import {
  BRAND_ID, DEEPLINK_REDIRECT, FIXED_PAIR, importCustomer, importDuux, IOS_CLIENT_ID, IOS_USER_AGENT,
  latestLoginEmail, LONG_LIVED_SECONDS, reportState, type Customer,
} from './import.ts'

let t: TestApp
let customer: Customer
let accessToken = ''
let tenantId = 0

const iosHeaders = {
  'content-type': 'application/json',
  'user-agent': IOS_USER_AGENT,
  accept: '*/*',
  'accept-language': 'en-GB,en;q=0.9',
  connection: 'keep-alive',
  'accept-encoding': 'gzip',
}
const goHeaders = () => ({ authorization: `Bearer ${accessToken}`, 'user-agent': 'Go-http-client/1.1', 'accept-encoding': 'gzip' })

beforeAll(async () => {
  t = await createTestApp()
  await importDuux(t)
  customer = await importCustomer(t)
})
afterAll(() => t.close())

describe('Go CLI', () => {
  it('logs in with a code: pretty-printed JSON, the fixed PKCE pair, a 90-day token', async () => {
    const codeBody = `{
    "email": "${customer.email}",
    "client_id": "${IOS_CLIENT_ID}",
    "redirect_uri": "${DEEPLINK_REDIRECT}",
    "code_challenge_method": "sha256",
    "code_challenge": "${FIXED_PAIR.challenge}"
}`
    const sent = await t.app.inject({
      method: 'POST',
      url: `/tenants/${BRAND_ID}/auth/passwordlessLogin/code`,
      headers: { ...iosHeaders, 'if-none-match': 'W/"66-H6c9DH7yr0xVY8YpuhpYVXVKCCw"' },
      payload: codeBody,
    })
    expect(sent.statusCode).toBe(200) // a 304 would print "Failed!"
    expect(sent.json()).toMatchObject({ success: true, message: expect.any(String) })

    const { code } = await latestLoginEmail(t, customer.email)
    const tokenBody = `{
    "grant_type": "authorization_code",
    "code": "${code}",
    "code_verifier": "${FIXED_PAIR.verifier}",
    "client_id": "${IOS_CLIENT_ID}",
    "redirect_uri": "${DEEPLINK_REDIRECT}",
    "makeAccessTokenLongLasting": true
}`
    const token = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', headers: iosHeaders, payload: tokenBody })
    expect(token.json().access_token).toEqual(expect.any(String))
    expect(token.json().expires_in).toBe(LONG_LIVED_SECONDS)
    accessToken = token.json().access_token
  })

  it('finds its tenant: the first one in /users/current that is not 44', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/users/current', headers: goHeaders() })
    const user = res.json().user
    expect(user).toMatchObject({ id: customer.user.id, username: expect.any(String), email: customer.email })
    const tenant = (user.tenants as { id: number; name: string }[]).find((x) => x.id !== BRAND_ID)
    expect(tenant).toMatchObject({ id: customer.homeTenantId, name: expect.any(String) })
    tenantId = tenant!.id
  })

  it('lists its fans as an array of {id, type, displayName}', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors`, headers: goHeaders() })
    expect(res.json()).toEqual([expect.objectContaining({ id: customer.fan.id, type: '58', displayName: 'Bedroom fan' })])
  })

  it('reads a fan: id, type, name and latestData.fullData', async () => {
    await reportState(t, customer.fan, { power: 1, mode: 0, speed: 10, swing: 0, tilt: 0, timer: 0 })
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors/${customer.fan.id}`, headers: goHeaders() })
    expect(res.json()).toMatchObject({ id: customer.fan.id, type: '58', name: 'DUUX Whisper Flex 2' })
    expect(res.json().latestData.fullData).toMatchObject({ power: 1, mode: 0, speed: 10 })
  })

  it('sends a command as a form (power 01, speed 10) and reads response.success', async () => {
    for (const payload of ['command=tune+set+power+01', 'command=tune+set+speed+10']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/tenants/${tenantId}/sensors/${customer.fan.id}/command`,
        headers: { ...goHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      })
      expect(res.json(), payload).toMatchObject({ response: { success: true } })
    }
  })

  it('reads schedules: groups with SensorSchedules whose value.power is 0 or 1', async () => {
    const owner = { authorization: `Bearer ${accessToken}` }
    const created = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenantId}/sensors/${customer.fan.id}/scheduleGroups`,
      headers: owner,
      payload: { SensorSchedules: [{ cron: '1 0 6 * * 1', type: 'tune', value: { power: 1, mode: 1, speed: 12 } }, { cron: '0 0 23 * * *', type: 'tune', value: { power: 0 } }] },
    })
    expect(created.statusCode).toBe(201)
    const res = await t.app.inject({
      method: 'GET',
      url: `/tenants/${tenantId}/sensors/${customer.fan.id}/scheduleGroups?includeScheduleItems=true`,
      headers: goHeaders(),
    })
    const groups = res.json()
    expect(groups).toEqual([
      {
        SensorId: customer.fan.id,
        id: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        // the runs' fields, added beside the ones the CLI reads
        timeZone: 'UTC',
        nextRunAt: expect.any(String),
        lastRun: null,
        SensorSchedules: [
          { id: expect.any(Number), cron: '1 0 6 * * 1', type: 'tune', value: { power: 1, mode: 1, speed: 12 }, nextRunAt: expect.any(String), lastRun: null },
          { id: expect.any(Number), cron: '0 0 23 * * *', type: 'tune', value: { power: 0 }, nextRunAt: expect.any(String), lastRun: null },
        ],
      },
    ])
  })
})
