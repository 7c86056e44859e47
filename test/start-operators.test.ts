/**
 * The start as a developer and an operator meet it, on the real server process: a busy
 * embedded-broker port (a developer's own Mosquitto) never stops the API in development and
 * stops production at once naming MQTT_PORT; a busy METRICS_PORT and a database that does not
 * exist are named in one line; SIGTERM exits as soon as the request in flight is answered.
 * Every port a test finds busy is one it took itself: the machine's own broker holds 1883.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, migratedDataDir } from './helpers.ts'

const root = join(import.meta.dirname, '..')
const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY: randomBytes(32).toString('base64') }

interface Running {
  child: ChildProcessWithoutNullStreams
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

function run(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATABASE_URL: 'pglite://memory', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve))
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

/** Resolves once the banner is out; rejects when the process ends first. */
function running(proc: Running, marker = 'Trellis is running'): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (proc.stdout().includes(marker)) resolve()
    }
    proc.child.stdout.on('data', check)
    void proc.exited.then((code) => reject(new Error(`exited with ${code}: ${proc.stderr()}`)))
  })
}

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A start that gets as far as the database gets one already migrated (the first migration is test/migrate-release.test.ts's subject). */
async function migratedDirUrl(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-start-'))
  dirs.push(dir)
  return `pglite://${await migratedDataDir(dir)}`
}

const held: Server[] = []
const started: Running[] = []
afterAll(() => {
  held.forEach((s) => s.close())
  started.forEach((p) => p.child.kill('SIGKILL'))
})

/** A plain TCP listener on 127.0.0.1, as another broker or exporter would hold the port. */
async function takePort(onConnection?: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection ?? ((socket) => socket.destroy()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  held.push(server)
  return (server.address() as { port: number }).port
}

function expectOneLine(stderr: string, variable: string): string {
  const lines = stderr.trim().split('\n')
  expect(lines, stderr).toHaveLength(1)
  expect(lines[0]).toMatch(new RegExp(`^trellis: ${variable}: `))
  expect(stderr).not.toMatch(/\n\s+at /)
  return lines[0] ?? ''
}

describe('a busy embedded-broker port', () => {
  it('development: the broker takes a free port, the API answers /ready, the banner and the simulator command name the port used', async () => {
    const busy = await takePort()
    const port = await freePort()
    const proc = run({ NODE_ENV: 'development', PORT: String(port), MQTT_PORT: String(busy), DATABASE_URL: await migratedDirUrl() })
    started.push(proc)
    await running(proc, 'npx trellis device simulate')
    const used = Number(/MQTT: +mqtt:\/\/127\.0\.0\.1:(\d+) \(embedded broker\)/.exec(proc.stdout())?.[1])
    expect(used).toBeGreaterThan(0)
    expect(used).not.toBe(busy)
    expect(proc.stdout()).toContain(`port ${busy} (MQTT_PORT) is in use, so the broker took port ${used}`)
    expect(proc.stdout()).toMatch(new RegExp(`npx trellis device simulate .* --url mqtt://127\\.0\\.0\\.1:${used}\\n`))
    const ready = await fetch(`http://127.0.0.1:${port}/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { mqtt: { status: 'ok' } } })
    proc.child.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
  }, 90_000)

  it('production: the start stops at once, exit 1, one line naming MQTT_PORT', async () => {
    const busy = await takePort()
    const began = Date.now()
    const proc = run({ ...PRODUCTION, PORT: String(await freePort()), MQTT_PORT: String(busy) })
    expect(await proc.exited).toBe(1)
    const line = expectOneLine(proc.stderr(), 'MQTT_PORT')
    expect(line).toContain(`port ${busy} on 127.0.0.1 is already in use`)
    expect(proc.stdout()).not.toContain('Trellis is running')
    // before the database is opened: no waiting on anything
    expect(Date.now() - began).toBeLessThan(15_000)
  }, 60_000)
})

describe('operators', () => {
  it('a busy METRICS_PORT stops the start: exit 1, one line naming it', async () => {
    const busy = await takePort()
    const proc = run({ PORT: String(await freePort()), MQTT_PORT: '0', METRICS_PORT: String(busy) })
    expect(await proc.exited).toBe(1)
    expect(expectOneLine(proc.stderr(), 'METRICS_PORT')).toContain(`port ${busy} on 127.0.0.1 is already in use`)
    expect(proc.stdout()).not.toContain('Trellis is running')
  }, 60_000)

  it('a PostgreSQL database that does not exist is named as such at once, not after the retries', async () => {
    // a server that answers every start-up as PostgreSQL does for an unknown database (SQLSTATE 3D000)
    const port = await takePort((socket) => {
      socket.once('data', () => {
        const fields = ['SFATAL', 'VFATAL', 'C3D000', 'Mdatabase "nosuch" does not exist'].map((f) => Buffer.from(`${f}\0`))
        const body = Buffer.concat([...fields, Buffer.from([0])])
        const head = Buffer.alloc(5)
        head.write('E')
        head.writeInt32BE(body.length + 4, 1)
        socket.end(Buffer.concat([head, body]))
      })
      socket.on('error', () => {})
    })
    const began = Date.now()
    const proc = run({ PORT: String(await freePort()), MQTT_PORT: '0', DATABASE_URL: `postgres://trellis:s3cret@127.0.0.1:${port}/nosuch`, DATABASE_CONNECT_ATTEMPTS: '20' })
    expect(await proc.exited).toBe(1)
    const line = expectOneLine(proc.stderr(), 'DATABASE_URL')
    expect(line).toContain(`database "nosuch" does not exist on PostgreSQL at 127.0.0.1:${port}`)
    expect(line).not.toContain('attempts')
    expect(line).not.toContain('s3cret')
    // twenty attempts would wait more than a minute between them (250 ms doubling, up to 4 s)
    expect(Date.now() - began).toBeLessThan(30_000)
  }, 60_000)

  it('SIGTERM with one slow request in flight: exits 0 as soon as it is answered, not when SHUTDOWN_TIMEOUT_SECONDS runs out', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // a password hash at 64 MiB keeps the request busy for a while; LOG_LEVEL info shows when it arrived
    const proc = run({ PORT: String(port), MQTT_PORT: '0', LOG_LEVEL: 'info', SCRYPT_N: '65536', SHUTDOWN_TIMEOUT_SECONDS: '60', DATABASE_URL: await migratedDirUrl() })
    started.push(proc)
    await running(proc)
    // a keep-alive connection the client leaves open after its answer, as browsers and fetch do
    const request = fetch(`${base}/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'slow@example.test', password: 'a long passphrase' }),
    }).then(async (res) => {
      await res.text()
      return { status: res.status, at: Date.now() }
    })
    await new Promise<void>((resolve) => {
      const check = () => {
        if (/"url":"\/users\/register"/.test(proc.stdout())) resolve()
      }
      proc.child.stdout.on('data', check)
      check()
    })
    proc.child.kill('SIGTERM')
    const answered = await request
    const code = await proc.exited
    const exitedAt = Date.now()
    expect(answered.status).toBe(200)
    expect(code, proc.stdout().slice(-2000)).toBe(0)
    expect(exitedAt - answered.at).toBeLessThan(10_000)
  }, 120_000)
})
