/** The connections module's tables: upstream providers, the identities linked to accounts, and round trips in flight. */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { UpstreamConnectionsTable, UpstreamIdentitiesTable, UpstreamSignInsTable } from '../../db/connection-tables.ts'
import type { Executor } from '../../db/executor.ts'
import { secondsBefore } from '../../lib/clock.ts'
import { isSealed, type SecretBox } from '../../lib/secret-box.ts'

export type ConnectionRow = Selectable<UpstreamConnectionsTable>
export type IdentityRow = Selectable<UpstreamIdentitiesTable>
export type SignInRow = Selectable<UpstreamSignInsTable>

export async function insertConnection(db: Executor, row: Insertable<UpstreamConnectionsTable>): Promise<ConnectionRow> {
  return db.insertInto('upstream_connections').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateConnection(db: Executor, id: number, set: Updateable<UpstreamConnectionsTable>): Promise<ConnectionRow> {
  return db.updateTable('upstream_connections').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

export async function deleteConnection(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('upstream_connections').where('id', '=', id).execute()
}

export function findConnection(db: Executor, id: number): Promise<ConnectionRow | undefined> {
  return db.selectFrom('upstream_connections').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The connections of one owner exactly: a brand's own, or the platform's (null). */
export function connectionsOf(db: Executor, tenantId: number | null): Promise<ConnectionRow[]> {
  const query = db.selectFrom('upstream_connections').selectAll().orderBy('id')
  return (tenantId === null ? query.where('tenant_id', 'is', null) : query.where('tenant_id', '=', tenantId)).execute()
}

/** What a sign-in under `tenantId` offers: its own enabled connections, and the platform's. */
export function offeredAt(db: Executor, tenantId: number | null): Promise<ConnectionRow[]> {
  return db
    .selectFrom('upstream_connections')
    .selectAll()
    .where('enabled', '=', true)
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)])))
    .orderBy('tenant_id', (ob) => ob.desc().nullsLast())
    .orderBy('id')
    .execute()
}

export async function insertSignIn(db: Executor, row: Insertable<UpstreamSignInsTable>): Promise<void> {
  await db.insertInto('upstream_sign_ins').values(row).execute()
}

