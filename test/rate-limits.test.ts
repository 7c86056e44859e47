import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, pkcePair, requestCode } from './login-helpers.ts'

const redisUrl = process.env.TEST_REDIS_URL
const limits = {
  RATE_LIMIT_CODE_PER_EMAIL: '3',
  RATE_LIMIT_CODE_PER_IP: '5',
  RATE_LIMIT_FAILED_TOKEN_PER_IP: '3',
  RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '4',
  RATE_LIMIT_WINDOW_SECONDS: '600',
}
const pair = pkcePair()

describe('rate limits (in memory)', () => {
  let t: TestApp
  let client: { clientId: string; redirectUri: string }
  beforeAll(async () => {
    t = await createTestApp(limits)
    client = await createClient(t.app)
  })
  afterAll(() => t.close())

  const ask = (email: string, ip: string) =>
    requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, ip })

  it('code requests per email: 429 with Retry-After and code rate_limited', async () => {
    const email = uniqueEmail('limited')
    for (let i = 0; i < 3; i++) expect((await ask(email, `10.0.0.${i + 1}`)).statusCode).toBe(200)
    const res = await ask(email, '10.0.0.9')
    expect(res.statusCode).toBe(429)
    expect(errorBody(res).code).toBe('rate_limited')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('code requests per IP', async () => {
    for (let i = 0; i < 5; i++) expect((await ask(uniqueEmail(), '10.1.0.1')).statusCode).toBe(200)
    expect((await ask(uniqueEmail(), '10.1.0.1')).statusCode).toBe(429)
    expect((await ask(uniqueEmail(), '10.1.0.2')).statusCode).toBe(200)
  })

  it('failed token requests per IP, then per client across IPs', async () => {
    const bad = (ip: string) => exchange(t.app, { grant_type: 'authorization_code', code: 'AAAAA-AAAAA', code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, ip)
    for (let i = 0; i < 3; i++) expect((await bad('10.2.0.1')).json().error).toBe('invalid_grant')
    const limited = await bad('10.2.0.1')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // one more failure from another IP reaches the per-client cap of 4
    expect((await bad('10.2.0.2')).statusCode).toBe(400)
    expect((await bad('10.2.0.3')).statusCode).toBe(429)
  })
})

describe.runIf(redisUrl)('rate limits shared by two instances through Redis', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const prefix = `trellis-test:${randomBytes(6).toString('hex')}:`
    const env = { ...limits, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }
    a = await createTestApp(env)
    b = await createTestApp(env)
  })
  afterAll(async () => {
    await a.close()
    await b.close()
  })

  it('requests counted on one instance limit the other', async () => {
    const email = uniqueEmail('shared')
    const clientA = await createClient(a.app)
    const clientB = await createClient(b.app)
    const on = (t: TestApp, c: { clientId: string; redirectUri: string }, ip: string) =>
      requestCode(t.app, { email, clientId: c.clientId, redirectUri: c.redirectUri, challenge: pair.challenge, ip })
    expect((await on(a, clientA, '10.3.0.1')).statusCode).toBe(200)
    expect((await on(b, clientB, '10.3.0.2')).statusCode).toBe(200)
    expect((await on(a, clientA, '10.3.0.3')).statusCode).toBe(200)
    const fourth = await on(b, clientB, '10.3.0.4')
    expect(fourth.statusCode).toBe(429)
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('failed token attempts on one instance limit the other', async () => {
    const bad = (t: TestApp) => exchange(t.app, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'unknown-client' }, {}, '10.4.0.1')
    expect((await bad(a)).statusCode).toBe(401)
    expect((await bad(b)).statusCode).toBe(401)
    expect((await bad(a)).statusCode).toBe(401)
    const limited = await bad(b)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('rate_limited')
  })
})

describe('client IP behind proxies', () => {
  it('X-Forwarded-For is ignored unless TRUST_PROXY says otherwise', async () => {
    for (const [trust, separate] of [[undefined, false], ['true', true]] as const) {
      const t = await createTestApp({ ...limits, RATE_LIMIT_CODE_PER_IP: '1', ...(trust ? { TRUST_PROXY: trust } : {}) })
      try {
        const client = await createClient(t.app)
        const ask = (forwarded: string) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/passwordlessLogin/code',
            headers: { 'x-forwarded-for': forwarded },
            payload: { email: uniqueEmail(), client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pair.challenge },
          })
        expect((await ask('203.0.113.1')).statusCode).toBe(200)
        // a spoofed header must not buy a fresh per-IP budget, unless the proxy is trusted
        expect((await ask('203.0.113.2')).statusCode).toBe(separate ? 200 : 429)
      } finally {
        await t.close()
      }
    }
  })
})
