/**
 * MACs that two or more tenants used before devices were records of their own (migration
 * 0013 links none of them and lists them), and the operator's decision for each: the
 * operator, never a tenant, decides which tenant holds the physical device (docs/api.md, Devices).
 */
import type { SensorStore } from '../sensors/index.ts'
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Sensor } from '../../db/database.ts'
import { deviceErrors, notFound } from '../../lib/errors.ts'
import { normalizeMac } from './payload.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { auditActor, OPERATOR, type Actor } from '../tenancy/index.ts'

export class DeviceConflicts {
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly sensors: SensorStore,
  ) {}

  /** MACs two or more tenants used before devices were records of their own (migration 0013), not yet resolved. */
  async list(): Promise<{ mac: string; tenantIds: number[] }[]> {
    const rows = await this.db.selectFrom('device_conflicts').select(['mac', 'tenant_ids']).orderBy('mac').execute()
    return rows.map((r) => ({ mac: r.mac, tenantIds: r.tenant_ids }))
  }

  /**
   * The operator's decision for a conflict: `tenantId`'s sensor of that MAC presents the device;
   * the others stay labels. Recorded as `device.conflict.resolve` in the same transaction.
   */
  async resolve(macText: string, tenantId: number, by: Actor = OPERATOR): Promise<Sensor> {
    const mac = normalizeMac(macText)
    if (!mac) throw deviceErrors.invalidMac('mac')
    return this.db.transaction().execute(async (trx) => {
      const device = await trx.selectFrom('devices').select('id').where('mac', '=', mac).executeTakeFirst()
      if (!device) throw notFound('Device')
      await this.sensors.unbindDevice(trx, device.id)
      const sensor = await this.sensors.bindLabel(trx, { tenantId, mac, deviceRef: device.id, now: this.clock.now(), anyCase: true })
      if (!sensor) throw notFound('Sensor with that deviceId in the tenant')
      await trx.deleteFrom('device_conflicts').where('mac', '=', mac).execute()
      const summary = { values: { sensorId: sensor.id } }
      await this.audit.record(trx, { actor: auditActor(by), tenantId, action: 'device.conflict.resolve', target: { type: 'device', id: mac }, summary })
      return sensor
    })
  }
}
