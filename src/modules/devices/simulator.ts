/**
 * A simulated fan: connects like the real firmware (MQTT 3.1.1, username = MAC, a will
 * message that says offline), publishes its state every few seconds and at once on each
 * change, obeys `tune set` commands within its model's ranges, and says offline before it
 * disconnects. `npx trellis device simulate` runs it; the tests drive it directly.
 */
import { EventEmitter } from 'node:events'
import mqtt, { type MqttClient } from 'mqtt'
import { checkCommand, findSensorType, SENSOR_TYPES, type SensorTypeModel } from '../sensors/index.ts'
import { normalizeMac, topics } from './payload.ts'
import { noDelay } from './sockets.ts'

export interface SimulatorOptions {
  url: string
  deviceId: string
  password?: string
  /** A catalog slug or v5 type; whisper-flex-2 by default. */
  model?: string
  intervalMs?: number
  /** Accept a TLS certificate nobody signed (the real devices do not verify it either). */
  insecure?: boolean
}

export interface AppliedCommand {
  text: string
  key: string
  value: number
}

const OFFLINE = JSON.stringify({ online: false, connectionType: 'mqtt' })

export class DeviceSimulator extends EventEmitter {
  readonly mac: string
  readonly model: SensorTypeModel
  readonly state: Record<string, number> = {}
  private client: MqttClient | null = null
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly options: SimulatorOptions) {
    super()
    const mac = normalizeMac(options.deviceId)
    if (!mac) throw new Error(`--device-id must be a MAC address such as e0:5a:1b:76:ef:60, got "${options.deviceId}"`)
    const model = findSensorType(options.model ?? 'whisper-flex-2')
    if (!model) throw new Error(`unknown model "${options.model}"; one of ${SENSOR_TYPES.map((m) => m.slug).join(', ')}`)
    this.mac = mac
    this.model = model
    for (const [key, range] of Object.entries({ ...model.commands, ...model.readOnly })) this.state[key] = range.min
  }

  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: this.mac,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 1000,
      ...(this.options.password ? { username: this.mac, password: this.options.password } : {}),
      ...(this.options.insecure ? { rejectUnauthorized: false } : {}),
      will: { topic: topics.online(this.mac), payload: Buffer.from(OFFLINE), qos: 1, retain: false },
    })
    this.client = client
    client.on('message', (_topic, payload) => this.obey(payload.toString('utf8')))
    client.on('connect', () => {
      noDelay(client)
      void (async () => {
        await client.subscribeAsync(topics.command(this.mac), { qos: 1 })
        await client.publishAsync(topics.online(this.mac), JSON.stringify({ online: true, connectionType: 'mqtt' }), { qos: 1 })
        await this.publish()
        this.emit('online')
      })().catch((err: unknown) => this.listenerCount('error') > 0 && this.emit('error', err))
    })
    // an unheard 'error' on an EventEmitter throws: pass errors on only to someone listening
    client.on('error', (err) => this.listenerCount('error') > 0 && this.emit('error', err))
    await new Promise<void>((resolve, reject) => {
      this.once('online', resolve)
      client.once('error', reject)
    }).catch((error: unknown) => {
      client.end(true)
      throw error
    })
    this.timer = setInterval(() => void this.publish().catch(() => undefined), this.options.intervalMs ?? 5000)
  }

  /** The state message, in the firmware's `{"sub":{"Tune":[{...}]}}` form. */
  message(): string {
    return JSON.stringify({ sub: { Tune: [{ uid: `sim${this.mac.replace(/:/g, '')}`, ...this.state }] } })
  }

  async publish(): Promise<void> {
    await this.client?.publishAsync(topics.in(this.mac), this.message(), { qos: 1 })
    this.emit('published', { ...this.state })
  }

  private obey(text: string): void {
    const check = checkCommand(this.model, text)
    if (!check.ok) {
      this.emit('refused', { text, reason: check.message })
      return
    }
    this.state[check.key] = check.value
    this.emit('command', { text, key: check.key, value: check.value } satisfies AppliedCommand)
    void this.publish().catch((err: unknown) => this.listenerCount('error') > 0 && this.emit('error', err))
  }

  /**
   * Offline cleanly: say so, then DISCONNECT (no will message). Bounded: a broker that does not
   * acknowledge within `graceMs` (gone, or refusing these credentials since) gets the socket
   * closed instead, so a stopping simulator never lingers, reconnecting, after its signal.
   */
  async stop(graceMs = 3000): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    const client = this.client
    if (!client) return
    client.options.reconnectPeriod = 0
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)))
    const clean = (async () => {
      if (client.connected) await client.publishAsync(topics.online(this.mac), OFFLINE, { qos: 1 })
      await client.endAsync()
    })()
    try {
      if ((await Promise.race([clean, late])) === 'late') {
        clean.catch(() => undefined) // its publish fails once the socket is forced shut
        // end() does nothing while an earlier end() waits for acknowledgements: close the socket
        client.stream?.destroy()
        await client.endAsync(true)
      }
    } finally {
      clearTimeout(timer)
    }
  }

  /** A crash: the socket closes without DISCONNECT, so the broker sends the will message. */
  kill(): void {
    if (this.timer) clearInterval(this.timer)
    const client = this.client
    if (!client) return
    client.options.reconnectPeriod = 0
    client.stream.destroy()
    client.end(true)
  }
}

/** `trellis device simulate`: runs until SIGINT or SIGTERM, then goes offline cleanly. */
export async function runSimulator(options: SimulatorOptions, print: (line: string) => void): Promise<void> {
  const sim = new DeviceSimulator(options)
  sim.on('command', (c: AppliedCommand) => print(`command: ${c.text}`))
  sim.on('refused', (r: { text: string; reason: string }) => print(`refused "${r.text}": ${r.reason}`))
  sim.on('error', (err: Error) => print(`mqtt: ${err.message}`))
  await sim.start()
  print(`${sim.model.name} ${sim.mac} online at ${options.url}; state ${sim.message()}`)
  print('Ctrl-C to go offline')
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await sim.stop()
  print('offline')
}
