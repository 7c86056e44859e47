/**
 * The device state statement alone:   npm run bench:ingest
 * What PostgreSQL spends per state message in the one statement a batch is (StateService
 * .applyStates: the sensor row, a history row, pending commands), by batch size, with no broker
 * and no bridge: the floor under bench:devices' ingest. The messages go round-robin over
 * BENCH_DEVICES devices, so a batch no larger than that has one message per device (each its
 * own sensor row update and history row, as a fleet whose devices send every few seconds
 * gives) and a larger one several, whose sensor row is written once; BENCH_STATEMENTS
 * statements per size after a warm-up. PostgreSQL's CPU is read from /proc (all its processes: the backend,
 * the WAL writer, autovacuum), this process's from process.cpuUsage().
 */
import { freshDatabase, buildBenchApp } from './lib.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { postgresCpuMs } from './cpu.ts'

const SIZES = (process.env.BENCH_BATCHES ?? '1,10,100,500').split(',').map(Number)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 500)
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 200)
if (SIZES.some((n) => !(n >= 1 && n <= 1000)) || !(DEVICES >= 1 && DEVICES <= 5000) || !(STATEMENTS >= 5 && STATEMENTS <= 2000)) {
  throw new Error('BENCH_BATCHES in 1..1000 each, BENCH_DEVICES in 1..5000, BENCH_STATEMENTS in 5..2000 (bounded loads on a shared machine)')
}

const database = await freshDatabase()
const app = await buildBenchApp(database.url)
try {
  const tenant = await app.services.tenants.create(OPERATOR, { name: 'bench' })
  const hex = (n: number) => n.toString(16).padStart(2, '0')
  const macs = Array.from({ length: DEVICES }, (_, i) => `02:00:00:00:${hex((i >> 8) & 255)}:${hex(i & 255)}`)
  const devices = await app.db.insertInto('devices').values(macs.map((mac) => ({ mac, model: '58', password_hash: null }))).returning(['id', 'mac']).execute()
  await app.db.insertInto('sensors').values(devices.map((d) => ({ tenant_id: tenant.id, device_id: d.mac, device_ref: d.id, name: d.mac, type: '58', metadata: '{}' }))).execute()
  let sent = 0
  const batch = (size: number) =>
    app.services.devices.state.applyStates(
      Array.from({ length: size }, () => {
        const seq = sent++
        return { mac: macs[seq % DEVICES]!, fullData: { uid: 'bench', power: 1, mode: 0, speed: (seq % 30) + 1, timer: 0, horosc: 0, verosc: 0, night: 0, lock: 0, seq } }
      }),
    )
  const rows: string[][] = []
  for (const size of SIZES) {
    for (let i = 0; i < 10; i++) await batch(size)
    const postgres0 = postgresCpuMs()
    const self0 = process.cpuUsage()
    const started = performance.now()
    for (let i = 0; i < STATEMENTS; i++) await batch(size)
    const wallMs = performance.now() - started
    const self = process.cpuUsage(self0)
    const postgres1 = postgresCpuMs()
    const messages = size * STATEMENTS
    const us = (ms: number) => ((ms / messages) * 1000).toFixed(1)
    rows.push([
      String(size),
      postgres0 !== null && postgres1 !== null ? us(postgres1 - postgres0) : '?',
      us((self.user + self.system) / 1000),
      ((wallMs / STATEMENTS) * 1000).toFixed(0),
    ])
  }
  console.log(`The state statement alone: ${STATEMENTS} statements per batch size, messages round-robin over ${DEVICES} devices, PostgreSQL, ${process.version}`)
  const head = ['messages per statement', 'PostgreSQL CPU us/message', 'this process CPU us/message', 'wall us/statement']
  for (const cells of [head, ...rows]) console.log(cells.map((c, i) => c.padStart(head[i]!.length)).join(' | '))
} finally {
  await app.close()
  await app.db.destroy()
  await database.drop()
}
