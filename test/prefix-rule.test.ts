/**
 * The prefix rule (src/modules/users/identity.repository.ts), over real HTTP handling and a real SMTP
 * server: under `/tenants/{id}`, an address with an account of that tenant gets the
 * tenant's email; an address with a platform account gets the platform's default email for
 * that platform account, and its login code signs that account in; anything else gets
 * nothing. The answer is the same bytes in every case.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../src/lib/crypto.ts'
import { createActor, createTenant, createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, pkcePair } from './login-helpers.ts'
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let brand: number
let app: Awaited<ReturnType<typeof createClient>>
let firstParty: Awaited<ReturnType<typeof createClient>>
const pair = pkcePair()

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true', EMAIL_POLL_MS: '20', RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
  // a brand closed to strangers, with its own look, texts and a token link on its app's origin
  brand = await createTenant(t, 'Brandco', { signup: 'closed' })
  app = await createClient(t.app, { tenantId: brand, redirectUris: ['https://brandco.test/callback'] })
  firstParty = await createClient(t.app, { public: false, grantTypes: ['password', 'refresh_token'] })
  const owner = await createActor(t, { tenantId: brand, role: 'owner' })
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/tenants/${brand}`,
    headers: owner.headers,
    payload: {
      emailConfig: {
        template: { buttonColor: '#ff0066' },
        emailTypeConfig: {
          passwordReset: { subject: 'Brandco: reset', ctaLink: 'https://brandco.test/reset?token={{resetToken}}' },
          passwordResetSuccess: { subject: 'Brandco: password changed' },
        },
      },
    },
  })
  expect(res.statusCode).toBe(200)
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })

/** What a caller sees of an answer: status, the headers that describe the body, the body. */
const seen = (res: Awaited<ReturnType<typeof post>>) => ({ status: res.statusCode, type: res.headers['content-type'], length: res.headers['content-length'], body: res.body })

/** Mail to these addresses once every queued job is decided (a decision to send nothing removes the job). */
async function mailTo(...addresses: string[]) {
  await vi.waitFor(async () => expect(await t.db.selectFrom('email_outbox').select('id').where('job', 'is not', null).execute()).toEqual([]), { timeout: 10_000, interval: 20 })
  await vi.waitFor(async () => expect(await t.db.selectFrom('email_outbox').select('id').where('status', 'in', ['queued', 'sending']).execute()).toEqual([]), { timeout: 10_000, interval: 20 })
  return sink.messages.filter((m) => m.envelopeTo.some((to) => addresses.includes(to)))
}

/**
 * Nothing the brand chose in a message: its name, texts, token link or colour. (A login link
 * is the app's registered redirect URI, the same with or without the prefix.)
 */
function expectPlatformOnly(mail: ReceivedMail) {
  expect(mail.from?.name).toBe('Trellis')
  expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('Brandco')
  expect(`${mail.text} ${mail.html}`).not.toContain('brandco.test/reset')
  expect(mail.html).not.toContain('#ff0066')
}

function tokenIn(mail: ReceivedMail): string {
  const match = /token=([\w-]+)/.exec(mail.text ?? '')
  if (!match?.[1]) throw new Error(`no token in: ${mail.text}`)
  return match[1]
}

/** Four kinds of address: the brand's account, a platform account, another tenant's account only, no account. */
async function addresses() {
  const other = await createTenant(t, 'Elsewhere', { signup: 'customers' })
  const own = await createActor(t, { belongsTo: brand })
  const platform = await createActor(t)
  const elsewhere = await createActor(t, { belongsTo: other })
  for (const who of [own, platform, elsewhere]) {
    await t.db.updateTable('users').set({ password_hash: await hashPassword('first password 1', t.config.scrypt) }).where('id', '=', who.user.id).execute()
  }
  return { own: own.user, platform: platform.user, elsewhere: elsewhere.user, unknown: uniqueEmail('nobody') }
}

