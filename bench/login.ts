/**
 * The login hot path next to this machine's ceilings, in one table:
 *   npm run bench:login [-- --profile]
 * Every server runs in its own process (./server.ts), autocannon in another (./cannon.ts);
 * this process only seeds (through the app's services and SQL), starts, measures and prints.
 * Per request: round trips and statements as counted by the server's pg driver, commits
 * from pg_stat_database (xact_commit delta over the workload), CPU per request of the server
 * and of PostgreSQL (./cpu.ts). BENCH_NODE (the servers' Node.js binary), BENCH_SECONDS (10),
 * BENCH_CONNECTIONS (50), BENCH_WARMUP (2), BENCH_DATABASE_URL; a fresh database per run, dropped afterwards.
 * BENCH_ONLY picks groups of rows, comma-separated (default all): client-credentials (with the
 * peer), exchange (the exchange, refresh and code request, with pgbench), users-current (with
 * the three bare routes), sensors.
 * Each ceiling a ratio is taken against (the peer, pgbench, the bare routes) is measured right
 * before and right after its workloads, and the ratio is to the mean of the two (see bracket).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { LoadFigures, LoadJob } from './cannon.ts'
import { postgresCpuMs } from './cpu.ts'
import { topSelfTime } from './cpuprofile-top.ts'
import { BASE_URL, buildBenchApp, CONNECTIONS, dbCounters, freshDatabase, runLoad, SECONDS, SERVER_NODE, spawnServer, WARMUP } from './lib.ts'
import { runPgbench } from './pgbench.ts'
import { PEER_CLIENT } from './oidc-peer.ts'
import type { StatementFigures } from './query-counter.ts'
import { codeRequestBodies, seedAccounts, seedClients, seedExchangeBodies, seedRefreshBodies, seedUserAndSensors, settle } from './seed.ts'
import { perRequest, printStatements, printTable, type Row } from './table.ts'

const PROFILE = process.argv.includes('--profile')
const GROUPS = ['client-credentials', 'exchange', 'users-current', 'sensors'] as const
const ONLY = (process.env.BENCH_ONLY ?? GROUPS.join(',')).split(',').map((g) => g.trim())
for (const group of ONLY) if (!(GROUPS as readonly string[]).includes(group)) throw new Error(`BENCH_ONLY: unknown group ${group} (${GROUPS.join(', ')})`)
const runs = (group: (typeof GROUPS)[number]) => ONLY.includes(group)
// single-use credentials per workload: enough for 4,000 req/s over the whole run, warm-up included
const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? (SECONDS + WARMUP) * 4000)
const SENSORS = 1000
// the accounts the service already holds when the run begins
const ACCOUNTS = 20_000
const work = mkdtempSync(join(tmpdir(), 'trellis-bench-'))
const json = { 'content-type': 'application/json' }
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

interface Measured {
  figures: LoadFigures
  statements: StatementFigures[]
  requests: number
  readyAtUs: number
  /** server CPU ms per request from listening on, the warm-up and its first requests included */
  sinceListening: number
  row: Row
}

/** One Trellis workload on a fresh server process: a checked sanity request, the load, the counters. */
async function measureTrellis(
  databaseUrl: string,
  databaseName: string,
  workload: string,
  job: Omit<LoadJob, 'url' | 'connections' | 'seconds' | 'warmupSeconds'> & { path: string; sanityBody?: string; connections?: number; seconds?: number },
  nodeFlags: string[] = [],
): Promise<Measured> {
  const server = await spawnServer(['trellis', databaseUrl], nodeFlags)
  try {
    const sanity = await fetch(`${server.url}${job.path}`, { method: job.method, headers: job.headers, body: job.sanityBody ?? job.body ?? null })
    if (sanity.status !== 200) throw new Error(`${workload}: sanity request answered ${sanity.status} ${await sanity.text()}`)
    const { path, sanityBody: _sanity, ...rest } = job
    const url = `${server.url}${path}`
    // the warm-up is a load of its own, so that its CPU, statements and commits stay out too
    const warm = WARMUP > 0 ? await runLoad({ ...rest, url, seconds: WARMUP, warmupSeconds: 0 }) : null
    await server.mark()
    const before = await dbCounters(databaseName)
    const databaseCpuBefore = postgresCpuMs()
    const figures = await runLoad({ ...rest, url, warmupSeconds: 0, firstBody: warm?.bodiesUsed ?? 0 })
    const counts = await server.stop()
    if (!counts) throw new Error(`${workload}: the server process ended early`)
    const after = await dbCounters(databaseName)
    const databaseCpuAfter = postgresCpuMs()
    const databaseMs = databaseCpuBefore === null || databaseCpuAfter === null ? null : databaseCpuAfter - databaseCpuBefore
    const per = perRequest(counts.requests, counts.statements, after.commits - before.commits, { serverMs: counts.cpuMs, databaseMs })
    const sinceListening = counts.sinceListening.cpuMs / Math.max(1, counts.sinceListening.requests)
    return { figures, statements: counts.statements, requests: counts.requests, readyAtUs: server.readyAtUs, sinceListening, row: { workload, figures, perRequest: per } }
  } finally {
    await server.stop()
  }
}

