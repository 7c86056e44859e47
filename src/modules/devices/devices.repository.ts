/** Lookups of a sensor by the device (MAC) it presents, for the device and live routes. */
import type { Executor } from '../../db/executor.ts'

/**
 * The sensor presenting the device with this MAC; under a prefix (`tenantId`), that tenant's
 * sensor of that deviceId. 0 when there is none (the access check then answers 404).
 */
export async function sensorIdByMac(db: Executor, mac: string, tenantId: number | undefined): Promise<number> {
  const q =
    tenantId !== undefined
      ? db.selectFrom('sensors').select('sensors.id').where('sensors.tenant_id', '=', tenantId).where('sensors.device_id', '=', mac)
      : db.selectFrom('devices').innerJoin('sensors', 'sensors.device_ref', 'devices.id').select('sensors.id').where('devices.mac', '=', mac)
  return (await q.executeTakeFirst())?.id ?? 0
}

/** A tenant's sensor of the device with this MAC, with the device's row id. */
export async function sensorOfDevice(db: Executor, tenantId: number, mac: string) {
  return db
    .selectFrom('sensors')
    .innerJoin('devices', 'devices.id', 'sensors.device_ref')
    .select(['sensors.id', 'devices.id as device_ref'])
    .where('sensors.tenant_id', '=', tenantId)
    .where('devices.mac', '=', mac)
    .executeTakeFirst()
}
