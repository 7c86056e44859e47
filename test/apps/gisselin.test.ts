/**
 * gisselin's Home Assistant fan integration (CLIENTS.md 2.6), over real HTTP: the user
 * pastes a MAC and a JWT; every request sends `Authorization: Bearer <jwt>` and a Host
 * header that is the base URL minus "https://" (so, on a plain-http base, the whole URL).
 * Replies must be JSON; an auth failure is recognised by words in the body.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'
import { importCustomer, importDuux, reportState, type Customer } from './import.ts'

let t: TestApp
let base = ''
let customer: Customer
let jwt = ''

interface Reply {
  status: number
  contentType: string
  text: string
}

/** aiohttp as the integration uses it: its own Host header, JSON bodies. */
function call(method: 'GET' | 'POST', path: string, token: string, body?: string): Promise<Reply> {
  const url = new URL(`${base}${path}`)
  const headers: Record<string, string> = {
    host: base.replace('https://', ''),
    authorization: `Bearer ${token}`,
    'user-agent': 'Python/3.12 aiohttp/3.11.11',
    accept: '*/*',
    'accept-encoding': 'gzip, deflate',
  }
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: url.pathname, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), text: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** The integration's auth-failure test on a non-2xx body. */
const looksLikeAuthFailure = (text: string) => /unauthorized|invalid token|authentication failed|401|403|token expired/i.test(text)

beforeAll(async () => {
  t = await createTestApp()
  await importDuux(t)
  customer = await importCustomer(t)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  base = `http://127.0.0.1:${address.port}${t.config.v5.basePath}`
  const login = await t.app.inject({ method: 'POST', url: `${t.config.v5.basePath}/auth/v4/login`, payload: { username: customer.email, password: customer.password } })
  jwt = String(login.json().token).replace(/^Bearer /, '')
})
afterAll(() => t.close())

describe('gisselin Home Assistant integration', () => {
  it('the status reply is JSON with a data key even before the fan reported', async () => {
    const res = await call('GET', `/data/${customer.fan.device_id}/status`, jwt)
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(JSON.parse(res.text)).toHaveProperty('data')
  })

  it('reads /data/{mac}/status: JSON with data.power, speed, horosc and mode', async () => {
    await reportState(t, customer.fan, { power: 1, speed: 15, horosc: 1, mode: 1 })
    const res = await call('GET', `/data/${customer.fan.device_id}/status`, jwt)
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(JSON.parse(res.text).data).toMatchObject({ power: 1, speed: 15, horosc: 1, mode: 1 })
  })

  it('a bad or expired JWT is a non-2xx JSON body that reads as an auth failure', async () => {
    const res = await call('GET', `/data/${customer.fan.device_id}/status`, `${jwt.slice(0, -4)}AAAA`)
    expect(res.status).toBe(401)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(looksLikeAuthFailure(res.text)).toBe(true)
  })

  it('sends a command: the reply is application/json and parses', async () => {
    const res = await call('POST', `/sensor/${customer.fan.device_id}/commands`, jwt, '{"command":"tune set speed 10"}')
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(JSON.parse(res.text)).toEqual({ data: 'ok', errorMessage: null })
  })
})
