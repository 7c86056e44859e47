/**
 * The gen2 Homey app (CLIENTS.md 2.4): axios JSON against v5 (base URL <server>/v5), a new
 * PKCE pair per login, a redirect URI with a per-install fragment, and the envelope.
 * Any non-2xx throws.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'
import { BRAND_ID, importCustomer, importDuux, IOS_CLIENT_ID, latestLoginEmail, LONG_LIVED_SECONDS, reportState, type Customer } from './import.ts'

let t: TestApp
let v5 = ''
let customer: Customer
let token = ''
const kept: number[] = []
let devices: Record<string, unknown>[] = []

const HOMEY_ID = '5f0c2d9e8b7a6c5d4e3f2a1b'
const REDIRECT = `https://smarthomesven.github.io/homey-duux-gen2-auth/#/${HOMEY_ID}`
const axios = { accept: 'application/json, text/plain, */*', 'user-agent': 'axios/1.7.9' }
const json = { ...axios, 'content-type': 'application/json' }
const bearer = () => ({ ...axios, authorization: `Bearer ${token}` })

beforeAll(async () => {
  t = await createTestApp()
  v5 = t.config.v5.basePath
  await importDuux(t)
  customer = await importCustomer(t)
})
afterAll(() => t.close())

describe('gen2 Homey app', () => {
  it('logs in: camelCase code request (data "ok"), the link reaches its page with the code, token exchange, /user/me', async () => {
    const verifier = randomBytes(64).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const sent = await t.app.inject({
      method: 'POST',
      url: `${v5}/auth/passwordlessLogin/code`,
      headers: json,
      payload: JSON.stringify({ email: customer.email, clientId: IOS_CLIENT_ID, codeChallenge: challenge, codeChallengeMethod: 'sha256', redirectUri: REDIRECT, tenantId: BRAND_ID }),
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ data: 'ok', errorMessage: null })

    // the page routes on its fragment: the install id and the code both arrive there
    const { code, text } = await latestLoginEmail(t, customer.email)
    const link = new URL(/https:\/\/smarthomesven\.github\.io\/\S+/.exec(text)![0])
    expect(`${link.origin}${link.pathname}${link.search}`).toBe('https://smarthomesven.github.io/homey-duux-gen2-auth/')
    const [route, query] = link.hash.slice(1).split('?')
    expect(route).toBe(`/${HOMEY_ID}`)
    expect(new URLSearchParams(query).get('code')).toBe(code)

    const res = await t.app.inject({
      method: 'POST',
      url: `${v5}/auth/token`,
      headers: json,
      payload: JSON.stringify({ code, codeVerifier: verifier, grantType: 'authorization_code', clientId: IOS_CLIENT_ID, redirectUri: REDIRECT, makeAccessTokenLongLasting: true }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.token).toBeTruthy()
    expect(res.json().data.expiresIn).toBe(LONG_LIVED_SECONDS)
    token = res.json().data.token

    const me = await t.app.inject({ method: 'GET', url: `${v5}/user/me`, headers: bearer() })
    expect(me.statusCode).toBe(200)
    expect(me.json().data.id).toBe(customer.user.id)
  })

  it('a redirect URI outside the registered page is refused', async () => {
    for (const redirectUri of ['https://smarthomesven.github.io/other-app/#/x', 'https://evil.test/homey-duux-gen2-auth/#/x', 'https://smarthomesven.github.io/homey-duux-gen2-auth/#/x#y']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${v5}/auth/passwordlessLogin/code`,
        headers: json,
        payload: JSON.stringify({ email: customer.email, clientId: IOS_CLIENT_ID, codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'sha256', redirectUri, tenantId: BRAND_ID }),
      })
      expect(res.json(), redirectUri).toMatchObject({ data: null, errorMessage: 'Invalid_Request' })
    }
  })

  it('lists tenants and keeps those that are not a brand (parentTenantId !== null)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${v5}/tenant/?tenantQueryType=1&issuesOnly=false&sortDescendent=false&skip=0&take=25&returnModel=2`, headers: bearer() })
    expect(res.statusCode).toBe(200)
    const tenants = res.json().data as { id: number; name: string; parentTenantId?: number | null }[]
    expect(tenants.map((x) => x.id)).toEqual(expect.arrayContaining([BRAND_ID, customer.homeTenantId]))
    for (const x of tenants) if (x.parentTenantId !== null) kept.push(x.id)
    expect(kept).toContain(customer.homeTenantId)
  })

  it('lists sensors per kept tenant: {id, displayName, deviceId, type (string), spaceId, name}', async () => {
    for (const id of kept) {
      const res = await t.app.inject({ method: 'GET', url: `${v5}/sensor/?tenantId=${id}&returnModel=2&skip=0&take=25`, headers: bearer() })
      expect(res.statusCode).toBe(200)
      devices.push(...(res.json().data as Record<string, unknown>[]))
    }
    expect(devices).toEqual([
      expect.objectContaining({ id: customer.fan.id, displayName: 'Bedroom fan', deviceId: customer.fan.device_id, type: '58', spaceId: null, name: 'DUUX Whisper Flex 2' }),
    ])
    devices = devices.filter((d) => d.type === '58')
  })

  it('polls /data/{mac}/status: a truthy data with power and speed', async () => {
    await reportState(t, customer.fan, { power: 1, speed: 10, sp: 1, mode: 0, horosc: 1, verosc: 0, batlvl: 8 })
    const res = await t.app.inject({ method: 'GET', url: `${v5}/data/${customer.fan.device_id}/status`, headers: bearer() })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ power: 1, speed: 10, batlvl: 8 })
  })

  it('an invalid token on /data/{mac}/status is a 401 (marks the device unavailable)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${v5}/data/${customer.fan.device_id}/status`, headers: { ...axios, authorization: 'Bearer not-a-token' } })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })

  it('sends a command by MAC with a 2xx reply', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${v5}/sensor/${customer.fan.device_id}/commands`,
      headers: { ...json, authorization: `Bearer ${token}` },
      payload: JSON.stringify({ command: 'tune set power 1' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: 'ok', errorMessage: null })
  })
})
