/**
 * Once per test run: migrate an in-memory PGlite and dump its data directory, so each test
 * file's database boots from that snapshot (about 0.4 s) instead of running initdb and
 * every migration again (about 3 s). PostgreSQL runs (TEST_DATABASE_URL) do not need it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import type { TestProject } from 'vitest/node'
import type { Database } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { PGliteDialect } from '../src/db/pglite-dialect.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | null
  }
}

let dir: string | null = null

export async function setup(project: TestProject): Promise<void> {
  // Tests that spawn `npm start` or bin/trellis.mjs run dist/: build it once, up front, so
  // parallel test files never build it at the same time.
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build-if-stale.mjs')], { stdio: 'inherit' })
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null)
    return
  }
  const pg = await PGlite.create()
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) })
  await migrateToLatest(db)
  const dump = await pg.dumpDataDir('none')
  await db.destroy()
  dir = mkdtempSync(join(tmpdir(), 'trellis-snapshot-'))
  const file = join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true })
}
