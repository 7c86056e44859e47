/** The devices table as the registry reads and writes it (registry.service.ts decides who may). */
import type { Device } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

/** What a registration sets; the secrets only when given (undefined leaves them as they are). */
export interface DeviceValues {
  model: string
  claim_hash?: string | undefined
  factory_hash?: string | undefined
  allow_anonymous?: boolean
}

export function findDevice(db: Executor, mac: string): Promise<Device | undefined> {
  return db.selectFrom('devices').selectAll().where('mac', '=', mac).executeTakeFirst()
}

export function findDeviceById(db: Executor, id: number): Promise<Device | undefined> {
  return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How a device gets in and who may claim it next (migration 0025): what a holder or a hand-over changes. */
export interface AccessValues {
  password_hash?: string | null
  factory_mqtt?: boolean
  allow_anonymous?: boolean
  labels_void?: boolean
  transfer_hash?: string | null
}

/** Changes a device's record (its password, model, secrets or anonymous access). */
export async function updateDevice(db: Executor, id: number, values: Partial<DeviceValues> & AccessValues, now: Date): Promise<void> {
  await db.updateTable('devices').set({ ...values, updated_at: now }).where('id', '=', id).execute()
}

/** Sets how the device gets in; the devices trigger ends the sessions a change voids. */
export async function setDeviceAccess(db: Executor, id: number, values: AccessValues, now: Date): Promise<void> {
  await updateDevice(db, id, values, now)
}

/**
 * A change of holder (claim, release, move): counts the holder epoch up, so every MQTT session
 * made before ends (device-auth.service.ts), with the access values the change sets.
 */
export async function changeHolder(db: Executor, id: number, values: AccessValues, now: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({ ...values, holder_epoch: eb('holder_epoch', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute()
}

/** The columns a holder's view of its device's ways in reads. */
export function deviceAccessOf(db: Executor, id: number) {
  return db
    .selectFrom('devices')
    .select(['password_hash', 'factory_hash', 'factory_mqtt', 'allow_anonymous', 'transfer_hash'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * Inserts a device record; false when its MAC is taken (by a concurrent registration): no
 * error, so a transaction around it goes on.
 */
export async function insertDevice(db: Executor, mac: string, registeredBy: number | null, values: DeviceValues): Promise<boolean> {
  const row = await db
    .insertInto('devices')
    .values({ mac, registered_by: registeredBy, ...values })
    .onConflict((oc) => oc.column('mac').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** The devices a brand (or the platform, null) registered, newest first: at most `limit` (1000), older than `before` (an id), their MAC starting with `mac`. */
export function devicesRegisteredBy(db: Executor, tenantId: number | null, opts: { mac?: string; before?: number; limit?: number } = {}): Promise<Device[]> {
  let q = db.selectFrom('devices').selectAll()
  q = tenantId === null ? q.where('registered_by', 'is', null) : q.where('registered_by', '=', tenantId)
  // LIKE's own wildcards in what was typed are literal characters
  if (opts.mac) q = q.where('mac', 'like', `${opts.mac.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (opts.before) q = q.where('id', '<', opts.before)
  return q.orderBy('id', 'desc').limit(opts.limit ?? 1000).execute()
}

/** A sensor's history and commands follow it to another tenant. */
export async function moveSensorData(trx: Executor, sensorId: number, toTenantId: number): Promise<void> {
  await trx.updateTable('sensor_history').set({ tenant_id: toTenantId }).where('sensor_id', '=', sensorId).execute()
  await trx.updateTable('device_commands').set({ tenant_id: toTenantId }).where('sensor_id', '=', sensorId).execute()
}

/**
 * A release (by the release route, or by deleting the sensor that presented the device): a
 * change of holder that drops the issued password, switches the factory password off and voids
 * the labels, so only the transfer code the holder made proves the next claim (registry.service.ts).
 */
export async function releaseDevice(db: Executor, id: number, now: Date): Promise<void> {
  await changeHolder(db, id, { password_hash: null, factory_mqtt: false, labels_void: true }, now)
}