describe('forgotPassword and resetPassword under a tenant prefix', () => {
  it("a platform account gets the platform's reset email for its own account; the answer is the same bytes as an unknown address's", async () => {
    const who = await addresses()
    const forgot = (email: string) => post(`/tenants/${brand}/users/forgotPassword`, { email })
    const answers = [await forgot(who.own.email), await forgot(who.platform.email), await forgot(who.elsewhere.email), await forgot(who.unknown)]
    for (const answer of answers) expect(seen(answer)).toEqual(seen(answers[3]!))
    expect(answers[3]!.statusCode).toBe(200)

    const [ownMail] = await mailTo(who.own.email)
    expect(ownMail?.subject).toBe('Brandco: reset')
    expect(ownMail?.text).toContain('https://brandco.test/reset?token=')
    const [platformMail, ...more] = await mailTo(who.platform.email)
    expect(more).toEqual([])
    expect(platformMail?.subject).toBe('Reset your Trellis password')
    expect(platformMail?.text).toContain('http://trellis.test/reset-password?token=')
    expectPlatformOnly(platformMail!)
    // another tenant's account is not reached from this tenant's prefix, nor is an unknown address
    expect(await mailTo(who.elsewhere.email, who.unknown)).toEqual([])

    // the reset, under the same prefix: the platform account's password changes, with the platform's notice
    const before = sink.messages.length
    const reset = await post(`/tenants/${brand}/users/resetPassword`, { token: tokenIn(platformMail!), password: 'second password 2' })
    expect(reset.statusCode).toBe(200)
    const ownReset = await post(`/tenants/${brand}/users/resetPassword`, { token: tokenIn(ownMail!), password: 'second password 2' })
    expect(seen(reset)).toEqual(seen(ownReset))
    const notice = await sink.next(who.platform.email, before)
    expect(notice.subject).toBe('Your Trellis password was changed')
    expectPlatformOnly(notice)
    expect((await sink.next(who.own.email, before)).subject).toBe('Brandco: password changed')
    const login = await exchange(t.app, { grant_type: 'password', username: who.platform.email, password: 'second password 2', client_id: firstParty.clientId, client_secret: firstParty.secret! })
    expect(login.statusCode).toBe(200)
  })
})

describe('the login code under a tenant prefix', () => {
  const requestCode = (email: string, tenant = brand) =>
    post(`/tenants/${tenant}/auth/passwordlessLogin/code`, {
      email,
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      code_challenge: pair.challenge,
      code_challenge_method: 'S256',
    })
  const codeIn = (mail: ReceivedMail | undefined) => /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(mail?.text ?? '')?.[1] ?? 'no code'
  const signIn = async (code: string) => {
    const token = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri })
    expect(token.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${token.json().access_token}` } })
    return me.json().user as { id: number; tenantId: number | null; email: string }
  }

  it("a platform account gets the platform's login email, and its code signs in that platform account", async () => {
    const who = await addresses()
    const answers = [await requestCode(who.own.email), await requestCode(who.platform.email), await requestCode(who.elsewhere.email), await requestCode(who.unknown)]
    for (const answer of answers) expect(seen(answer)).toEqual(seen(answers[3]!))

    const [platformMail, ...more] = await mailTo(who.platform.email)
    expect(more).toEqual([])
    expect(platformMail?.subject).toMatch(/^Your Trellis login code: /)
    expectPlatformOnly(platformMail!)
    const [ownMail] = await mailTo(who.own.email)
    expect(ownMail?.from?.name).toBe('Brandco')
    expect(await mailTo(who.elsewhere.email, who.unknown)).toEqual([])

    expect(await signIn(codeIn(platformMail))).toMatchObject({ id: who.platform.id, tenantId: null })
    expect(await signIn(codeIn(ownMail))).toMatchObject({ id: who.own.id, tenantId: brand })
    // the closed brand created no account for anyone
    const accounts = await t.db.selectFrom('users').select('id').where('email', 'in', [who.platform.email, who.elsewhere.email, who.unknown]).execute()
    expect(accounts).toHaveLength(2)
  })

  it('a brand that signs customers up: the prefixed login signs up a separate account of the brand, even for a platform account', async () => {
    const open = await createTenant(t, 'Open Brand', { signup: 'customers' })
    const platform = (await createActor(t)).user
    const before = sink.messages.length
    expect((await requestCode(platform.email, open)).statusCode).toBe(200)
    const mail = await sink.next(platform.email, before)
    expect(mail.from?.name).toBe('Open Brand')
    const customer = await signIn(codeIn(mail))
    expect(customer).toMatchObject({ email: platform.email, tenantId: open })
    expect(customer.id).not.toBe(platform.id)
  })
})
