/**
 * Equal timing by construction: for every route that takes an address, a known and an
 * unknown address make the request send the same statements to the database, in the same
 * order (the decision waits in the outbox: email/mail-jobs.service.ts). The worker then mails the
 * known address and not the unknown one. `npm run bench:timing` prints the medians.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxWorker } from '../src/modules/email/worker.ts'
import nodemailer from 'nodemailer'
import pino from 'pino'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { createClient, pkcePair } from './login-helpers.ts'
import { SmtpSink } from './smtp-sink.ts'
import { StatementRecorder } from './statement-recorder.ts'

let t: TestApp
let sink: SmtpSink
const recorder = new StatementRecorder()

beforeAll(async () => {
  sink = await new SmtpSink().start()
  // SMTP set and no worker here: the jobs wait in the outbox, nothing else touches the database
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'false' }, { recorder })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>) {
  recorder.statements = []
  const res = await send()
  return { status: res.statusCode, body: res.body, statements: [...recorder.statements] }
}

describe('a known and an unknown address take the same path before the answer', () => {
  it('code request, register and forgotPassword, on the platform and under a closed tenant', async () => {
    const client = await createClient(t.app)
    const closed = await createTenant(t, 'Closed', { signup: 'closed' })
    const member = await createActor(t, { belongsTo: closed })
    const known = await createActor(t)
    const platformUser = await createActor(t)
    const stranger = 'nobody-here@example.test'
    const post = (url: string, payload: object) => () => t.app.inject({ method: 'POST', url, payload })
    const code = (email: string, prefix = '') =>
      post(`${prefix}/auth/passwordlessLogin/code`, { email, client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })
    // the specification's four fields: the redirect URI names the client
    const fourFields = (email: string) =>
      post('/auth/passwordlessLogin/code', { email, redirect_uri: client.redirectUri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })
    type Send = () => Promise<{ statusCode: number; body: string }>
    const cases: Array<[string, Send, Send, Send?]> = [
      ['code request', code(known.user.email), code(stranger)],
      ['code request under a closed tenant', code(member.user.email, `/tenants/${closed}`), code(`other-${stranger}`, `/tenants/${closed}`)],
      // a platform account under a tenant's prefix gets the platform's email: the tenant cannot tell
      ['code request under a closed tenant, a platform account', code(platformUser.user.email, `/tenants/${closed}`), code(`other-${stranger}`, `/tenants/${closed}`)],
      ['code request without client_id', fourFields(platformUser.user.email), fourFields(`four-${stranger}`), fourFields('warm-up@example.test')],
      ['register', post('/users/register', { email: known.user.email, password: 'a long passphrase' }), post('/users/register', { email: `reg-${stranger}`, password: 'a long passphrase' })],
      ['forgotPassword', post('/users/forgotPassword', { email: known.user.email }), post('/users/forgotPassword', { email: `forgot-${stranger}` })],
      ['forgotPassword under a tenant, a platform account', post(`/tenants/${closed}/users/forgotPassword`, { email: platformUser.user.email }), post(`/tenants/${closed}/users/forgotPassword`, { email: `forgot-${stranger}` })],
    ]
    for (const [name, ofKnown, ofUnknown, warmUp] of cases) {
      // a first request fills the caches that do not depend on the address (the client row)
      await statementsOf(warmUp ?? code('warm-up@example.test'))
      const a = await statementsOf(ofKnown)
      const b = await statementsOf(ofUnknown)
      expect(a.status, name).toBe(200)
      expect({ status: b.status, body: b.body }, name).toEqual({ status: a.status, body: a.body })
      expect(b.statements, name).toEqual(a.statements)
      // and no statement reads the users table: the request cannot branch on an account
      expect(a.statements.filter((s) => /\busers\b/.test(s)), name).toEqual([])
    }

    // the worker decides: mail for the known addresses; for a stranger, what the sign-up policy allows
    const worker = new OutboxWorker(t.db, nodemailer.createTransport(sink.url), pino({ level: 'silent' }), {
      pollMs: 20,
      retryBaseMs: 20,
      messageIdDomain: 'trellis.test',
      timeoutMs: 5000,
      concurrency: 4,
      box: t.app.secretBox,
      decide: (message) => t.app.services.email.jobs.decide(message),
      clock: t.clock,
    })
    while ((await worker.runOnce()) > 0);
    const to = (address: string) => sink.messages.filter((m) => m.envelopeTo.includes(address))
    expect(to(known.user.email)).toHaveLength(3) // login code, "account exists" notice, reset link
    // under the closed tenant's prefix, a code and a reset link, and a code without client_id: the platform's mail
    expect(to(platformUser.user.email)).toHaveLength(3)
    expect(to(platformUser.user.email).map((m) => m.from?.name)).toEqual(['Trellis', 'Trellis', 'Trellis'])
    expect(to(member.user.email)).toHaveLength(1)
    expect(to(stranger)).toHaveLength(1) // the platform signs a stranger up with a code
    expect(to(`four-${stranger}`)).toHaveLength(1)
    expect(to(`other-${stranger}`)).toEqual([]) // a closed tenant signs no one up
    expect(to(`forgot-${stranger}`)).toEqual([])
    expect(to(`reg-${stranger}`)).toHaveLength(1) // a new account's confirmation link
    expect(await t.db.selectFrom('email_outbox').select('id').where('job', 'is not', null).execute()).toEqual([])
  })
})
