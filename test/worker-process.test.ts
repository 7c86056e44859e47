/** `trellis worker`: the outbox worker as its own process, sending what the server queued. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { migratedDatabase, testConfig } from './helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

describe('trellis worker', () => {
  it('delivers mail queued by another process, and stops on SIGTERM', async () => {
    const sink = await new SmtpSink().start()
    cleanup.push(() => sink.stop())
    const db = await migratedDatabase()
    cleanup.push(() => db.drop())
    const url = db.url
    // the "server" queues an email and goes away (an embedded database has one user at a time)
    const app = await buildApp(testConfig({ DATABASE_URL: url, SMTP_URL: sink.url }), { logger: false })
    await app.db.transaction().execute((trx) =>
      app.services.email.send(trx, { type: 'passwordResetSuccess', to: { email: 'queued@example.test' } }),
    )
    await app.close()

    const bin = join(import.meta.dirname, '..', 'bin', 'trellis.mjs')
    const child = spawn(process.execPath, [bin, 'worker'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, SMTP_URL: sink.url, LOG_LEVEL: 'silent' },
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const mail = await sink.next('queued@example.test')
    expect(mail.subject).toBe('Your Trellis password was changed')
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)
})
