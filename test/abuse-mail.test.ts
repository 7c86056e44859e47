/**
 * Mail routes cannot be used to flood an inbox, to silence one, or to mail strangers
 * caller-chosen text. Every route that sends mail (login code, register, forgotPassword) is
 * limited per recipient and requesting network, per recipient overall (beyond either: the
 * same 200, nothing sent) and per sender address (429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, requestCode, mailSettled } from './login-helpers.ts'
import { askCode, redeem, SHARED_PAIR, type App } from './abuse-helpers.ts'

let t: TestApp
let mobile: App
beforeAll(async () => {
  t = await createTestApp()
  mobile = await createClient(t.app)
})
afterAll(() => t.close())

const post = (url: string, payload: object, ip: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip })

async function inbox(email: string) {
  await mailSettled(t.app)
  return t.db.selectFrom('email_outbox').select(['type', 'text', 'html']).where('to_address', '=', email).execute()
}

describe('one inbox', () => {
  it('60 register calls for one address from 60 networks: the same answer each time, at most the cap of emails', async () => {
    const email = uniqueEmail('flooded')
    for (let i = 0; i < 60; i++) {
      const res = await post('/users/register', { email, password: 'a long passphrase' }, `10.60.${i}.1`)
      expect(res.statusCode).toBe(200)
    }
    // the address's cap, 20/1h, holds 21
    expect((await inbox(email)).length).toBe(21)
  })

  it('60 forgotPassword calls for one address: at most the cap of emails, and one network only its share', async () => {
    const actor = await createActor(t)
    for (let i = 0; i < 60; i++) expect((await post('/users/forgotPassword', { email: actor.user.email }, `10.61.${i}.1`)).statusCode).toBe(200)
    expect((await inbox(actor.user.email)).length).toBe(21)
    const other = await createActor(t)
    for (let i = 0; i < 20; i++) await post('/users/forgotPassword', { email: other.user.email }, '10.61.200.1')
    // 2/1h per network holds 3
    expect((await inbox(other.user.email)).length).toBe(3)
  })

  it('20 strangers\' requests from 3 networks leave a first sign-up from a fourth network receiving its code', async () => {
    const email = uniqueEmail('newcomer')
    const strangers = ['10.65.1.7', '10.65.2.7', '10.65.3.7']
    for (let i = 0; i < 20; i++) {
      const ip = strangers[i % 3] ?? ''
      const res = await requestCode(t.app, { email, clientId: mobile.clientId, redirectUri: mobile.redirectUri, challenge: SHARED_PAIR.challenge, ip })
      expect(res.statusCode).toBe(200)
    }
    const spent = (await inbox(email)).length
    expect(spent).toBe(9)
    // the person, on a network none of the strangers used and never signed in from before
    const code = await askCode(t.app, t.db, mobile, email, '192.0.2.150', SHARED_PAIR.challenge)
    expect((await inbox(email)).length).toBe(spent + 1)
    expect((await redeem(t.app, mobile, code, SHARED_PAIR.verifier, '192.0.2.150')).statusCode).toBe(200)
  })

  it('strangers spending the budget do not lock the owner out: from a network they signed in from, codes still come', async () => {
    const email = uniqueEmail('victim')
    const home = '192.0.2.80'
    const first = await askCode(t.app, t.db, mobile, email, home, SHARED_PAIR.challenge)
    expect((await redeem(t.app, mobile, first, SHARED_PAIR.verifier, home)).statusCode).toBe(200)
    for (let i = 0; i < 30; i++) {
      const res = await requestCode(t.app, { email, clientId: mobile.clientId, redirectUri: mobile.redirectUri, challenge: SHARED_PAIR.challenge, ip: `10.62.${i}.1` })
      expect(res.statusCode).toBe(200)
    }
    // 30 networks spent the cap (the owner's first code took one of its 21)
    const sent = (await inbox(email)).length
    expect(sent).toBe(21)
    const stranger = await requestCode(t.app, { email, clientId: mobile.clientId, redirectUri: mobile.redirectUri, challenge: SHARED_PAIR.challenge, ip: '10.62.99.1' })
    expect(stranger.statusCode).toBe(200)
    expect((await inbox(email)).length).toBe(sent)
    const mine = await requestCode(t.app, { email, clientId: mobile.clientId, redirectUri: mobile.redirectUri, challenge: SHARED_PAIR.challenge, ip: '192.0.2.81' })
    expect(mine.statusCode).toBe(200)
    expect((await inbox(email)).length).toBe(sent + 1)
  })
})

describe('one sender', () => {
  it('mail-sending requests from one address beyond its budget get 429 on every mail route', async () => {
    const small = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '3/1h' })
    try {
      const ip = '10.63.0.1'
      const client = await createClient(small.app)
      const send = (i: number) => {
        const email = uniqueEmail('spray')
        if (i % 3 === 0) return small.app.inject({ method: 'POST', url: '/users/register', remoteAddress: ip, payload: { email, password: 'a long passphrase' } })
        if (i % 3 === 1) return small.app.inject({ method: 'POST', url: '/users/forgotPassword', remoteAddress: ip, payload: { email } })
        return requestCode(small.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: SHARED_PAIR.challenge, ip })
      }
      for (let i = 0; i < 4; i++) expect((await send(i)).statusCode).toBe(200)
      for (let i = 4; i < 7; i++) {
        const res = await send(i)
        expect(res.statusCode).toBe(429)
        expect(errorBody(res).code).toBe('rate_limited')
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    } finally {
      await small.close()
    }
  })
})

describe('no caller-chosen text to an address that has not proven itself', () => {
  const spam = 'Claim your prize at prize.example'

  it('the confirmation email to a new address does not carry the chosen display name or username', async () => {
    const email = uniqueEmail('stranger')
    expect((await post('/users/register', { email, password: 'a long passphrase', displayName: spam, username: spam }, '10.64.0.1')).statusCode).toBe(200)
    const [mail] = await inbox(email)
    expect(mail?.type).toBe('emailConfirmation')
    expect(mail?.text).not.toContain('prize')
    expect(mail?.html).not.toContain('prize')
  })

  it('a login code for an address registered by someone else does not carry the names they chose', async () => {
    const email = uniqueEmail('squatted')
    expect((await post('/users/register', { email, password: 'a long passphrase', displayName: spam, username: spam }, '10.64.0.3')).statusCode).toBe(200)
    await askCode(t.app, t.db, mobile, email, '10.64.0.4', SHARED_PAIR.challenge)
    const codeMail = (await inbox(email)).find((m) => m.type === 'passwordlessLogin')
    expect(codeMail?.text).toMatch(/[0-9A-Z]{5}-[0-9A-Z]{5}/)
    expect(codeMail?.text).not.toContain('prize')
    expect(codeMail?.html).not.toContain('prize')
  })

  it('the "account exists" notice does not carry the account\'s display name', async () => {
    const actor = await createActor(t, { displayName: spam })
    expect((await post('/users/register', { email: actor.user.email, password: 'a long passphrase', displayName: spam }, '10.64.0.2')).statusCode).toBe(200)
    const [mail] = await inbox(actor.user.email)
    expect(mail?.type).toBe('accountExists')
    expect(mail?.text).not.toContain('prize')
    expect(mail?.html).not.toContain('prize')
  })
})
