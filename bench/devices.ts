/**
 * Devices, PostgreSQL behind:   npm run bench:devices
 * On each broker (BENCH_BROKERS, default all three): the machine's Mosquitto as configured
 * (BENCH_MQTT_URL), a Mosquitto of the run's own with `set_tcp_nodelay true`, and the
 * embedded broker (each device connecting with its own credentials):
 *  1. ingest: state messages per second applied to PostgreSQL, next to the same broker
 *     delivering the same messages to a plain subscriber that only counts them (for the
 *     embedded broker: bare Aedes, its library, in this process; and, as Trellis takes the
 *     embedded broker's messages in process, bare Aedes handing them to a counting function),
 *     BENCH_REPEATS times, each run on fresh devices; after each run every device's
 *     latestData, online and history are checked against the messages it sent; with the CPU
 *     each side spent per message (this process, the publisher, PostgreSQL, the run's own
 *     Mosquitto);
 *  2. commands: REST call -> device and -> answer, sequential and concurrent, next to the
 *     broker's own hop (./devices-commands.ts), the callers and the devices in a process
 *     of their own.
 * The publisher runs in its own process, in rounds of BENCH_ROUND messages (each round is
 * sent when the previous one has been consumed), so Mosquitto's queue limit (1000 per
 * client) never drops a message and both sides see exactly the same load.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import mqtt from 'mqtt'
import type { FastifyInstance } from 'fastify'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { freshDatabase, startApp } from './lib.ts'
import { startBareAedes, startMosquitto, type RunningBroker } from './devices-brokers.ts'
import { measureCommands, type CommandFigures, type Percentiles } from './devices-commands.ts'
import { topSelfTime } from './cpuprofile-top.ts'
import { postgresCpuMs, processCpuMs } from './cpu.ts'

const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883'
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200)
const ROUND = Number(process.env.BENCH_ROUND ?? 500)
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 300)
const CONCURRENCY = Math.min(DEVICES, Number(process.env.BENCH_COMMAND_CONCURRENCY ?? 50))
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2)
const BROKERS = (process.env.BENCH_BROKERS ?? 'mosquitto,nodelay,embedded').split(',')
/** A directory: each ingest run (the plain subscriber's and Trellis's) is profiled in this process, and its top functions printed. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR
if (!(MESSAGES > 0 && MESSAGES <= 200_000) || !(DEVICES > 0 && DEVICES <= 5000) || !(REPEATS >= 1 && REPEATS <= 5)) {
  throw new Error('BENCH_MESSAGES must be in 1..200000, BENCH_DEVICES in 1..5000, BENCH_REPEATS in 1..5 (bounded loads on a shared machine)')
}

interface Target {
  name: string
  embedded: boolean
  /** the external broker, started for the run if it is the run's own */
  broker?: RunningBroker
  url?: string
}

interface Fleet {
  macs: string[]
  sensors: { id: number; mac: string }[]
  passwords: string[] | null
}

function newMacs(): string[] {
  const tag = [...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0')).join(':')
  return Array.from({ length: DEVICES }, (_, i) => `02:${tag}:${[(i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`)
}

/** A run's rate, and the CPU each side spent per message (ms per 1,000 messages; null where it cannot be read). */
interface Rate {
  rate: number
  cpu: { self: number; publisher: number | null; postgres: number | null; broker: number | null }
}

/** The messages a side has consumed so far, and a wait for the count to reach a target. */
class Tally {
  count = 0
  private waiters: (() => void)[] = []

  add(): void {
    this.count++
    this.waiters.splice(0).forEach((w) => w())
  }

  reach(target: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const check = () => (this.count >= target ? resolve() : this.waiters.push(check))
      check()
    })
  }
}

