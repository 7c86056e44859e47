/**
 * The newcomer's and the operator's path on the real process started with `npm start`:
 * it prints where things are and a dev client that works (on every start), and SIGTERM to
 * npm drains the requests in flight, exits 0 and leaves no server behind.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, migratedDataDir } from './helpers.ts'

const root = join(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'trellis-server-'))
// already migrated: a first migration of an empty directory is test/migrate-release.test.ts's subject
const dataDir = await migratedDataDir(join(dir, 'db'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Started {
  child: ChildProcessWithoutNullStreams
  out: () => string
  base: string
}

async function npmStart(port: number): Promise<Started> {
  const env = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `pglite://${dataDir}`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    // scrypt at a quarter of the default cost keeps each request busy but the drain short
    SCRYPT_N: '8192',
    // a loaded machine must not cut the drain short: the test is about answering everything
    SHUTDOWN_TIMEOUT_SECONDS: '120',
    // the embedded MQTT broker on a free port (the machine may run its own broker on 1883)
    MQTT_PORT: String(await freePort()),
  }
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env })
  let out = ''
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Log in in the browser:')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)))
  })
  return { child, out: () => out, base: `http://127.0.0.1:${port}` }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('npm start', () => {
  it('prints the URLs and a dev client that works, on every start', async () => {
    const port = await freePort()
    const { child, out, base } = await npmStart(port)
    expect(out()).toContain(`Trellis is running at ${base}`)
    expect(out()).toContain(`${base}/docs`)
    expect(out()).toContain(`${base}/dev/mailbox`)
    expect(out()).toContain('Fresh embedded database')
    expect(out()).toMatch(/npx trellis device simulate --device-id e0:5a:1b:00:00:01 --password \S{43} --url mqtt:\/\/127\.0\.0\.1:\d+/)
    const clientId = /client_id=(\S+)/.exec(out())?.[1]
    expect(out()).toContain(`Log in in the browser: ${base}/dev/login?client_id=${clientId}`)
    const redirectUri = /redirect_uri=(\S+)/.exec(out())?.[1]
    expect(clientId).toBeDefined()

    expect((await fetch(`${base}/health`)).status).toBe(200)
    const code = await fetch(`${base}/auth/passwordlessLogin/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@trellis.local', client_id: clientId, redirect_uri: redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }),
    })
    expect(code.status).toBe(200)
    const mailbox = (await (await fetch(`${base}/dev/mailbox/messages`)).json()) as { type: string }[]
    expect(mailbox[0]?.type).toBe('passwordlessLogin')

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)

    // the second start on the same directory prints the same dev client
    const again = await npmStart(await freePort())
    expect(again.out()).not.toContain('Fresh embedded database')
    expect(again.out()).toContain(`client_id=${clientId}`)
    // it serves before it is stopped, as the first start did: the signal meets a running server
    expect((await fetch(`${again.base}/health`)).status).toBe(200)
    const stopped = new Promise<number | null>((resolve) => again.child.once('exit', resolve))
    again.child.kill('SIGTERM')
    expect(await stopped, again.out().slice(-3000)).toBe(0)
  }, 180_000)

  it('SIGTERM to npm with 30 requests in flight: all answered, exit 0, no orphan', async () => {
    const { child, out, base } = await npmStart(await freePort())
    const lock = JSON.parse(readFileSync(join(dataDir, 'trellis.lock'), 'utf8')) as { pid: number }
    expect(lock.pid).not.toBe(child.pid) // the server is npm's child, not npm itself
    const before = (out().match(/"incoming request"/g) ?? []).length

    // registering hashes a password with scrypt (default cost): each request takes a while
    const requests = Array.from({ length: 30 }, (_, i) =>
      fetch(`${base}/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `drain${i}@example.test`, password: 'a long passphrase' }),
      }).then((r) => r.status),
    )
    // wait until the server has received all 30 (its log says so), then stop npm
    await new Promise<void>((resolve) => {
      const check = () => {
        if ((out().match(/"incoming request"/g) ?? []).length - before >= 30) {
          child.stdout.off('data', check)
          resolve()
        }
      }
      child.stdout.on('data', check)
      check()
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const statuses = await Promise.all(requests)
    expect(statuses.every((s) => s >= 200 && s < 300), String(statuses)).toBe(true)
    expect(await exited, out().slice(-3000)).toBe(0)
    expect(out()).toContain('shutting down')
    expect(alive(lock.pid)).toBe(false)
    expect(existsSync(join(dataDir, 'trellis.lock'))).toBe(false)
  }, 180_000)
})
