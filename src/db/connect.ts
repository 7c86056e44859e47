import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { DatabaseTarget } from '../config.ts'
import type { Database } from './database.ts'
import { PGliteDialect } from './pglite-dialect.ts'

export type DB = Kysely<Database>

export async function connectDatabase(target: DatabaseTarget): Promise<DB> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle connection that the server drops (restart, failover, admin) is an 'error' on
    // the pool; unhandled it would end the process. The pool replaces it on next use.
    pool.on('error', (err) => process.emitWarning(`idle PostgreSQL connection closed: ${err.message}`))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const { PGlite } = await import('@electric-sql/pglite')
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const client = await PGlite.create(target.dataDir ?? undefined)
  return new Kysely<Database>({ dialect: new PGliteDialect(client) })
}