/** Publishes every round, each after the tally reaches the messages sent so far. */
async function drive(url: string, fleet: Fleet, prefix: string, consumed: Tally, brokerPid?: number): Promise<Rate> {
  const publisher = fork(new URL('./devices-publisher.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_MQTT_URL: url, BENCH_ROUND: String(ROUND), BENCH_TOPIC_ROOT: prefix },
  })
  await new Promise<void>((resolve) => {
    publisher.once('message', () => resolve())
    publisher.send({ setup: { macs: fleet.macs, passwords: fleet.passwords } })
  })
  const start = performance.now()
  const brokerCpu = () => (brokerPid ? processCpuMs(brokerPid) : null)
  const cpu0 = { self: process.cpuUsage(), publisher: processCpuMs(publisher.pid!), postgres: postgresCpuMs(), broker: brokerCpu() }
  for (let round = 1; round * ROUND <= MESSAGES; round++) {
    publisher.send({ round })
    await consumed.reach(round * ROUND)
  }
  const seconds = (performance.now() - start) / 1000
  const sent = Math.floor(MESSAGES / ROUND) * ROUND
  const self = process.cpuUsage(cpu0.self)
  const publisherMs = processCpuMs(publisher.pid!)
  const postgresMs = postgresCpuMs()
  const brokerMs = brokerCpu()
  const perThousand = (ms: number) => (ms / sent) * 1000
  publisher.send({ stop: true })
  return {
    rate: sent / seconds,
    cpu: {
      self: perThousand((self.user + self.system) / 1000),
      publisher: publisherMs !== null && cpu0.publisher !== null ? perThousand(publisherMs - cpu0.publisher) : null,
      postgres: postgresMs !== null && cpu0.postgres !== null ? perThousand(postgresMs - cpu0.postgres) : null,
      broker: brokerMs !== null && cpu0.broker !== null ? perThousand(brokerMs - cpu0.broker) : null,
    },
  }
}

/** Bare Aedes handing the same load to a function in its own process that only counts (as the embedded broker hands it to Trellis). */
async function inProcessSubscriber(bare: RunningBroker, fleet: Fleet): Promise<Rate> {
  const tally = new Tally()
  await bare.countInProcess!('bench-baseline/+/in', () => tally.add())
  return drive(bare.url, fleet, 'bench-baseline', tally)
}

/** The broker's delivery of the same load to a subscriber that only counts (on its own topic root, which no Trellis reads). */
async function plainSubscriber(url: string, fleet: Fleet, brokerPid?: number): Promise<Rate> {
  const client = await mqtt.connectAsync(url, { clientId: `bench-sub-${process.pid}`, protocolVersion: 4, clean: true })
  await client.subscribeAsync('bench-baseline/+/in', { qos: 1 })
  const tally = new Tally()
  client.on('message', () => tally.add())
  const rate = await drive(url, fleet, 'bench-baseline', tally, brokerPid)
  await client.endAsync()
  return rate
}

