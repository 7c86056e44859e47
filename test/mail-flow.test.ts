/**
 * Mail keeps flowing and keeps no secrets: over real SMTP (test/smtp-sink.ts) a stuck
 * session holds up nobody else, a 550 fails at once with its reason, a 451 is retried,
 * two workers never send one message twice, failed mail is re-driven from the CLI, the
 * figures are in /metrics, and no row holds a live code or token once the mail is sent.
 */
import { once } from 'node:events'
import pino from 'pino'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { claimDue } from '../src/modules/email/outbox.repository.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { OutboxWorker, smtpTransport } from '../src/modules/email/worker.ts'
import { createActor, createTestApp, type TestApp, scrapeMetrics } from './helpers.ts'
import { createClient, pkcePair, requestCode } from './login-helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

const log = pino({ level: 'silent' })
/** Far above any honest send on a loaded machine; tests that wait out a hang set their own. */
const TIMEOUT_MS = 10_000

let t: TestApp
let sink: SmtpSink
const workers: OutboxWorker[] = []

function worker(opts: { concurrency?: number; timeoutMs?: number; retryBaseMs?: number } = {}): OutboxWorker {
  const concurrency = opts.concurrency ?? 4
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS
  const w = new OutboxWorker(t.db, smtpTransport(sink.url, timeoutMs, concurrency), log, {
    pollMs: 20,
    retryBaseMs: opts.retryBaseMs ?? 10,
    messageIdDomain: 'trellis.test',
    timeoutMs,
    concurrency,
    box: t.app.secretBox,
    decide: (message) => t.app.services.email.jobs.decide(message),
    clock: t.clock,
  })
  workers.push(w)
  return w
}

async function queue(...addresses: string[]): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    for (const email of addresses) await t.app.services.email.send(trx, { type: 'passwordResetSuccess', to: { email } })
  })
}

const row = (to: string) => t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow()
const delivered = (to: string) => sink.messages.filter((m) => m.envelopeTo.includes(to))
/** Moves the clock past a queued retry's backoff, so it is due now. */
async function dueNow(to: string): Promise<void> {
  const due = (await row(to)).next_attempt_at.getTime()
  t.clock.advance(Math.max(0, Math.ceil((due - t.clock.now().getTime()) / 1000)))
}

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'false' })
})
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()))
  await t.close()
  await sink.stop()
})
beforeEach(() => {
  sink.respond = () => 'accept'
})

describe('secrets in the outbox', () => {
  it('a login code and a reset token are sealed while queued and gone once delivered', async () => {
    const { clientId, redirectUri } = await createClient(t.app)
    const user = await createActor(t)
    expect((await requestCode(t.app, { email: user.user.email, clientId, redirectUri, challenge: pkcePair().challenge })).statusCode).toBe(200)
    const reset = await t.app.inject({ method: 'POST', url: '/users/forgotPassword', payload: { email: user.user.email } })
    expect(reset.statusCode).toBeLessThan(300)

    // queued, both are jobs: no code or token exists yet, and no content (email/mail-jobs.service.ts)
    const queued = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', user.user.email).execute()
    expect(queued.map((r) => [r.job?.kind, r.text, r.secrets]).sort()).toEqual([
      ['forgotPassword', '', null],
      ['passwordlessLogin', '', null],
    ])
    expect(await t.db.selectFrom('login_codes').select('id').where('email', '=', user.user.email).execute()).toHaveLength(0)

    const before = sink.messages.length
    await worker().runOnce()
    await sink.waitFor(before + 2)
    const login = delivered(user.user.email).find((m) => m.subject?.match(/log/i))!
    const resetMail = delivered(user.user.email).find((m) => m !== login)!
    const code = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(login.text ?? '')?.[1]
    const token = /token=([\w-]+)/.exec(resetMail.text ?? '')?.[1]
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)
    expect(token?.length).toBeGreaterThan(20)
    expect(login.html).toContain(code)
    expect(login.text).toContain(`${redirectUri}?code=${code}`)

    for (const stored of [queued, await t.db.selectFrom('email_outbox').selectAll().execute()]) {
      const dump = JSON.stringify(stored)
      expect(dump).not.toContain(code)
      expect(dump).not.toContain(token)
    }
    const sent = await t.db.selectFrom('email_outbox').select(['type', 'status', 'secrets', 'job']).where('to_address', '=', user.user.email).orderBy('type').execute()
    expect(sent).toEqual([
      { type: 'passwordReset', status: 'sent', secrets: null, job: null },
      { type: 'passwordlessLogin', status: 'sent', secrets: null, job: null },
    ])
  })
})

