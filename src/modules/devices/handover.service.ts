/**
 * A device changing hands, on its holder's side: the transfer code for the next holder, the
 * release, a move to another tenant of the same person, and every way in to the device, seen
 * and ended by its holder. The threat model is registry.service.ts's ("Hand-over").
 */
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Device, Sensor } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import { hashPassword, randomToken, type ScryptParams } from '../../lib/crypto.ts'
import { appErrors } from '../../lib/errors.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import type { SensorStore } from '../sensors/index.ts'
import { moveSensorSchedules } from '../schedules/index.ts'
import type { DeviceRegistry } from './registry.service.ts'
import type { CredentialsService, DeviceAccessView } from './credentials.service.ts'
import { isUniqueViolation } from './registration.ts'
import { changeHolder, moveSensorData, releaseDevice, updateDevice } from './registry.repository.ts'

type Scope = number | undefined

export class DeviceHandover {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly registry: DeviceRegistry,
    private readonly credentials: CredentialsService,
    private readonly scrypt: ScryptParams,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly sensors: SensorStore,
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  private record(trx: Executor, actor: Actor, tenantId: number, action: string, mac: string, values: Record<string, number | boolean>): Promise<void> {
    return this.audit.record(trx, { actor: auditActor(actor), tenantId, action, target: { type: 'device', id: mac }, summary: { values } })
  }

  /**
   * A one-time transfer code (96 random bits, shown once, kept as a scrypt hash) that proves
   * the next claim once the holder releases the device; a new one replaces the last. The
   * holder hands it over with the device: the printed code and the factory password prove
   * nothing after a release.
   */
  async transferCode(actor: Actor, sensorId: number, scope: Scope): Promise<{ transferCode: string }> {
    const { sensor, device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    const transferCode = randomToken(12)
    const hash = await hashPassword(transferCode, this.scrypt)
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(trx, device.id, { transfer_hash: hash }, this.clock.now())
      await this.record(trx, actor, sensor.tenant_id, 'device.transfer_code.create', device.mac, { sensorId: sensor.id })
    })
    return { transferCode }
  }

  /** Releases the device: the holder's sensor (with its history and commands) goes, and every way in the holder had. */
  async release(actor: Actor, sensorId: number, scope: Scope): Promise<void> {
    const { sensor, device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.db.transaction().execute(async (trx) => {
      await releaseDevice(trx, device.id, this.clock.now())
      await this.sensors.deleteSensor(trx, sensor.id)
      await this.record(trx, actor, sensor.tenant_id, 'device.release', device.mac, { sensorId: sensor.id })
      await this.events.record(trx, { type: 'device.released', tenantId: sensor.tenant_id, data: { sensorId: sensor.id, mac: device.mac } })
    })
  }

  /**
   * Moves the device, with its sensor and history, to another tenant the actor administers. The
   * MQTT password issued in the old tenant goes (its admins may know it), and every session
   * made before; the new tenant issues one.
   */
  async transfer(actor: Actor, sensorId: number, scope: Scope, toTenantId: number): Promise<Sensor> {
    const { sensor, device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.policy.authorize(actor, 'devices.claim', toTenantId)
    try {
      return await this.db.transaction().execute(async (trx) => {
        const moved = toTenantId === sensor.tenant_id ? sensor : await this.move(trx, sensor, device, toTenantId)
        await this.record(trx, actor, sensor.tenant_id, 'device.transfer', device.mac, { sensorId: sensor.id, toTenantId })
        if (toTenantId !== sensor.tenant_id) {
          await this.events.record(trx, { type: 'device.transferred', tenantId: toTenantId, data: { sensorId: sensor.id, mac: device.mac, fromTenantId: sensor.tenant_id, toTenantId } })
        }
        return moved
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw appErrors.device_id_taken(`The tenant already has a sensor with deviceId ${sensor.device_id}; delete or rename it first.`)
      throw error
    }
  }

  private async move(trx: Executor, sensor: Sensor, device: Device, toTenantId: number): Promise<Sensor> {
    await changeHolder(trx, device.id, { password_hash: null }, this.clock.now())
    await moveSensorData(trx, sensor.id, toTenantId)
    await moveSensorSchedules(trx, sensor.id, toTenantId)
    return this.sensors.moveSensor(trx, sensor.id, toTenantId, this.clock.now())
  }

  /** Every way in to the device, for its holder's admins. */
  async access(actor: Actor, sensorId: number, scope: Scope): Promise<DeviceAccessView> {
    const { device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    return this.credentials.status(device.id)
  }

  /** Ends every way in at once (issued password, factory password, anonymous access) and every session. */
  async endAll(actor: Actor, sensorId: number, scope: Scope): Promise<void> {
    const { sensor, device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.credentials.endAll(device, { actor, tenantId: sensor.tenant_id })
  }

  /** The holder's switch of the factory password: on is its consent that whoever knows it may connect as the device. */
  async switchFactory(actor: Actor, sensorId: number, scope: Scope, on: boolean): Promise<DeviceAccessView> {
    const { sensor, device } = await this.registry.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.credentials.switchFactory(device, on, { actor, tenantId: sensor.tenant_id })
    return this.credentials.status(device.id)
  }
}