async function seedFleet(app: FastifyInstance, tenantId: number, embedded: boolean): Promise<Fleet> {
  const macs = newMacs()
  const devices = await app.db.insertInto('devices').values(macs.map((m) => ({ mac: m, model: '58', password_hash: null }))).returning(['id', 'mac']).execute()
  const sensors = await app.db
    .insertInto('sensors')
    .values(devices.map((d) => ({ tenant_id: tenantId, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' })))
    .returning(['id', 'device_id'])
    .execute()
  const passwords = embedded ? await Promise.all(devices.map(async (d) => (await app.services.devices.credentials.issue(d)).password)) : null
  return { macs, sensors: sensors.map((s) => ({ id: s.id, mac: s.device_id })), passwords }
}

/** Every device's final state and history against the messages it was sent (message k is device k mod N's, seq k). */
async function checkExact(app: FastifyInstance, fleet: Fleet): Promise<void> {
  const sent = Math.floor(MESSAGES / ROUND) * ROUND
  const rows = await app.db
    .selectFrom('sensors')
    .select((eb) => ['device_id', 'online', 'latest_data', eb.selectFrom('sensor_history').select(eb.fn.countAll<string>().as('n')).whereRef('sensor_history.sensor_id', '=', 'sensors.id').as('history')])
    .where('device_id', 'in', fleet.macs)
    .execute()
  const byMac = new Map(rows.map((r) => [r.device_id, r]))
  fleet.macs.forEach((mac, j) => {
    const messages = Math.floor((sent - 1 - j) / DEVICES) + 1
    const lastSeq = j + (messages - 1) * DEVICES
    const row = byMac.get(mac)
    if (!row || row.online !== true || row.latest_data?.fullData.seq !== lastSeq || Number(row.history) !== messages) {
      throw new Error(`device ${mac}: expected online, seq ${lastSeq}, ${messages} history rows; got ${JSON.stringify({ online: row?.online, seq: row?.latest_data?.fullData.seq, history: row?.history })}`)
    }
  })
}

/** Runs `fn` under V8's CPU profiler when BENCH_PROFILE_DIR is set, and prints where this process spent its time. */
async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return fn()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await fn()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    const file = join(PROFILE_DIR, `${name}-${process.pid}-${Date.now()}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    console.log(`  profile of ${name} (${file}):\n${topSelfTime(file, Number(process.env.BENCH_PROFILE_TOP ?? 25)).join('\n')}`)
  }
}

async function ingest(app: FastifyInstance, url: string, fleet: Fleet, brokerPid?: number): Promise<Rate> {
  const bridge = app.services.devices.bridge!
  const applied = new Tally()
  const listener = (e: { channel: string }) => e.channel === 'in' && applied.add()
  bridge.events.on('state', listener)
  try {
    return await drive(url, fleet, 'sensor', applied, brokerPid)
  } finally {
    bridge.events.off('state', listener)
  }
}

interface TargetFigures {
  name: string
  baseline: Rate[]
  /** the embedded broker only: bare Aedes handing each message to a counting function in its process */
  inProcess: Rate[]
  trellis: Rate[]
  commands: CommandFigures
}

async function measureTarget(target: Target): Promise<TargetFigures> {
  const database = await freshDatabase()
  const env: Record<string, string> = target.embedded ? { MQTT_EMBEDDED: 'true', MQTT_PORT: '0' } : { MQTT_URL: target.url!, MQTT_SHARE_GROUP: `bench${randomBytes(4).toString('hex')}` }
  const { app, url: apiUrl } = await startApp(database.url, env)
  try {
    const brokerUrl = target.embedded ? app.services.devices.broker!.url : target.url!
    const tenant = await app.services.tenants.create(OPERATOR, { name: 'bench' })
    const user = await insertUser(app.db, { email: 'bench@bench.test', emailConfirmedAt: app.services.clock.now() })
    await addMembership(app.db, tenant.id, user.id, 'admin')
    const baseline: Rate[] = []
    const inProcess: Rate[] = []
    const trellis: Rate[] = []
    let fleet: Fleet | null = null
    for (let r = 0; r < REPEATS; r++) {
      fleet = await seedFleet(app, tenant.id, target.embedded)
      const bare = target.embedded ? await startBareAedes() : null
      baseline.push(await profiled('plain-subscriber', () => plainSubscriber(bare?.url ?? brokerUrl, fleet!, target.broker?.pid)))
      await bare?.stop()
      if (target.embedded) {
        const inner = await startBareAedes()
        inProcess.push(await inProcessSubscriber(inner, fleet))
        await inner.stop()
      }
      trellis.push(await profiled('trellis-ingest', () => ingest(app, brokerUrl, fleet!, target.broker?.pid)))
      await checkExact(app, fleet)
    }
    const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId: 'bench', tenantId: null, scope: SCOPES.join(' ') }, app.services.clock.now())
    const token = await signAccessToken(app, { sub: String(user.id), clientId: 'bench', scope: SCOPES.join(' '), sessionId })
    const devices = fleet!.sensors.slice(0, CONCURRENCY).map((s, i) => ({ sensorId: s.id, mac: s.mac, ...(fleet!.passwords ? { password: fleet!.passwords[i]! } : {}) }))
    const hopOptions = target.embedded ? { ...app.services.devices.auth.bridge } : {}
    const commands = await measureCommands({ apiUrl, token, brokerUrl, hopOptions, devices, count: COMMANDS })
    return { name: target.name, baseline, inProcess, trellis, commands }
  } finally {
    await app.close()
    await app.db.destroy()
    await database.drop()
  }
}

const n0 = (n: number) => n.toFixed(0)
const bracket = (values: number[], f: (n: number) => string) => (values.length > 1 ? ` [${f(Math.min(...values))}-${f(Math.max(...values))}]` : '')
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const cpu = (runs: Rate[], side: keyof Rate['cpu']) => {
  const values = runs.map((r) => r.cpu[side])
  return values.every((v): v is number => v !== null) ? `${n0(mean(values))}${bracket(values, n0)}` : 'n/a'
}
const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} ms`

function print(f: TargetFigures): void {
  const ratios = f.trellis.map((t, i) => t.rate / f.baseline[i]!.rate)
  const rates = (runs: Rate[]) => runs.map((r) => r.rate)
  const c = f.commands
  console.log(`\n${f.name}`)
  console.log(`  plain subscriber            ${n0(mean(rates(f.baseline))).padStart(7)} msg/s${bracket(rates(f.baseline), n0)}`)
  console.log(`  Trellis ingest              ${n0(mean(rates(f.trellis))).padStart(7)} msg/s${bracket(rates(f.trellis), n0)}  = ${mean(ratios).toFixed(2)}x the plain subscriber${bracket(ratios, (n) => n.toFixed(2))}; every device's final state and history exact`)
  if (f.inProcess.length > 0) {
    const inner = f.trellis.map((t, i) => t.rate / f.inProcess[i]!.rate)
    console.log(`  in-process subscriber       ${n0(mean(rates(f.inProcess))).padStart(7)} msg/s${bracket(rates(f.inProcess), n0)}  (Trellis takes the embedded broker's messages in its process: ${mean(inner).toFixed(2)}x this${bracket(inner, (n) => n.toFixed(2))})`)
  }
  console.log(`  CPU ms per 1,000 messages, plain subscriber / Trellis:  this process ${cpu(f.baseline, 'self')} / ${cpu(f.trellis, 'self')}; publisher ${cpu(f.baseline, 'publisher')} / ${cpu(f.trellis, 'publisher')}; PostgreSQL ${cpu(f.baseline, 'postgres')} / ${cpu(f.trellis, 'postgres')}${f.baseline[0]?.cpu.broker != null ? `; broker ${cpu(f.baseline, 'broker')} / ${cpu(f.trellis, 'broker')}` : ''}`)
  console.log(`  broker hop (QoS 1, client -> device)         ${ms(c.hop)}`)
  console.log(`  command, ${COMMANDS} sequential:  REST -> device  ${ms(c.sequential.device)} (p50 ${(c.sequential.device.p50 / c.hop.p50).toFixed(1)}x the hop); REST -> answer ${ms(c.sequential.answer)}`)
  console.log(`  command, ${CONCURRENCY} concurrent:   REST -> device  ${ms(c.concurrent.device)}; REST -> answer ${ms(c.concurrent.answer)}`)
}

console.log(`${MESSAGES} state messages from ${DEVICES} devices per run, ${REPEATS} runs per broker, PostgreSQL, ${process.version}`)
const targets: Target[] = []
if (BROKERS.includes('mosquitto')) targets.push({ name: `Mosquitto as configured (${MQTT_URL})`, embedded: false, url: MQTT_URL })
if (BROKERS.includes('nodelay')) {
  const broker = await startMosquitto(['set_tcp_nodelay true'])
  if (broker) targets.push({ name: `Mosquitto with set_tcp_nodelay true (${broker.url})`, embedded: false, url: broker.url, broker })
  else console.log('(no mosquitto binary: the set_tcp_nodelay run is left out)')
}
if (BROKERS.includes('embedded')) targets.push({ name: 'the embedded broker (Aedes, devices with their credentials); plain subscriber: bare Aedes', embedded: true })
try {
  for (const target of targets) print(await measureTarget(target))
} finally {
  await Promise.all(targets.map((t) => t.broker?.stop()))
}
