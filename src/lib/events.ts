/**
 * The events port: what a service hands over when something a brand's backend hears about
 * happens (a sign-up, a claim, a state). It sits here, at the bottom, so that every module can
 * record without importing upwards; modules/webhooks implements it and the wiring passes it in.
 *
 * `record` writes on `db`: pass the transaction that made the change, so the event exists
 * exactly when the change does. A payload carries ids, names and states, never a secret, a
 * token or a code (docs/webhooks.md lists each type's fields).
 */
import type { Executor } from '../db/executor.ts'

export const EVENT_TYPES = [
  'user.created',
  'user.deleted',
  'member.added',
  'member.removed',
  'device.claimed',
  'device.released',
  'device.transferred',
  'device.online',
  'device.offline',
  'device.state',
  'command.confirmed',
  'command.expired',
  'schedule.ran',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

export interface DomainEvent {
  type: EventType
  /** The tenant it happened in; null for a platform account. Endpoints of the brand above it (and the platform's) hear it. */
  tenantId: number | null
  /** The type's documented fields (docs/webhooks.md). */
  data: Record<string, unknown>
  /** Events with the same key within one second are one event carrying the latest data (device.state). */
  coalesceKey?: string
}

export interface EventSink {
  record(db: Executor, event: DomainEvent | readonly DomainEvent[]): Promise<void>
  /**
   * Whether an endpoint may hear `type` now (read at most once a second): a hot path that would
   * open a transaction only for its event (the token exchange's sign-up) asks first.
   */
  hears(db: Executor, type: EventType): Promise<boolean>
}

/** Records nothing: for tools that build a module without webhooks. */
export const NO_EVENTS: EventSink = { record: async () => {}, hears: async () => false }
