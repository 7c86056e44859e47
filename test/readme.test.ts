/**
 * The README's quick start and CLI examples, run as written, in order, against a server
 * started with `npm start`: on an embedded database (the CLI then goes through the
 * server's admin endpoint) and, with TEST_DATABASE_URL, on PostgreSQL. The embedded run
 * also restarts the server and checks that what the CLI created is still there. The first
 * `npx trellis` goes through npx, the later ones run the file it runs (shell.ts npxTrellisOnce).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, freePort, usingPostgres } from './helpers.ts'
import { baseEnv, bash, npmStart, npxTrellisOnce, shBlock as shBlockOf } from './shell.ts'

const root = join(import.meta.dirname, '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'trellis-readme-'))
const cleanup: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })]
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

const shBlock = (heading: string) => shBlockOf(readme, heading)

async function clientCredentials(port: number, id: string, secret: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=sensors:read',
  })
  return response.status
}

describe('README', () => {
  it('quick start: the commands it shows are the ones this test and CI run', () => {
    const quick = shBlock('## Quick start')
    expect(quick).toContain('npm ci && npm start')
    expect(quick).toContain('npm run dev')
    expect(readme).toContain('npm ci --omit=dev && npm start')
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(pkg.scripts.start).toBe('exec node dist/server.js')
    expect(pkg.scripts.dev).toBe('tsx watch src/server.ts')
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toContain('npm ci --omit=dev')
  })

  it('quick start: `npm run dev` serves from src/ and stops on SIGTERM', async () => {
    const port = await freePort()
    // on the data directory the CLI examples below use next, as a reader's .data/pglite is one:
    // created and migrated once for both (the examples make their own tenants and clients)
    // its own process group, which SIGTERM reaches whole, as Ctrl-C reaches a terminal's: npm runs
    // tsx under `sh -c`, and a signal to npm alone would leave tsx and the server running
    const child = spawn('npm', ['run', 'dev', '--silent'], { cwd: root, env: baseEnv(port, `pglite://${join(dir, 'db')}`), detached: true })
    let out = ''
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      await new Promise<void>((resolve, reject) => {
        const seen = (c: Buffer) => {
          out += c.toString()
          if (out.includes('Trellis is running')) resolve()
        }
        child.stdout.on('data', seen)
        child.stderr.on('data', seen)
        void exited.then((code) => reject(new Error(`npm run dev exited with ${code}: ${out}`)))
        // a deadline of its own, inside the test's: the finally below then still stops the group
        setTimeout(() => reject(new Error(`npm run dev did not start within 180 s: ${out}`)), 180_000).unref()
      })
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200)
    } finally {
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    }
    // nothing of it is left answering (the group ends within moments of the signal)
    let answering = true
    for (let i = 0; i < 100 && answering; i++) {
      answering = await fetch(`http://127.0.0.1:${port}/ready`).then(() => true, () => false)
      if (answering) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(answering).toBe(false)
  }, 240_000)

  const targets = [{ name: 'embedded PGlite directory', postgres: false }, ...(usingPostgres ? [{ name: 'PostgreSQL', postgres: true }] : [])]

  it.each(targets)('the CLI examples work as written against a running server on $name', async ({ postgres }) => {
    let databaseUrl = `pglite://${join(dir, postgres ? 'unused' : 'db')}`
    if (postgres) {
      const db = await createTestDatabase()
      cleanup.push(() => db.drop())
      databaseUrl = db.url
    }
    const port = await freePort()
    const server = await npmStart(port, databaseUrl)
    let stopped = false
    cleanup.push(async () => {
      if (!stopped) await server.stop()
    })

    const script = `${npxTrellisOnce}${shBlock('## The `trellis` command')}\necho "RESULT $BACKEND_ID $BACKEND_SECRET"\n`
    const result = await bash(script, baseEnv(port, databaseUrl), 480_000)
    expect(result.code, `${result.timedOut ? 'timed out\n' : ''}${result.stderr.slice(-4000)}`).toBe(0)
    expect(result.stdout.match(/"access_token"/g)).toHaveLength(2)
    const [, id, secret] = /RESULT (\S+) (\S+)/.exec(result.stdout) ?? []
    expect(await clientCredentials(port, id!, secret!)).toBe(200)

    stopped = true
    expect(await server.stop()).toBe(0)
    // what the CLI created survives a restart
    const again = await npmStart(port, databaseUrl)
    try {
      expect(await clientCredentials(port, id!, secret!)).toBe(200)
    } finally {
      expect(await again.stop()).toBe(0)
    }
  }, 600_000)
})
