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

/** Changes a device's record (its password, model, secrets or anonymous access). */
export async function updateDevice(db: Executor, id: number, values: Partial<DeviceValues> & { password_hash?: null }, now: Date): Promise<void> {
  await db.updateTable('devices').set({ ...values, updated_at: now }).where('id', '=', id).execute()
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

/** The devices a brand (or the platform, null) registered, newest first, at most 1000. */
export function devicesRegisteredBy(db: Executor, tenantId: number | null): Promise<Device[]> {
  const q = db.selectFrom('devices').selectAll()
  return (tenantId === null ? q.where('registered_by', 'is', null) : q.where('registered_by', '=', tenantId)).orderBy('id', 'desc').limit(1000).execute()
}

/** A sensor's history and commands follow it to another tenant. */
export async function moveSensorData(trx: Executor, sensorId: number, toTenantId: number): Promise<void> {
  await trx.updateTable('sensor_history').set({ tenant_id: toTenantId }).where('sensor_id', '=', sensorId).execute()
  await trx.updateTable('device_commands').set({ tenant_id: toTenantId }).where('sensor_id', '=', sensorId).execute()
}
