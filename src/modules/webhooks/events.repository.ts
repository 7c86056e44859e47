/**
 * Events and their deliveries. An event is written by `recordEvent` in the transaction of the
 * change it reports, with one delivery row per endpoint that hears it (enabled, wanting the
 * type, of the brand above the event's tenant or the platform's): the worker then only claims
 * rows. Claims work like the email outbox's (email/outbox.repository.ts): `FOR UPDATE SKIP
 * LOCKED` so instances never claim the same row, a lease (`locked_until`) so a worker killed
 * mid-send leaves it to be claimed again, and every outcome written only by the claim that
 * made it (`attempts` names the claim).
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { WebhookDeliveryStatus, WebhookEndpoint } from '../../db/database.ts'

export interface NewEvent {
  type: string
  tenantId: number | null
  brandId: number | null
  payload: Record<string, unknown>
  coalesceKey: string | null
  /** When its deliveries are due: now, or the end of its coalescing second. */
  due: Date
}

/** Which endpoints hear an event of `type` above `brandId`: enabled, wanting it, the brand's or the platform's. */
const hearing = (type: string, brandId: number | null) =>
  sql`e.enabled and ${type} = any(e.event_types) and (e.tenant_id is null or e.tenant_id = ${brandId})`

/**
 * Writes the event and its deliveries in one statement, only if some endpoint hears it. A
 * coalesced event whose key exists already takes the newer payload (its deliveries are still
 * waiting for the end of its second).
 */
export async function recordEvent(db: Executor, event: NewEvent, now: Date): Promise<void> {
  await sql`
    with ev as (
      insert into webhook_events (type, tenant_id, brand_id, payload, coalesce_key, created_at)
      select ${event.type}, ${event.tenantId}, ${event.brandId}, ${JSON.stringify(event.payload)}::jsonb, ${event.coalesceKey}, ${now}::timestamptz
       where exists (select 1 from webhook_endpoints e where ${hearing(event.type, event.brandId)})
      on conflict (coalesce_key) do update set payload = excluded.payload
      returning id, (xmax = 0) as fresh)
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    select ev.id, e.id, ${event.due}::timestamptz, ${now}::timestamptz
      from ev, webhook_endpoints e
     where ev.fresh and ${hearing(event.type, event.brandId)}`.execute(db)
}

/**
 * Many events in one statement, as `recordEvent` writes each (the events a batch of device
 * states makes: one round trip for the batch, not one per device). The keys of coalesced events
 * are distinct within the call (the recorder keeps the latest of a key); rows are written in
 * the order given.
 */
export async function recordEvents(db: Executor, events: readonly NewEvent[], now: Date): Promise<void> {
  if (events.length === 0) return
  if (events.length === 1) return recordEvent(db, events[0]!, now)
  const rows = JSON.stringify(events.map((e, ord) => ({ ord, type: e.type, tenant_id: e.tenantId, brand_id: e.brandId, payload: e.payload, coalesce_key: e.coalesceKey, due: e.due.toISOString() })))
  await sql`
    with input as (
      select * from jsonb_to_recordset(${rows}::jsonb) as x(ord integer, type text, tenant_id integer, brand_id integer, payload jsonb, coalesce_key text, due timestamptz)
    ),
    heard as (
      select i.* from input i
       where exists (select 1 from webhook_endpoints e where e.enabled and i.type = any(e.event_types) and (e.tenant_id is null or e.tenant_id = i.brand_id))
    ),
    ev as (
      insert into webhook_events (type, tenant_id, brand_id, payload, coalesce_key, created_at)
      select type, tenant_id, brand_id, payload, coalesce_key, ${now}::timestamptz from heard order by ord
      on conflict (coalesce_key) do update set payload = excluded.payload
      returning id, type, brand_id, coalesce_key, (xmax = 0) as fresh)
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    select ev.id, e.id, coalesce((select h.due from heard h where h.coalesce_key = ev.coalesce_key), ${now}::timestamptz), ${now}::timestamptz
      from ev join webhook_endpoints e on e.enabled and ev.type = any(e.event_types) and (e.tenant_id is null or e.tenant_id = ev.brand_id)
     where ev.fresh
     order by ev.id, e.id`.execute(db)
}

