import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, pkcePair, requestCode, mailSettled } from './login-helpers.ts'

const redisUrl = process.env.TEST_REDIS_URL
const limits = {
  RATE_LIMIT_MAIL_PER_EMAIL: '3/1h',
  RATE_LIMIT_MAIL_PER_IP: '5/1h',
  RATE_LIMIT_FAILED_TOKEN_PER_IP: '3/1h',
  RATE_LIMIT_FAILED_TOKEN_PER_NETWORK: '3/1h',
  RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '4/1h',
}
const pair = pkcePair()

async function mailsTo(t: TestApp, email: string): Promise<number> {
  await mailSettled(t.app)
  const rows = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()
  return rows.length
}

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

  it('code requests per email: over the budget the same 200, and no more mail to that inbox', async () => {
    const email = uniqueEmail('limited')
    // a quiet bucket N/P holds N plus the steady token: 4 mails, then silence
    for (let i = 0; i < 8; i++) expect((await ask(email, `10.0.${i}.1`)).json()).toMatchObject({ success: true })
    expect(await mailsTo(t, email)).toBe(4)
  })

  it('code requests per IP: 429 with Retry-After and code rate_limited; another IP is not affected', async () => {
    for (let i = 0; i < 6; i++) expect((await ask(uniqueEmail(), '10.1.0.1')).statusCode).toBe(200)
    const res = await ask(uniqueEmail(), '10.1.0.1')
    expect(res.statusCode).toBe(429)
    expect(errorBody(res).code).toBe('rate_limited')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect((await ask(uniqueEmail(), '10.1.0.2')).statusCode).toBe(200)
  })

  it('failed code exchanges: once client, network and address budgets are spent, that address gets 429', async () => {
    const bad = (ip: string) =>
      exchange(t.app, { grant_type: 'authorization_code', code: 'AAAAA-AAAAA', code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, ip)
    // failures are paid by the client (5 tokens), then the network (4), then the address (4)
    for (let i = 0; i < 13; i++) expect((await bad('10.2.0.1')).json().error).toBe('invalid_grant')
    const limited = await bad('10.2.0.1')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // another network is only narrowed (codes redeem from where they were asked), not refused
    expect((await bad('10.2.2.1')).statusCode).toBe(400)
  })
})

describe.runIf(redisUrl)('rate limits shared by two instances through Redis', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const prefix = `trellis-test:${randomBytes(6).toString('hex')}:`
    const env = { ...limits, RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '1/1h', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }
    a = await createTestApp(env)
    b = await createTestApp(env)
  })
  afterAll(async () => {
    await a.close()
    await b.close()
  })

  it('mail counted on one instance limits the other', async () => {
    const email = uniqueEmail('shared')
    const clientA = await createClient(a.app)
    const clientB = await createClient(b.app)
    const on = (t: TestApp, c: { clientId: string; redirectUri: string }, ip: string) =>
      requestCode(t.app, { email, clientId: c.clientId, redirectUri: c.redirectUri, challenge: pair.challenge, ip })
    for (let i = 0; i < 6; i++) expect((await on(i % 2 ? b : a, i % 2 ? clientB : clientA, `10.3.${i}.1`)).statusCode).toBe(200)
    expect((await mailsTo(a, email)) + (await mailsTo(b, email))).toBe(4)
  })

  it('failed token attempts on one instance count on the other', async () => {
    const client = await createClient(a.app)
    const codeFrom = (ip: string) =>
      exchange(a.app, { grant_type: 'authorization_code', code: 'AAAAA-AAAAA', code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, ip)
    // the client's budget (1/1h holds 2) is spent from elsewhere
    for (let i = 0; i < 2; i++) expect((await codeFrom('10.4.9.1')).statusCode).toBe(400)
    // network and address budgets (3/1h hold 4 each) are spent half on each instance
    const basic = { authorization: `Basic ${Buffer.from('unknown-client:x').toString('base64')}` }
    const unknownClient = (t: TestApp) => exchange(t.app, { grant_type: 'client_credentials' }, basic, '10.4.0.1')
    for (const t of [a, b, a, b, a, b, a, b]) expect((await unknownClient(t)).statusCode).toBe(401)
    const limited = await codeFrom('10.4.0.1')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('rate_limited')
  })
})

describe('client IP behind proxies', () => {
  const askFrom = async (t: TestApp, forwarded: string) => {
    const client = await createClient(t.app)
    return t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      headers: { 'x-forwarded-for': forwarded },
      payload: { email: uniqueEmail(), client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pair.challenge, code_challenge_method: 'S256' },
    })
  }

  it('X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    const t = await createTestApp({ ...limits, RATE_LIMIT_MAIL_PER_IP: '1/1h' })
    try {
      expect((await askFrom(t, '203.0.113.1')).statusCode).toBe(200)
      expect((await askFrom(t, '203.0.113.2')).statusCode).toBe(200)
      // a spoofed header does not buy a fresh per-IP budget
      expect((await askFrom(t, '203.0.113.3')).statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })

  it('TRUST_PROXY=true trusts one proxy: the entry it appended, never what the client wrote to its left', async () => {
    const t = await createTestApp({ ...limits, RATE_LIMIT_MAIL_PER_IP: '1/1h', TRUST_PROXY: 'true' })
    try {
      expect((await askFrom(t, '198.51.100.7')).statusCode).toBe(200)
      expect((await askFrom(t, '198.51.100.7')).statusCode).toBe(200)
      // the client minting addresses to the left of what the proxy appended changes nothing
      expect((await askFrom(t, '192.0.2.1, 198.51.100.7')).statusCode).toBe(429)
      expect((await askFrom(t, '192.0.2.2, 198.51.100.7')).statusCode).toBe(429)
      // a different client behind the proxy has its own budget
      expect((await askFrom(t, '198.51.100.8')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
