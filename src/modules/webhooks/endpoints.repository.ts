/** The endpoints table: a brand's (or the platform's) webhook targets, their secrets sealed. */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { WebhookEndpoint } from '../../db/database.ts'
import { rewrapRows, type SecretBox } from '../../lib/secret-box.ts'
import { sealContext } from './seal-context.ts'

export async function insertEndpoint(db: DB, row: { tenantId: number | null; url: string; eventTypes: string[]; enabled: boolean; sealedSecret: (id: number) => string; now: Date }): Promise<WebhookEndpoint> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('webhook_endpoints')
      .values({ tenant_id: row.tenantId, url: row.url, event_types: row.eventTypes, enabled: row.enabled, secret: '', created_at: row.now, updated_at: row.now })
      .returning('id')
      .executeTakeFirstOrThrow()
    // the secret is sealed under its row's id, so a sealed value moved to another row does not open
    return trx.updateTable('webhook_endpoints').set({ secret: row.sealedSecret(inserted.id) }).where('id', '=', inserted.id).returningAll().executeTakeFirstOrThrow()
  })
}

export async function findEndpoint(db: Executor, id: number): Promise<WebhookEndpoint | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The endpoints of a brand (or the platform's, tenantId null), oldest first. */
export async function listEndpoints(db: DB, tenantId: number | null): Promise<WebhookEndpoint[]> {
  let query = db.selectFrom('webhook_endpoints').selectAll().orderBy('id')
  query = tenantId === null ? query.where('tenant_id', 'is', null) : query.where('tenant_id', '=', tenantId)
  return query.execute()
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  changes: { url?: string; eventTypes?: string[]; enabled?: boolean; now: Date },
): Promise<WebhookEndpoint | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.eventTypes !== undefined ? { event_types: changes.eventTypes } : {}),
      // enabled again by hand: its failing streak starts over
      ...(changes.enabled !== undefined ? { enabled: changes.enabled, ...(changes.enabled ? { failing_since: null, disabled_reason: null } : {}) } : {}),
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Rotation: the new secret signs from now; the current one keeps signing until `until`. */
export async function rotateSecret(db: Executor, id: number, sealed: { secret: string; previous: string }, until: Date, now: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ secret: sealed.secret, previous_secret: sealed.previous, previous_until: until, updated_at: now }).where('id', '=', id).execute()
}

export async function deleteEndpoint(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute()
}

/** Which event types any enabled endpoint wants right now (record skips the rest without a statement). */
export async function wantedTypes(db: Executor): Promise<Set<string>> {
  const rows = await sql<{ type: string }>`select distinct unnest(event_types) as type from webhook_endpoints where enabled`.execute(db)
  return new Set(rows.rows.map((row) => row.type))
}

/** A delivery succeeded: the failing streak ends. */
export async function markEndpointHealthy(db: Executor, id: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', id).where('failing_since', 'is not', null).execute()
}

/**
 * A delivery failed at `now`: starts the failing streak, or, when it began `disableAfterMs` ago
 * or more, disables the endpoint. Answers whether this call disabled it (so one mail goes out).
 */
export async function markEndpointFailing(db: Executor, id: number, now: Date, disableAfterMs: number): Promise<boolean> {
  await db.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', id).where('failing_since', 'is', null).execute()
  const since = new Date(now.getTime() - disableAfterMs)
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'every delivery failed for days', updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .where('failing_since', '<=', since)
    .executeTakeFirst()
  return Number(disabled.numUpdatedRows) > 0
}

/** Signing secrets sealed under a previous SECRETS_KEY, re-sealed under the current one (at start and `trellis secrets rewrap`). */
export async function rewrapWebhookSecrets(db: Executor, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('webhook_endpoints').select(['id', 'secret', 'previous_secret']).execute()
  const current = await rewrapRows(
    box,
    rows,
    (row) => row.secret,
    (row, value) => box.rewrap(value, sealContext(row.id, 'current')),
    (row, secret, previous) => db.updateTable('webhook_endpoints').set({ secret }).where('id', '=', row.id).where('secret', '=', previous).executeTakeFirst(),
  )
  const before = await rewrapRows(
    box,
    rows,
    (row) => row.previous_secret,
    (row, value) => box.rewrap(value, sealContext(row.id, 'previous')),
    (row, sealed, previous) => db.updateTable('webhook_endpoints').set({ previous_secret: sealed }).where('id', '=', row.id).where('previous_secret', '=', previous).executeTakeFirst(),
  )
  return current + before
}