/** One event for one endpoint only ("send a test event"): its delivery's id. */
export async function insertTestEvent(db: DB, endpoint: Pick<WebhookEndpoint, 'id' | 'tenant_id'>, payload: Record<string, unknown>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('webhook_events')
      .values({ type: 'webhook.test', tenant_id: endpoint.tenant_id, brand_id: endpoint.tenant_id, payload: JSON.stringify(payload), coalesce_key: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const delivery = await trx
      .insertInto('webhook_deliveries')
      .values({ event_id: Number(event.id), endpoint_id: endpoint.id, next_attempt_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(delivery.id)
  })
}

/** The event of a delivery of this endpoint, queued again for it as a new delivery ("re-send"); undefined when there is none. */
export async function requeueDelivery(db: Executor, endpointId: number, deliveryId: number, now: Date): Promise<number | undefined> {
  const result = await sql<{ id: string | number }>`
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    select d.event_id, d.endpoint_id, ${now}::timestamptz, ${now}::timestamptz
      from webhook_deliveries d where d.id = ${deliveryId} and d.endpoint_id = ${endpointId}
    returning id`.execute(db)
  const row = result.rows[0]
  return row ? Number(row.id) : undefined
}

export interface ClaimedDelivery {
  id: number
  attempts: number
  eventId: number
  type: string
  tenantId: number | null
  payload: Record<string, unknown>
  eventAt: Date
  endpoint: Pick<WebhookEndpoint, 'id' | 'tenant_id' | 'url' | 'enabled' | 'secret' | 'previous_secret' | 'previous_until' | 'failing_since'>
}

interface ClaimRow {
  id: string | number
  attempts: number
  event_id: string | number
  type: string
  tenant_id: number | null
  payload: Record<string, unknown>
  event_at: Date
  endpoint_id: number
  endpoint_tenant_id: number | null
  url: string
  enabled: boolean
  secret: string
  previous_secret: string | null
  previous_until: Date | null
  failing_since: Date | null
}

/** Claims up to `batchSize` deliveries due at `now`, each leased for `leaseSeconds`, with their event and endpoint. */
export async function claimDue(db: DB, batchSize: number, now: Date, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimRow>`
    with claimed as (
      update webhook_deliveries
         set status = 'sending', attempts = attempts + 1, locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
       where id in (
         select id from webhook_deliveries
          where status in ('queued', 'sending') and ((status = 'queued' and next_attempt_at <= ${now}::timestamptz) or (status = 'sending' and locked_until < ${now}::timestamptz))
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked)
      returning id, attempts, event_id, endpoint_id)
    select c.id, c.attempts, c.event_id, v.type, v.tenant_id, v.payload, v.created_at as event_at,
           e.id as endpoint_id, e.tenant_id as endpoint_tenant_id, e.url, e.enabled, e.secret, e.previous_secret, e.previous_until, e.failing_since
      from claimed c join webhook_events v on v.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`.execute(db)
  return result.rows.map((row) => ({
    id: Number(row.id),
    attempts: row.attempts,
    eventId: Number(row.event_id),
    type: row.type,
    tenantId: row.tenant_id,
    payload: row.payload,
    eventAt: new Date(row.event_at),
    endpoint: {
      id: row.endpoint_id,
      tenant_id: row.endpoint_tenant_id,
      url: row.url,
      enabled: row.enabled,
      secret: row.secret,
      previous_secret: row.previous_secret,
      previous_until: row.previous_until === null ? null : new Date(row.previous_until),
      failing_since: row.failing_since === null ? null : new Date(row.failing_since),
    },
  }))
}

export async function markDelivered(db: Executor, delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>, status: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'delivered', delivered_at: now, last_attempt_at: now, last_status: status, last_error: null, locked_until: null })
    .where('id', '=', delivery.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', delivery.attempts)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** A failed attempt: due again at `retryAt`, or failed for good when it is null. */
export async function markAttemptFailed(db: Executor, delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>, outcome: { status: number | null; error: string }, now: Date, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: retryAt ? 'queued' : 'failed',
      last_attempt_at: now,
      last_status: outcome.status,
      last_error: outcome.error.slice(0, 1000),
      locked_until: null,
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
    })
    .where('id', '=', delivery.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', delivery.attempts)
    .execute()
}

export interface DeliveryLogEntry {
  id: number
  eventId: number
  type: string
  status: WebhookDeliveryStatus
  attempts: number
  lastStatus: number | null
  lastError: string | null
  lastAttemptAt: Date | null
  nextAttemptAt: Date | null
  deliveredAt: Date | null
  createdAt: Date
}

/** An endpoint's deliveries, newest first, before `beforeId` when given. */
export async function deliveryLog(db: DB, endpointId: number, limit: number, beforeId?: number): Promise<DeliveryLogEntry[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'v.type', 'd.status', 'd.attempts', 'd.last_status', 'd.last_error', 'd.last_attempt_at', 'd.next_attempt_at', 'd.delivered_at', 'd.created_at'])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(limit)
  if (beforeId !== undefined) query = query.where('d.id', '<', beforeId)
  const rows = await query.execute()
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: Number(row.event_id),
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'queued' || row.status === 'sending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  }))
}

/** Deliveries still to make (queued or sending), and the age of the oldest: the queue in /metrics. */
export async function queueStats(db: DB, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const result = await sql<{ depth: string | number; oldest: number | null }>`
    select count(*) as depth, extract(epoch from cast(${now} as timestamptz) - min(created_at))::float8 as oldest
      from webhook_deliveries where status in ('queued', 'sending')`.execute(db)
  const row = result.rows[0]
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) }
}

/** Housekeeping: events (and their deliveries) a month old, once none of their deliveries waits. */
export async function purgeOldEvents(db: Executor, at: Date): Promise<void> {
  await sql`
    delete from webhook_events v
     where v.created_at < cast(${at} as timestamptz) - interval '30 days'
       and not exists (select 1 from webhook_deliveries d where d.event_id = v.id and d.status in ('queued', 'sending'))`.execute(db)
}
