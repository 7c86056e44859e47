/**
 * The bridge between the broker and the database: an MQTT client (the `mqtt` package)
 * that ingests every device's `/in` and `/online`, and publishes commands at QoS 1.
 *
 * Against an external broker it subscribes with a shared subscription
 * (`$share/trellis/...`, MQTT 5), so N instances split the messages. The live stream to
 * apps uses a second connection that subscribes per watched device, without sharing:
 * every instance with a watcher receives that device's messages, whichever instance
 * ingested them, and a watched device never gets the ingest subscription twice.
 *
 * Messages are applied in batches: whatever arrived while the previous batch ran, one
 * statement per batch (state.service.ts), each device's messages in the order they came. A
 * device's state messages coalesce (its sensor row is written once per batch, with the
 * last); a presence message ends the device's run, so it lands after the states before it
 * and before those after it. Beyond MAX_QUEUED waiting messages the client stops reading from
 * the socket (backpressure to the broker).
 * A malformed message is counted and logged and changes nothing.
 */
import { EventEmitter } from 'node:events'
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt'
import type { Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import { Counter } from 'prom-client'
import { randomToken } from '../../lib/crypto.ts'
import { parsePresence, parseState, parseTopic, topics, type Presence, type Scalar } from './payload.ts'
import type { StateChange, StateMessage, StateService } from './state.service.ts'
import { coalesceAcks, noDelay } from './sockets.ts'

/** Messages waiting beyond this stop the client reading from the broker until the batch lands. */
const MAX_QUEUED = 2000
/** Messages per statement. */
const MAX_BATCH = 1000
/**
 * Statements in flight at once: each device belongs to one lane (by its MAC), so its messages
 * stay in order; the next batch is gathered while the lane's current one runs. One: part of a
 * statement's cost is per call, so two lanes (half the batch each) cost PostgreSQL more CPU
 * per message (bench:devices), which the broker and the bridge need on a small machine.
 */
const LANES = 1

interface Lane {
  queue: Queued[]
  flushing: Promise<void> | null
}

function laneOf(mac: string): number {
  let h = 0
  for (let i = 0; i < mac.length; i++) h = (h * 31 + mac.charCodeAt(i)) | 0
  return Math.abs(h) % LANES
}

interface Queued {
  mac: string
  channel: 'in' | 'online'
  payload: Buffer
}

export interface BridgeTarget {
  url: string
  /** true: an external broker (shared subscriptions, MQTT 5). */
  external: boolean
  shareGroup?: string
  username?: string
  password?: string
  ca?: string | null
}

export interface LiveState {
  mac: string
  fullData: Record<string, Scalar>
  time: string
}

export class Bridge {
  readonly malformed = new Counter({
    name: 'trellis_device_messages_malformed_total',
    help: 'Device messages refused because their payload or topic was not the documented shape',
    labelNames: ['channel'],
    registers: [],
  })
  readonly ingested = new Counter({
    name: 'trellis_device_messages_ingested_total',
    help: 'Device messages applied to a sensor',
    labelNames: ['channel'],
    registers: [],
  })
  /** 'state' (StateChange & {mac, channel}) after each applied message; 'malformed' ({topic, reason}) for each refused one. */
  readonly events = new EventEmitter()
  private ingest: MqttClient | null = null
  private live: MqttClient | null = null
  private readonly watchers = new EventEmitter()
  private readonly lanes: Lane[] = Array.from({ length: LANES }, () => ({ queue: [], flushing: null }))
  private paused: (() => void) | null = null

  constructor(
    private readonly target: BridgeTarget,
    private readonly state: StateService,
    private readonly log: Log,
    private readonly clock: Clock,
  ) {
    this.watchers.setMaxListeners(0)
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
    this.ingest = await this.connect('ingest')
    const ingest = this.ingest
    coalesceAcks(ingest)
    ingest.on('connect', () => coalesceAcks(ingest))
    this.ingest.handleMessage = (packet, done) => this.receive(packet, done)
    this.ingest.on('error', (err) => this.log.warn({ err }, 'mqtt bridge: connection error'))
    const share = this.target.external ? `$share/${this.target.shareGroup ?? 'trellis'}/` : ''
    await this.ingest.subscribeAsync([`${share}sensor/+/in`, `${share}sensor/+/online`], { qos: 1 })
    this.live = await this.connect('live')
    this.live.on('message', (topic, payload) => this.relay(topic, payload))
    this.live.on('error', (err) => this.log.warn({ err }, 'mqtt live: connection error'))
  }

  private receive(packet: IPublishPacket, done: (error?: Error) => void): void {
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload
    const parsed = parseTopic(packet.topic)
    if (!parsed || (parsed.channel !== 'in' && parsed.channel !== 'online')) {
      this.reject(packet.topic, 'topic', 'not a device topic')
      return done()
    }
    const lane = this.lanes[laneOf(parsed.mac)]!
    lane.queue.push({ mac: parsed.mac, channel: parsed.channel, payload })
    this.kick(lane)
    if (this.queued() < MAX_QUEUED) done()
    else this.paused = () => done()
  }

  private queued(): number {
    return this.lanes.reduce((n, lane) => n + lane.queue.length, 0)
  }

  private kick(lane: Lane): void {
    if (lane.flushing) return
    lane.flushing = this.flush(lane).finally(() => {
      lane.flushing = null
      if (lane.queue.length > 0) this.kick(lane)
    })
  }

  private async flush(lane: Lane): Promise<void> {
    // an idle lane starts after the packets of the current read from the broker are queued
    // (mqtt.js hands over one per tick): one batch for them, not one for the first alone
    await new Promise((resolve) => setImmediate(resolve))
    while (lane.queue.length > 0) {
      const batch = this.take(lane)
      await this.applyBatch(batch).catch((err: unknown) => this.log.error({ err }, 'mqtt bridge: applying messages failed'))
      const resume = this.paused
      if (resume && this.queued() < MAX_QUEUED) {
        this.paused = null
        resume()
      }
    }
  }

  /**
   * The next batch, in arrival order: each device's leading run of state messages, or its
   * presence message alone when that comes first; whatever follows stays queued, in order.
   */
  private take(lane: Lane): Queued[] {
    const closed = new Set<string>()
    const states = new Set<string>()
    const batch: Queued[] = []
    const rest: Queued[] = []
    for (const item of lane.queue) {
      const open = batch.length < MAX_BATCH && !closed.has(item.mac)
      if (open && item.channel === 'in') {
        batch.push(item)
        states.add(item.mac)
      } else if (open && !states.has(item.mac)) {
        batch.push(item)
        closed.add(item.mac)
      } else {
        rest.push(item)
        closed.add(item.mac)
      }
    }
    lane.queue = rest
    return batch
  }

  private reject(topic: string, channel: string, reason: string): void {
    this.malformed.inc({ channel })
    this.events.emit('malformed', { topic, reason })
    this.log.warn({ topic, reason }, 'mqtt bridge: malformed device message ignored')
  }

  private async applyBatch(batch: Queued[]): Promise<void> {
    const states: StateMessage[] = []
    const presences: { mac: string; presence: Presence }[] = []
    for (const { mac, channel, payload } of batch) {
      if (channel === 'in') {
        const state = parseState(payload)
        if (state.ok) states.push({ mac, ...state.value })
        else this.reject(topics.in(mac), channel, state.reason)
      } else {
        const presence = parsePresence(payload)
        if (presence.ok) presences.push({ mac, presence: presence.value })
        else this.reject(topics.online(mac), channel, presence.reason)
      }
    }
    for (const { messages, ...change } of await this.state.applyStates(states)) {
      for (let i = 0; i < messages; i++) this.applied('in', { ...change, confirmed: i === messages - 1 ? change.confirmed : 0 })
    }
    for (const { mac, presence } of presences) {
      const change = await this.state.applyPresence(mac, presence)
      if (change) this.applied('online', { ...change, mac })
    }
  }

  private applied(channel: 'in' | 'online', change: StateChange & { mac: string }): void {
    this.ingested.inc({ channel })
    this.events.emit('state', { ...change, channel })
  }

  /** Whether the ingesting connection to the broker is up (for /ready). */
  get connected(): boolean {
    return this.ingest?.connected ?? false
  }

  /** QoS 1: resolves when the broker has acknowledged the command. */
  async publishCommand(mac: string, text: string, timeoutMs = 5000): Promise<void> {
    const client = this.ingest
    if (!client?.connected) throw new Error('not connected to the broker')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the broker did not acknowledge the command')), timeoutMs)
    })
    try {
      await Promise.race([client.publishAsync(topics.command(mac), text, { qos: 1, retain: false }), timeout])
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
    await Promise.all(this.lanes.map((lane) => lane.flushing))
  }
}
