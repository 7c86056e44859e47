/** `trellis worker`: the outbox worker as its own process, sending what the server queued. */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { createTestDatabase, testConfig, usingPostgres } from './helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

describe('trellis worker', () => {
  it('delivers mail queued by another process, and stops on SIGTERM', async () => {
    const sink = await new SmtpSink().start()
    cleanup.push(() => sink.stop())
    let url: string
    if (usingPostgres) {
      const db = await createTestDatabase()
      cleanup.push(() => db.drop())
      url = db.url
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'trellis-worker-'))
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
      url = `pglite://${dir}`
    }
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
