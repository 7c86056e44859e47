/**
 * Command latency: from the REST call to the device receiving the command (and to the
 * call's answer, which comes after the command is recorded, published at QoS 1 and
 * acknowledged by the broker), sequential and concurrent, next to the broker's own hop
 * in the same run: a client publishing the same command at QoS 1 straight to the device.
 */
import type { EventEmitter } from 'node:events'
import mqtt, { type IClientOptions } from 'mqtt'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { noDelay } from '../src/modules/devices/sockets.ts'
import { topics } from '../src/modules/devices/payload.ts'

export interface Percentiles {
  p50: number
  p99: number
}

export interface CommandFigures {
  /** REST call -> device, and REST call -> answer, one command at a time */
  sequential: { device: Percentiles; answer: Percentiles }
  /** the same with `concurrency` commands in flight, each to its own device */
  concurrent: { device: Percentiles; answer: Percentiles }
  /** a client's QoS 1 publish -> device, through the same broker: the ceiling */
  hop: Percentiles
}

export interface CommandSetup {
  apiUrl: string
  token: string
  brokerUrl: string
  /** how the hop's client connects (the embedded broker lets only the bridge's credentials publish commands) */
  hopOptions: IClientOptions
  devices: { sensorId: number; mac: string; password?: string }[]
  bridgeEvents: EventEmitter
  count: number
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99) }
}

async function startDevices(setup: CommandSetup): Promise<DeviceSimulator[]> {
  return Promise.all(
    setup.devices.map(async ({ mac, password }) => {
      const sim = new DeviceSimulator({ url: setup.brokerUrl, deviceId: mac, intervalMs: 600_000, ...(password ? { password } : {}) })
      const online = new Promise<void>((resolve) => {
        const listener = (e: { mac: string; channel: string }) => {
          if (e.mac === mac && e.channel === 'online') {
            setup.bridgeEvents.off('state', listener)
            resolve()
          }
        }
        setup.bridgeEvents.on('state', listener)
      })
      await sim.start()
      await online
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

export async function measureCommands(setup: CommandSetup): Promise<CommandFigures> {
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
