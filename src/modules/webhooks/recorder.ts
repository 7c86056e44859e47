/**
 * The events port (lib/events.ts), implemented: each event is written on the caller's
 * transaction with one delivery per endpoint that hears it (events.repository.ts), so an
 * event exists exactly when its change does. Which endpoint hears it is decided now: the
 * endpoints of the nearest brand at or above the event's tenant (tenancy's `lookOf`), and the
 * platform's. Types no enabled endpoint wants cost no statement but one read a second
 * (WANTED_TTL_MS; at once on this instance when an endpoint changes).
 *
 * Coalescing (device.state): events with the same key in the same second of the clock are one
 * event, due at the end of that second, carrying the latest data.
 */
import type { Clock } from '../../lib/clock.ts'
import type { Executor } from '../../db/executor.ts'
import type { DomainEvent, EventSink } from '../../lib/events.ts'
import { wantedTypes } from './endpoints.repository.ts'
import { recordEvents, type NewEvent } from './events.repository.ts'

const WANTED_TTL_MS = 1000

/** The brand (tenant id) whose endpoints hear a tenant's events; null: none but the platform's. */
export type BrandOf = (db: Executor, tenantId: number) => Promise<number | null>

export class EventRecorder implements EventSink {
  private wanted: { types: Set<string>; until: number } | null = null
  /** The read under way, if any: while it runs, the others answer from the set it replaces. */
  private reading: Promise<Set<string>> | null = null
  /** Bumped by forget(): a read begun before an endpoint changed does not become the set. */
  private generation = 0

  constructor(
    private readonly clock: Clock,
    private readonly brandOf: BrandOf,
  ) {}

  /** An endpoint changed here: read what is wanted again before the next event. */
  forget(): void {
    this.wanted = null
    this.generation++
  }

  hears(db: Executor, type: string): Promise<boolean> {
    return this.wants(db, type)
  }

  /**
   * One read a second for the whole instance: when the set is due for a read, the first event
   * reads it (on its own transaction) and the events that arrive meanwhile answer from the set
   * it replaces, a read's time older, rather than each reading it again.
   */
  private async wants(db: Executor, type: string): Promise<boolean> {
    const now = this.clock.now().getTime()
    const wanted = this.wanted
    if (wanted && (wanted.until > now || this.reading)) return wanted.types.has(type)
    const generation = this.generation
    const reading = wantedTypes(db)
    this.reading = reading
    try {
      const types = await reading
      if (generation === this.generation) this.wanted = { types, until: now + WANTED_TTL_MS }
      return types.has(type)
    } finally {
      if (this.reading === reading) this.reading = null
    }
  }

  async record(db: Executor, events: DomainEvent | readonly DomainEvent[]): Promise<void> {
    const list: readonly DomainEvent[] = Array.isArray(events) ? events : [events as DomainEvent]
    const heard: DomainEvent[] = []
    for (const event of list) if (await this.wants(db, event.type)) heard.push(event)
    if (heard.length === 0) return
    const now = this.clock.now()
    const second = Math.floor(now.getTime() / 1000)
    // each tenant's brand once for the batch (a batch of device states is mostly a few tenants')
    const brands = new Map<number, number | null>()
    for (const tenantId of new Set(heard.flatMap((e) => (e.tenantId === null ? [] : [e.tenantId])))) brands.set(tenantId, await this.brandOf(db, tenantId))
    const rows = new Map<string, NewEvent>()
    heard.forEach((event, i) => {
      const coalesceKey = event.coalesceKey ? `${event.type}:${event.coalesceKey}:${second}` : null
      const row = {
        type: event.type,
        tenantId: event.tenantId,
        brandId: event.tenantId === null ? null : (brands.get(event.tenantId) ?? null),
        payload: event.data,
        coalesceKey,
        due: event.coalesceKey ? new Date((second + 1) * 1000) : now,
      }
      // one key twice in a call: the later data, as two statements one after the other would leave it
      if (coalesceKey) rows.delete(coalesceKey)
      rows.set(coalesceKey ?? `#${i}`, row)
    })
    await recordEvents(db, [...rows.values()], now)
  }
}
