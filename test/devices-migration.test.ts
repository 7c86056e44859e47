/**
 * Moving existing data to device records (migration 0013) and the operator's commands: a MAC
 * that two tenants used is reported by `trellis migrate` and held by neither until
 * `trellis devices resolve`; `trellis devices import` registers devices from CSV and JSON.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { migrateTo } from '../src/db/migrate.ts'
import { parseCsv } from '../src/modules/devices/index.ts'
import { createTestDatabase, testConfig, usingPostgres } from './helpers.ts'

const run = promisify(execFile)
const bin = join(import.meta.dirname, '..', 'bin', 'trellis.mjs')
const dir = mkdtempSync(join(tmpdir(), 'trellis-devices-'))
const cleanup: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })]
let url: string

const SHARED = 'e0:5a:1b:aa:00:01'
const ALONE = 'e0:5a:1b:aa:00:02'

/** Runs the binary, bin/trellis.mjs; a refusal (exit code 1) still gives its output. */
async function trellis(args: string[]): Promise<{ json: Record<string, unknown>; code: number }> {
  const result = await run(process.execPath, [bin, ...args, '--json'], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } }).then(
    (r) => ({ stdout: r.stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  )
  return { json: JSON.parse(result.stdout.trim()) as Record<string, unknown>, code: result.code }
}

/**
 * The same command run by the binary's entry point (`main`, what bin/trellis.mjs calls) inside
 * this process: the command's behaviour without a process start, about 1.5 s of CPU each. The
 * migration above runs the binary itself; test/cli.test.ts has the binary's exit codes.
 */
async function trellisHere(args: string[]): Promise<{ json: Record<string, unknown>; code: number }> {
  let stdout = ''
  const io = { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, stdout: (text: string) => (stdout += text), stderr: () => {} }
  const code = await main([...args, '--json'], io)
  return { json: JSON.parse(stdout.trim()) as Record<string, unknown>, code }
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof connectDatabase>>) => Promise<T>): Promise<T> {
  const db = await connectDatabase(testConfig({ DATABASE_URL: url }).database)
  try {
    return await fn(db)
  } finally {
    await db.destroy()
  }
}

beforeAll(async () => {
  if (usingPostgres) {
    const database = await createTestDatabase()
    cleanup.push(() => database.drop())
    url = database.url
  } else url = `pglite://${join(dir, 'db')}`
  await withDb(async (db) => {
    await migrateTo(db, '0012_mail_jobs')
    // a stranger typed the MAC of tenant 1's fan into tenant 2, and got its credentials first
    await sql`
      insert into tenants (id, name) values (1, 'Home'), (2, 'Stranger');
      insert into sensors (id, tenant_id, device_id, name, type) values (1, 1, ${sql.lit(SHARED)}, 'fan', '58'), (2, 2, ${sql.lit(SHARED)}, 'fan', '58'), (3, 1, ${sql.lit(ALONE)}, 'heater', '58');
      insert into device_access (sensor_id, tenant_id, mac, password_hash, allow_anonymous) values (2, 2, ${sql.lit(SHARED)}, 'h2', true), (3, 1, ${sql.lit(ALONE)}, 'h3', false);
    `.execute(db)
  })
})
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

describe('migrating to device records', () => {
  it('reports a MAC two tenants used, links neither and drops its credentials; a MAC of one tenant keeps its sensor and password', async () => {
    const { json } = await trellis(['migrate'])
    expect(json.applied).toContain('0014_device_identity')
    expect(json.deviceConflicts).toEqual([{ mac: SHARED, tenantIds: [1, 2] }])
    await withDb(async (db) => {
      const sensors = await db.selectFrom('sensors').select(['id', 'device_ref']).orderBy('id').execute()
      expect(sensors.map((s) => s.device_ref === null)).toEqual([true, true, false])
      const devices = await db.selectFrom('devices').select(['mac', 'password_hash', 'allow_anonymous']).orderBy('mac').execute()
      expect(devices).toEqual([
        { mac: SHARED, password_hash: null, allow_anonymous: false },
        { mac: ALONE, password_hash: 'h3', allow_anonymous: false },
      ])
    })
  })

  it('the operator resolves it: the chosen tenant holds the device, the report is empty', async () => {
    expect((await trellisHere(['devices', 'resolve', SHARED, '--tenant', '1'])).json).toEqual({ mac: SHARED, tenantId: 1, sensorId: 1 })
    expect((await trellisHere(['devices', 'conflicts'])).json).toEqual({ conflicts: [] })
    const entries = await withDb((db) => db.selectFrom('audit_log').selectAll().where('action', '=', 'device.conflict.resolve').execute())
    expect(entries).toEqual([
      expect.objectContaining({ actor_kind: 'operator', actor_id: null, tenant_id: 1, target_type: 'device', target_id: SHARED, summary: { values: { sensorId: 1 } } }),
    ])
  })
})

describe('trellis devices import', () => {
  it('registers devices from CSV (quoted fields too) and from JSON; a bad row is reported and the rest registered', async () => {
    const csv = join(dir, 'devices.csv')
    writeFileSync(csv, 'mac,model,claim_code,factory_password\n02:00:00:00:00:01,58,"code, with comma",\nnot-a-mac,58,long enough code,\n02-00-00-00-00-02,26,,factory-pass\n')
    const fromCsv = await trellisHere(['devices', 'import', csv])
    expect(fromCsv.code).toBe(1)
    expect(fromCsv.json).toMatchObject({ created: 2, updated: 0, errors: [{ mac: 'not-a-mac', code: 'invalid_mac' }] })
    const json = join(dir, 'devices.json')
    writeFileSync(json, JSON.stringify([{ mac: '02:00:00:00:00:01', model: '58', claimCode: 'a new code 123' }]))
    expect(await trellisHere(['devices', 'import', json])).toEqual({ json: { created: 0, updated: 1, errors: [] }, code: 0 })
  })

  it('parses RFC 4180 quoting', () => {
    expect(parseCsv('a,"b ""c"", d"\r\n\n1,2\n')).toEqual([['a', 'b "c", d'], ['1', '2']])
  })
})
