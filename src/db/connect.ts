import { Kysely, PostgresDialect, sql } from 'kysely'
import type pg from 'pg'
import { ConfigError, type DatabaseTarget } from '../config.ts'
import type { Database } from './database.ts'
import { PGliteDialect } from './pglite-dialect.ts'
import { preparingPool } from './prepared.ts'
import { lockDataDir, type DataDirLock } from './pglite-lock.ts'
import { tightenTree } from './private-files.ts'

export type DB = Kysely<Database>

export interface ConnectOptions {
  /** Who holds an embedded data directory's lock ("server", "cli", "worker"). */
  role?: string
  /** Attempts to reach PostgreSQL before giving up (1: no retry). */
  attempts?: number
}

/** The pg pool behind a PostgreSQL DB (for pool metrics); none on PGlite. */
const pools = new WeakMap<DB, pg.Pool>()
/** The data directory lock behind an embedded DB opened from a directory. */
const locks = new WeakMap<DB, DataDirLock>()
/** What opening an embedded data directory found open to other users and closed (./private-files.ts). */
const tightenings = new WeakMap<DB, DataDirTightening>()

export interface DataDirTightening {
  dataDir: string
  /** Files and directories whose mode was changed to 0600 / 0700. */
  entries: number
}

export function poolOf(db: DB): pg.Pool | null {
  return pools.get(db) ?? null
}

export function dataDirLockOf(db: DB): DataDirLock | null {
  return locks.get(db) ?? null
}

/** Set when opening the embedded data directory had to close entries other users could read; the owner logs it. */
export function dataDirTighteningOf(db: DB): DataDirTightening | null {
  return tightenings.get(db) ?? null
}

/** The one log line for a tightening, the same from the server, the worker and the CLI. */
export function tighteningMessage(t: DataDirTightening): string {
  return `embedded database ${t.dataDir} was readable by other users: ${t.entries} files and directories tightened (files 0600, directories 0700)`
}

/** Throws unless the database answers (the readiness check). */
export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db)
}

export async function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Promise<DB> {
  if (target.kind === 'postgres') {
    // loaded here: an embedded database never needs the driver (~0.15 s of a start)
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize, connectionTimeoutMillis: 5_000 })
    // An idle connection that the server drops (restart, failover, admin) is an 'error' on
    // the pool; unhandled it would end the process. The pool replaces it on next use.
    pool.on('error', (err) => process.emitWarning(`idle PostgreSQL connection closed: ${err.message}`))
    // A connection dropped while lent out (inside a transaction, between its statements) is an
    // 'error' on the client, which the pool listens for only while the client is idle: the
    // statement that was running, or the next one, fails with it, and the pool drops the client
    // at its release. Heard here, so a terminated backend ends a request, not the process.
    pool.on('connect', (client) => client.on('error', () => {}))
    // marked hot statements are prepared once per connection (./prepared.ts), unless turned off
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: target.preparedStatements ? preparingPool(pool) : pool }) })
    pools.set(db, pool)
    if (options.attempts) await waitForPostgres(db, target.url, options.attempts)
    return db
  }
  const { PGlite } = await import('@electric-sql/pglite')
  if (!target.dataDir) return new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create()) })
  const lock = lockDataDir(target.dataDir, options.role ?? 'process')
  try {
    // what exists is closed now, what PGlite creates from here on is created private
    const entries = tightenTree(target.dataDir)
    const { PrivateNodeFS } = await import('./pglite-private-fs.ts')
    // A CLI command opens the directory for one command: PostgreSQL's 128 MB of shared buffers,
    // cleared at every start, are half the CPU of its start (0.17 s of 0.34); 16 MB hold what a
    // command reads. For this run only (a start parameter): the server keeps the default.
    const startParams = options.role === 'cli' ? [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] : undefined
    const client = await PGlite.create({ fs: new PrivateNodeFS(target.dataDir), ...(startParams ? { startParams } : {}) })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client, lock.release) })
    locks.set(db, lock)
    if (entries > 0) tightenings.set(db, { dataDir: target.dataDir, entries })
    return db
  } catch (error) {
    lock.release()
    throw error
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Start-up waits for PostgreSQL (it may still be starting next to us), with a bounded
 * number of attempts and doubling backoff (250 ms, 500 ms, ... capped at 4 s), then fails
 * with one line naming DATABASE_URL and never the password. A missing database is named
 * as such at once.
 */
async function waitForPostgres(db: DB, url: string, attempts: number): Promise<void> {
  const where = new URL(url)
  let last = ''
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await sql`select 1`.execute(db)
      return
    } catch (error) {
      const e = error as NodeJS.ErrnoException
      last = e.code ?? e.message
      // a server that answers "no such database" will not grow one by waiting: say so at once
      if (e.code === '3D000') {
        await db.destroy().catch(() => {})
        const name = decodeURIComponent(where.pathname.slice(1)) || where.username
        throw new ConfigError('DATABASE_URL', `database "${name}" does not exist on PostgreSQL at ${where.hostname}:${where.port || 5432}: create it (\`createdb ${name}\`) or correct the name`)
      }
      if (attempt < attempts) await sleep(Math.min(250 * 2 ** (attempt - 1), 4_000))
    }
  }
  await db.destroy().catch(() => {})
  throw new ConfigError('DATABASE_URL', `PostgreSQL at ${where.hostname}:${where.port || 5432}${where.pathname} does not answer after ${attempts} attempts (${last})`)
}
