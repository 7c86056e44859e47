/**
 * The command benchmark's load in its own process (forked by ./devices-commands.ts), so that
 * the REST callers and the simulated devices do not share an event loop with the app under
 * test: reads one CommandSetup as JSON on stdin, connects the devices, waits until the API
 * shows each one online with the state it sent on connecting, runs the sequential, concurrent
 * and hop measurements (each command's start and its receipt both timed here) and writes
 * the CommandFigures as JSON on stdout.
 */
import { text } from 'node:stream/consumers'
import mqtt from 'mqtt'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { noDelay } from '../src/modules/devices/sockets.ts'
import { topics } from '../src/modules/devices/payload.ts'
import { percentiles, type CommandFigures, type CommandSetup, type Percentiles } from './devices-commands.ts'

/** How long a device may take to show online through the API before the run fails. */
const ONLINE_DEADLINE_MS = 30_000
const POLL_MS = 50

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Resolves once GET /sensors/{id} shows the device online with the simulator's own state.
 * `online` alone is not enough: the benchmark's ingest left the sensor online already, and
 * the point is that the app has applied this connection's messages before the first command.
 */
async function shownOnline(setup: CommandSetup, sim: DeviceSimulator, sensorId: number): Promise<void> {
  const uid = (JSON.parse(sim.message()) as { sub: { Tune: [{ uid: string }] } }).sub.Tune[0].uid
  const deadline = performance.now() + ONLINE_DEADLINE_MS
  for (;;) {
    const res = await fetch(`${setup.apiUrl}/sensors/${sensorId}`, { headers: { authorization: `Bearer ${setup.token}` } })
    if (res.status !== 200) throw new Error(`GET /sensors/${sensorId}: ${res.status} ${await res.text()}`)
    const sensor = (await res.json()) as { online: boolean; latestData: { fullData: Record<string, unknown> } | null }
    if (sensor.online && sensor.latestData?.fullData.uid === uid) return
    if (performance.now() > deadline) throw new Error(`device ${sim.mac} not shown online within ${ONLINE_DEADLINE_MS} ms`)
    await pause(POLL_MS)
  }
}

async function startDevices(setup: CommandSetup): Promise<DeviceSimulator[]> {
  return Promise.all(
    setup.devices.map(async ({ sensorId, mac, password }) => {
      const sim = new DeviceSimulator({ url: setup.brokerUrl, deviceId: mac, intervalMs: 600_000, ...(password ? { password } : {}) })
      await sim.start()
      await shownOnline(setup, sim, sensorId)
      return sim
    }),
  )
}

/** One command through the API; resolves with [ms to the device, ms to the answer]. */
async function command(setup: CommandSetup, sim: DeviceSimulator, sensorId: number, n: number): Promise<[number, number]> {
  const start = performance.now()
  const received = new Promise<number>((resolve) => sim.once('command', () => resolve(performance.now() - start)))
  const res = await fetch(`${setup.apiUrl}/sensors/${sensorId}/command`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command: `tune set speed ${(n % 30) + 1}` }),
  })
  const body = await res.text()
  const answered = performance.now() - start
  if (res.status !== 200) throw new Error(`command: ${res.status} ${body}`)
  return [await received, answered]
}

async function hop(setup: CommandSetup, sim: DeviceSimulator): Promise<Percentiles> {
  const client = await mqtt.connectAsync(setup.brokerUrl, { protocolVersion: 4, clean: true, ...setup.hopOptions })
  noDelay(client)
  const times: number[] = []
  for (let i = 0; i < setup.count; i++) {
    const start = performance.now()
    const received = new Promise<number>((resolve) => sim.once('command', () => resolve(performance.now() - start)))
    await client.publishAsync(topics.command(sim.mac), `tune set speed ${(i % 30) + 1}`, { qos: 1 })
    times.push(await received)
  }
  await client.endAsync()
  return percentiles(times)
}

async function measure(setup: CommandSetup): Promise<CommandFigures> {
  const sims = await startDevices(setup)
  try {
    const [first] = setup.devices
    const sequential: [number, number][] = []
    for (let i = 0; i < setup.count; i++) sequential.push(await command(setup, sims[0]!, first!.sensorId, i))
    const concurrent: [number, number][] = []
    // waves of one command per device, all in flight at once, until `count` commands
    for (let sent = 0; sent < setup.count; sent += sims.length) {
      concurrent.push(...(await Promise.all(sims.map((sim, i) => command(setup, sim, setup.devices[i]!.sensorId, sent + i)))))
    }
    const split = (rows: [number, number][]) => ({ device: percentiles(rows.map((r) => r[0])), answer: percentiles(rows.map((r) => r[1])) })
    return { sequential: split(sequential), concurrent: split(concurrent), hop: await hop(setup, sims[0]!) }
  } finally {
    await Promise.all(sims.map((sim) => sim.stop()))
  }
}

const setup = JSON.parse(await text(process.stdin)) as CommandSetup
const figures = await measure(setup)
// exit once written rather than wait for the API's idle keep-alive sockets to close
process.stdout.write(`${JSON.stringify(figures)}\n`, () => process.exit(0))
