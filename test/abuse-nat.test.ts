/**
 * A carrier NAT in front of a popular mobile app: 200 honest users behind one address ask
 * for codes and log in, back to back (no time for buckets to refill: stricter than the
 * minute it would take them), with the default limits. Nobody is refused, also after one
 * app on that address retried a used code 19 times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'
import { askCode, inBatches, me, redeem, SHARED_PAIR, type App } from './abuse-helpers.ts'

let t: TestApp
let mobile: App
const nat = '100.64.0.1'
beforeAll(async () => {
  t = await createTestApp()
  mobile = await createClient(t.app)
})
afterAll(() => t.close())

describe('200 users behind one address', () => {
  it('all ask for a code and log in without a refusal', async () => {
    const emails = Array.from({ length: 200 }, () => uniqueEmail('nat'))
    // one app retrying a code it already used, 19 times: replays, answered and revoked, but no lockout
    const code = await askCode(t.app, t.db, mobile, uniqueEmail('retrier'), nat, SHARED_PAIR.challenge)
    expect((await redeem(t.app, mobile, code, SHARED_PAIR.verifier, nat)).statusCode).toBe(200)
    for (let i = 0; i < 19; i++) expect((await redeem(t.app, mobile, code, SHARED_PAIR.verifier, nat)).statusCode).toBe(400)

    const codes = await inBatches(200, 20, (i) => askCode(t.app, t.db, mobile, emails[i]!, nat, SHARED_PAIR.challenge))
    const logins = await inBatches(200, 20, (i) => redeem(t.app, mobile, codes[i]!, SHARED_PAIR.verifier, nat))
    expect(logins.map((r) => r.statusCode)).toEqual(Array(200).fill(200))
    const someone = logins[137]!.json()
    expect((await me(t.app, someone.access_token)).json().user.email).toBe(emails[137])
  })
})
