/**
 * The backup and release block of docs/operations.md, run as written against PostgreSQL: a
 * dump of a database in use, the release's migrate and status, and a restore into an empty
 * database that then holds the same data, with nothing pending.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { migrationStatus } from '../src/db/migrate.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { bash, root, shBlock } from './shell.ts'
import { createTestApp, createTestDatabase, testConfig, usingPostgres, type TestApp, type TestDatabase } from './helpers.ts'

const dump = join(root, 'trellis.dump')

const block = () => shBlock(readFileSync(join(root, 'docs', 'operations.md'), 'utf8'), '## Upgrades and backups')

describe.skipIf(!usingPostgres)('backup, release and restore on PostgreSQL (docs/operations.md)', () => {
  let t: TestApp
  let restored: TestDatabase
  afterAll(async () => {
    await t?.close()
    await restored?.drop()
    if (existsSync(dump)) rmSync(dump)
  })

  it('runs as written: the restored database holds the data and has nothing pending', async () => {
    t = await createTestApp()
    const tenant = await t.app.services.tenants.create(OPERATOR, { name: 'Backed up' })
    restored = await createTestDatabase()
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.config.database.kind === 'postgres' ? t.config.database.url : '', RESTORE_URL: restored.url, LOG_LEVEL: 'silent' }
    delete env.npm_config_prefix // npx as a user runs it, from the repository
    const result = await bash(block(), env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('nothing pending')

    const app = await buildApp(testConfig({ DATABASE_URL: restored.url, MIGRATE_ON_START: 'false' }), { logger: false })
    try {
      expect((await migrationStatus(app.db)).every((m) => m.appliedAt !== null)).toBe(true)
      expect((await app.services.tenants.get(OPERATOR, tenant.id)).tenant.name).toBe('Backed up')
    } finally {
      await app.close()
    }
  }, 120_000)
})
