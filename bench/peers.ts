/**
 * Trellis next to what a TypeScript team would pick instead:   npm run bench:peers
 * Better Auth with its email OTP plugin (./better-auth-peer.ts, a dev dependency) and Trellis,
 * each on a fresh database of the same PostgreSQL, each server in its own process
 * (./server.ts), autocannon in a third (./cannon.ts). Rate limits out of reach on both sides,
 * each side's defaults otherwise. Three workloads, each side's own route for it:
 *  - request a sign-in code: Trellis POST /auth/passwordlessLogin/code (the code bound to the
 *    app's client, redirect URI and PKCE challenge, its mail job written to the outbox); Better
 *    Auth POST /api/auth/email-otp/send-verification-otp (the OTP stored as typed, bound to the
 *    address alone, its mail callback a no-op). A distinct address per request on both.
 *  - redeem the code: Trellis's authorization_code + PKCE exchange (a new account, session,
 *    access and refresh token); Better Auth's POST /api/auth/sign-in/email-otp (a new account,
 *    session and its cookie). Single-use codes issued beforehand into each side's own table,
 *    one per request (Trellis's as bench:login does; Better Auth's as its plugin stores them).
 *  - read the signed-in person: Trellis GET /users/current (bearer access token); Better Auth
 *    GET /api/auth/get-session (its session cookie).
 * Each database holds 20,000 accounts first, statistics taken after the last row. Per request:
 * statements (counted in each server's pg driver), commits, and CPU ms of the server and of
 * PostgreSQL. The ratio is Trellis's req/s over Better Auth's, measured back to back.
 * BENCH_SECONDS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_CREDENTIALS as in bench:login.
 */
import { randomInt } from 'node:crypto'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '../test/helpers.ts'
import { migrateBetterAuth, PEER_COOKIE } from './better-auth-peer.ts'
import type { LoadJob } from './cannon.ts'
import { postgresCpuMs } from './cpu.ts'
import { BASE_URL, buildBenchApp, CONNECTIONS, dbCounters, freshDatabase, runLoad, SECONDS, spawnServer, WARMUP } from './lib.ts'
import { codeRequestBodies, seedAccounts, seedClients, seedExchangeBodies, seedUserAndSensors, settle } from './seed.ts'
import { perRequest, printTable, type Row } from './table.ts'

const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? (SECONDS + WARMUP) * 4000)
const ACCOUNTS = 20_000
const GOAL = 3
const work = mkdtempSync(join(tmpdir(), 'trellis-bench-peers-'))
const json = { 'content-type': 'application/json' }
const SERVER_ORIGIN = '(the server)'

type Job = Omit<LoadJob, 'url' | 'connections' | 'seconds' | 'warmupSeconds'> & { path: string; sanityBody?: string }

/** One workload on a fresh server process: a checked sanity request, a warm-up load, the measured load, the counters. */
async function measure(args: [string, string], workload: string, job: Job): Promise<Row & { rps: number }> {
  const server = await spawnServer(args)
  try {
    const { path, sanityBody, ...job0 } = job
    // a browser's Origin, which Better Auth asks of every POST: the server's own
    const rest = { ...job0, headers: Object.fromEntries(Object.entries(job.headers).map(([k, v]) => [k, v === SERVER_ORIGIN ? server.url : v])) }
    const url = `${server.url}${path}`
    const sanity = await fetch(url, { method: job.method, headers: rest.headers, body: sanityBody ?? job.body ?? null })
    if (sanity.status !== 200) throw new Error(`${workload}: sanity request answered ${sanity.status} ${await sanity.text()}`)
    const warm = WARMUP > 0 ? await runLoad({ ...rest, url, seconds: WARMUP, warmupSeconds: 0 }) : null
    await server.mark()
    const databaseName = new URL(args[1]).pathname.slice(1)
    const before = await dbCounters(databaseName)
    const cpuBefore = postgresCpuMs()
    const figures = await runLoad({ ...rest, url, warmupSeconds: 0, firstBody: warm?.bodiesUsed ?? 0 })
    const counts = await server.stop()
    if (!counts) throw new Error(`${workload}: the server process ended early`)
    const after = await dbCounters(databaseName)
    const cpuAfter = postgresCpuMs()
    const databaseMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore
    return { workload, figures, rps: figures.rps, perRequest: perRequest(counts.requests, counts.statements, after.commits - before.commits, { serverMs: counts.cpuMs, databaseMs }) }
  } finally {
    await server.stop()
  }
}

/** Better Auth's sign-in OTPs, stored as its plugin stores them (as typed, `otp:attempts`), for new addresses; bodies to `file`. */
async function seedPeerOtps(client: pg.Client, count: number, file: string, tag: string): Promise<string> {
  const bodies: string[] = []
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({ email: `${tag}-${start + i}@bench.test`, otp: String(randomInt(0, 1_000_000)).padStart(6, '0') }))
    await client.query(
      `insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
       select md5(random()::text || e), 'sign-in-otp-' || e, o || ':0', now() + interval '1 hour', now(), now() from unnest($1::text[], $2::text[]) as t(e, o)`,
      [rows.map((r) => r.email), rows.map((r) => r.otp)],
    )
    bodies.push(...rows.map((r) => JSON.stringify({ email: r.email, otp: r.otp })))
  }
  writeFileSync(file, bodies.slice(1).join('\n'))
  return bodies[0] ?? ''
}

