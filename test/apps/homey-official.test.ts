/**
 * The official Duux Homey app (CLIENTS.md 2.3): a confidential client on v4. Its user logs
 * in on the hosted authorize page; the app exchanges the code as a form, refreshes on any
 * 401 and retries once, lists sensors of every tenant in parallel, polls each fan and sends
 * commands as a raw, unencoded form body.
 */
import { OPERATOR } from '../../src/modules/tenancy/actor.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken } from '../../src/modules/oauth/tokens.repository.ts'
import { createTestApp, type TestApp } from '../helpers.ts'
import { ATHOM_REDIRECT, BRAND_ID, importCustomer, importDuux, latestLoginEmail, reportState, type Customer, type Imported } from './import.ts'

let t: TestApp
let imported: Imported
let customer: Customer
let tokens: { access_token: string; refresh_token: string; token_type: string; expires_in: number }

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8'
const NODE_FETCH = 'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)'
const api = () => ({ authorization: `Bearer ${tokens.access_token}` })

function tokenRequest(body: string) {
  return t.app.inject({ method: 'POST', url: '/auth/oauth2/token', headers: { 'content-type': FORM, 'user-agent': NODE_FETCH }, payload: body })
}

/** The library's merge: a refresh reply without refresh_token keeps the old one. */
function store(reply: Record<string, unknown>) {
  tokens = { ...tokens, ...reply } as typeof tokens
}

beforeAll(async () => {
  t = await createTestApp()
  imported = await importDuux(t)
  customer = await importCustomer(t)
})
afterAll(() => t.close())

describe('official Homey app', () => {
  it('opens the hosted authorize page with the parameters in its order', async () => {
    const query =
      `loginRedirectType=passwordless&state=0f4c1a52-3b7e-4d8a-9c61-2f5e8b7d9a10&client_id=${imported.homey.clientId}` +
      `&response_type=code&scope=my_scope&redirect_uri=${encodeURIComponent(ATHOM_REDIRECT)}`
    const page = await t.app.inject({ method: 'GET', url: `/tenants/${BRAND_ID}/auth/oauth2/authorize?${query}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
  })

  it('exchanges the code as a form with client_secret; the reply is application/json', async () => {
    // the page's passwordless step: a code bound to the confidential client and the callback
    const sent = await t.app.inject({
      method: 'POST',
      url: `/tenants/${BRAND_ID}/auth/passwordlessLogin/code`,
      payload: { email: customer.email, client_id: imported.homey.clientId, redirect_uri: ATHOM_REDIRECT },
    })
    expect(sent.statusCode).toBe(200)
    const { code } = await latestLoginEmail(t, customer.email)
    const res = await tokenRequest(
      `grant_type=authorization_code&client_id=${imported.homey.clientId}&client_secret=${encodeURIComponent(imported.homey.clientSecret)}` +
        `&code=${code}&redirect_uri=https%3A%2F%2Fcallback.athom.com%2Foauth2%2Fcallback`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = res.json()
    expect(body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'Bearer', expires_in: 900 })
    tokens = body
  })

  it('on a 401 it refreshes as a form and the retried call succeeds', async () => {
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString())
    const expired = await signAccessToken(t.app, { sub: claims.sub, clientId: claims.client_id, scope: claims.scope, sessionId: claims.sid, ttlSeconds: -60 })
    const first = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${expired}` } })
    expect(first.statusCode).toBe(401)
    expect(first.headers['content-type']).toMatch(/^application\/json/)
    const refreshed = await tokenRequest(
      `grant_type=refresh_token&client_id=${imported.homey.clientId}&client_secret=${encodeURIComponent(imported.homey.clientSecret)}` +
        `&refresh_token=${encodeURIComponent(tokens.refresh_token)}`,
    )
    expect(refreshed.statusCode).toBe(200)
    const old = tokens.refresh_token
    store(refreshed.json())
    expect(tokens.refresh_token).not.toBe(old)
    const retried = await t.app.inject({ method: 'GET', url: '/users/current', headers: api() })
    expect(retried.statusCode).toBe(200)
  })

  it('pairs: every tenant of /users/current, 44 included, lists sensors as an array, in parallel', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: api() })
    const ids = (me.json().user.tenants as { id: number }[]).map((x) => x.id)
    expect(ids).toEqual(expect.arrayContaining([BRAND_ID, customer.homeTenantId]))
    const lists = await Promise.all(ids.map((id) => t.app.inject({ method: 'GET', url: `/tenants/${id}/sensors`, headers: api() })))
    for (const list of lists) {
      expect(list.statusCode).toBe(200)
      expect(Array.isArray(list.json())).toBe(true)
    }
    const fan = lists.flatMap((l) => l.json() as Record<string, unknown>[]).find((s) => s.id === customer.fan.id)
    expect(fan).toMatchObject({ displayName: 'Bedroom fan', deviceId: customer.fan.device_id })
  })

  it('pairs by product: sensorType.productId is a string holding a JSON array, matched against its drivers', async () => {
    // the app's drivers are the heaters and humidifiers (Edge: oryf2o5f8wmaeaav); fans have none and are skipped
    const heater = await t.app.services.sensors.create(OPERATOR, customer.homeTenantId, { deviceId: 'e0:5a:1b:76:ee:01', name: 'DUUX Edge', type: '23' })
    const list = await t.app.inject({ method: 'GET', url: `/tenants/${customer.homeTenantId}/sensors`, headers: api() })
    const byId = (id: number) => (list.json() as { id: number; sensorType?: { productId?: string } }[]).find((s) => s.id === id)
    const productIds: unknown = JSON.parse(byId(heater.id)?.sensorType?.productId ?? 'null')
    expect(productIds).toEqual(['oryf2o5f8wmaeaav'])
    expect(JSON.parse(byId(customer.fan.id)?.sensorType?.productId ?? 'null')).toEqual([])
  })

  it('polls a fan: latestData.fullData and a truthy online', async () => {
    await reportState(t, customer.fan, { power: 1, speed: 2, mode: 0 })
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${customer.homeTenantId}/sensors/${customer.fan.id}`, headers: api() })
    expect(res.json()).toMatchObject({ online: true, latestData: { fullData: { power: 1, speed: 2 } } })
  })

  it('sends a command as the literal form body "command=tune set power 1"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${customer.homeTenantId}/sensors/${customer.fan.id}/command`,
      headers: { ...api(), 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: 'command=tune set power 1',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ response: { success: true } })
  })

  it('gets a WebSocket ticket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws/ticket', headers: api() })
    expect(res.statusCode).toBe(200)
    expect(res.json().ticket).toEqual(expect.any(String))
  })
})
