/**
 * Data at rest is private (src/db/private-files.ts): an embedded database opened under a
 * umask that hides nothing (000) still ends with every directory 0700 and every file 0600,
 * the WAL segments written after start included; a directory an earlier version left open
 * is closed at start with a log line. From the other local user's side: `nobody` reads
 * nothing, though the directory's parent lets it through.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { tightenTree } from '../src/db/private-files.ts'
import { createClient, latestCode, pkcePair, requestCode } from './login-helpers.ts'
import { testConfig, usingPostgres } from './helpers.ts'

const isRoot = process.getuid?.() === 0
const NOBODY = 65534

/** Every entry under `root` (itself included) as "d700 path" / "f600 path". */
function modes(root: string): string[] {
  const out: string[] = []
  const visit = (path: string) => {
    const stat = lstatSync(path)
    out.push(`${stat.isDirectory() ? 'd' : 'f'}${(stat.mode & 0o777).toString(8)} ${path.slice(root.length) || '/'}`)
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry))
  }
  visit(root)
  return out
}

const open = (list: string[]) => list.filter((entry) => !/^(d700|f600) /.test(entry))

/** `cat file` as the unprivileged user `nobody`: its exit status and what it printed. */
function catAsNobody(file: string): { status: number | null; stdout: string } {
  const result = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'cat', file], { encoding: 'utf8' })
  return { status: result.status, stdout: result.stdout }
}

describe.skipIf(usingPostgres)('the embedded database directory is private', () => {
  const parent = mkdtempSync(join(tmpdir(), 'trellis-at-rest-'))
  const dataDir = join(parent, 'pglite')
  const env = { DATABASE_URL: `pglite://${dataDir}`, SECRETS_KEY: randomBytes(32).toString('base64') }
  let umask = 0
  beforeAll(() => {
    // the parent lets every user through: only the data directory's own modes protect it
    chmodSync(parent, 0o755)
    umask = process.umask(0)
  })
  afterAll(() => {
    process.umask(umask)
    rmSync(parent, { recursive: true, force: true })
  })

  it('is created 0700 with files 0600 under umask 000, WAL written after start included, and nobody reads a login code', async () => {
    const app = await buildApp(testConfig(env), { logger: false })
    const { challenge } = pkcePair()
    let code = ''
    try {
      const { clientId, redirectUri } = await createClient(app)
      const ask = async (email: string) => {
        expect((await requestCode(app, { email, clientId, redirectUri, challenge })).statusCode).toBe(200)
        return latestCode({ app, db: app.db }, email)
      }
      await ask('first@example.test')
      // a WAL segment created now, long after start, holding the next code
      const segments = () => readdirSync(join(dataDir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name))
      const before = segments()
      await sql`select pg_switch_wal()`.execute(app.db)
      code = await ask('admin@example.test')
      await sql`checkpoint`.execute(app.db)
      expect(segments().filter((name) => !before.includes(name))).not.toEqual([])
      expect(open(modes(dataDir))).toEqual([])
    } finally {
      await app.close()
    }
    const all = modes(dataDir)
    expect(all.length).toBeGreaterThan(900)
    expect(open(all)).toEqual([])

    if (!isRoot) return // switching to another user needs root: the modes above are what keeps it out
    const wal = readdirSync(join(dataDir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name))
    // the control: nobody reads a world-readable file beside the directory, so a refusal below is the modes' doing
    const control = join(parent, 'control.txt')
    writeFileSync(control, 'readable', { mode: 0o644 })
    expect(catAsNobody(control)).toEqual({ status: 0, stdout: 'readable' })
    for (const segment of wal) {
      const attempt = catAsNobody(join(dataDir, 'pg_wal', segment))
      expect(attempt.status).not.toBe(0)
      expect(attempt.stdout).not.toContain(code)
    }
    expect(catAsNobody(join(dataDir, 'PG_VERSION')).status).not.toBe(0)
  }, 120_000)

  it('closes a directory an earlier version left open at start, and logs it', async () => {
    // what the issue found: directories 0755, files 0666
    const visit = (path: string) => {
      const stat = lstatSync(path)
      chmodSync(path, stat.isDirectory() ? 0o755 : 0o666)
      if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry))
    }
    visit(dataDir)
    const opened = open(modes(dataDir)).length
    expect(opened).toBeGreaterThan(900)
    if (isRoot) expect(catAsNobody(join(dataDir, 'PG_VERSION')).status).toBe(0)

    let logged = ''
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString()
        done()
      },
    })
    const app = await buildApp(testConfig({ ...env, LOG_LEVEL: 'warn' }), { logger: { level: 'warn', stream } })
    await app.close()
    expect(open(modes(dataDir))).toEqual([])
    const line = logged.split('\n').find((text) => text.includes('readable by other users'))
    expect(line, logged).toBeDefined()
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40, dataDir, entries: opened })
    if (isRoot) expect(catAsNobody(join(dataDir, 'PG_VERSION')).status).not.toBe(0)
    // nothing left open: a second start has nothing to say
    expect(tightenTree(dataDir)).toBe(0)
  }, 120_000)
})