const trellisDb = await freshDatabase()
const peerDb = await createTestDatabase(BASE_URL, 'trellis_bench_peer')
try {
  // Trellis: its clients, a signed-in person, the accounts of a service in use, single-use codes
  const app = await buildBenchApp(trellisDb.url)
  const clients = await seedClients(app)
  const seeded = await seedUserAndSensors(app, clients.publicId, 1)
  await seedAccounts(app, ACCOUNTS)
  const files = { code: join(work, 'code.jsonl'), exchange: join(work, 'exchange.jsonl'), peerCode: join(work, 'peer-code.jsonl'), peerRedeem: join(work, 'peer-redeem.jsonl') }
  const exchangeSanity = await seedExchangeBodies(app, clients.publicId, CREDENTIALS + 1, files.exchange, 'x')
  const codeSanity = codeRequestBodies(clients.publicId, CREDENTIALS + 1, files.code, 'req')
  await settle(app)
  await app.close()
  await app.db.destroy()

  // Better Auth: its tables by its own migrations, the same accounts, single-use OTPs
  await migrateBetterAuth(peerDb.url)
  const peer = new pg.Client({ connectionString: peerDb.url })
  await peer.connect()
  await peer.query(`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
                    select md5('account-' || g), '', 'account-' || g || '@bench.test', true, now(), now() from generate_series(1, $1::int) g`, [ACCOUNTS])
  const redeemSanity = await seedPeerOtps(peer, CREDENTIALS + 1, files.peerRedeem, 'x')
  const readerOtp = await seedPeerOtps(peer, 1, join(work, 'reader.jsonl'), 'reader')
  const peerCodes = Array.from({ length: CREDENTIALS + 1 }, (_, i) => JSON.stringify({ email: `req-${i}@bench.test`, type: 'sign-in' }))
  writeFileSync(files.peerCode, peerCodes.slice(1).join('\n'))
  await peer.query('analyze')
  await peer.end()
  console.log(`bench:peers: Trellis and Better Auth (email OTP plugin) on ${new URL(BASE_URL).host}, ${CONNECTIONS} connections, ${SECONDS} s per workload after ${WARMUP} s of warm-up, ${ACCOUNTS} accounts on each side, load generator on ${process.version}`)

  const T: [string, string] = ['trellis', trellisDb.url]
  const B: [string, string] = ['better-auth', peerDb.url]
  const rows: Row[] = []
  const pair = async (title: string, peerJob: Job, trellisJob: Job) => {
    const b = await measure(B, `Better Auth: ${title}`, peerJob)
    const t = await measure(T, `Trellis: ${title}`, trellisJob)
    t.ratio = `${(t.rps / b.rps).toFixed(2)}x Better Auth (goal ${GOAL}x)`
    rows.push(b, t)
  }
  await pair('request a sign-in code', { path: '/api/auth/email-otp/send-verification-otp', method: 'POST', headers: { ...json, origin: SERVER_ORIGIN }, bodiesFile: files.peerCode, sanityBody: peerCodes[0] }, { path: '/auth/passwordlessLogin/code', method: 'POST', headers: json, bodiesFile: files.code, sanityBody: codeSanity })
  await pair('redeem the code (a new account)', { path: '/api/auth/sign-in/email-otp', method: 'POST', headers: { ...json, origin: SERVER_ORIGIN }, bodiesFile: files.peerRedeem, sanityBody: redeemSanity }, { path: '/auth/oauth2/token', method: 'POST', headers: json, bodiesFile: files.exchange, sanityBody: exchangeSanity })

  // Better Auth's session cookie, from one sign-in on a server of its own
  const signer = await spawnServer(B)
  let cookie = ''
  try {
    const signedIn = await fetch(`${signer.url}/api/auth/sign-in/email-otp`, { method: 'POST', headers: { ...json, origin: signer.url }, body: readerOtp })
    const set = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${PEER_COOKIE}=`))
    if (signedIn.status !== 200 || !set) throw new Error(`Better Auth sign-in answered ${signedIn.status} without its cookie`)
    cookie = set.split(';')[0]!
  } finally {
    await signer.stop()
  }
  await pair('read the signed-in person', { path: '/api/auth/get-session', method: 'GET', headers: { cookie } }, { path: '/users/current', method: 'GET', headers: { authorization: `Bearer ${seeded.token}` } })

  printTable(rows)
  console.log(`\nCPU ms/req is the server's + PostgreSQL's (all its processes, the whole machine's). What each side guarantees per request: docs/benchmarks.md.`)
  const short = rows.filter((r) => r.workload.startsWith('Trellis') && !(Number(r.ratio?.split('x')[0]) >= GOAL)).length
  console.log(`${3 - short} of 3 workloads at least ${GOAL}x Better Auth`)
} finally {
  rmSync(work, { recursive: true, force: true })
  await trellisDb.drop()
  await peerDb.drop()
}
