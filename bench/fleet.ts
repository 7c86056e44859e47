/**
 * Many devices on the embedded broker:   npm run bench:fleet
 * BENCH_FLEET_DEVICES (default 10,000) devices, each with its own credentials, connect at
 * once from BENCH_FLEET_PROCESSES load-generator processes (./fleet-devices.ts), then each
 * sends its state every BENCH_FLEET_INTERVAL_MS (10 s: 1,000 msg/s for 10,000) for
 * BENCH_SECONDS after BENCH_WARMUP. This process is the server (Trellis with its embedded
 * broker, PostgreSQL behind); it measures:
 *  - connect time: from the first CONNECT to every device online in Trellis (its presence
 *    message applied), next to the goal of 60 s;
 *  - state -> API: for one device in BENCH_FLEET_SAMPLE, each time its state is applied,
 *    a GET /sensors/{id} is sent and the time from the device's `sentAt` to that answer
 *    (showing that state) taken; p50 and p99, next to the goal of 100 ms p99, per 10 s
 *    window in brackets;
 *  - the server process's RSS (sampled every second, the highest), next to 1 GB, and its CPU.
 * Only loopback addresses are used.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hashSecret, randomToken } from '../src/lib/crypto.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { freshDatabase, startApp, SECONDS, WARMUP } from './lib.ts'
import { percentiles } from './devices-commands.ts'

const DEVICES = Number(process.env.BENCH_FLEET_DEVICES ?? 10_000)
const PROCESSES = Number(process.env.BENCH_FLEET_PROCESSES ?? 2)
const INTERVAL_MS = Number(process.env.BENCH_FLEET_INTERVAL_MS ?? 10_000)
const SAMPLE = Number(process.env.BENCH_FLEET_SAMPLE ?? 10)
const CONNECT_CONCURRENCY = Number(process.env.BENCH_FLEET_CONNECT_CONCURRENCY ?? 200)
if (!(DEVICES > 0 && DEVICES <= 20_000) || !(PROCESSES >= 1 && PROCESSES <= 8) || !(INTERVAL_MS >= 1000) || !(SAMPLE >= 1)) {
  throw new Error('BENCH_FLEET_DEVICES must be in 1..20000, BENCH_FLEET_PROCESSES in 1..8, BENCH_FLEET_INTERVAL_MS at least 1000 (bounded loads on a shared machine)')
}
const GOALS = { connectS: 60, p99Ms: 100, rssMb: 1024 }
const epochMs = () => performance.timeOrigin + performance.now()
const tag = [...randomBytes(2)].map((b) => b.toString(16).padStart(2, '0')).join(':')
const macOf = (i: number) => `02:${tag}:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`

async function seed(app: FastifyInstance, tenantId: number) {
  const devices = Array.from({ length: DEVICES }, (_, i) => ({ mac: macOf(i), password: randomToken(32) }))
  for (let i = 0; i < devices.length; i += 1000) {
    const chunk = devices.slice(i, i + 1000)
    const rows = await app.db.insertInto('devices').values(chunk.map((d) => ({ mac: d.mac, model: '58', password_hash: hashSecret(d.password) }))).returning(['id', 'mac']).execute()
    await app.db
      .insertInto('sensors')
      .values(rows.map((d) => ({ tenant_id: tenantId, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' })))
      .execute()
  }
  return devices
}

function next<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T))
    child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)))
  })
}

const server = { rssMax: 0, cpuStart: process.cpuUsage(), wallStart: 0 }
const rssTimer = setInterval(() => (server.rssMax = Math.max(server.rssMax, process.memoryUsage.rss())), 1000)

const database = await freshDatabase()
const { app, url: apiUrl } = await startApp(database.url, { MQTT_EMBEDDED: 'true', MQTT_PORT: '0' })
const generators: ChildProcess[] = []
try {
  const bridge = app.services.devices.bridge!
  bridge.events.setMaxListeners(0)
  const tenant = await app.services.tenants.create(OPERATOR, { name: 'fleet' })
  const user = await insertUser(app.db, { email: 'fleet@bench.test', emailConfirmedAt: app.services.clock.now() })
  await addMembership(app.db, tenant.id, user.id, 'admin')
  const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId: 'bench', tenantId: null, scope: SCOPES.join(' ') }, app.services.clock.now())
  const token = await signAccessToken(app, { sub: String(user.id), clientId: 'bench', scope: SCOPES.join(' '), sessionId })
  const devices = await seed(app, tenant.id)
  console.log(`${DEVICES} devices with credentials on the embedded broker, ${PROCESSES} load-generator processes, one state per device every ${INTERVAL_MS / 1000} s (${((DEVICES * 1000) / INTERVAL_MS).toFixed(0)} msg/s), ${process.version}`)

  // connect: every device online in Trellis
  const online = new Set<string>()
  let allOnline: () => void = () => undefined
  const onlineDone = new Promise<void>((resolve) => (allOnline = resolve))
  bridge.events.on('state', (e: { mac: string; channel: string }) => e.channel === 'online' && online.add(e.mac) && online.size === DEVICES && allOnline())
  const brokerUrl = app.services.devices.broker!.url
  for (let p = 0; p < PROCESSES; p++) {
    generators.push(fork(new URL('./fleet-devices.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_MQTT_URL: brokerUrl } }))
  }
  const connectStart = performance.now()
  const connected = await Promise.all(
    generators.map((g, p) => {
      const answer = next<{ connected: number; failed: number }>(g)
      g.send({ setup: { devices: devices.filter((_, i) => i % PROCESSES === p), connectConcurrency: Math.ceil(CONNECT_CONCURRENCY / PROCESSES) } })
      return answer
    }),
  )
  const connackS = (performance.now() - connectStart) / 1000
  const failed = connected.reduce((n, c) => n + c.failed, 0)
  if (failed > 0) throw new Error(`${failed} devices could not connect`)
  // the deadline is cleared once all are online: a pending timer would keep the process alive for its 120 s
  let deadline: NodeJS.Timeout | undefined
  const tooLate = new Promise((_, reject) => {
    deadline = setTimeout(() => reject(new Error(`only ${online.size} of ${DEVICES} online after 120 s`)), 120_000)
  })
  await Promise.race([onlineDone, tooLate]).finally(() => clearTimeout(deadline))
  const connectS = (performance.now() - connectStart) / 1000
  console.log(`connect: all ${DEVICES} CONNACKed in ${connackS.toFixed(1)} s; all online in Trellis in ${connectS.toFixed(1)} s = ${(connectS / GOALS.connectS).toFixed(2)}x the goal (60 s)`)

  // steady state: sampled state -> API latencies, per window
  const windows: number[][] = []
  let measuring = false
  let applied = 0
  bridge.events.on('state', (e: { mac: string; channel: string; sensorId: number }) => {
    if (e.channel !== 'in' || !measuring) return
    applied++
    if (e.sensorId % SAMPLE !== 0) return
    const window = windows[windows.length - 1]!
    void fetch(`${apiUrl}/sensors/${e.sensorId}`, { headers: { authorization: `Bearer ${token}` } })
      .then((res) => res.json() as Promise<{ latestData: { fullData: { sentAt?: number } } | null }>)
      .then((body) => {
        const sentAt = body.latestData?.fullData.sentAt
        if (typeof sentAt === 'number') window.push(epochMs() - sentAt)
      })
  })
  await Promise.all(generators.map((g) => (g.send({ start: { intervalMs: INTERVAL_MS } }), next(g))))
  await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000))
  measuring = true
  server.cpuStart = process.cpuUsage()
  server.wallStart = performance.now()
  for (let s = 0; s < SECONDS; s += 10) {
    windows.push([])
    await new Promise((resolve) => setTimeout(resolve, Math.min(10, SECONDS - s) * 1000))
  }
  measuring = false
  const wallS = (performance.now() - server.wallStart) / 1000
  const cpu = process.cpuUsage(server.cpuStart)
  const all = percentiles(windows.flat())
  const p99s = windows.filter((w) => w.length > 0).map((w) => percentiles(w).p99)
  const rate = applied / wallS
  const expected = (DEVICES * 1000) / INTERVAL_MS
  console.log(`ingest: ${rate.toFixed(0)} msg/s applied = ${(rate / expected).toFixed(2)}x the fleet's send rate (${expected.toFixed(0)}); server CPU ${(((cpu.user + cpu.system) / 1000 / (wallS * 1000)) * 100).toFixed(0)}% of one core`)
  console.log(`state -> API (${windows.flat().length} samples): p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms = ${(all.p99 / GOALS.p99Ms).toFixed(2)}x the goal (100 ms); p99 per 10 s window [${Math.min(...p99s).toFixed(1)}-${Math.max(...p99s).toFixed(1)}] ms`)
  console.log(`server RSS: highest ${(server.rssMax / 1048576).toFixed(0)} MB = ${(server.rssMax / 1048576 / GOALS.rssMb).toFixed(2)}x the goal (1 GB)`)
} finally {
  clearInterval(rssTimer)
  await Promise.all(generators.map((g) => (g.connected ? (g.send({ stop: true }), next(g).catch(() => undefined)) : undefined)))
  await app.close()
  await app.db.destroy()
  await database.drop()
}