/** A ceiling's load, with its server's and PostgreSQL's CPU per request (warm-up included: a ceiling has nothing to compile). */
async function measurePlain(args: string[], job: Omit<LoadJob, 'url' | 'connections' | 'seconds' | 'warmupSeconds'> & { path: string }): Promise<{ figures: LoadFigures; perRequest?: Row['perRequest'] }> {
  const server = await spawnServer(args)
  try {
    const { path, ...rest } = job
    const databaseCpuBefore = postgresCpuMs()
    const figures = await runLoad({ ...rest, url: `${server.url}${path}` })
    const counts = await server.stop()
    const databaseCpuAfter = postgresCpuMs()
    if (!counts || counts.sinceListening.requests === 0) return { figures }
    const databaseMs = databaseCpuBefore === null || databaseCpuAfter === null ? null : databaseCpuAfter - databaseCpuBefore
    return { figures, perRequest: perRequest(counts.sinceListening.requests, [], 0, { serverMs: counts.sinceListening.cpuMs, databaseMs }) }
  } finally {
    await server.stop()
  }
}

/** p50 of the sensors page's own SQL (the page query and its count), sequentially on one connection. */
async function pageSqlP50(databaseUrl: string, tenantId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const times: number[] = []
    for (let i = 0; i < 220; i++) {
      const start = performance.now()
      await client.query('select * from "sensors" where tenant_id = $1 order by "id" limit $2', [tenantId, 251])
      await client.query(`select coalesce(sum(count), 0) as "n" from "tenant_counters" where tenant_id = $1 and "counter" = $2`, [tenantId, 'sensors'])
      if (i >= 20) times.push(performance.now() - start) // the first 20 warm the plans and caches
    }
    times.sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] ?? 0
  } finally {
    await client.end()
  }
}

const ratio = (a: number, b: number, of: string) => (b > 0 ? `${(a / b).toFixed(2)}x ${of}` : '')

interface Ceiling {
  figures: NonNullable<Row['figures']>
  perRequest?: Row['perRequest']
  note?: string
}

interface Bracketed<T> {
  before: number
  after: number
  /** the ceiling's two rows, before and after */
  rows: [Row, Row]
  inner: T
  /** `value` against the mean of the two measurements, with the range against each */
  ratio(value: number, of: string): string
}

/**
 * Measures a ceiling right before and right after the workloads set against it. The machine's
 * other load moved a ceiling by up to 1.6x within a minute (pgbench 964 then 606 tps), so a
 * ratio to one measurement taken minutes away says more about the machine than about Trellis.
 */
async function bracket<T>(rows: Row[], title: string, ceiling: () => Promise<Ceiling>, inner: () => Promise<T>): Promise<Bracketed<T>> {
  const first = await ceiling()
  const before: Row = { workload: `${title}, before`, figures: first.figures, perRequest: first.perRequest, note: first.note }
  rows.push(before)
  const result = await inner()
  const second = await ceiling()
  const after: Row = { workload: `${title}, after`, figures: second.figures, perRequest: second.perRequest, note: second.note }
  rows.push(after)
  const [low, high] = [Math.min(first.figures.rps, second.figures.rps), Math.max(first.figures.rps, second.figures.rps)]
  return {
    before: first.figures.rps,
    after: second.figures.rps,
    rows: [before, after],
    inner: result,
    ratio: (value, of) => `${ratio(value, (low + high) / 2, of)} (${(value / high).toFixed(2)}-${(value / low).toFixed(2)})`,
  }
}

async function pgbenchCeiling(): Promise<Ceiling> {
  const pgb = await runPgbench(BASE_URL, SECONDS, 10)
  return {
    figures: { rps: pgb.tps, p50: Number(pgb.p50.toFixed(1)), p99: Number(pgb.p99.toFixed(1)), non2xx: 0 },
    note: pgb.databaseCpuMsPerTx === null ? undefined : `PostgreSQL CPU ${pgb.databaseCpuMsPerTx.toFixed(2)} ms/tx`,
  }
}

