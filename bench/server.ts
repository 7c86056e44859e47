/**
 * One benchmarked server in its own process (forked by ./lib.ts with an IPC channel):
 * `trellis <databaseUrl>`, `bare` (Fastify answering GET / and nothing else: the ceiling),
 * `bare-query <databaseUrl>` (Fastify answering GET /query after one PostgreSQL round trip:
 * the ceiling of a route that asks the database once per request, as every session check
 * does) or `oidc` (node-oidc-provider, the peer). It reports { type: 'ready', url, readyAtUs } once
 * listening (readyAtUs on the monotonic clock V8's profiler uses); on { type: 'mark' } (the
 * warm-up is over) it waits for in-flight work to end and counts from there on; on
 * { type: 'stop' } it waits for in-flight work to end, closes, answers { type: 'stopped' } with
 * the requests it received, the statements its pg driver sent for them and the CPU it spent
 * since the mark (and requests and CPU since it began listening), and exits normally, so
 * that `--cpu-prof` writes its profile.
 */
import type { Server } from 'node:http'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { benchAppEnv } from './app-env.ts'
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

async function startBare(): Promise<Running> {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ ok: true }))
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  countRequests(app.server)
  return { url, close: () => app.close() }
}

async function startBareQuery(databaseUrl: string): Promise<Running> {
  // the pool Trellis uses by default, and a prepared statement, as its session check is
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const app = Fastify({ logger: false })
  app.get('/query', async () => {
    const { rows } = await pool.query<{ ok: number }>({ name: 'bench_round_trip', text: 'select $1::int as ok', values: [1] })
    return { ok: rows[0]?.ok === 1 }
  })
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

function send(message: object): void {
  if (!process.send) throw new Error('bench/server.ts runs forked, with an IPC channel')
  process.send(message)
}

const [kind, databaseUrl] = process.argv.slice(2)
const running =
  kind === 'trellis' && databaseUrl
    ? await startTrellis(databaseUrl)
    : kind === 'bare-query' && databaseUrl
      ? await startBareQuery(databaseUrl)
      : kind === 'bare'
        ? await startBare()
        : kind === 'oidc'
          ? await startOidcPeer()
          : null
if (!running) throw new Error(`usage: server.ts trellis <databaseUrl> | bare-query <databaseUrl> | bare | oidc (got ${kind})`)

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
