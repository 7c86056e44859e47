/**
 * The brokers bench:devices measures against, besides the machine's Mosquitto:
 * - a Mosquitto of its own on a free loopback port, with `set_tcp_nodelay true` (Mosquitto's
 *   default leaves Nagle's algorithm on: a small packet waits for the ACK of the previous
 *   one, up to the peer's delayed-ACK timer, ~40 ms on Linux);
 * - a bare Aedes (the embedded broker's library, no authentication), in this process, as
 *   the ceiling of the embedded broker: its delivery to a plain subscriber.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect, type AddressInfo, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Aedes } from 'aedes'

export const MOSQUITTO_BIN = process.env.BENCH_MOSQUITTO ?? '/usr/sbin/mosquitto'

export interface RunningBroker {
  url: string
  /** A subscriber in the broker's own process (the embedded broker's library only): counts each message on the filter. */
  countInProcess?: (filter: string, onMessage: () => void) => Promise<void>
  /** the broker's process, when it has one of its own */
  pid?: number
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function accepting(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (performance.now() > deadline) throw new Error(`mosquitto did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A Mosquitto of this run's own on loopback, anonymous, no persistence; null when not installed. */
export async function startMosquitto(extraConfig: string[]): Promise<RunningBroker | null> {
  if (!existsSync(MOSQUITTO_BIN)) return null
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'trellis-bench-mosquitto-'))
  const config = join(dir, 'mosquitto.conf')
  writeFileSync(config, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', ...extraConfig, ''].join('\n'))
  const child: ChildProcess = spawn(MOSQUITTO_BIN, ['-c', config], { stdio: 'ignore' })
  await accepting(port, performance.now() + 5000)
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Aedes with nothing checked, TCP_NODELAY as the embedded broker sets it, in this process. */
export async function startBareAedes(): Promise<RunningBroker> {
  const broker = await Aedes.createBroker()
  const server: Server = createServer({ noDelay: true }, broker.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `mqtt://127.0.0.1:${port}`,
    countInProcess: (filter, onMessage) =>
      new Promise<void>((resolve) =>
        broker.subscribe(
          filter,
          (_packet, done) => {
            onMessage()
            done()
          },
          resolve,
        ),
      ),
    async stop() {
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
