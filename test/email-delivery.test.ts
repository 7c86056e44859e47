import { once } from 'node:events'
import nodemailer from 'nodemailer'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { claimDue, LEASE_SECONDS } from '../src/modules/email/outbox.repository.ts'
import { OutboxWorker, type WorkerOptions } from '../src/modules/email/worker.ts'
import { createTestApp, usingPostgres, type TestApp } from './helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

const log = pino({ level: 'silent' })

async function queue(t: TestApp, count: number, prefix: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      await t.app.services.email.send(trx, {
        type: 'passwordResetSuccess',
        to: { email: `${prefix}-${i}@example.test`, displayName: `${prefix} ${i}` },
      })
    }
  })
}

function newWorker(db: DB, sink: SmtpSink, t: TestApp, extra: Partial<WorkerOptions> = {}): OutboxWorker {
  return new OutboxWorker(db, nodemailer.createTransport(`${sink.url}?pool=true`), log, {
    pollMs: 20,
    retryBaseMs: 20,
    messageIdDomain: 'trellis.test',
    timeoutMs: 5000,
    concurrency: 5,
    box: t.app.secretBox,
    decide: (message) => t.app.services.email.jobs.decide(message),
    clock: t.clock,
    ...extra,
  })
}

async function statuses(db: DB, prefix: string) {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('to_address', 'like', `${prefix}-%`)
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

function recipients(sink: SmtpSink, prefix: string): string[] {
  return sink.messages.flatMap((m) => m.envelopeTo).filter((a) => a.startsWith(`${prefix}-`))
}

describe('outbox delivery', () => {
  let t: TestApp
  let sink: SmtpSink

  beforeAll(async () => {
    sink = await new SmtpSink().start()
    t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'false', EMAIL_MAX_ATTEMPTS: '50' })
  })
  afterAll(async () => {
    await t.close()
    await sink.stop()
  })

  it('SMTP down while 20 emails are queued, then up: all 20 arrive exactly once', async () => {
    await sink.stop()
    await queue(t, 20, 'outage')
    const worker = newWorker(t.db, sink, t)
    expect(await worker.runOnce()).toBe(20)
    expect(await statuses(t.db, 'outage')).toEqual({ queued: 20 })
    const errors = await t.db.selectFrom('email_outbox').select(['last_error', 'attempts']).where('to_address', 'like', 'outage-%').execute()
    expect(errors.every((e) => e.attempts === 1 && /ECONNREFUSED|connect/i.test(e.last_error ?? ''))).toBe(true)

    await sink.start()
    worker.start()
    await sink.waitFor(20)
    await worker.stop()
    const checker = newWorker(t.db, sink, t)
    expect(await checker.runOnce()).toBe(0)
    await checker.stop()
    const got = recipients(sink, 'outage')
    expect(got).toHaveLength(20)
    expect(new Set(got).size).toBe(20)
    expect(await statuses(t.db, 'outage')).toEqual({ sent: 20 })
  })

  it('a worker killed after claiming leaves nothing lost: the lease runs out and another worker sends', async () => {
    await queue(t, 5, 'crash')
    const claimed = await claimDue(t.db, 100, t.clock.now())
    expect(claimed.filter((m) => m.to_address.startsWith('crash-'))).toHaveLength(5)
    // the claiming worker "dies" here; its lease runs out
    t.clock.advance(LEASE_SECONDS + 1)
    const before = sink.messages.length
    const survivor = newWorker(t.db, sink, t)
    expect(await survivor.runOnce()).toBe(5)
    await sink.waitFor(before + 5)
    await survivor.stop()
    expect(recipients(sink, 'crash')).toHaveLength(5)
    expect(await statuses(t.db, 'crash')).toEqual({ sent: 5 })
  })

  it('EMAIL_LEASE_SECONDS: a claim holds a message that long, so mail a dead worker held waits no longer', async () => {
    await queue(t, 3, 'lease')
    // a worker with a 4 s lease claims and sends into an SMTP server that never answers
    sink.respond = () => 'hang'
    const dying = newWorker(t.db, sink, t, { leaseSeconds: 4, timeoutMs: 300, concurrency: 3 })
    dying.start()
    await once(sink, 'hang')
    const leased = await t.db.selectFrom('email_outbox').select('locked_until').where('to_address', 'like', 'lease-%').where('status', '=', 'sending').execute()
    expect(leased.length).toBeGreaterThan(0)
    for (const row of leased) expect(row.locked_until!.getTime() - t.clock.now().getTime()).toBeGreaterThan(3000)
    for (const row of leased) expect(row.locked_until!.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(4000)
    await dying.stop()
    sink.respond = () => 'accept'

    // past their deadline the sends went back to the queue (a retry after at most 20 ms); a
    // "dead" worker claims them again: still held after 3 s, free after 4
    t.clock.advance(1)
    expect(await claimDue(t.db, 100, t.clock.now(), 4)).toHaveLength(3)
    const survivor = newWorker(t.db, sink, t, { leaseSeconds: 4 })
    t.clock.advance(3)
    expect(await survivor.runOnce()).toBe(0)
    t.clock.advance(1.5)
    const before = sink.messages.length
    expect(await survivor.runOnce()).toBe(3)
    await sink.waitFor(before + 3)
    await survivor.stop()
    expect(await statuses(t.db, 'lease')).toEqual({ sent: 3 })
  })

  it('a message that keeps failing ends as failed after the attempt limit', async () => {
    await t.db.transaction().execute((trx) =>
      t.app.services.email.send(trx, { type: 'passwordResetSuccess', to: { email: 'doomed-0@example.test' } }),
    )
    await t.db.updateTable('email_outbox').set({ max_attempts: 2 }).where('to_address', '=', 'doomed-0@example.test').execute()
    const broken = new OutboxWorker(t.db, nodemailer.createTransport('smtp://127.0.0.1:1'), log, {
      pollMs: 20,
      retryBaseMs: 1,
      messageIdDomain: 'trellis.test',
      timeoutMs: 5000,
      concurrency: 5,
      box: t.app.secretBox,
      decide: (message) => t.app.services.email.jobs.decide(message),
      clock: t.clock,
    })
    await broken.runOnce()
    // past the retry's backoff (at most the 1 ms base)
    t.clock.advance(1)
    await broken.runOnce()
    await broken.stop()
    expect(await statuses(t.db, 'doomed')).toEqual({ failed: 1 })
  })
})

describe(`two workers on one ${usingPostgres ? 'PostgreSQL' : 'PGlite'} database`, () => {
  let t: TestApp
  let sink: SmtpSink
  let secondDb: DB

  beforeAll(async () => {
    sink = await new SmtpSink().start()
    t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'false' })
    // On PostgreSQL the second worker has its own connection pool, as a second instance
    // would; the embedded database is a single session, so there both share it.
    secondDb = usingPostgres ? await connectDatabase(t.config.database) : t.db
  })
  afterAll(async () => {
    if (secondDb !== t.db) await secondDb.destroy()
    await t.close()
    await sink.stop()
  })

  it('100 emails, each delivered once', async () => {
    await queue(t, 100, 'pair')
    const a = newWorker(t.db, sink, t)
    const b = newWorker(secondDb, sink, t)
    a.start()
    b.start()
    await sink.waitFor(100)
    await Promise.all([a.stop(), b.stop()])
    const got = recipients(sink, 'pair')
    expect(got).toHaveLength(100)
    expect(new Set(got).size).toBe(100)
    expect(await statuses(t.db, 'pair')).toEqual({ sent: 100 })
    const ids = new Set(sink.messages.map((m) => m.messageId))
    expect(ids.size).toBe(100)
  })
})
