import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../src/lib/crypto.ts'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange } from './login-helpers.ts'
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let tenantId: number
let tenantApp: Awaited<ReturnType<typeof createClient>>
let firstParty: { clientId: string; secret: string | null }

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers })

function tokenIn(mail: ReceivedMail): string {
  const match = /token=([\w-]+)/.exec(mail.text ?? '')
  if (!match?.[1]) throw new Error(`no token in: ${mail.text}`)
  return match[1]
}

/** The password grant through the platform's first-party client, or the tenant's own (accounts are per tenant). */
function login(email: string, password: string, app = firstParty) {
  return exchange(t.app, { grant_type: 'password', username: email, password, client_id: app.clientId, client_secret: app.secret! })
}

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true', EMAIL_POLL_MS: '20' })
  tenantId = await createTenant(t, 'Acme Homes', { signup: 'members' })
  // the brand's own app lives on acme.test: that is what lets its reset link point there
  tenantApp = await createClient(t.app, { public: false, grantTypes: ['password', 'refresh_token'], tenantId, redirectUris: ['https://acme.test/callback'] })
  const owner = await createActor(t, { tenantId, role: 'owner' })
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/tenants/${tenantId}`,
    headers: owner.headers,
    payload: {
      emailConfig: {
        template: { buttonColor: '#00aa55' },
        emailTypeConfig: {
          emailConfirmation: { subject: 'Acme: confirm {{user.email}}' },
          passwordReset: { subject: 'Acme: reset until {{resetTokenExp}}', ctaLink: 'https://acme.test/reset?token={{resetToken}}' },
          passwordResetSuccess: { subject: 'Acme: password changed for {{user.username}}' },
        },
      },
    },
  })
  expect(res.statusCode).toBe(200)
  firstParty = await createClient(t.app, { public: false, grantTypes: ['password', 'refresh_token'] })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

describe('register, confirm, log in', () => {
  it('register -> email -> confirm -> password login -> /users/current', async () => {
    const email = uniqueEmail('reg')
    const before = sink.messages.length
    const res = await post('/users/register', { email, password: 'correct horse battery', displayName: 'Reg User' })
    expect(res.json()).toEqual({ success: true, message: expect.any(String) })

    // the account exists once the worker has decided the job (email/mail-jobs.service.ts): the mail says so
    const mail = await sink.next(email, before)
    expect(mail.subject).toBe('Confirm your email address for Trellis')
    expect((await login(email, 'correct horse battery')).json().error_description).toContain('not confirmed')
    expect((await post('/users/confirmEmail', { token: tokenIn(mail) })).statusCode).toBe(200)

    const tokens = await login(email, 'correct horse battery')
    expect(tokens.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${tokens.json().access_token}` } })
    expect(me.json().user).toMatchObject({ email, displayName: 'Reg User', emailConfirmed: true, tenantId: null, tenants: [] })
  })

  it("the same through a tenant prefix: the user joins, and the email has the tenant's subject and colours", async () => {
    const email = uniqueEmail('tenantreg')
    const before = sink.messages.length
    await post(`/tenants/${tenantId}/users/register`, { email, password: 'correct horse battery' })
    const mail = await sink.next(email, before)
    expect(mail.subject).toBe(`Acme: confirm ${email}`)
    expect(mail.html).toContain('#00aa55')
    expect(mail.from?.name).toBe('Acme Homes')
    await post(`/tenants/${tenantId}/users/confirmEmail`, { token: tokenIn(mail) })
    // the account belongs to the tenant: the platform's client does not know it, the tenant's does
    expect((await login(email, 'correct horse battery')).json().error).toBe('invalid_grant')
    const tokens = (await login(email, 'correct horse battery', tenantApp)).json()
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(me.json().user).toMatchObject({ tenantId, tenants: [{ id: tenantId, name: 'Acme Homes', role: 'member', parentTenantId: null }] })
  })

  it('password policy: each rule named', async () => {
    for (const [password, rule] of [['short', 'at least 10'], ['aaaaaaaaaaaa', 'one character'], ['x'.repeat(257), 'at most 256']]) {
      const res = await post('/users/register', { email: uniqueEmail(), password })
      expect(res.statusCode).toBe(400)
      const body = errorBody(res)
      expect(body.code).toBe('weak_password')
      expect(body.details?.[0]).toMatchObject({ field: 'body.password', message: expect.stringContaining(rule!) })
    }
  })

  it('a client without the password grant cannot use it; wrong passwords do not lock out the right one', async () => {
    const other = await createClient(t.app, { public: false })
    const res = await exchange(t.app, { grant_type: 'password', username: 'x@y.test', password: 'whatever123', client_id: other.clientId, client_secret: other.secret! })
    expect(res.json().error).toBe('unauthorized_client')
    const victim = await createActor(t)
    await t.db.updateTable('users').set({ password_hash: await hashPassword('right password 1', t.config.scrypt) }).where('id', '=', victim.user.id).execute()
    const unknown = await login(uniqueEmail('ghost'), 'whatever1234')
    const wrong = await login(victim.user.email, 'whatever1234')
    expect(unknown.statusCode).toBe(wrong.statusCode)
    expect(unknown.json()).toEqual(wrong.json())
    // strangers' wrong passwords are bounded per account, but never lock out the right one
    // while the account's budget lasts (test/abuse-password.test.ts covers the rest)
    for (let i = 0; i < 9; i++) await login(victim.user.email, `wrong ${i} password`)
    expect((await login(victim.user.email, 'right password 1')).statusCode).toBe(200)
  })

  it('a hash made with older scrypt parameters is upgraded at login', async () => {
    const actor = await createActor(t)
    const old = await hashPassword('upgrade me please', { N: 2048, r: 8, p: 1 })
    await t.db.updateTable('users').set({ password_hash: old }).where('id', '=', actor.user.id).execute()
    expect((await login(actor.user.email, 'upgrade me please')).statusCode).toBe(200)
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', actor.user.id).executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect((await login(actor.user.email, 'upgrade me please')).statusCode).toBe(200)
  })
})

