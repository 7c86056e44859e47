/**
 * The load generator in its own process (forked by ./lib.ts): receives one LoadJob over IPC,
 * runs autocannon against a loopback URL and answers with its figures. Per-request bodies
 * come from a file, one per line, handed out in order across all connections, so that every
 * single-use credential (login code, refresh token) is presented exactly once.
 *
 * A warm-up at the same load runs first (BENCH_WARMUP seconds): it takes the same bodies in
 * the same order, and its answers are left out of the figures. Without it a workload's p99
 * was that of a server just started, whose code was not yet compiled by the JIT and whose
 * pool opened its PostgreSQL connections under the first 50 requests (an exchange's p99:
 * 99 ms without, 73 ms with two seconds of warm-up, in one pair of runs).
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

export interface LoadJob {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  bodiesFile?: string
  /** The first line of bodiesFile to hand out (a warm-up run before took the ones above it). */
  firstBody?: number
  connections: number
  seconds: number
  warmupSeconds: number
}

export interface LoadFigures {
  rps: number
  p50: number
  p99: number
  ok: number
  non2xx: number
  errors: number
  /** the line of bodiesFile after the last one handed out */
  bodiesUsed: number
}

async function run(job: LoadJob): Promise<LoadFigures> {
  const bodies = job.bodiesFile ? readFileSync(job.bodiesFile, 'utf8').split('\n').filter(Boolean) : []
  let next = job.firstBody ?? 0
  const requests: autocannon.Request[] = bodies.length
    ? [{ setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }]
    : [{}]
  const result = await autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    ...(job.body !== undefined ? { body: job.body } : {}),
    requests,
    connections: job.connections,
    duration: job.seconds,
    timeout: 10,
    ...(job.warmupSeconds > 0 ? { warmup: { connections: job.connections, duration: job.warmupSeconds } } : {}),
  })
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bodiesUsed: next,
  }
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (figures) => process.send?.({ type: 'figures', figures }, () => process.exit(0)),
    (error: unknown) => process.send?.({ type: 'error', message: String(error) }, () => process.exit(1)),
  )
})
