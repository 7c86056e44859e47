/** Table types of webhooks (modules/webhooks): endpoints, events and their deliveries. */
import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp } from './column-types.ts'

export type WebhookDeliveryStatus = 'queued' | 'sending' | 'delivered' | 'failed'

export interface WebhookEndpointsTable {
  id: Generated<number>
  /** The brand the endpoint belongs to; null: the platform's (hears every tenant). */
  tenant_id: number | null
  url: string
  event_types: ColumnType<string[], string[], string[]>
  enabled: Generated<boolean>
  /** `whsec_…`, sealed (lib/secret-box.ts) under `webhook_endpoints:<id>`. */
  secret: string
  /** The secret before the last rotation, sealed; it signs too until `previous_until`. */
  previous_secret: string | null
  previous_until: NullableTimestamp
  /** Since when every attempt failed; null after a success. */
  failing_since: NullableTimestamp
  disabled_reason: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** Ids are bigint: PostgreSQL hands them over as text, PGlite as numbers; readers take Number(). */
export interface WebhookEventsTable {
  id: Generated<number>
  type: string
  tenant_id: number | null
  brand_id: number | null
  payload: ColumnType<Record<string, unknown>, string, string>
  coalesce_key: string | null
  created_at: Date
}

export interface WebhookDeliveriesTable {
  id: Generated<number>
  event_id: number
  endpoint_id: number
  status: Generated<WebhookDeliveryStatus>
  attempts: Generated<number>
  next_attempt_at: Date
  locked_until: NullableTimestamp
  last_status: number | null
  last_error: string | null
  last_attempt_at: NullableTimestamp
  delivered_at: NullableTimestamp
  created_at: Date
}
