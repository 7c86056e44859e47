/**
 * Test rig: every test file gets its own app on its own database. In-memory PGlite by
 * default; with TEST_DATABASE_URL (postgres://...), a fresh PostgreSQL database per app,
 * dropped afterwards.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import { inject } from 'vitest'
import { PGliteDialect } from '../src/db/pglite-dialect.ts'
import { createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp, type BuildOptions } from '../src/app.ts'
import { loadConfig, type Config } from '../src/config.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import type { Database, TenantRole, User } from '../src/db/database.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { generateSigningKeyPair, type KeyPairSource } from '../src/modules/oauth/signing-keys.repository.ts'
import type { GenerateKeyPairResult } from 'jose'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import type { StatementRecorder } from './statement-recorder.ts'
import { AdjustableClock, type MovableClock } from '../src/lib/clock.ts'

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL)

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

/**
 * A fresh database: a new PostgreSQL database on `base`, or `pglite://memory`. Empty unless
 * `migrated`: then a copy of the run's migrated template (global-setup.ts), which saves
 * running every migration again (the app still checks that none is pending).
 */
export async function createTestDatabase(base = process.env.TEST_DATABASE_URL, prefix = 'trellis_test', options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (!base) return { url: 'pglite://memory', drop: async () => {} }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const template = options.migrated ? inject('postgresTemplate') : null
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * A database of its own for another process (the CLI, a worker, `npm start`), already migrated:
 * a PGlite data directory unpacked from the run's migrated snapshot, or a copy of the PostgreSQL
 * template. A file whose subject is the first migration of an empty database starts empty instead.
 */
export async function migratedDatabase(): Promise<TestDatabase> {
  if (usingPostgres) return createTestDatabase(undefined, undefined, { migrated: true })
  const dir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'trellis-db-')))
  return { url: `pglite://${dir}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A PGlite data directory at `dir` unpacked from the run's migrated snapshot, for a process
 * whose subject is not the first migration (on a run with TEST_DATABASE_URL there is no
 * snapshot, and the directory is left empty: the process migrates it).
 */
export async function migratedDataDir(dir: string): Promise<string> {
  const snapshot = inject('pgliteSnapshot')
  if (snapshot) await (await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(snapshot)]) })).close()
  return dir
}

export function testConfig(env: Record<string, string | undefined> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://trellis.test',
    DATABASE_URL: 'pglite://memory',
    RUN_WORKER: 'false',
    // cheap password hashing keeps the suite fast; the production default is tested on its own
    SCRYPT_N: '1024',
    // the embedded MQTT broker on an ephemeral port: the machine's Mosquitto owns 1883
    MQTT_PORT: '0',
    // /metrics on the app's port behind a token, so tests read it with scrapeMetrics()
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...env,
  })
}

export const TEST_METRICS_TOKEN = 'metrics-token-of-the-test-apps-0123456789'

/** GET /metrics as the scraper sends it. */
export function scrapeMetrics(app: FastifyInstance) {
  return app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })
}

export interface TestApp {
  app: FastifyInstance
  db: DB
  config: Readonly<Config>
  /** The app's clock: real time until a test moves it forward (`t.clock.advance(601)`). */
  clock: MovableClock
  close(): Promise<void>
}

/**
 * A file PGlite reads whole at each start, read from disk once per worker: Blob.arrayBuffer()
 * streams a Blob in chunks and joins them again (a fifth of a start's CPU for the 6 MB file
 * bundle and the snapshot), while a copy of a kept buffer is one memcpy.
 */
class KeptFile extends Blob {
  readonly #bytes: ArrayBuffer
  constructor(path: string) {
    super([])
    const file = readFileSync(path)
    this.#bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)
  }
  override get size(): number {
    return this.#bytes.byteLength
  }
  // a copy each time: PGlite may keep or change what it is given
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice(0))
  }
}

/**
 * What every in-memory test database of a worker starts from, read and compiled once per worker
 * instead of once per app: the snapshot, PostgreSQL's WebAssembly module and its file bundle.
 */
let pgliteParts: { snapshot: Blob; wasm: WebAssembly.Module; bundle: Blob } | null = null
function pgliteStart(snapshot: string) {
  if (!pgliteParts) {
    const dist = join(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'dist')
    pgliteParts = {
      snapshot: new KeptFile(snapshot),
      wasm: new WebAssembly.Module(readFileSync(join(dist, 'pglite.wasm'))),
      bundle: new KeptFile(join(dist, 'pglite.data')),
    }
  }
  return pgliteParts
}

/**
 * In-memory PGlite from the run's migrated snapshot (see global-setup.ts), else a fresh one. A
 * memory database has nothing to flush, and small shared buffers are cleared faster at each start.
 */
export async function openTestDb(config: Readonly<Config>): Promise<DB> {
  const snapshot = inject('pgliteSnapshot')
  if (config.database.kind !== 'pglite' || config.database.dataDir !== null || !snapshot) return connectDatabase(config.database)
  const parts = pgliteStart(snapshot)
  const pg = await PGlite.create({
    loadDataDir: parts.snapshot,
    pgliteWasmModule: parts.wasm,
    fsBundle: parts.bundle,
    relaxedDurability: true,
    postgresqlconf: ['shared_buffers=16MB', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
  })
  return new Kysely<Database>({ dialect: new PGliteDialect(pg) })
}

export interface TestAppOptions {
  /** The app's statements go through it (test/statement-recorder.ts); `db` stays unrecorded, for the test's own reads. */
  recorder?: StatementRecorder
  /** A clock of the test's choosing (default: real time that `advance` moves forward). */
  clock?: MovableClock
  /** Logging, as buildApp takes it (default: none). */
  logger?: BuildOptions['logger']
  /** Serve the CLI's admin endpoint with this secret (cli/remote.ts). */
  adminSecret?: Buffer
}

/** An app on a database of its own, listening on a free loopback port that is also its PUBLIC_URL (pages and browsers need real HTTP). */
export async function listeningTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp & { base: string }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const t = await createTestApp({ PUBLIC_URL: base, ...env })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { ...t, base }
}

/**
 * The apps of a worker share one RSA key's material (each app's key still has its own kid, and
 * tokens are found by kid): a new 2048-bit key costs 0.2 s of CPU, as much as the rest of an
 * app's start. Rotation (the subject of the key tests) makes new material as in production.
 */
let workerRsa: Promise<GenerateKeyPairResult> | null = null
const workerKeyPairs: KeyPairSource = (alg) => {
  if (alg !== 'RS256') return generateSigningKeyPair(alg)
  workerRsa ??= generateSigningKeyPair(alg)
  return workerRsa
}

/** An app on a database of its own. */
export async function createTestApp(env: Record<string, string | undefined> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(undefined, undefined, { migrated: true })
  const config = testConfig({ DATABASE_URL: database.url, ...env })
  const db = await openTestDb(config)
  const clock = options.clock ?? new AdjustableClock()
  const app = await buildApp(config, {
    db: options.recorder ? options.recorder.attach(db) : db,
    logger: options.logger ?? false,
    clock,
    firstKeyPairs: workerKeyPairs,
    ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
  })
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close()
      await db.destroy()
      await database.drop()
    },
  }
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.test`
}

