/**
 * Device messages on their way to the database, whichever way they arrived (an MQTT
 * connection to an external broker, or the embedded broker in this process).
 *
 * Messages are applied in batches: whatever arrived while the previous batch ran, one
 * statement per batch (state.service.ts), each device's messages in the order they came. A
 * device's state messages coalesce (its sensor row is written once per batch, with the
 * last); a presence message ends the device's run, so it lands after the states before it
 * and before those after it. Beyond MAX_QUEUED waiting messages the sources are told to stop
 * (their `done`s are held back until the batch lands: backpressure to the broker).
 * A malformed message is counted and logged and changes nothing.
 */
import { EventEmitter } from 'node:events'
import { Counter } from 'prom-client'
import type { Log } from '../../lib/log.ts'
import { parsePresence, parseState, parseTopic, topics, type Presence } from './payload.ts'
import type { StateChange, StateMessage, StateService } from './state.service.ts'

/** Messages waiting beyond this stop the source until the batch lands. */
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

interface Queued {
  mac: string
  channel: 'in' | 'online'
  payload: Buffer
}

interface Lane {
  queue: Queued[]
  flushing: Promise<void> | null
}

function laneOf(mac: string): number {
  let h = 0
  for (let i = 0; i < mac.length; i++) h = (h * 31 + mac.charCodeAt(i)) | 0
  return Math.abs(h) % LANES
}

export class IngestQueue {
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
  private readonly lanes: Lane[] = Array.from({ length: LANES }, () => ({ queue: [], flushing: null }))
  /** The sources' `done`s held back while too much waits (the embedded broker hands over up to 100 at once). */
  private paused: (() => void)[] = []

  constructor(
    private readonly state: StateService,
    private readonly log: Log,
  ) {}

  /** Queues a message from a device topic; `done` once the source may hand over the next. */
  receive(topic: string, payload: Buffer, done: () => void): void {
    const parsed = parseTopic(topic)
    if (!parsed || (parsed.channel !== 'in' && parsed.channel !== 'online')) {
      this.reject(topic, 'topic', 'not a device topic')
      return done()
    }
    const lane = this.lanes[laneOf(parsed.mac)]!
    lane.queue.push({ mac: parsed.mac, channel: parsed.channel, payload })
    this.kick(lane)
    if (this.queued() < MAX_QUEUED) done()
    else this.paused.push(done)
  }

  /** Resolves when every queued message has been applied. */
  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.flushing))
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
    // an idle lane starts after the messages of the current read are queued (a source hands
    // over one per tick): one batch for them, not one for the first alone
    await new Promise((resolve) => setImmediate(resolve))
    while (lane.queue.length > 0) {
      const batch = this.take(lane)
      await this.applyBatch(batch).catch((err: unknown) => this.log.error({ err }, 'mqtt bridge: applying messages failed'))
      if (this.paused.length > 0 && this.queued() < MAX_QUEUED) for (const resume of this.paused.splice(0)) resume()
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
}
