/** Device authorization requests (RFC 8628, device-codes.ts): the one place that reads and writes them. */
import { sql } from 'kysely'
import type { DeviceAuthorization } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { secondsAfter } from '../../lib/clock.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { DEVICE_CODE_TTL_SECONDS, generateUserCode, hashUserCode, POLL_INTERVAL_SECONDS } from './device-codes.ts'

export interface NewDeviceAuthorization {
  clientId: string
  tenantId: number | null
  scope: string
}

/** Draws a user code until one is unused (the unique index on its hash is the judge); returns both codes in clear, once. */
export async function insertDeviceAuthorization(
  db: Executor,
  codeKey: Buffer,
  input: NewDeviceAuthorization,
  now: Date,
): Promise<{ deviceCode: string; userCode: string; expiresAt: Date }> {
  const deviceCode = randomToken(32)
  const expiresAt = secondsAfter(now, DEVICE_CODE_TTL_SECONDS)
  for (let attempt = 0; attempt < 5; attempt++) {
    const userCode = generateUserCode()
    const inserted = await db
      .insertInto('device_authorizations')
      .values({
        device_code_hash: hashSecret(deviceCode),
        user_code_hash: hashUserCode(codeKey, userCode),
        client_id: input.clientId,
        tenant_id: input.tenantId,
        scope: input.scope,
        interval_seconds: POLL_INTERVAL_SECONDS,
        expires_at: expiresAt,
        created_at: now,
      })
      .onConflict((oc) => oc.column('user_code_hash').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return { deviceCode, userCode, expiresAt }
  }
  throw new Error('could not draw an unused user code')
}

/** The undecided, unexpired authorization a user code names at this issuer (null: the platform's). */
export async function pendingByUserCode(db: Executor, userCodeHash: string, tenantId: number | null, now: Date): Promise<DeviceAuthorization | undefined> {
  return db
    .selectFrom('device_authorizations')
    .selectAll()
    .where('user_code_hash', '=', userCodeHash)
    .where(sql<boolean>`tenant_id is not distinct from ${tenantId}::integer`)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** The person's decision, once, while the request is undecided and alive; false when it was not. */
export async function decideDeviceAuthorization(
  db: Executor,
  id: number,
  decision: { approved: boolean; userId: number; authTime: Date; now: Date },
): Promise<boolean> {
  const { now } = decision
  const done = await db
    .updateTable('device_authorizations')
    .set({ status: decision.approved ? 'approved' : 'denied', user_id: decision.userId, auth_time: decision.authTime, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst()
  return done !== undefined
}

/** A presented device code's row, locked for this poll's transaction. */
export async function lockByDeviceCode(trx: Executor, deviceCode: string): Promise<DeviceAuthorization | undefined> {
  return trx.selectFrom('device_authorizations').selectAll().where('device_code_hash', '=', hashSecret(deviceCode)).forUpdate().executeTakeFirst()
}

/** A poll of an undecided request: when it came, and the interval from now on. */
export async function recordPoll(trx: Executor, id: number, now: Date, intervalSeconds: number): Promise<void> {
  await trx.updateTable('device_authorizations').set({ last_polled_at: now, interval_seconds: intervalSeconds }).where('id', '=', id).execute()
}

/** Marks an approved request redeemed; false when another poll did first. */
export async function consumeDeviceAuthorization(trx: Executor, id: number, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable('device_authorizations')
    .set({ consumed_at: now, last_polled_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return done !== undefined
}

/** Housekeeping: requests a day past their end. */
export async function purgeExpiredDeviceAuthorizations(db: Executor, at: Date): Promise<void> {
  await sql`delete from device_authorizations where expires_at < cast(${at} as timestamptz) - interval '1 day'`.execute(db)
}
