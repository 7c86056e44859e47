/**
 * Webhooks at fleet rate:   npm run bench:webhooks
 * BENCH_WEBHOOK_DEVICES (default 1,000) devices, each with its own credentials, on Trellis's
 * embedded broker, each reporting its state every BENCH_WEBHOOK_INTERVAL_MS (1,000) for
 * BENCH_SECONDS (60 unless set) after BENCH_WARMUP; every state applied is a `device.state`
 * event (coalesced per sensor and second, as the catalog says) for the brand's one endpoint.
 * Four kinds of process: this one seeds (a brand holding the devices, its endpoint) and watches
 * the queue; a Trellis server with its broker and worker (./webhook-worker.ts) ingests and
 * delivers; the devices run in BENCH_FLEET_PROCESSES load generators (./fleet-devices.ts), each
 * state carrying its `sentAt`; the receiver (./webhook-receiver.ts) verifies each message with
 * the `standardwebhooks` package and answers 200. Printed: events/s delivered during the run,
 * p50/p99 from the device's message (its sentAt) to the receiver's answer next to the goal of
 * 2 s, and the queue (deliveries queued or sending) every 10 s and at the end, next to the
 * goal of no growth. After the run the queue is given 30 s to drain; the benchmark exits 1
 * when a message failed verification or the queue did not drain. PostgreSQL at
 * BENCH_DATABASE_URL, a fresh database dropped at the end. Only loopback addresses are used.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pino from 'pino'
import { hashSecret, randomToken } from '../src/lib/crypto.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createWebhooksModule } from '../src/modules/webhooks/index.ts'
import { percentiles } from './devices-commands.ts'
import { buildBenchApp, freshDatabase, WARMUP } from './lib.ts'

const DEVICES = Number(process.env.BENCH_WEBHOOK_DEVICES ?? 1000)
const INTERVAL_MS = Number(process.env.BENCH_WEBHOOK_INTERVAL_MS ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const PROCESSES = Number(process.env.BENCH_FLEET_PROCESSES ?? 1)
if (!(DEVICES > 0 && DEVICES <= 5000) || !(INTERVAL_MS >= 100) || !(SECONDS > 0 && SECONDS <= 120) || !(PROCESSES >= 1 && PROCESSES <= 4)) {
  throw new Error('BENCH_WEBHOOK_DEVICES must be in 1..5000, BENCH_WEBHOOK_INTERVAL_MS at least 100, BENCH_SECONDS in 1..120, BENCH_FLEET_PROCESSES in 1..4 (bounded loads on a shared machine)')
}
const GOAL_P99_MS = 2000
const wallMs = () => performance.timeOrigin + performance.now()
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const tag = [...randomBytes(2)].map((b) => b.toString(16).padStart(2, '0')).join(':')
const macOf = (i: number) => `02:${tag}:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function child(file: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return fork(here(file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env })
}

function next<T>(process: ChildProcess, type?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (type !== undefined && message.type !== type) return
      process.off('message', onMessage)
      resolve(message as T)
    }
    process.on('message', onMessage)
    process.once('exit', (code) => reject(new Error(`${type ?? 'answer'}: the child exited (${code})`)))
  })
}

const database = await freshDatabase()
const app = await buildBenchApp(database.url)
const children: ChildProcess[] = []
try {
  const receiver = child('./webhook-receiver.ts')
  children.push(receiver)
  const { port } = await next<{ port: number }>(receiver, 'ready')
  // the endpoint is saved by the service, whose target rule refuses loopback without WEBHOOK_ALLOW_PRIVATE_TARGETS: save it as the worker's configuration would
  const seeding = createWebhooksModule({ db: app.db, clock: app.services.clock, log: pino({ level: 'silent' }), secretBox: app.secretBox, policy: app.services.policy, audit: app.services.audit, allowPrivateTargets: true })
  const brand = await app.services.tenants.create(OPERATOR, { name: 'Bench brand' })
  const { secret } = await seeding.webhooks.create(OPERATOR, brand.id, { url: `http://127.0.0.1:${port}/hook`, eventTypes: ['device.state'] })
  receiver.send({ type: 'secret', secret })
  const devices = Array.from({ length: DEVICES }, (_, i) => ({ mac: macOf(i), password: randomToken(32) }))
  for (let i = 0; i < devices.length; i += 1000) {
    const chunk = devices.slice(i, i + 1000)
    const rows = await app.db.insertInto('devices').values(chunk.map((d) => ({ mac: d.mac, model: '58', password_hash: hashSecret(d.password) }))).returning(['id', 'mac']).execute()
    await app.db.insertInto('sensors').values(rows.map((d) => ({ tenant_id: brand.id, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' }))).execute()
  }

  const server = child('./webhook-worker.ts', [database.url])
  children.push(server)
  const { brokerUrl } = await next<{ brokerUrl: string }>(server, 'ready')
  const generators = Array.from({ length: PROCESSES }, () => child('./fleet-devices.ts', [], { ...process.env, BENCH_MQTT_URL: brokerUrl }))
  children.push(...generators)
  const connected = await Promise.all(generators.map((g, p) => (g.send({ setup: { devices: devices.filter((_, i) => i % PROCESSES === p), connectConcurrency: 100 } }), next<{ failed: number }>(g))))
  if (connected.some((c) => c.failed > 0)) throw new Error('devices could not connect')
  console.log(`bench:webhooks: ${DEVICES} devices on the embedded broker, a state each every ${INTERVAL_MS} ms (${((DEVICES * 1000) / INTERVAL_MS).toFixed(0)} msg/s) for ${SECONDS} s after ${WARMUP} s, one endpoint for device.state, ${process.version}`)

  const depth = async () => Number((await app.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', 'in', ['queued', 'sending']).executeTakeFirstOrThrow()).n)
  await Promise.all(generators.map((g) => (g.send({ start: { intervalMs: INTERVAL_MS } }), next(g))))
  await sleep(WARMUP * 1000)
  const start = wallMs()
  const depths: number[] = [await depth()]
  for (let s = 0; s < SECONDS; s += 10) {
    await sleep(Math.min(10, SECONDS - s) * 1000)
    depths.push(await depth())
  }
  const end = wallMs()
  // how far ingest is behind the devices: the stalest device's last applied state, against now (a device sends every interval)
  const newest = await app.db.selectFrom('sensors').select(sql<number>`min((latest_data -> 'fullData' ->> 'sentAt')::float8)`.as('sentAt')).executeTakeFirst()
  const ingestLagS = (wallMs() - Number(newest?.sentAt ?? 0)) / 1000
  console.log(`run over: queue every 10 s ${depths.join(', ')}; stopping the devices, then up to 30 s for the queue to drain`)
  const published = await Promise.all(generators.map((g) => (g.send({ stop: true }), next<{ stopped: number }>(g))))
  // the queue drains: whatever was sent during the run is answered, or 30 s pass
  let drained = false
  for (const until = wallMs() + 30_000; wallMs() < until; await sleep(200)) {
    if ((await depth()) === 0) {
      drained = true
      break
    }
  }
  const answered = next<{ answers: [string, number | null, number][]; unverified: number }>(receiver, 'received')
  receiver.send({ type: 'stop' })
  const received = await answered
  const stopped = next<{ cpuMs: number }>(server, 'stopped')
  server.send({ type: 'stop' })
  const { cpuMs } = await stopped

  // the run's messages: sent from the end of the warm-up to the end of the run
  const ofRun = received.answers.filter(([, sentAt]) => sentAt !== null && sentAt >= start && sentAt < end)
  const latencies = ofRun.map(([, sentAt, at]) => at - sentAt!)
  const during = received.answers.filter(([, , at]) => at >= start && at < end).length
  const distinct = new Set(received.answers.map(([id]) => id)).size
  const { p50, p99 } = percentiles(latencies)
  const sent = published.reduce((n, p) => n + p.stopped, 0)
  console.log(`${sent} states published, ${received.answers.length} device.state messages answered (${received.answers.length - distinct} repeated), ${received.unverified} failed verification; queue drained after the run: ${drained ? 'yes' : 'NO'}`)
  console.log(`states applied lag the devices by ${ingestLagS.toFixed(1)} s at the end of the run (the stalest device's last applied state against now; a device sends every ${INTERVAL_MS} ms)`)
  console.log('| events/s delivered | p50 device -> answer | p99 device -> answer | queue every 10 s | queue at the end | worker CPU ms/event |')
  console.log('|---|---|---|---|---|---|')
  console.log(`| ${(during / ((end - start) / 1000)).toFixed(0)} | ${p50.toFixed(0)} ms | ${p99.toFixed(0)} ms = ${(p99 / GOAL_P99_MS).toFixed(2)}x the goal (2 s) | ${depths.join(', ')} | ${depths.at(-1)} (${depths.at(-1)! - depths[0]! > 0 ? '+' : ''}${depths.at(-1)! - depths[0]!} over the run; goal: no growth) | ${(cpuMs / Math.max(1, received.answers.length)).toFixed(2)} (the server's, ingest included) |`)
  if (!drained || received.unverified > 0 || ofRun.length === 0) process.exitCode = 1
} finally {
  for (const c of children) if (c.connected) c.kill()
  await app.close()
  await database.drop()
}
