/**
 * Redis down: limits fall back to per-instance memory, logins keep working, the fallback
 * is counted in /metrics, and /ready says so while staying 200 (the service can serve).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freePort, uniqueEmail, type TestApp, scrapeMetrics } from './helpers.ts'
import { createClient } from './login-helpers.ts'
import { askCode, me, redeem, refresh, SHARED_PAIR, type App } from './abuse-helpers.ts'

describe('REDIS_URL points at a port where nothing listens', () => {
  let t: TestApp
  let mobile: App
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })
    mobile = await createClient(t.app)
  })
  afterAll(() => t.close())

  it('code request, exchange and refresh still answer 200', async () => {
    const ip = '192.0.2.90'
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('no-redis'), ip, SHARED_PAIR.challenge)
    const tokens = await redeem(t.app, mobile, code, SHARED_PAIR.verifier, ip)
    expect(tokens.statusCode).toBe(200)
    const rotated = await refresh(t.app, mobile, tokens.json().refresh_token, ip)
    expect(rotated.statusCode).toBe(200)
    expect((await me(t.app, rotated.json().access_token)).statusCode).toBe(200)
  })

  it('limits still hold, from memory', async () => {
    const small = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, RATE_LIMIT_MAIL_PER_IP: '1/1h' })
    try {
      const ask = () => small.app.inject({ method: 'POST', url: '/users/forgotPassword', remoteAddress: '10.70.0.1', payload: { email: uniqueEmail() } })
      expect((await ask()).statusCode).toBe(200)
      expect((await ask()).statusCode).toBe(200)
      expect((await ask()).statusCode).toBe(429)
    } finally {
      await small.close()
    }
  })

  it('/ready reports Redis as degraded, and /metrics counts the fallbacks', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' }, redis: { status: 'degraded' } } })
    const metrics = (await scrapeMetrics(t.app)).body
    const count = /^trellis_rate_limit_fallback_total (\d+)/m.exec(metrics)
    expect(Number(count?.[1])).toBeGreaterThan(0)
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('with Redis up', () => {
  it('/ready reports Redis ok and nothing falls back', async () => {
    const t = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `trellis-test:${uniqueEmail('p')}:` })
    try {
      const mobile = await createClient(t.app)
      await askCode(t.app, t.db, mobile, uniqueEmail('redis-up'), '192.0.2.91', SHARED_PAIR.challenge)
      expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } })
      const metrics = (await scrapeMetrics(t.app)).body
      expect(metrics).toMatch(/^trellis_rate_limit_fallback_total 0$/m)
    } finally {
      await t.close()
    }
  })
})
