/** Shared pieces of the benchmarks: a fresh PostgreSQL database, a running app, autocannon. */
import autocannon from 'autocannon'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase } from '../test/helpers.ts'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'

export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function freshDatabase() {
  return createTestDatabase(BASE_URL, 'trellis_bench')
}

export async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1:0',
    RUN_WORKER: 'false',
    RATE_LIMIT_CODE_PER_IP: '1000000',
    RATE_LIMIT_CODE_PER_EMAIL: '1000000',
    RATE_LIMIT_FAILED_TOKEN_PER_IP: '1000000',
    RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '1000000',
    ...env,
  })
  const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url: address }
}

/** A bare Fastify route doing nothing but answer JSON: the ceiling for this machine. */
export async function startBare(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false })
  app.post('/bare', async () => ({ ok: true }))
  app.get('/bare', async () => ({ ok: true }))
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) }
}

export interface Figures {
  rps: number
  p50: number
  p99: number
  non2xx: number
}

export async function load(opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: 10, duration: 8, ...opts })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx }
}

export function report(label: string, f: Figures, bare?: Figures): void {
  const ratio = bare ? `  (${((f.rps / bare.rps) * 100).toFixed(1)}% of the bare route)` : ''
  console.log(`${label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  non-2xx ${f.non2xx}${ratio}`)
}