/** An access token for a user, on a real session, signed as the token endpoint signs them (every scope unless told). */
export async function tokenFor(app: FastifyInstance, user: Pick<User, 'id'>, clientId = 'test-client', scopes: readonly string[] = SCOPES): Promise<string> {
  const scope = scopes.join(' ')
  const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId, tenantId: null, scope }, app.services.clock.now())
  return signAccessToken(app, { sub: String(user.id), clientId, scope, sessionId })
}

export interface Actor {
  user: User
  token: string
  headers: { authorization: string }
}

export async function createActor(
  t: TestApp,
  opts: { platformAdmin?: boolean; tenantId?: number; role?: TenantRole; email?: string; displayName?: string; belongsTo?: number; scopes?: readonly string[] } = {},
): Promise<Actor> {
  const user = await insertUser(t.db, {
    email: opts.email ?? uniqueEmail(),
    tenantId: opts.belongsTo ?? null,
    emailConfirmedAt: t.clock.now(),
    platformAdmin: opts.platformAdmin ?? false,
    displayName: opts.displayName ?? null,
  })
  if (opts.tenantId) await addMembership(t.db, opts.tenantId, user.id, opts.role ?? 'member')
  const token = await tokenFor(t.app, user, 'test-client', opts.scopes)
  return { user, token, headers: { authorization: `Bearer ${token}` } }
}

/** The same actor with a token minted now: access tokens expire on the app's clock, so a test that moves it past their lifetime renews them. */
export async function renewed(t: TestApp, actor: Actor): Promise<Actor> {
  const token = await tokenFor(t.app, actor.user, 'test-client')
  return { ...actor, token, headers: { authorization: `Bearer ${token}` } }
}

export async function createTenant(
  t: TestApp,
  name = 'Tenant',
  opts: { parentTenantId?: number; signup?: 'closed' | 'customers' | 'members' } = {},
): Promise<number> {
  const tenant = await t.app.services.tenants.create(OPERATOR, { name, ...opts })
  return tenant.id
}

/** Asserts the design's error body shape and returns it. */
export function errorBody(response: { json(): unknown; headers: Record<string, unknown> }): {
  success: false
  code: string
  message: string
  details?: { field: string; message: string }[]
} {
  const body = response.json() as { success: false; code: string; message: string }
  if (body.success !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
    throw new Error(`not an error body: ${JSON.stringify(body)}`)
  }
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    throw new Error(`error content type is ${String(response.headers['content-type'])}`)
  }
  return body
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** The lowest port the kernel hands out for outgoing connections and `listen(0)`. */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768
  } catch {
    return 32768
  }
}

let drawn = 0

/**
 * A port free right now on 127.0.0.1, for a server whose URL must be known before it starts.
 * Drawn below the kernel's ephemeral range: a port `listen(0)` handed out could be taken, before
 * the server bound it, as the local port of any outgoing connection on the machine (a database or
 * HTTP client of another test), which failed a CI run with EADDRINUSE. Each vitest worker draws
 * from a block of its own, so parallel files never draw the same port; each is checked by binding.
 */
export async function freePort(): Promise<number> {
  const block = 500
  const low = ephemeralLow()
  const blocks = Math.max(1, Math.floor((low - 10_000) / block))
  const worker = Number(process.env.VITEST_POOL_ID ?? process.pid)
  const base = 10_000 + (worker % blocks) * block
  for (let tries = 0; tries < block; tries++) {
    const port = base + (drawn++ % block)
    if (await canListen(port)) return port
  }
  throw new Error(`no free port in ${base}-${base + block - 1}`)
}

/** Resolves once `app` has reloaded its key set and `ok()` holds (no sleeping). */
export function untilReloaded(app: FastifyInstance, ok: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ok()) return resolve()
    const off = app.keys.onReload(() => {
      if (ok()) {
        off()
        resolve()
      }
    })
  })
}
