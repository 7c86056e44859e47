/**
 * Schedules at fleet scale:   npm run bench:schedules
 * BENCH_SCHEDULE_DEVICES (default 10,000) devices on the embedded broker, each with its own
 * credentials, connected from BENCH_FLEET_PROCESSES load-generator processes (./fleet-devices.ts,
 * which count the commands each device receives), and one schedule per device ("power 1" every
 * minute, made by the tenant's admin, so each run acts as that person would by hand), all due
 * at the same minute. This process is the server: Trellis with its schedule runner started as in
 * production (a tick every second), on a clock that is real time plus an offset; once every
 * device is online the clock is moved to one second before the minute. Measured: every command
 * sent once (runs recorded `sent`, one command row per schedule, and each device receiving
 * exactly one), the time from the minute to the last device's command, and how many were sent
 * within 10 s of the minute (the goal). Waits at most BENCH_SCHEDULE_WAIT seconds (100) after the
 * minute. BENCH_SCHEDULE_INSTANCES (1) instances of the server, each with its own pool and
 * runner on the one clock; more than one needs an external broker (BENCH_MQTT_URL, e.g. the
 * machine's Mosquitto: an embedded broker is its instance's own), where the instances share the
 * devices' messages (MQTT_SHARE_GROUP) and every one can reach every device. PostgreSQL at
 * BENCH_DATABASE_URL, a fresh database dropped at the end. Only loopback addresses are used.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { AdjustableClock } from '../src/lib/clock.ts'
import { hashSecret, randomToken } from '../src/lib/crypto.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { benchAppEnv } from './app-env.ts'
import { freshDatabase } from './lib.ts'

const DEVICES = Number(process.env.BENCH_SCHEDULE_DEVICES ?? 10_000)
const PROCESSES = Number(process.env.BENCH_FLEET_PROCESSES ?? 2)
const WAIT_S = Number(process.env.BENCH_SCHEDULE_WAIT ?? 100)
const INSTANCES = Number(process.env.BENCH_SCHEDULE_INSTANCES ?? 1)
const EXTERNAL = process.env.BENCH_MQTT_URL
if (!(INSTANCES >= 1 && INSTANCES <= 3) || (INSTANCES > 1 && !EXTERNAL)) throw new Error('BENCH_SCHEDULE_INSTANCES must be in 1..3; more than one needs BENCH_MQTT_URL (an external broker)')
const GOAL_S = 10
if (!(DEVICES > 0 && DEVICES <= 20_000) || !(PROCESSES >= 1 && PROCESSES <= 8) || !(WAIT_S >= 5 && WAIT_S <= 110)) {
  throw new Error('BENCH_SCHEDULE_DEVICES must be in 1..20000, BENCH_FLEET_PROCESSES in 1..8, BENCH_SCHEDULE_WAIT in 5..110 (bounded runs on a shared machine)')
}
const epochMs = () => performance.timeOrigin + performance.now()
const tag = [...randomBytes(2)].map((b) => b.toString(16).padStart(2, '0')).join(':')
const macOf = (i: number) => `02:${tag}:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`

interface Received {
  received: number
  devices: number
  repeated: number
  lastAt: number
}

function next<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T))
    child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)))
  })
}

const database = await freshDatabase()
const clock = new AdjustableClock()
const broker = INSTANCES > 1 && EXTERNAL ? { MQTT_URL: EXTERNAL, MQTT_SHARE_GROUP: `bench${randomBytes(6).toString('hex')}` } : { MQTT_EMBEDDED: 'true', MQTT_PORT: '0' }
const config = loadConfig({ ...benchAppEnv(database.url), ...broker, RUN_WORKER: 'true' })
const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false, clock })
// the other instances: the same database and clock, each with its own pool, runner and broker connection
const others = await Promise.all(Array.from({ length: INSTANCES - 1 }, async () => buildApp(config, { db: await connectDatabase(config.database), logger: false, clock })))
const generators: ChildProcess[] = []
const stopped = new Set<ChildProcess>()
let received: Received[] = []
try {
  const tenant = await app.services.tenants.create(OPERATOR, { name: 'fleet' })
  const admin = await insertUser(app.db, { email: 'fleet-admin@bench.test', emailConfirmedAt: clock.now() })
  await addMembership(app.db, tenant.id, admin.id, 'admin')
  const devices = Array.from({ length: DEVICES }, (_, i) => ({ mac: macOf(i), password: randomToken(32) }))
  for (let i = 0; i < devices.length; i += 1000) {
    const chunk = devices.slice(i, i + 1000)
    const rows = await app.db.insertInto('devices').values(chunk.map((d) => ({ mac: d.mac, model: '58', password_hash: hashSecret(d.password) }))).returning(['id', 'mac']).execute()
    await app.db.insertInto('sensors').values(rows.map((d) => ({ tenant_id: tenant.id, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' }))).execute()
  }
  // one group of one item per sensor, as the API makes them; not due until the clock is moved
  const later = new Date(clock.now().getTime() + 86_400_000)
  await sql`insert into schedule_groups (tenant_id, sensor_id, created_by) select tenant_id, id, ${admin.id} from sensors where tenant_id = ${tenant.id} order by id`.execute(app.db)
  await sql`insert into schedule_items (group_id, cron, type, value, next_run_at)
            select id, '* * * * *', 'tune', '{"power":1}'::jsonb, ${later} from schedule_groups where tenant_id = ${tenant.id} order by id`.execute(app.db)
  await sql`analyze`.execute(app.db)
  console.log(`bench:schedules: ${DEVICES} devices on ${INSTANCES > 1 ? 'the external' : 'the embedded'} broker from ${PROCESSES} processes, ${DEVICES} schedules due at the same minute, ${INSTANCES} instance${INSTANCES > 1 ? `s, external broker at ${EXTERNAL}` : ''} (a tick a second each), ${process.version}`)

  // online once some instance applied the device's presence message
  const onlineCount = async () => Number((await app.db.selectFrom('sensors').select((eb) => eb.fn.countAll<string>().as('n')).where('online', '=', true).executeTakeFirstOrThrow()).n)
  const brokerUrl = EXTERNAL && INSTANCES > 1 ? EXTERNAL : app.services.devices.broker!.url
  for (let p = 0; p < PROCESSES; p++) {
    generators.push(fork(new URL('./fleet-devices.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_MQTT_URL: brokerUrl } }))
  }
  const connectStart = performance.now()
  const connected = await Promise.all(
    generators.map((g, p) => {
      const answer = next<{ connected: number; failed: number }>(g)
      g.send({ setup: { devices: devices.filter((_, i) => i % PROCESSES === p), connectConcurrency: 100 } })
      return answer
    }),
  )
  if (connected.some((c) => c.failed > 0)) throw new Error('devices could not connect')
  for (let online = 0; online < DEVICES; online = await onlineCount()) {
    if (performance.now() - connectStart > 90_000) throw new Error(`only ${online} of ${DEVICES} online after 90 s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.log(`all ${DEVICES} devices online in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`)

  // the minute: the next whole minute of the clock, which is then moved to one second before it
  const now = clock.now().getTime()
  const minute = Math.ceil((now + 2000) / 60_000) * 60_000
  await app.db.updateTable('schedule_items').set({ next_run_at: new Date(minute) }).execute()
  clock.advance((minute - 1000 - clock.now().getTime()) / 1000)
  const minuteAtEpoch = epochMs() + (minute - clock.now().getTime())

  const sentBy = async () => Number((await app.db.selectFrom('schedule_runs').select((eb) => eb.fn.countAll<string>().as('n')).where('outcome', '=', 'sent').executeTakeFirstOrThrow()).n)
  let withinGoal: number | null = null
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const sinceS = (epochMs() - minuteAtEpoch) / 1000
    if (withinGoal === null && sinceS >= GOAL_S) withinGoal = await sentBy()
    const settled = Number((await app.db.selectFrom('schedule_runs').select((eb) => eb.fn.countAll<string>().as('n')).where('outcome', 'is not', null).executeTakeFirstOrThrow()).n)
    if ((settled >= DEVICES && withinGoal !== null) || sinceS > WAIT_S) break
  }
  await new Promise((resolve) => setTimeout(resolve, 1000)) // the last commands' way to the devices
  received = await Promise.all(generators.map((g) => (g.send({ stop: true }), next<{ commands: Received }>(g).then((m) => (stopped.add(g), m.commands)))))
  const outcomes = await app.db.selectFrom('schedule_runs').select(['outcome', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('outcome').execute()
  const commandRows = Number((await app.db.selectFrom('device_commands').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
  const total = received.reduce((n, r) => n + r.received, 0)
  const reached = received.reduce((n, r) => n + r.devices, 0)
  const repeated = received.reduce((n, r) => n + r.repeated, 0)
  const lastS = (Math.max(...received.map((r) => r.lastAt)) - minuteAtEpoch) / 1000
  const sent = Number(outcomes.find((o) => o.outcome === 'sent')?.n ?? 0)
  console.log(`runs by outcome: ${outcomes.map((o) => `${o.outcome ?? 'unsettled'} ${o.n}`).join(', ')}; ${commandRows} command rows; devices received ${total} commands, ${reached} devices reached, ${repeated} more than once`)
  const all = sent === DEVICES && reached === DEVICES && repeated === 0 && total === DEVICES
  console.log('| schedules | every command sent once | sent within 10 s of the minute | minute -> last command at its device | commands/s | bound |')
  console.log('|---|---|---|---|---|---|')
  console.log(`| ${DEVICES} | ${all ? 'yes' : `NO (${total} received by ${WAIT_S} s)`} | ${withinGoal ?? 0} | ${lastS.toFixed(1)} s${all ? '' : ' (not all)'} | ${(total / Math.max(0.001, lastS)).toFixed(0)} | ${(lastS / GOAL_S).toFixed(2)}x the goal (${GOAL_S} s) |`)
  if (sent !== DEVICES || repeated > 0 || total !== DEVICES || commandRows !== DEVICES) process.exitCode = 1
} finally {
  // a generator that answered its stop is on its way out: a second one would meet a closed pipe
  await Promise.all(generators.map((g) => (g.connected && !stopped.has(g) ? (g.send({ stop: true }), next(g).catch(() => undefined)) : undefined)))
  for (const other of others) {
    await other.close()
    await other.db.destroy()
  }
  await app.close()
  await app.db.destroy()
  await database.drop()
}
