/**
 * Migrations an operator controls: `trellis migrate` is the first command on an empty
 * database, `trellis migrate --status` lists what is applied and pending without changing
 * anything, a server started with MIGRATE_ON_START=false on a database that is behind refuses
 * with one line, and starts once the release step has migrated.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { main } from '../src/cli.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { migrateTo, migrationStatus } from '../src/db/migrate.ts'
import { createTestDatabase, freePort, testConfig, usingPostgres } from './helpers.ts'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..')
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

/** An empty database: PostgreSQL when the run has one, else an embedded data directory. */
async function emptyDatabase(): Promise<string> {
  if (usingPostgres) {
    const database = await createTestDatabase()
    cleanup.push(() => database.drop())
    return database.url
  }
  const dir = mkdtempSync(join(tmpdir(), 'trellis-release-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return `pglite://${dir}`
}

async function trellis(databaseUrl: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }
  const code = await main(args, { env, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) })
  return { code, stdout, stderr }
}

describe('migrations as a release step', () => {
  it('trellis migrate on an empty database, then --status shows nothing pending, then the server starts without migrating', async () => {
    const url = await emptyDatabase()
    const before = JSON.parse((await trellis(url, ['migrate', '--status', '--json'])).stdout)
    expect(before.migrations.length).toBeGreaterThan(10)
    expect(before.pending).toEqual(before.migrations.map((m: { name: string }) => m.name))

    const migrated = await trellis(url, ['migrate', '--json'])
    expect(migrated.stderr).toBe('')
    expect(migrated.code).toBe(0)
    expect(JSON.parse(migrated.stdout).applied).toEqual(before.pending)

    const after = JSON.parse((await trellis(url, ['migrate', '--status', '--json'])).stdout)
    expect(after.pending).toEqual([])
    expect(after.migrations.every((m: { appliedAt: string | null }) => m.appliedAt !== null)).toBe(true)

    const app = await buildApp(testConfig({ DATABASE_URL: url, MIGRATE_ON_START: 'false' }), { logger: false })
    try {
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  }, 120_000)

  it('a server on a database that is behind refuses to start with MIGRATE_ON_START=false, naming what is pending', async () => {
    const url = await emptyDatabase()
    const db = await connectDatabase(testConfig({ DATABASE_URL: url }).database)
    try {
      await migrateTo(db, '0012_mail_jobs')
      expect((await migrationStatus(db)).filter((m) => m.appliedAt === null).length).toBeGreaterThan(0)
    } finally {
      await db.destroy()
    }
    const env = { ...process.env, NODE_ENV: 'development', DATABASE_URL: url, PORT: String(await freePort()), MQTT_PORT: '0', LOG_LEVEL: 'silent', MIGRATE_ON_START: 'false' }
    const refused = await run(process.execPath, [join(root, 'dist', 'server.js')], { env }).then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error,
    )
    expect(refused?.code).toBe(1)
    const lines = refused!.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^trellis: DATABASE_URL: the database is behind this release: \d+ migration\(s\) pending \(0013_brands, .*\); run `trellis migrate` first/)
    // nothing was migrated behind the operator's back
    const again = JSON.parse((await trellis(url, ['migrate', '--status', '--json'])).stdout)
    expect(again.pending).toContain('0013_brands')
  }, 120_000)
})