/** How many round trips a sign-in request has begun (each is a row: a button pressed in a loop must not fill the table). */
export async function signInsOfRequest(db: Executor, requestId: string): Promise<number> {
  const row = await db.selectFrom('upstream_sign_ins').select((eb) => eb.fn.countAll<number>().as('n')).where('authorization_request_id', '=', requestId).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Apple's form_post `user` field, kept on the unused round trip until the callback's GET. */
export async function keepUpstreamUser(db: Executor, stateHash: string, user: string, now: Date): Promise<void> {
  await db.updateTable('upstream_sign_ins').set({ upstream_user: user }).where('state_hash', '=', stateHash).where('used_at', 'is', null).where('expires_at', '>', now).execute()
}

/** Uses the round trip up: once, in the browser that began it, before it expires; undefined otherwise. */
export function takeSignIn(db: Executor, stateHash: string, browserHash: string, now: Date): Promise<SignInRow | undefined> {
  return db
    .updateTable('upstream_sign_ins')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('browser_hash', '=', browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

export async function setPending(db: Executor, stateHash: string, subject: string, email: string): Promise<void> {
  await db.updateTable('upstream_sign_ins').set({ pending_subject: subject, pending_email: email }).where('state_hash', '=', stateHash).execute()
}

/** The identity of a sign-in request waiting for its address to be proven (the newest), and clears it. */
export async function takePending(db: Executor, requestId: string, now: Date): Promise<SignInRow | undefined> {
  const row = await db
    .selectFrom('upstream_sign_ins')
    .selectAll()
    .where('authorization_request_id', '=', requestId)
    .where('pending_subject', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst()
  if (!row) return undefined
  await db.updateTable('upstream_sign_ins').set({ pending_subject: null, pending_email: null }).where('authorization_request_id', '=', requestId).execute()
  return row
}

export async function purgeSignIns(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('upstream_sign_ins').where('expires_at', '<', secondsBefore(now, 24 * 3600)).execute()
}

export function findIdentity(db: Executor, connectionId: number, subject: string, tenantId: number | null): Promise<IdentityRow | undefined> {
  const query = db.selectFrom('upstream_identities').selectAll().where('connection_id', '=', connectionId).where('subject', '=', subject)
  return (tenantId === null ? query.where('tenant_id', 'is', null) : query.where('tenant_id', '=', tenantId)).executeTakeFirst()
}

/** Links an identity; false when (connection, subject) is already linked to an account of that tenant. */
export async function insertIdentity(db: Executor, row: Insertable<UpstreamIdentitiesTable>): Promise<boolean> {
  const existing = await findIdentity(db, row.connection_id, row.subject, row.tenant_id ?? null)
  if (existing) return false
  await db.insertInto('upstream_identities').values(row).execute()
  return true
}

export async function touchIdentity(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('upstream_identities').set({ last_used_at: now }).where('id', '=', id).execute()
}

export function identitiesOf(db: Executor, userId: number): Promise<(IdentityRow & { kind: string; name: string })[]> {
  return db
    .selectFrom('upstream_identities as i')
    .innerJoin('upstream_connections as c', 'c.id', 'i.connection_id')
    .selectAll('i')
    .select(['c.kind', 'c.name'])
    .where('i.user_id', '=', userId)
    .orderBy('i.id')
    .execute()
}

export async function deleteIdentity(db: Executor, userId: number, id: number): Promise<IdentityRow | undefined> {
  return db.deleteFrom('upstream_identities').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst()
}

/** Every sealed column, for re-wrapping under a new SECRETS_KEY (modules/secrets-at-rest.ts). */
export function sealedConnections(db: Executor): Promise<Pick<ConnectionRow, 'id' | 'client_secret' | 'apple_private_key'>[]> {
  return db.selectFrom('upstream_connections').select(['id', 'client_secret', 'apple_private_key']).execute()
}

/** Re-seals the connections' secrets under the current key (`trellis secrets rewrap`); how many columns changed. */
export async function rewrapConnectionSecrets(db: Executor, box: SecretBox): Promise<number> {
  let changed = 0
  for (const row of await sealedConnections(db)) {
    const set: Updateable<UpstreamConnectionsTable> = {}
    for (const [column, suffix] of [['client_secret', 'secret'], ['apple_private_key', 'key']] as const) {
      const value = row[column]
      if (value === null || box.isCurrent(value)) continue
      const context = sealContext(row.id, suffix)
      set[column] = box.seal(isSealed(value) ? box.open(value, context) : value, context)
      changed += 1
    }
    if (Object.keys(set).length > 0) await db.updateTable('upstream_connections').set(set).where('id', '=', row.id).execute()
  }
  return changed
}

/** What a connection's sealed column is bound to: its row and its purpose. */
export function sealContext(id: number, purpose: 'secret' | 'key'): string {
  return `upstream_connections:${id}:${purpose}`
}

export async function insertNonce(db: Executor, row: { nonceHash: string; clientId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('upstream_nonces').values({ nonce_hash: row.nonceHash, client_id: row.clientId, expires_at: row.expiresAt }).execute()
}

/** Uses a nonce up: once, by the client it was handed to, before it expires; false otherwise (a replay, a stranger's, a stale one). */
export async function takeNonce(db: Executor, nonceHash: string, clientId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('upstream_nonces')
    .set({ used_at: now })
    .where('nonce_hash', '=', nonceHash)
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('nonce_hash')
    .executeTakeFirst()
  return row !== undefined
}

export async function purgeNonces(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('upstream_nonces').where('expires_at', '<', secondsBefore(now, 24 * 3600)).execute()
}

/** The enabled connections offered at `tenantId` whose issuer is `issuer`. */
export async function offeredWithIssuer(db: Executor, tenantId: number | null, issuer: string): Promise<ConnectionRow[]> {
  return (await offeredAt(db, tenantId)).filter((row) => row.issuer === issuer)
}
