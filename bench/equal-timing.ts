/**
 * `npm run bench:timing`: does the answer's timing tell whether an address has an account?
 *
 * For each route that takes an address (code request, register, forgotPassword) it sends
 * BENCH_TIMING_REQUESTS (default 200) requests for addresses that have an account and as
 * many for addresses that do not, alternating (known, unknown, unknown, known, ...) so that
 * drift in the machine's load falls on both alike, one at a time over a kept-alive
 * connection, and prints both medians and their difference. The server runs in its own
 * process (the real `src/server.ts`, production mode, on PostgreSQL), with the mail limits
 * out of reach of one loopback client and no worker: what is timed is the request, which
 * is the same for both (email/mail-jobs.service.ts). Cheap password hashing (SCRYPT_N=1024) keeps
 * register's spread small; its cost is the same for both kinds of address either way.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { freePort } from '../test/helpers.ts'
import { benchAppEnv } from './app-env.ts'
import { buildBenchApp, freshDatabase } from './lib.ts'
import { REDIRECT_URI, seedClients } from './seed.ts'

const REQUESTS = Number(process.env.BENCH_TIMING_REQUESTS ?? 200)
if (!(REQUESTS >= 20 && REQUESTS <= 2000)) throw new Error('BENCH_TIMING_REQUESTS must be in 20..2000')
const WARMUP = 20
const LIMIT_MS = 0.3

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function startServer(databaseUrl: string, port: number) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...benchAppEnv(databaseUrl), PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port), HOST: '127.0.0.1', SCRYPT_N: '1024' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false)
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

async function timed(url: string, body: object): Promise<number> {
  const start = performance.now()
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await response.arrayBuffer()
  const elapsed = performance.now() - start
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}`)
  return elapsed
}

async function main(): Promise<void> {
  const database = await freshDatabase()
  const seeding = await buildBenchApp(database.url)
  const { publicId } = await seedClients(seeding)
  const total = REQUESTS + WARMUP
  const known = (route: string, i: number) => `${route}-known-${i}@bench.example`
  const routes = ['code', 'register', 'forgot']
  for (const route of routes) {
    for (let i = 0; i < total; i++) await seeding.services.accounts.createUser(OPERATOR, { email: known(route, i) })
  }
  await seeding.close()

  const server = await startServer(database.url, await freePort())
  const bodies: Record<string, (email: string) => object> = {
    code: (email) => ({ email, client_id: publicId, redirect_uri: REDIRECT_URI, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' }),
    register: (email) => ({ email, password: 'a long enough passphrase' }),
    forgot: (email) => ({ email }),
  }
  const paths: Record<string, string> = { code: '/auth/passwordlessLogin/code', register: '/users/register', forgot: '/users/forgotPassword' }
  const lines: string[] = []
  let within = true
  try {
    for (const route of routes) {
      const times = { known: [] as number[], unknown: [] as number[] }
      for (let i = 0; i < total; i++) {
        const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
        for (const kind of order) {
          const email = kind === 'known' ? known(route, i) : `${route}-unknown-${i}@bench.example`
          const ms = await timed(`${server.url}${paths[route]}`, bodies[route]!(email))
          if (i >= WARMUP) times[kind].push(ms)
        }
      }
      const k = median(times.known)
      const u = median(times.unknown)
      within &&= Math.abs(k - u) < LIMIT_MS
      lines.push(`| ${paths[route]} | ${k.toFixed(3)} | ${u.toFixed(3)} | ${(k - u).toFixed(3)} |`)
    }
  } finally {
    await server.stop()
    await database.drop()
  }
  console.log(`\nMedian answer time over ${REQUESTS} requests each (ms; one at a time, after ${WARMUP} of each to warm up)\n`)
  console.log('| Route | known address | unknown address | difference |')
  console.log('|---|---|---|---|')
  for (const line of lines) console.log(line)
  console.log(`\nEvery difference under ${LIMIT_MS} ms: ${within ? 'yes' : 'NO'}`)
  process.exitCode = within ? 0 : 1
}

await main()
