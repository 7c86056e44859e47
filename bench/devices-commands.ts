/**
 * Command latency: from the REST call to the device receiving the command (and to the
 * call's answer, which comes after the command is recorded, published at QoS 1 and
 * acknowledged by the broker), sequential and concurrent, next to the broker's own hop
 * in the same run: a client publishing the same command at QoS 1 straight to the device.
 * The callers and the simulated devices run in their own process (./devices-commands-load.ts),
 * so that their work is not on the event loop of the app they measure.
 */
import { spawn } from 'node:child_process'
import { text } from 'node:stream/consumers'
import { fileURLToPath } from 'node:url'
import type { IClientOptions } from 'mqtt'

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

/** What the load process is handed, as JSON on its stdin. */
export interface CommandSetup {
  apiUrl: string
  token: string
  brokerUrl: string
  /** how the hop's client connects (the embedded broker lets only the bridge's credentials publish commands) */
  hopOptions: Pick<IClientOptions, 'username' | 'password'>
  devices: { sensorId: number; mac: string; password?: string }[]
  count: number
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99) }
}

/** Runs the load process on `setup` (on stdin, not argv: it holds a token and passwords) and returns its figures. */
export async function measureCommands(setup: CommandSetup): Promise<CommandFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./devices-commands-load.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  const output = text(child.stdout)
  child.stdin.end(JSON.stringify(setup))
  const [code, out] = await Promise.all([exited, output])
  if (code !== 0) throw new Error(`the command load process exited with ${code}`)
  return JSON.parse(out) as CommandFigures
}
