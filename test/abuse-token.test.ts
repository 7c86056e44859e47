/**
 * Lockouts no longer punish other people: while an app is flooded with failures (1,000
 * failed token requests from 50 IPs), valid exchanges, refreshes, revocations and
 * client_credentials succeed, from a clean network and from the attackers' own NAT'd
 * addresses. What the attack buys: codes then redeem only from the network that asked for
 * them, so a code the attacker guesses or steals is useless elsewhere. Default limits.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange } from './login-helpers.ts'
import { askCode, inBatches, me, redeem, refresh, SHARED_PAIR, type App } from './abuse-helpers.ts'

let t: TestApp
let mobile: App
let backend: App
// 50 attacking addresses, each in its own /24, 20 failures each
const attacker = (i: number) => `10.50.${i}.1`
const natted = attacker(7)

function guess() {
  // random code-shaped strings from the shared PKCE pair's owner app: the worst case
  return randomBytes(8).toString('base64url').toUpperCase().replace(/[^0-9A-Z]/g, '7').slice(0, 10)
}

beforeAll(async () => {
  t = await createTestApp()
  mobile = await createClient(t.app)
  backend = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['sensors:read'] })
})
afterAll(() => t.close())

describe('1,000 failed token requests from 50 IPs', () => {
  let before: { access_token: string; refresh_token: string }

  beforeAll(async () => {
    // a user who logged in before the attack, from the NAT the attacker shares
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('earlier'), natted, SHARED_PAIR.challenge)
    before = (await redeem(t.app, mobile, code, SHARED_PAIR.verifier, natted)).json()

    const answers = await inBatches(1000, 50, (i) => {
      const ip = attacker(i % 50)
      if (i % 10 === 9) return exchange(t.app, { grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${backend.clientId}:wrong`).toString('base64')}` }, ip)
      if (i % 10 === 8) return refresh(t.app, mobile, `stolen-${i}`, ip)
      return redeem(t.app, mobile, guess(), SHARED_PAIR.verifier, ip)
    })
    // every one of them failed as a failure, none was a lucky guess
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 401)).toBe(true)
  })

  it('a valid exchange from a clean network succeeds', async () => {
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('clean'), '192.0.2.10', SHARED_PAIR.challenge)
    // asked on one address, redeemed from another in the same /24 (a carrier NAT pool)
    const res = await redeem(t.app, mobile, code, SHARED_PAIR.verifier, '192.0.2.11')
    expect(res.statusCode).toBe(200)
    expect((await me(t.app, res.json().access_token)).statusCode).toBe(200)
  })

  it('a valid exchange, refresh and revocation from an attacking NAT address succeed', async () => {
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('natted'), natted, SHARED_PAIR.challenge)
    const res = await redeem(t.app, mobile, code, SHARED_PAIR.verifier, natted)
    expect(res.statusCode).toBe(200)
    const rotated = await refresh(t.app, mobile, before.refresh_token, natted)
    expect(rotated.statusCode).toBe(200)
    const revoke = await t.app.inject({ method: 'POST', url: '/auth/oauth2/revoke', remoteAddress: natted, payload: { token: res.json().refresh_token, client_id: mobile.clientId } })
    expect(revoke.statusCode).toBe(200)
    expect((await me(t.app, res.json().access_token)).statusCode).toBe(401)
  })

  it('client_credentials with the right secret succeed from an attacking address', async () => {
    const basic = `Basic ${Buffer.from(`${backend.clientId}:${backend.secret}`).toString('base64')}`
    const res = await exchange(t.app, { grant_type: 'client_credentials', scope: 'sensors:read' }, { authorization: basic }, attacker(3))
    expect(res.statusCode).toBe(200)
    expect(res.json().access_token).toBeTruthy()
  })

  it('while the app is under attack, a code is useless outside the network that asked for it', async () => {
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('stolen'), '192.0.2.20', SHARED_PAIR.challenge)
    // the attacker holds the code and the shared verifier, from its own network: refused like an unknown code
    const stolen = await redeem(t.app, mobile, code, SHARED_PAIR.verifier, attacker(11))
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json()).toEqual({ error: 'invalid_grant', error_description: 'The code is invalid, expired or already used.' })
    // and the owner, where they asked, still gets in
    expect((await redeem(t.app, mobile, code, SHARED_PAIR.verifier, '192.0.2.20')).statusCode).toBe(200)
  })
})

describe('an address that spent every budget', () => {
  it('gets 429 for code exchanges only; its valid refresh and client secret still work', async () => {
    const app = await createClient(t.app)
    const ip = '172.16.9.9'
    const code = await askCode(t.app, t.db, app, uniqueEmail('spent'), ip, SHARED_PAIR.challenge)
    const session = (await redeem(t.app, app, code, SHARED_PAIR.verifier, ip)).json()
    // client, network and address budgets (40/1d: 41 each) all spent from this one address
    const answers = await inBatches(130, 10, () => redeem(t.app, app, guess(), SHARED_PAIR.verifier, ip))
    // exactly 41 x 3 failures were answered; the rest (in whatever order they ran) refused
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(123)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7)
    const limited = answers.find((a) => a.statusCode === 429)!
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await refresh(t.app, app, session.refresh_token, ip)).statusCode).toBe(200)
    const basic = `Basic ${Buffer.from(`${backend.clientId}:${backend.secret}`).toString('base64')}`
    expect((await exchange(t.app, { grant_type: 'client_credentials' }, { authorization: basic }, ip)).statusCode).toBe(200)
  })
})