const database = await freshDatabase()
const databaseName = new URL(database.url).pathname.slice(1)
try {
  const app = await buildBenchApp(database.url)
  const clients = await seedClients(app)
  const seeded = await seedUserAndSensors(app, clients.publicId, SENSORS)
  await seedAccounts(app, ACCOUNTS)
  const exchangeFile = join(work, 'exchange.jsonl')
  const refreshFile = join(work, 'refresh.jsonl')
  const codeFile = join(work, 'code.jsonl')
  const exchanges = runs('exchange')
  const exchangeSanity = exchanges ? await seedExchangeBodies(app, clients.publicId, CREDENTIALS + 1, exchangeFile, 'x') : ''
  const refreshSanity = exchanges ? await seedRefreshBodies(app, clients.publicId, seeded.userId, CREDENTIALS + 1, refreshFile) : ''
  const codeSanity = exchanges ? codeRequestBodies(clients.publicId, CREDENTIALS + 1, codeFile, 'req') : ''
  const profileFile = join(work, 'exchange-profile.jsonl')
  const profileSanity = PROFILE && exchanges ? await seedExchangeBodies(app, clients.publicId, CREDENTIALS + 1, profileFile, 'p') : ''
  const profileCodeFile = join(work, 'code-profile.jsonl')
  const profileCodeSanity = PROFILE && exchanges ? codeRequestBodies(clients.publicId, CREDENTIALS + 1, profileCodeFile, 'preq') : ''
  await settle(app)
  await app.close()
  await app.db.destroy()
  const serverNode = execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim()
  console.log(`bench:login  servers on Node ${serverNode} (BENCH_NODE), load generator on ${process.version}, PostgreSQL at ${new URL(BASE_URL).host}, ${CONNECTIONS} connections, ${SECONDS} s per workload after ${WARMUP} s of warm-up, ${CREDENTIALS} single-use credentials per workload`)

  const rows: Row[] = []
  const measured: Measured[] = []
  const db = async (workload: string, job: Parameters<typeof measureTrellis>[3], flags: string[] = []) => {
    const m = await measureTrellis(database.url, databaseName, workload, job, flags)
    measured.push(m)
    return m
  }

  const ccForm = 'grant_type=client_credentials'
  const peerJob = {
    path: '/token',
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(PEER_CLIENT.id, PEER_CLIENT.secret) },
    body: ccForm,
  }
  const ccJob = {
    path: '/auth/oauth2/token',
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clients.machineId, clients.machineSecret) },
    body: ccForm,
  }
  const printers: (() => void)[] = []
  if (runs('client-credentials')) {
    const peer = await bracket(rows, 'node-oidc-provider client_credentials (peer)', async () => await measurePlain(['oidc'], peerJob), async () => {
      const measured = await db('Trellis client_credentials', ccJob)
      rows.push(measured.row)
      return measured
    })
    peer.inner.row.ratio = peer.ratio(peer.inner.figures.rps, 'oidc-provider')
  }

  const exchangeJob = { path: '/auth/oauth2/token', method: 'POST' as const, headers: json }
  if (runs('exchange')) {
    const pgb = await bracket(rows, 'pgbench TPC-B, 10 clients (tps)', pgbenchCeiling, async () => {
      const exchange = await db('Trellis authorization_code + PKCE exchange', { ...exchangeJob, bodiesFile: exchangeFile, sanityBody: exchangeSanity })
      rows.push(exchange.row)
      const refresh = await db('Trellis refresh_token (rotation)', { ...exchangeJob, bodiesFile: refreshFile, sanityBody: refreshSanity })
      rows.push({ ...refresh.row, ratio: ratio(refresh.figures.rps, exchange.figures.rps, 'exchange') })
      const code = await db('Trellis passwordless code request', { path: '/auth/passwordlessLogin/code', method: 'POST', headers: json, bodiesFile: codeFile, sanityBody: codeSanity })
      rows.push(code.row)
      return { exchange, refresh, code }
    })
    const { exchange, refresh, code } = pgb.inner
    exchange.row.ratio = pgb.ratio(exchange.figures.rps, 'pgbench tps')
    code.row.ratio = pgb.ratio(code.figures.rps, 'pgbench tps')
    printers.push(() => {
      printStatements('exchange', exchange.statements, exchange.requests)
      printStatements('refresh', refresh.statements, refresh.requests)
      printStatements('code request', code.statements, code.requests)
    })
  }

  const auth = { authorization: `Bearer ${seeded.token}` }
  if (runs('users-current')) {
    const bare = await bracket(rows, 'bare Fastify GET / (ceiling)', () => measurePlain(['bare'], { path: '/', method: 'GET', headers: {} }), () =>
      bracket(rows, 'bare Fastify + 1 PostgreSQL round trip', () => measurePlain(['bare-query', database.url], { path: '/query', method: 'GET', headers: {} }), () =>
        bracket(
          rows,
          'bare Fastify + the profile statement',
          () => measurePlain(['bare-profile', database.url, seeded.sessionId], { path: '/profile', method: 'GET', headers: {} }),
          async () => {
            const current = await db('Trellis GET /users/current', { path: '/users/current', method: 'GET', headers: auth })
            rows.push(current.row)
            return current
          },
        ),
      ),
    )
    const bareQuery = bare.inner
    const bareProfile = bareQuery.inner
    const current = bareProfile.inner
    current.row.ratio = `${bareQuery.ratio(current.figures.rps, 'bare + 1 round trip')}; ${bareProfile.ratio(current.figures.rps, 'bare + its statement')}`
    bareQuery.rows[0].ratio = ratio(bareQuery.before, bare.before, 'bare')
    bareQuery.rows[1].ratio = ratio(bareQuery.after, bare.after, 'bare')
    bareProfile.rows[0].ratio = ratio(bareProfile.before, bareQuery.before, 'bare + 1 round trip')
    bareProfile.rows[1].ratio = ratio(bareProfile.after, bareQuery.after, 'bare + 1 round trip')
    printers.push(() => printStatements('/users/current', current.statements, current.requests, 5))
  }

  if (runs('sensors')) {
    const pagePath = `/tenants/${seeded.tenantId}/v4/sensors?limit=250`
    const page = await db('Trellis GET /v4/sensors?limit=250', { path: pagePath, method: 'GET', headers: auth })
    const pageOne = await db('  the same page, 1 connection (latency)', { path: pagePath, method: 'GET', headers: auth, connections: 1, seconds: Math.min(SECONDS, 5) })
    const sqlP50 = await pageSqlP50(database.url, seeded.tenantId)
    rows.push(page.row)
    rows.push({ ...pageOne.row, ratio: `p50 ${pageOne.figures.p50} ms = ${(pageOne.figures.p50 / sqlP50).toFixed(1)}x its SQL (p50 ${sqlP50.toFixed(2)} ms, select + count, 1 connection)` })
    printers.push(() => printStatements('/v4/sensors?limit=250', page.statements, page.requests, 6))
  }

  console.log('')
  printTable(rows)
  console.log('\nRT/req: statements sent by the server process per request, BEGIN/COMMIT included (each one round trip with the pg driver);')
  console.log('stmt/req: the same without transaction control; commit/req: pg_stat_database xact_commit delta / requests (autocommit statements count one each).')
  console.log('ratio to a ceiling: to the mean of its rows before and after the workloads set against it; in brackets, to the higher and to the lower one.')
  console.log('CPU ms/req: server process + PostgreSQL (all its processes, from /proc; ? when it runs elsewhere), user + system, per request: the load barely moves it.')
  console.log('Server CPU ms/req from listening on, warm-up included (the first requests compile routes and code):')
  for (const m of measured) console.log(`  ${m.row.workload.trim()}: ${m.sinceListening.toFixed(2)}`)
  for (const print of printers) print()

  if (PROFILE) {
    const all: [(typeof GROUPS)[number], string, string, Parameters<typeof measureTrellis>[3]][] = [
      ['client-credentials', 'client-credentials', 'client_credentials', ccJob],
      ['exchange', 'exchange', 'exchange', { ...exchangeJob, bodiesFile: profileFile, sanityBody: profileSanity }],
      ['exchange', 'code-request', 'passwordless code request', { path: '/auth/passwordlessLogin/code', method: 'POST', headers: json, bodiesFile: profileCodeFile, sanityBody: profileCodeSanity }],
      ['users-current', 'users-current', 'GET /users/current', { path: '/users/current', method: 'GET', headers: auth }],
      ['sensors', 'sensors', 'GET /v4/sensors?limit=250', { path: `/tenants/${seeded.tenantId}/v4/sensors?limit=250`, method: 'GET', headers: auth }],
    ]
    const profiles = all.filter(([group]) => runs(group)).map(([, ...profile]) => profile)
    for (const [dir, title, job] of profiles) {
      const profileDir = join(work, dir)
      const profiled = await db(`${title}, profiled`, job, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
      if (!file) throw new Error('the server process wrote no .cpuprofile')
      console.log(`\nCPU profile of the Trellis server process under the ${title} workload, from listening on (${profiled.figures.rps.toFixed(0)} req/s while profiled):`)
      console.log(topSelfTime(join(profileDir, file), Number(process.env.BENCH_PROFILE_TOP ?? 15), profiled.readyAtUs).join('\n'))
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
  await database.drop()
}