describe('forgot and reset password', () => {
  it('forgot -> reset: old password fails, new works, old refresh token refused, both emails filled in', async () => {
    const email = uniqueEmail('forgot')
    let before = sink.messages.length
    await post(`/tenants/${tenantId}/users/register`, { email, password: 'old password 123' })
    await post('/users/confirmEmail', { token: tokenIn(await sink.next(email, before)) })
    const session = (await login(email, 'old password 123', tenantApp)).json()

    before = sink.messages.length
    expect((await post(`/tenants/${tenantId}/users/forgotPassword`, { email })).statusCode).toBe(200)
    const resetMail = await sink.next(email, before)
    expect(resetMail.subject).toMatch(/^Acme: reset until \d{1,2}(st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2}:\d{2} UTC$/)
    const token = tokenIn(resetMail)
    expect(resetMail.text).toContain(`https://acme.test/reset?token=${token}`)

    before = sink.messages.length
    expect((await post(`/tenants/${tenantId}/users/resetPassword`, { token, password: 'new password 456' })).statusCode).toBe(200)
    const done = await sink.next(email, before)
    expect(done.subject).toBe(`Acme: password changed for ${email.split('@')[0]}`)

    expect((await login(email, 'old password 123', tenantApp)).json().error).toBe('invalid_grant')
    expect((await login(email, 'new password 456', tenantApp)).statusCode).toBe(200)
    const refresh = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: session.refresh_token, client_id: tenantApp.clientId, client_secret: tenantApp.secret! })
    expect(refresh.json().error).toBe('invalid_grant')
  })

  it('a newer reset request invalidates the older token', async () => {
    const actor = await createActor(t)
    let before = sink.messages.length
    await post('/users/forgotPassword', { email: actor.user.email })
    const older = tokenIn(await sink.next(actor.user.email, before))
    before = sink.messages.length
    await post('/users/forgotPassword', { email: actor.user.email })
    const newer = tokenIn(await sink.next(actor.user.email, before))
    expect(errorBody(await post('/users/resetPassword', { token: older, password: 'another password 1' })).code).toBe('invalid_token')
    expect((await post('/users/resetPassword', { token: newer, password: 'another password 1' })).statusCode).toBe(200)
  })

  it('reused, expired and tampered tokens are refused in the error shape', async () => {
    const actor = await createActor(t)
    let before = sink.messages.length
    await post('/users/forgotPassword', { email: actor.user.email })
    const resetMail = await sink.next(actor.user.email, before)
    const token = tokenIn(resetMail)
    expect((await post('/users/resetPassword', { token, password: 'first new password' })).statusCode).toBe(200)
    // the "password changed" notice arrives on its own time: wait for it, so it is not taken for the next reset mail
    const notice = await sink.next(actor.user.email, sink.messages.indexOf(resetMail) + 1)
    expect(notice.subject).toMatch(/changed/)
    const reused = await post('/users/resetPassword', { token, password: 'second new password' })
    expect(reused.statusCode).toBe(400)
    expect(errorBody(reused).code).toBe('invalid_token')
    const tampered = await post('/users/resetPassword', { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, password: 'second new password' })
    expect(errorBody(tampered).code).toBe('invalid_token')

    before = sink.messages.indexOf(notice) + 1
    await post('/users/forgotPassword', { email: actor.user.email })
    const expiring = tokenIn(await sink.next(actor.user.email, before))
    t.clock.advance(t.config.passwordResetTtlSeconds + 1)
    expect(errorBody(await post('/users/resetPassword', { token: expiring, password: 'third new password' })).code).toBe('invalid_token')

    const confirmTampered = await post('/users/confirmEmail', { token: 'not-a-real-token' })
    expect(confirmTampered.statusCode).toBe(400)
    expect(errorBody(confirmTampered).details?.[0]?.field).toBe('body.token')
  })
})

