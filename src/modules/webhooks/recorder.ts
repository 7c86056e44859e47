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
import { recordEvent } from './events.repository.ts'

const WANTED_TTL_MS = 1000

/** The brand (tenant id) whose endpoints hear a tenant's events; null: none but the platform's. */
export type BrandOf = (db: Executor, tenantId: number) => Promise<number | null>

export class EventRecorder implements EventSink {
  private wanted: { types: Set<string>; until: number } | null = null

  constructor(
    private readonly clock: Clock,
    private readonly brandOf: BrandOf,
  ) {}

  /** An endpoint changed here: read what is wanted again before the next event. */
  forget(): void {
    this.wanted = null
  }

  hears(db: Executor, type: string): Promise<boolean> {
    return this.wants(db, type)
  }

  private async wants(db: Executor, type: string): Promise<boolean> {
    const now = this.clock.now().getTime()
    if (!this.wanted || this.wanted.until <= now) this.wanted = { types: await wantedTypes(db), until: now + WANTED_TTL_MS }
    return this.wanted.types.has(type)
  }

  async record(db: Executor, events: DomainEvent | readonly DomainEvent[]): Promise<void> {
    const list: readonly DomainEvent[] = Array.isArray(events) ? events : [events as DomainEvent]
    for (const event of list) {
      if (!(await this.wants(db, event.type))) continue
      const now = this.clock.now()
      const second = Math.floor(now.getTime() / 1000)
      const brandId = event.tenantId === null ? null : await this.brandOf(db, event.tenantId)
      await recordEvent(
        db,
        {
          type: event.type,
          tenantId: event.tenantId,
          brandId,
          payload: event.data,
          coalesceKey: event.coalesceKey ? `${event.type}:${event.coalesceKey}:${second}` : null,
          due: event.coalesceKey ? new Date((second + 1) * 1000) : now,
        },
        now,
      )
    }
  }
}