describe('delivery under a stuck or refusing SMTP server', () => {
  it('a session that hangs after DATA holds up no other mail, and times out into a retry', async () => {
    sink.respond = (to) => (to.includes('stuck@example.test') ? 'hang' : 'accept')
    const others = ['a', 'b', 'c', 'd', 'e'].map((n) => `flow-${n}@example.test`)
    const hung = once(sink, 'hang')
    await queue('stuck@example.test', ...others)
    const before = sink.messages.length
    // a deadline long enough that the five others surely go out within it on a slow machine
    // (and a retry far enough away that the test sees the message wait for it)
    const w = worker({ concurrency: 3, timeoutMs: 5000, retryBaseMs: 600_000 })
    w.start()
    await hung
    await sink.waitFor(before + others.length)
    // all five others arrived while the stuck message was still in its SMTP session
    expect((await row('stuck@example.test')).status).toBe('sending')
    expect(others.every((a) => delivered(a).length === 1)).toBe(true)

    sink.respond = () => 'accept'
    await vi.waitFor(async () => expect((await row('stuck@example.test')).last_error).toMatch(/no answer within 5000 ms|timeout/i), { timeout: 15_000, interval: 25 })
    await w.stop()
    const stuck = await row('stuck@example.test')
    expect(stuck.status).toBe('queued')
    expect(stuck.attempts).toBe(1)
    expect(stuck.next_attempt_at.getTime()).toBeGreaterThan(t.clock.now().getTime() + 60_000)
    expect(delivered('stuck@example.test')).toHaveLength(0)
    await dueNow('stuck@example.test')
    await worker().runOnce()
    expect(await row('stuck@example.test')).toMatchObject({ status: 'sent', attempts: 2 })
    expect(delivered('stuck@example.test')).toHaveLength(1)
  })

  it('550 fails at once with the reason; the operator re-drives it, and the audit log says so', async () => {
    sink.respond = (to) => (to.includes('gone@example.test') ? { code: 550, message: '5.1.1 mailbox unavailable' } : 'accept')
    await queue('gone@example.test')
    await worker().runOnce()
    const failed = await row('gone@example.test')
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.last_error).toMatch(/550.*mailbox unavailable/)

    // what `trellis outbox list|retry` call (src/cli/operations.ts), as the operator
    const { outbox, audit } = t.app.services
    const listed = await outbox.list(OPERATOR, { status: 'failed', limit: 100 })
    expect(listed.map((m) => m.to)).toContain('gone@example.test')
    expect(listed.find((m) => m.to === 'gone@example.test')?.lastError).toMatch(/550/)
    expect(JSON.stringify(listed)).not.toContain('<html')

    sink.respond = () => 'accept'
    expect(await outbox.retry(OPERATOR, [failed.id])).toEqual([failed.id])
    const entries = await audit.all(OPERATOR, { action: 'outbox.retry', limit: 10 })
    expect(entries.edges.map((e) => e.node)).toContainEqual(expect.objectContaining({ action: 'outbox.retry', target: { type: 'email_outbox', id: String(failed.id) }, actor: expect.objectContaining({ kind: 'operator' }) }))
    await worker().runOnce()
    expect(await row('gone@example.test')).toMatchObject({ status: 'sent' })
    expect(delivered('gone@example.test')).toHaveLength(1)
    expect(await outbox.retry(OPERATOR, [failed.id])).toEqual([])
  })

  it('451 is retried with backoff and then delivered once', async () => {
    let refusals = 0
    sink.respond = (to) => (to.includes('later@example.test') && refusals++ === 0 ? { code: 451, message: '4.7.1 try again later' } : 'accept')
    await queue('later@example.test')
    const w = worker()
    await w.runOnce()
    const first = await row('later@example.test')
    expect(first).toMatchObject({ status: 'queued', attempts: 1 })
    expect(first.last_error).toMatch(/451/)
    expect(first.next_attempt_at.getTime()).toBeGreaterThan(t.clock.now().getTime() - 1000)
    await dueNow('later@example.test')
    await w.runOnce()
    expect(await row('later@example.test')).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
    expect(delivered('later@example.test')).toHaveLength(1)
  })

  it('two workers never send one message twice, even when one hangs past its timeout', async () => {
    let sessions = 0
    sink.respond = (to) => (to.includes('once@example.test') && sessions++ === 0 ? 'hang' : 'accept')
    await queue('once@example.test')
    const a = worker({ timeoutMs: 3000 })
    const b = worker()
    const hung = once(sink, 'hang')
    const first = a.runOnce()
    await hung
    // A holds the lease (60 s) while it waits out its 3 s deadline: B finds nothing to claim
    expect(await b.runOnce()).toBe(0)
    await first
    expect(await row('once@example.test')).toMatchObject({ status: 'queued', attempts: 1 })
    await dueNow('once@example.test')
    await Promise.all([a.runOnce(), b.runOnce()])
    expect(await row('once@example.test')).toMatchObject({ status: 'sent', attempts: 2 })
    expect(delivered('once@example.test')).toHaveLength(1)
    // a late answer to the abandoned first attempt cannot change the record
    expect(await claimDue(t.db, 10, t.clock.now())).toEqual([])
  })
})

describe('/metrics', () => {
  it('shows the outbox once: rows by status, the oldest queued age, whether the figures were read', async () => {
    await sql`update email_outbox set status = 'failed' where to_address = 'later@example.test'`.execute(t.db)
    await queue('waiting@example.test')
    t.clock.advance(90)
    const counts = await t.db
      .selectFrom('email_outbox')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute()
    const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0)
    const res = await scrapeMetrics(t.app)
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1])
    for (const status of ['queued', 'sending', 'sent', 'failed']) expect(value(`trellis_email_outbox_messages\\{status="${status}"\\}`), status).toBe(n(status))
    expect(value('trellis_email_outbox_messages\\{status="failed"\\}')).toBe(1)
    expect(value('trellis_email_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(90)
    expect(value('trellis_email_outbox_scrape_ok')).toBe(1)
    // one family: no second set of names carrying the same figures
    const families = [...res.body.matchAll(/^# TYPE (\S*outbox\S*) /gm)].map((m) => m[1])
    expect(families.sort()).toEqual(['trellis_email_outbox_messages', 'trellis_email_outbox_oldest_queued_age_seconds', 'trellis_email_outbox_scrape_ok'])
  })
})
