/**
 * Once per test run: migrate one database that every test app's database starts as a copy
 * of, instead of running every migration again per app. On PGlite, an in-memory database
 * whose data directory is dumped (each app boots from it in about 0.3 s of CPU instead of 3 s); on
 * PostgreSQL (TEST_DATABASE_URL), a template database that `CREATE DATABASE ... TEMPLATE`
 * copies file by file.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { Kysely } from 'kysely'
import type { TestProject } from 'vitest/node'
import type { Database } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { PGliteDialect } from '../src/db/pglite-dialect.ts'
import { connectDatabase } from '../src/db/connect.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | null
    /** The migrated PostgreSQL database test databases are copied from, on TEST_DATABASE_URL runs. */
    postgresTemplate: string | null
  }
}

let dir: string | null = null
let template: { base: string; name: string } | null = null

export async function setup(project: TestProject): Promise<void> {
  // Tests that spawn `npm start` or bin/trellis.mjs run dist/: build it once, up front, so
  // parallel test files never build it at the same time.
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build-if-stale.mjs')], { stdio: 'inherit' })
  const base = process.env.TEST_DATABASE_URL
  if (base) {
    project.provide('pgliteSnapshot', null)
    project.provide('postgresTemplate', await migratedTemplate(base))
    return
  }
  project.provide('postgresTemplate', null)
  // Every app unpacks the snapshot into memory at its start, so it is kept small: WAL segments of
  // 1 MB instead of 16, and no template databases (nothing in a test app creates a database).
  const pg = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'], postgresqlconf: ['min_wal_size=2MB', 'max_wal_size=4MB'] })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) })
  await migrateToLatest(db)
  await pg.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')")
  await pg.exec('drop database template0')
  await pg.exec('drop database template1')
  await pg.exec('checkpoint')
  const dump = await pg.dumpDataDir('none')
  await db.destroy()
  dir = mkdtempSync(join(tmpdir(), 'trellis-snapshot-'))
  const file = join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
}

async function migratedTemplate(base: string): Promise<string> {
  const name = `trellis_template_${randomBytes(6).toString('hex')}`
  await adminQuery(base, `create database ${name}`)
  template = { base, name }
  const url = new URL(base)
  url.pathname = `/${name}`
  const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2, preparedStatements: false })
  try {
    await migrateToLatest(db)
  } finally {
    // a template must have no connections while it is copied
    await db.destroy()
  }
  return name
}

async function adminQuery(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true })
  if (template) await adminQuery(template.base, `drop database if exists ${template.name} with (force)`)
}
