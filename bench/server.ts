/**
 * One benchmarked server in its own process (forked by ./lib.ts with an IPC channel):
 * `trellis <databaseUrl>`, `bare` (Fastify answering GET / and nothing else: the ceiling),
 * `bare-query <databaseUrl>` (Fastify answering GET /query after one PostgreSQL round trip:
 * the ceiling of a route that asks the database once per request, as every session check
 * does), `bare-profile <databaseUrl> <sessionId>` (Fastify answering GET /profile with the
 * row of the statement GET /users/current sends: the floor under that route) or `oidc`
 * (node-oidc-provider, the peer) or `better-auth <databaseUrl>` (bench:peers's peer,
 * ./better-auth-peer.ts). It reports { type: 'ready', url, readyAtUs } once
 * listening (readyAtUs on the monotonic clock V8's profiler uses); on { type: 'mark' } (the
 * warm-up is over) it waits for in-flight work to end and counts from there on; on
 * { type: 'stop' } it waits for in-flight work to end, closes, answers { type: 'stopped' } with
 * the requests it received, the statements its pg driver sent for them and the CPU it spent
 * since the mark (and requests and CPU since it began listening), and exits normally, so
 * that `--cpu-prof` writes its profile.
 */
import type { Server } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from '../src/db/database.ts'
import { sessionLookup } from '../src/modules/users/account-sessions.repository.ts'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { benchAppEnv } from './app-env.ts'
import { startBetterAuth } from './better-auth-peer.ts'
import { startOidcPeer } from './oidc-peer.ts'
import { installQueryCounter, lastStatementAt, takeStatementStats } from './query-counter.ts'

interface Running {
  url: string
  close: () => Promise<void>
}

let requests = 0
let lastRequestAt = 0
/** CPU the process spent from listening on (after boot and migrations) to the stop. */
let cpuFrom = process.cpuUsage()
/** The same from the mark (the end of the warm-up), and the requests counted before it. */
let cpuFromMark = cpuFrom
let requestsBeforeMark = 0

/**
 * Requests whose client went away when the load stopped still run to the end here; wait
 * until nothing has arrived or been answered by the database for 500 ms (at most 10 s), so
 * that requests, statements and commits cover the same work.
 */
async function quiet(): Promise<void> {
  const deadline = performance.now() + 10_000
  while (performance.now() - Math.max(lastRequestAt, lastStatementAt()) < 500 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function startTrellis(databaseUrl: string): Promise<Running> {
  installQueryCounter()
  const config = loadConfig(benchAppEnv(databaseUrl))
  const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  takeStatementStats() // start counting at the first request, not at boot and migrations
  countRequests(app.server)
  return {
    url,
    close: async () => {
      await app.close()
      await app.db.destroy()
    },
  }
}

/** Requests and CPU are counted from here on (a ceiling's too, so that its CPU per request stands next to Trellis'). */
function countRequests(server: Server): void {
  cpuFrom = cpuFromMark = process.cpuUsage()
  server.on('request', () => {
    requests++
    lastRequestAt = performance.now()
  })
}

async function startBetterAuthPeer(databaseUrl: string): Promise<Running> {
  installQueryCounter()
  const peer = await startBetterAuth(databaseUrl)
  takeStatementStats()
  countRequests(peer.server)
  return peer
}

async function startBare(): Promise<Running> {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ ok: true }))
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  countRequests(app.server)
  return { url, close: () => app.close() }
}

/** Listens on a loopback port and counts from there on; closing ends the route's pool too. */
async function listenWithPool(app: FastifyInstance, pool: pg.Pool): Promise<Running> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  countRequests(app.server)
  return {
    url,
    close: async () => {
      await app.close()
      await pool.end()
    },
  }
}

async function startBareQuery(databaseUrl: string): Promise<Running> {
  // the pool Trellis uses by default, and a prepared statement, as its session check is
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const app = Fastify({ logger: false })
  app.get('/query', async () => {
    const { rows } = await pool.query<{ ok: number }>({ name: 'bench_round_trip', text: 'select $1::int as ok', values: [1] })
    return { ok: rows[0]?.ok === 1 }
  })
  return listenWithPool(app, pool)
}

/**
 * Fastify answering GET /profile with the row of Trellis' own session-and-profile statement
 * (the one GET /users/current sends, compiled by its repository), run through pg as the
 * bare-query route runs its select: the floor of any server that checks the session and reads
 * the profile in one round trip, without token verification, hooks or the service around it.
 */
async function startBareProfile(databaseUrl: string, sessionId: string): Promise<Running> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // Kysely only compiles the statement here; it never runs a query
  const compiler = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const { sql, parameters } = sessionLookup(compiler, sessionId, { profile: true, tenantId: null })
  const app = Fastify({ logger: false })
  app.get('/profile', async () => {
    const { rows } = await pool.query<Record<string, unknown>>({ name: 'bench_profile', text: sql, values: [...parameters] })
    if (!rows[0] || rows[0].revoked_at !== null) throw new Error('the seeded session is gone')
    return { user: rows[0] }
  })
  return listenWithPool(app, pool)
}

function send(message: object): void {
  if (!process.send) throw new Error('bench/server.ts runs forked, with an IPC channel')
  process.send(message)
}

const [kind, databaseUrl, sessionId] = process.argv.slice(2)
const running =
  kind === 'trellis' && databaseUrl
    ? await startTrellis(databaseUrl)
    : kind === 'bare-query' && databaseUrl
      ? await startBareQuery(databaseUrl)
      : kind === 'bare-profile' && databaseUrl && sessionId
        ? await startBareProfile(databaseUrl, sessionId)
        : kind === 'bare'
          ? await startBare()
          : kind === 'oidc'
            ? await startOidcPeer()
            : kind === 'better-auth' && databaseUrl
              ? await startBetterAuthPeer(databaseUrl)
              : null
if (!running) throw new Error(`usage: server.ts trellis <databaseUrl> | bare-query <databaseUrl> | bare-profile <databaseUrl> <sessionId> | bare | oidc | better-auth <databaseUrl> (got ${kind})`)

const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const cpu = process.cpuUsage(from)
  return (cpu.user + cpu.system) / 1000
}

process.on('message', (message: { type?: string }) => {
  if (message.type === 'mark') {
    // the warm-up's answers are left out of the figures, and so are its CPU and statements
    void quiet().then(() => {
      takeStatementStats()
      requestsBeforeMark = requests
      cpuFromMark = process.cpuUsage()
      send({ type: 'marked' })
    })
    return
  }
  if (message.type !== 'stop') return
  void quiet()
    .then(() => running.close())
    .then(() => {
      if (!process.send) process.exit(0)
      const sinceListening = { requests, cpuMs: cpuMsSince(cpuFrom) }
      const stopped = { type: 'stopped', requests: requests - requestsBeforeMark, statements: takeStatementStats(), cpuMs: cpuMsSince(cpuFromMark), sinceListening }
      process.send(stopped, () => process.exit(0))
    })
})
process.on('disconnect', () => process.exit(0)) // the orchestrator went away: never linger
send({ type: 'ready', url: running.url, readyAtUs: Number(process.hrtime.bigint() / 1000n) })
