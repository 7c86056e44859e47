/**
 * Wrong passwords do not lock the owner out. Strangers' guesses are bounded per account;
 * the owner's right password works after 10 wrong ones, and still works from a network
 * the owner has signed in from after strangers spent the account's whole budget; from a
 * new network a login code still does. Default limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../src/lib/crypto.ts'
import { createActor, createTestApp, type TestApp } from './helpers.ts'
import { createClient, exchange } from './login-helpers.ts'
import { askCode, me, redeem, SHARED_PAIR, type App } from './abuse-helpers.ts'

let t: TestApp
let firstParty: App
let mobile: App
beforeAll(async () => {
  t = await createTestApp()
  firstParty = await createClient(t.app, { public: false, grantTypes: ['password', 'refresh_token'] })
  mobile = await createClient(t.app)
})
afterAll(() => t.close())

async function owner(): Promise<string> {
  const actor = await createActor(t)
  await t.db.updateTable('users').set({ password_hash: await hashPassword('the right password', t.config.scrypt) }).where('id', '=', actor.user.id).execute()
  return actor.user.email
}

const login = (email: string, password: string, ip: string) =>
  exchange(t.app, { grant_type: 'password', username: email, password, client_id: firstParty.clientId, client_secret: firstParty.secret! }, {}, ip)

describe('password guessing', () => {
  it('10 wrong passwords, then the right one works', async () => {
    const email = await owner()
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong guess ${i}`, `203.0.113.${i}`)).json().error).toBe('invalid_grant')
    const res = await login(email, 'the right password', '192.0.2.50')
    expect(res.statusCode).toBe(200)
    expect((await me(t.app, res.json().access_token)).statusCode).toBe(200)
  })

  it('once strangers spent the account budget: refused elsewhere, the owner still signs in at home or with a code', async () => {
    const email = await owner()
    const home = '192.0.2.60'
    expect((await login(email, 'the right password', home)).statusCode).toBe(200)
    // 20/1d holds 21 guesses; then strangers are refused without a check, even with the right password
    for (let i = 0; i < 21; i++) expect((await login(email, `wrong guess ${i}`, `198.18.${i}.1`)).statusCode).toBe(400)
    const refused = await login(email, 'the right password', '198.18.99.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

    // the owner's network has its own budget for the account, out of strangers' reach
    expect((await login(email, 'the right password', '192.0.2.61')).statusCode).toBe(200)
    // from a new network, a login code is never blocked by password guesses
    const code = await askCode(t.app, t.db, mobile, email, '198.51.100.70', SHARED_PAIR.challenge)
    expect((await redeem(t.app, mobile, code, SHARED_PAIR.verifier, '198.51.100.70')).statusCode).toBe(200)
  })
})
