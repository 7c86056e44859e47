/**
 * The sensors table as the modules above need it (spaces clearing a space, devices binding a
 * device to a tenant's sensor), each read or write named here so the table has one owner.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Insertable } from 'kysely'
import type { Sensor, SensorsTable } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

export function findSensor(db: Executor, sensorId: number): Promise<Sensor | undefined> {
  return db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirst()
}

/** Sensors by id, those that exist. */
export function findSensors(db: Executor, sensorIds: readonly number[]): Promise<Sensor[]> {
  if (sensorIds.length === 0) return Promise.resolve([])
  return db.selectFrom('sensors').selectAll().where('id', 'in', sensorIds).execute()
}

/** The sensor that presents a device (by the device's row id), if any. */
export function sensorPresenting(db: Executor, deviceRef: number): Promise<Sensor | undefined> {
  return db.selectFrom('sensors').selectAll().where('device_ref', '=', deviceRef).executeTakeFirst()
}

/** Which of these devices (by row id) a sensor presents: the claimed ones. */
/** Who holds each of these devices (the tenant of the sensor presenting it), whether it is online, and when it last reported. */
export async function devicesPresented(db: Executor, deviceRefs: readonly number[]): Promise<Map<number, { tenantId: number; online: boolean; lastSeenAt: Date | null }>> {
  if (deviceRefs.length === 0) return new Map()
  const rows = await db.selectFrom('sensors').select(['device_ref', 'tenant_id', 'online', 'last_seen_at']).where('device_ref', 'in', deviceRefs).execute()
  return new Map(rows.flatMap((r) => (r.device_ref === null ? [] : [[r.device_ref, { tenantId: r.tenant_id, online: r.online, lastSeenAt: r.last_seen_at }] as const])))
}

/** Whether a space holds a sensor (spaces' SpaceContents). */
export async function spaceHasSensors(db: Executor, spaceId: number): Promise<boolean> {
  return (await db.selectFrom('sensors').select('id').where('space_id', '=', spaceId).limit(1).executeTakeFirst()) !== undefined
}

/** Deletes the sensors of the spaces a query (SQL selecting space ids) names; returns those that presented a device. */
export function deleteSensorsInSpaces(db: Executor, spaceIds: RawBuilder<unknown>): Promise<PresentingSensor[]> {
  return db
    .deleteFrom('sensors')
    .where(sql<boolean>`space_id in (${spaceIds})`)
    .returning(['id', 'tenant_id', 'device_id', 'device_ref'])
    .execute()
    .then((rows) => rows.flatMap((r) => (r.device_ref === null ? [] : [{ ...r, device_ref: r.device_ref }])))
}

/** Deletes every sensor of a tenant (the tenant goes with its person): those that presented a device. */
export function deleteSensorsOfTenant(db: Executor, tenantId: number): Promise<PresentingSensor[]> {
  return db
    .deleteFrom('sensors')
    .where('tenant_id', '=', tenantId)
    .returning(['id', 'tenant_id', 'device_id', 'device_ref'])
    .execute()
    .then((rows) => rows.flatMap((r) => (r.device_ref === null ? [] : [{ ...r, device_ref: r.device_ref }])))
}

/** A deleted sensor that presented a device: what releasing the device needs. */
export interface PresentingSensor {
  id: number
  tenant_id: number
  device_id: string
  device_ref: number
}

/** No sensor presents the device any more. */
export async function unbindDevice(db: Executor, deviceRef: number): Promise<void> {
  await db.updateTable('sensors').set({ device_ref: null }).where('device_ref', '=', deviceRef).execute()
}

/**
 * A tenant's sensor labelled with the device's MAC (its deviceId) now presents the device;
 * `anyCase`: the label matched case-insensitively, bound or not (the operator's decision of a
 * conflict); else only an unbound label with the MAC as written. Undefined: no such label.
 */
export function bindLabel(
  db: Executor,
  label: { tenantId: number; mac: string; deviceRef: number; now: Date; anyCase?: boolean; spaceId?: number | null },
): Promise<Sensor | undefined> {
  let query = db
    .updateTable('sensors')
    .set({ device_ref: label.deviceRef, updated_at: label.now, ...(label.spaceId !== undefined ? { space_id: label.spaceId } : {}) })
    .where('tenant_id', '=', label.tenantId)
  query = label.anyCase ? query.where(sql<string>`lower(device_id)`, '=', label.mac) : query.where('device_id', '=', label.mac).where('device_ref', 'is', null)
  return query.returningAll().executeTakeFirst()
}

export function insertSensor(db: Executor, values: Insertable<SensorsTable>): Promise<Sensor> {
  return db.insertInto('sensors').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function deleteSensor(db: Executor, sensorId: number): Promise<void> {
  await db.deleteFrom('sensors').where('id', '=', sensorId).execute()
}

/** Moves a sensor to another tenant, out of any space. */
export function moveSensor(db: Executor, sensorId: number, tenantId: number, now: Date): Promise<Sensor> {
  return db
    .updateTable('sensors')
    .set({ tenant_id: tenantId, space_id: null, updated_at: now })
    .where('id', '=', sensorId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The sensors of these tenants (a person's, for their person page), by name, at most 100. */
export async function sensorsOfTenants(db: Executor, tenantIds: readonly number[]) {
  if (tenantIds.length === 0) return []
  return db
    .selectFrom('sensors')
    .select(['id', 'tenant_id', 'device_id', 'name', 'display_name', 'type', 'online', 'last_seen_at'])
    .where('tenant_id', 'in', tenantIds)
    .orderBy('name')
    .limit(100)
    .execute()
}