describe('no enumeration', () => {
  it('register and forgotPassword answer the same for known and unknown addresses', async () => {
    const known = await createActor(t)
    const before = sink.messages.length
    const a = await post('/users/register', { email: known.user.email, password: 'whatever password' })
    const b = await post('/users/register', { email: uniqueEmail('fresh'), password: 'whatever password' })
    expect(a.statusCode).toBe(b.statusCode)
    expect(a.body).toBe(b.body)
    const notice = await sink.next(known.user.email, before)
    expect(notice.subject).toBe('You already have a Trellis account')
    const c = await post('/users/forgotPassword', { email: known.user.email })
    const d = await post('/users/forgotPassword', { email: uniqueEmail('nobody') })
    expect(c.statusCode).toBe(d.statusCode)
    expect(c.body).toBe(d.body)
  })
})

describe('the tenant rule, both ways, for all three types', () => {
  it("prefix and an account of the tenant: custom; a platform user, even a member, never gets the tenant's texts", async () => {
    const own = await createActor(t, { belongsTo: tenantId, tenantId, role: 'member' })
    const staff = await createActor(t, { tenantId, role: 'admin' })
    for (const who of [own, staff]) {
      await t.db.updateTable('users').set({ password_hash: await hashPassword('rule password 1', t.config.scrypt) }).where('id', '=', who.user.id).execute()
    }
    const subjects = async (email: string, prefix: string, resetPrefix = prefix) => {
      let before = sink.messages.length
      await post(`${prefix}/users/forgotPassword`, { email })
      const reset = await sink.next(email, before)
      before = sink.messages.length
      await post(`${resetPrefix}/users/resetPassword`, { token: tokenIn(reset), password: 'rule password 2' })
      const success = await sink.next(email, before)
      return [reset.subject, success.subject]
    }
    const custom = await subjects(own.user.email, `/tenants/${tenantId}`)
    expect(custom[0]).toMatch(/^Acme: reset until/)
    expect(custom[1]).toMatch(/^Acme: password changed/)
    // the tenant's account, reset without the prefix: the platform's success email
    expect((await subjects(own.user.email, `/tenants/${tenantId}`, ''))[1]).toBe('Your Trellis password was changed')
    // a platform user who is a member: under the prefix, the platform's default for the platform account (users/identity.repository.ts)
    expect(await subjects(staff.user.email, `/tenants/${tenantId}`)).toEqual(['Reset your Trellis password', 'Your Trellis password was changed'])
    // without the prefix, the platform default too
    const [reset, success] = await subjects(staff.user.email, '')
    expect(reset).toBe('Reset your Trellis password')
    expect(success).toBe('Your Trellis password was changed')
    // emailConfirmation: under the prefix the new user belongs to the tenant (custom, see above); without it, default
    const email = uniqueEmail('plainreg')
    const before = sink.messages.length
    await post('/users/register', { email, password: 'whatever password' })
    expect((await sink.next(email, before)).subject).toBe('Confirm your email address for Trellis')
  })
})

describe('the current user', () => {
  it('PATCH /users/current and POST /users/current/password', async () => {
    const actor = await createActor(t)
    const patched = await t.app.inject({ method: 'PATCH', url: '/users/current', headers: actor.headers, payload: { username: 'newname', displayName: 'New Name' } })
    expect(patched.json().user).toMatchObject({ username: 'newname', displayName: 'New Name' })
    const none = await t.app.inject({ method: 'POST', url: '/users/current/password', headers: actor.headers, payload: { currentPassword: 'x', newPassword: 'something long enough' } })
    expect(errorBody(none).code).toBe('no_password_set')
    await t.db.updateTable('users').set({ password_hash: await hashPassword('current password', t.config.scrypt) }).where('id', '=', actor.user.id).execute()
    const wrong = await t.app.inject({ method: 'POST', url: '/users/current/password', headers: actor.headers, payload: { currentPassword: 'nope nope nope', newPassword: 'something long enough' } })
    expect(errorBody(wrong).details?.[0]?.field).toBe('body.currentPassword')
    const ok = await t.app.inject({ method: 'POST', url: '/users/current/password', headers: actor.headers, payload: { currentPassword: 'current password', newPassword: 'something long enough' } })
    expect(ok.statusCode).toBe(200)
    expect((await login(actor.user.email, 'something long enough')).statusCode).toBe(200)
  })
})
