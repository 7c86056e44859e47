/**
 * Devices over the machine's Mosquitto, PostgreSQL behind:   npm run bench:devices
 *  1. ingest: state messages per second applied to PostgreSQL (latestData, history,
 *     command confirmation: one statement each), next to Mosquitto delivering the same
 *     messages to a plain subscriber that only counts them, in the same run;
 *  2. command latency: from the REST call to the device receiving it, p50 and p99.
 * The publisher runs in its own process, in rounds of BENCH_ROUND messages (each round is
 * sent when the previous one has been consumed), so Mosquitto's queue limit (1000 per
 * client) never drops a message and both sides see exactly the same load.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import mqtt from 'mqtt'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { freshDatabase, startApp } from './lib.ts'

const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883'
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200)
const ROUND = Number(process.env.BENCH_ROUND ?? 500)
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 300)

const mac = (i: number, tag: string) => `02:${tag}:${[(i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`
const tag = [...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0')).join(':')
const macs = Array.from({ length: DEVICES }, (_, i) => mac(i, tag))

function startPublisher(): Promise<ChildProcess> {
  const child = fork(new URL('./devices-publisher.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_MQTT_URL: MQTT_URL, BENCH_MACS: macs.join(','), BENCH_ROUND: String(ROUND) },
  })
  return new Promise((resolve) => child.once('message', () => resolve(child)))
}

/** Publishes every round, each after `consumed()` reaches the messages sent so far; returns msgs/s. */
async function drive(consumed: () => number, onProgress: (cb: () => void) => void): Promise<number> {
  const publisher = await startPublisher()
  const start = performance.now()
  for (let round = 1; round * ROUND <= MESSAGES; round++) {
    publisher.send({ round })
    const target = round * ROUND
    await new Promise<void>((resolve) => {
      const check = () => (consumed() >= target ? resolve() : onProgress(check))
      check()
    })
  }
  const seconds = (performance.now() - start) / 1000
  publisher.send({ stop: true })
  return MESSAGES / seconds
}

async function plainSubscriber(): Promise<number> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-sub-${process.pid}`, protocolVersion: 4, clean: true })
  await client.subscribeAsync(macs.map((m) => `sensor/${m}/in`), { qos: 1 })
  let count = 0
  const waiters: (() => void)[] = []
  client.on('message', () => {
    count++
    waiters.splice(0).forEach((w) => w())
  })
  const rate = await drive(() => count, (cb) => waiters.push(cb))
  await client.endAsync()
  return rate
}

console.log(`${MESSAGES} state messages from ${DEVICES} devices over Mosquitto (${MQTT_URL}), PostgreSQL, ${process.version}`)
// the baseline first, while no Trellis is subscribed to compete for the machine
const baseline = await plainSubscriber()
const database = await freshDatabase()
const { app, url } = await startApp(database.url, { MQTT_URL, MQTT_SHARE_GROUP: `bench${randomBytes(4).toString('hex')}` })
try {
  const tenant = await app.services.tenants.create(OPERATOR, { name: 'bench' })
  const user = await insertUser(app.db, { email: 'bench@bench.test', emailConfirmedAt: app.services.clock.now() })
  await addMembership(app.db, tenant.id, user.id, 'admin')
  // registered devices, each held by the bench tenant through its sensor
  const devices = await app.db.insertInto('devices').values(macs.map((m) => ({ mac: m, model: '58', password_hash: 'x' }))).returning(['id', 'mac']).execute()
  const sensors = await app.db
    .insertInto('sensors')
    .values(devices.map((d) => ({ tenant_id: tenant.id, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' })))
    .returning(['id', 'device_id'])
    .execute()

  const bridge = app.services.devices.bridge!
  let applied = 0
  const waiters: (() => void)[] = []
  bridge.events.on('state', () => {
    applied++
    waiters.splice(0).forEach((w) => w())
  })
  const trellis = await drive(() => applied, (cb) => waiters.push(cb))
  const last = await app.db.selectFrom('sensors').select(['device_id', 'latest_data']).where('device_id', '=', macs[(MESSAGES - 1) % DEVICES]!).executeTakeFirstOrThrow()
  if (last.latest_data?.fullData.seq !== MESSAGES - 1) throw new Error(`latestData not the last message: ${JSON.stringify(last.latest_data)}`)
  console.log(`Mosquitto to a plain subscriber   ${baseline.toFixed(0).padStart(7)} msg/s`)
  console.log(`Trellis ingest into PostgreSQL    ${trellis.toFixed(0).padStart(7)} msg/s  (${((trellis / baseline) * 100).toFixed(1)}% of Mosquitto's delivery rate)`)

  const { sessionId } = await openSession(app.db, 3600, { userId: user.id, clientId: 'bench', tenantId: null, scope: SCOPES.join(' ') }, app.services.clock.now())
  const token = await signAccessToken(app, { sub: String(user.id), clientId: 'bench', scope: SCOPES.join(' '), sessionId })
  const device = sensors[0]!
  const sim = new DeviceSimulator({ url: MQTT_URL, deviceId: device.device_id, intervalMs: 60_000 })
  const online = new Promise<void>((resolve) => bridge.events.on('state', (e: { mac: string; channel: string }) => e.mac === device.device_id && e.channel === 'online' && resolve()))
  await sim.start()
  await online
  const times: number[] = []
  for (let i = 0; i < COMMANDS; i++) {
    const received = new Promise<void>((resolve) => sim.once('command', () => resolve()))
    const start = performance.now()
    const res = await fetch(`${url}/sensors/${device.id}/command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command: `tune set speed ${(i % 30) + 1}` }),
    })
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`)
    await received
    times.push(performance.now() - start)
  }
  await sim.stop()
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1)
  console.log(`command REST call -> device      p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms  (${COMMANDS} sequential commands)`)
} finally {
  await app.close()
  await app.db.destroy()
  await database.drop()
}
