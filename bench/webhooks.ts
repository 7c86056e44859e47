/**
 * bench:webhooks: events per second delivered to a local receiver, and the time from each
 * event's commit to the receiver's answer (p50, p99). Three processes: this one seeds a brand
 * with one endpoint and writes the events, BENCH_CONNECTIONS transactions at a time for
 * BENCH_SECONDS, each as a module writes one (the events port, lib/events.ts, in the
 * transaction of a change: here the change is the event alone); a Trellis server with its
 * worker delivers them (./webhook-worker.ts); the receiver verifies each with the
 * `standardwebhooks` package and answers 200 (./webhook-receiver.ts). PostgreSQL
 * (BENCH_DATABASE_URL), a fresh database dropped at the end.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createWebhooksModule } from '../src/modules/webhooks/index.ts'
import { buildBenchApp, CONNECTIONS, freshDatabase, SECONDS } from './lib.ts'

const wallMs = () => performance.timeOrigin + performance.now()
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

function child(file: string, args: string[] = []): ChildProcess {
  return fork(here(file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
}

function next<T>(process: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message.type !== type) return
      process.off('message', onMessage)
      resolve(message as T)
    }
    process.on('message', onMessage)
    process.once('exit', (code) => reject(new Error(`${type}: the child exited (${code})`)))
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const database = await freshDatabase()
const app = await buildBenchApp(database.url)
const receiver = child('./webhook-receiver.ts')
const { port } = await next<{ port: number }>(receiver, 'ready')
// the endpoint is saved by the service, whose target rule refuses loopback without WEBHOOK_ALLOW_PRIVATE_TARGETS: save it as the worker's configuration would
const seeding = createWebhooksModule({ db: app.db, clock: app.services.clock, log: pino({ level: 'silent' }), secretBox: app.secretBox, policy: app.services.policy, audit: app.services.audit, allowPrivateTargets: true })
const brand = await app.services.tenants.create(OPERATOR, { name: 'Bench brand' })
const { secret } = await seeding.webhooks.create(OPERATOR, brand.id, { url: `http://127.0.0.1:${port}/hook`, eventTypes: ['member.removed'] })
receiver.send({ type: 'secret', secret })
const worker = child('./webhook-worker.ts', [database.url])
await next(worker, 'ready')

const committedAt = new Map<number, number>()
let seq = 0
const until = wallMs() + SECONDS * 1000
const writer = async () => {
  while (wallMs() < until) {
    const n = ++seq
    await app.db.transaction().execute((trx) => seeding.events.record(trx, { type: 'member.removed', tenantId: brand.id, data: { userId: n, role: 'member', seq: n } }))
    committedAt.set(n, wallMs())
  }
}
await Promise.all(Array.from({ length: CONNECTIONS }, writer))
const written = committedAt.size

// every event answered, or 30 s of waiting
const deadline = wallMs() + 30_000
let received: { answers: [number, number][]; unverified: number } = { answers: [], unverified: 0 }
for (;;) {
  const depth = await app.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', 'in', ['queued', 'sending']).executeTakeFirstOrThrow()
  if (Number(depth.n) === 0 || wallMs() > deadline) break
  await new Promise((resolve) => setTimeout(resolve, 200))
}
const answered = next<typeof received>(receiver, 'received')
receiver.send({ type: 'stop' })
received = await answered
const stopped = next<{ cpuMs: number }>(worker, 'stopped')
worker.send({ type: 'stop' })
const { cpuMs } = await stopped
await app.close()
await database.drop()

const latencies = received.answers.map(([n, at]) => at - (committedAt.get(n) ?? at)).sort((a, b) => a - b)
const first = Math.min(...[...committedAt.values()])
const last = Math.max(...received.answers.map(([, at]) => at))
const distinct = new Set(received.answers.map(([n]) => n)).size
console.log(`bench:webhooks: ${written} events written by ${CONNECTIONS} writers in ${SECONDS} s, ${distinct} delivered (${received.answers.length - distinct} twice), ${received.unverified} failed verification`)
console.log('| events/s delivered | p50 commit -> answer | p99 commit -> answer | worker CPU ms/event |')
console.log('|---|---|---|---|')
console.log(`| ${(distinct / ((last - first) / 1000)).toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 99).toFixed(1)} ms | ${(cpuMs / Math.max(1, distinct)).toFixed(2)} |`)
if (distinct !== written || received.unverified > 0) process.exitCode = 1
