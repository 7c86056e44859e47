/**
 * The bridge between the broker and the database: it takes in every device's `/in` and
 * `/online` (ingest-queue.ts applies them in batches), and publishes commands at QoS 1.
 *
 * With the embedded broker it does so in the broker's own process: the broker hands each
 * message over as a function call and takes commands the same way, so a message costs no
 * second MQTT connection (encoding, the loopback socket, decoding and an acknowledgement on
 * each side); a held-back `done` is the backpressure. Against an external broker it is an
 * MQTT client (the `mqtt` package) that subscribes with a shared subscription
 * (`$share/trellis/...`, MQTT 5), so N instances split the messages; beyond the queue's limit
 * the client stops reading from the socket. The live stream to apps uses a second connection
 * that subscribes per watched device, without sharing: every instance with a watcher receives
 * that device's messages, whichever instance ingested them, and a watched device never gets
 * the ingest subscription twice.
 */
import { EventEmitter } from 'node:events'
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import type { Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import { randomToken } from '../../lib/crypto.ts'
import { parseState, parseTopic, topics, type Scalar } from './payload.ts'
import type { StateService } from './state.service.ts'
import { IngestQueue } from './ingest-queue.ts'
import { coalesceAcks, noDelay } from './sockets.ts'

/** The embedded broker, reached in its own process (broker.ts). */
export interface LocalBroker {
  /** Hands every message published on these filters to `deliver`; past the broker's limit in flight, the next waits for a `done`. */
  subscribe(filters: string[], deliver: (topic: string, payload: Buffer, done: () => void) => void): Promise<void>
  /** Publishes at QoS 1; resolves once the broker has taken the message. */
  publish(topic: string, payload: string): Promise<void>
}

export interface BridgeTarget {
  url: string
  /** true: an external broker (shared subscriptions, MQTT 5). */
  external: boolean
  shareGroup?: string
  username?: string
  password?: string
  ca?: string | null
  /** The embedded broker in this process: ingest and commands go through it directly. */
  local?: LocalBroker
}

export interface LiveState {
  mac: string
  fullData: Record<string, Scalar>
  time: string
}

export class Bridge {
  private readonly queue: IngestQueue
  private ingest: MqttClient | null = null
  private live: MqttClient | null = null
  private readonly watchers = new EventEmitter()

  constructor(
    private readonly target: BridgeTarget,
    state: StateService,
    private readonly log: Log,
    private readonly clock: Clock,
  ) {
    this.watchers.setMaxListeners(0)
    this.queue = new IngestQueue(state, log)
  }

  /** 'state' (StateChange & {mac, channel}) after each applied message; 'malformed' ({topic, reason}) for each refused one. */
  get events(): EventEmitter {
    return this.queue.events
  }

  /** Its counters, for /metrics. */
  get metrics() {
    return [this.queue.malformed, this.queue.ingested]
  }

  private options(role: string): IClientOptions {
    return {
      clientId: `trellis-${role}-${randomToken(9)}`,
      protocolVersion: this.target.external ? 5 : 4,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      ...(this.target.username ? { username: this.target.username, password: this.target.password } : {}),
      // the embedded broker's own certificate; devices' names are not in it, so no host check
      ...(this.target.ca ? { ca: this.target.ca, checkServerIdentity: () => undefined } : {}),
    }
  }

  /** Connects, or fails within the connect timeout (a wrong URL or credentials stop start-up). */
  private async connect(role: string): Promise<MqttClient> {
    const options = this.options(role)
    const client = mqtt.connect(this.target.url, options)
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`cannot reach the MQTT broker at ${this.target.url}`)), options.connectTimeout)
        client.once('connect', () => {
          clearTimeout(timer)
          resolve()
        })
        // commands are small single packets: send them now, not after Nagle's wait for an ACK
        client.on('connect', () => noDelay(client))
        client.once('error', (err) => {
          clearTimeout(timer)
          reject(err)
        })
      })
    } catch (error) {
      client.end(true)
      throw error
    }
    return client
  }

  async start(): Promise<void> {
    const filters = [topics.in('+'), topics.online('+')]
    if (this.target.local) await this.target.local.subscribe(filters, (topic, payload, done) => this.queue.receive(topic, payload, done))
    else await this.connectIngest(filters)
    this.live = await this.connect('live')
    this.live.on('message', (topic, payload) => this.relay(topic, payload))
    this.live.on('error', (err) => this.log.warn({ err }, 'mqtt live: connection error'))
  }

  private async connectIngest(filters: string[]): Promise<void> {
    this.ingest = await this.connect('ingest')
    const ingest = this.ingest
    coalesceAcks(ingest)
    ingest.on('connect', () => coalesceAcks(ingest))
    this.ingest.handleMessage = (packet, done) => this.queue.receive(packet.topic, typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload, () => done())
    this.ingest.on('error', (err) => this.log.warn({ err }, 'mqtt bridge: connection error'))
    const share = this.target.external ? `$share/${this.target.shareGroup ?? 'trellis'}/` : ''
    await this.ingest.subscribeAsync(
      filters.map((f) => share + f),
      { qos: 1 },
    )
  }

  /** Whether the ingesting connection to the broker is up (for /ready). */
  get connected(): boolean {
    return this.target.local ? true : (this.ingest?.connected ?? false)
  }

  /** QoS 1: resolves when the broker has acknowledged the command. */
  async publishCommand(mac: string, text: string, timeoutMs = 5000): Promise<void> {
    const { local } = this.target
    const client = this.ingest
    if (!local && !client?.connected) throw new Error('not connected to the broker')
    const publish = () => (local ? local.publish(topics.command(mac), text) : client?.publishAsync(topics.command(mac), text, { qos: 1, retain: false }))
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the broker did not acknowledge the command')), timeoutMs)
    })
    try {
      await Promise.race([publish(), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Calls `listener` with each valid state the device sends until the returned function is called. */
  async watch(mac: string, listener: (state: LiveState) => void): Promise<() => void> {
    const first = this.watchers.listenerCount(mac) === 0
    this.watchers.on(mac, listener)
    if (first) await this.live?.subscribeAsync(topics.in(mac), { qos: 0 })
    return () => {
      this.watchers.off(mac, listener)
      if (this.watchers.listenerCount(mac) === 0) void this.live?.unsubscribeAsync(topics.in(mac)).catch(() => undefined)
    }
  }

  private relay(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic)
    if (!parsed || parsed.channel !== 'in') return
    const state = parseState(payload)
    if (!state.ok) return
    this.watchers.emit(parsed.mac, { mac: parsed.mac, fullData: state.value.fullData, time: this.clock.now().toISOString() })
  }

  async close(): Promise<void> {
    await Promise.all([this.ingest?.endAsync(), this.live?.endAsync()])
    await this.queue.drain()
  }
}
