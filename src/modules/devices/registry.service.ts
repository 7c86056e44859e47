/**
 * Who a device belongs to: brands register the devices they make, a customer claims one
 * into their own tenant with proof of possession, the holder releases or moves it.
 *
 * Threat model (a stranger can sign up as a customer of any brand open to customers and so
 * owns a tenant; the MAC is printed on the box, 24 bits after the vendor prefix):
 * - Typing a MAC gives nothing. A device record exists only when a brand or the platform
 *   registered it (policy.registerIn); a sensor a tenant creates with a MAC as deviceId is
 *   a label: no stream, commands, credentials or state reach it (device_ref stays null).
 * - A claim needs the claim code printed on the device or its box, or its factory password:
 *   secrets the registrant chose, stored as scrypt hashes (they may be short) and checked
 *   in constant time. Every failed claim spends a token of the account's bucket for that
 *   device and of the account's overall one (RATE_LIMIT_FAILED_CLAIM_PER_DEVICE, per device
 *   and account, and _PER_ACCOUNT; taken before the lookup, so concurrent guesses cannot
 *   overdraw them); a successful claim gives them back. No bucket is the device's alone, so a
 *   stranger's wrong guesses never make its owner wait. The price: an attacker with N
 *   accounts (each an address it controls) makes at most 20N guesses a day over all devices,
 *   each right with odds 1 in the code space (an 8-digit code: 10^8, so N = 1000 accounts
 *   need on the order of 5,000 days for one hit).
 * - The answer says nothing: an unknown MAC, a wrong code and a device someone else holds
 *   all get the same 403 claim_refused, after the same scrypt work (a dummy hash when there
 *   is no device). A malformed MAC is a 400: it says nothing about any device.
 * - Nothing a stranger creates blocks the rightful owner: labels never collide with claims
 *   (a claim links the claimant's own label of that MAC, or makes a sensor), registration
 *   is for brands, and two claims of one device race on a unique index: one wins, the
 *   other is refused like any failed claim.
 * - A former holder keeps nothing: release drops the password Trellis issued (the device's
 *   MQTT session ends, devices.ts) and deletes the holder's sensor with its history.
 */
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Device, Sensor } from '../../db/database.ts'
import { hashPassword, type ScryptParams } from '../../lib/crypto.ts'
import { AppError, appErrors, deviceErrors, notFound } from '../../lib/errors.ts'
import { ClaimProof, type ClaimBuckets } from './claim-proof.ts'
import { auditActor, type Actor } from '../tenancy/index.ts'
import type { AuditSink, AuditSummary } from '../../lib/audit.ts'
import { summarize } from '../../lib/audit.ts'
import type { Policy } from '../tenancy/index.ts'
import { accessResource } from '../tenancy/index.ts'
import { normalizeMac } from './payload.ts'
import { isUniqueViolation, MIN_SECRET, type ClaimInput, type DeviceInput, type Registered, type RegisterResult } from './registration.ts'
import { devicesRegisteredBy, findDevice, findDeviceById, insertDevice, moveSensorData, updateDevice, type DeviceValues } from './registry.repository.ts'
import type { Executor } from '../../db/executor.ts'
import { bindLabel, deleteSensor, devicesPresented, findSensor, findSensorType, insertSensor, moveSensor, sensorPresenting } from '../sensors/index.ts'
import { moveSensorSchedules } from '../schedules/index.ts'
import { spaceTenant } from '../spaces/index.ts'

export type { ClaimInput, DeviceInput, RegisterResult, Registered } from './registration.ts'
export { deviceView } from './registration.ts'

/** A registration checked, its secrets hashed: ready to write. */
type Prepared = { mac: string; values: DeviceValues }

export class DeviceRegistry {
  private readonly proof: ClaimProof

  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    buckets: ClaimBuckets,
    private readonly scrypt: ScryptParams,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {
    this.proof = new ClaimProof(buckets, scrypt)
  }

  /** Registers (or, for its own registrant, updates) one device as `tenantId`'s brand, or as the platform (null). */
  async register(actor: Actor, tenantId: number | null, input: DeviceInput): Promise<Registered> {
    await this.policy.registerIn(actor, tenantId)
    const values = await this.values(input)
    return this.db.transaction().execute(async (trx) => {
      const registered = await this.upsert(trx, tenantId, values)
      // claim code and factory password are named, never shown
      const summary = summarize({ ...input, status: registered.status }, ['model', 'allowAnonymous', 'status'])
      await this.record(trx, actor, tenantId, 'device.register', registered.mac, summary)
      return registered
    })
  }

  /** Appends the audit entry of a change, in the change's own transaction. */
  private record(trx: Executor, actor: Actor, tenantId: number | null, action: string, mac: string, summary?: AuditSummary): Promise<void> {
    return this.audit.record(trx, { actor: auditActor(actor), tenantId, action, target: { type: 'device', id: mac }, ...(summary ? { summary } : {}) })
  }

  /** Many devices at once (API bulk, `trellis devices import`): a bad row is reported, the others are registered. */
  async registerMany(actor: Actor, tenantId: number | null, inputs: DeviceInput[]): Promise<RegisterResult[]> {
    await this.policy.registerIn(actor, tenantId)
    // checked and hashed first, one at a time: the transaction holds no lock while scrypt works
    const checked: ({ input: DeviceInput; v: Prepared } | { input: DeviceInput; error: unknown })[] = []
    for (const input of inputs) checked.push(await this.values(input).then((v) => ({ input, v }), (error: unknown) => ({ input, error })))
    // the devices and the one entry that counts them commit together; a refused row writes
    // nothing (upsert throws before its write, never from a failed statement)
    return this.db.transaction().execute(async (trx) => {
      const results: RegisterResult[] = []
      for (const row of checked) {
        try {
          if ('error' in row) throw row.error
          results.push(await this.upsert(trx, tenantId, row.v))
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          results.push({ mac: row.input.mac, status: 'error', code: error.code, message: error.message })
        }
      }
      const count = (status: string) => results.filter((r) => r.status === status).length
      const summary = { values: { devices: results.length, created: count('created'), updated: count('updated'), errors: count('error') } }
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'device.register.bulk', target: { type: 'device', id: null }, summary })
      return results
    })
  }

  private async secret(value: string | undefined, field: string): Promise<string | undefined> {
    if (value === undefined) return undefined
    if (value.length < MIN_SECRET) throw deviceErrors.weakSecret(field)
    return hashPassword(value, this.scrypt)
  }

  /** A registration's checked MAC and the values it sets, its secrets hashed. */
  private async values(input: DeviceInput): Promise<Prepared> {
    const mac = normalizeMac(input.mac)
    if (!mac) throw deviceErrors.invalidMac()
    if (!findSensorType(input.model)) throw appErrors.unsupported_sensor_type(`model: "${input.model}" is not a known sensor type.`)
    const values = {
      model: input.model,
      ...(input.claimCode !== undefined ? { claim_hash: await this.secret(input.claimCode, 'body.claimCode') } : {}),
      ...(input.factoryPassword !== undefined ? { factory_hash: await this.secret(input.factoryPassword, 'body.factoryPassword') } : {}),
      // RISK (anonymous firmware): see setAnonymous; only a brand or the platform gets here
      ...(input.allowAnonymous !== undefined ? { allow_anonymous: input.allowAnonymous } : {}),
    }
    return { mac, values }
  }

  private async upsert(trx: Executor, tenantId: number | null, { mac, values }: Prepared): Promise<Registered> {
    const existing = await findDevice(trx, mac)
    if (existing) {
      // the platform (null) may update any record; a brand only its own
      if (tenantId !== null && existing.registered_by !== tenantId) throw deviceErrors.registeredElsewhere()
      await updateDevice(trx, existing.id, values, this.clock.now())
      return { mac, status: 'updated' }
    }
    // registered by a concurrent request: the same answer as if it had come first
    if (!(await insertDevice(trx, mac, tenantId, values))) throw deviceErrors.registeredElsewhere()
    return { mac, status: 'created' }
  }

  /** The brand's devices (or the platform's, null), newest first, at most 1000. */
  async list(actor: Actor, tenantId: number | null): Promise<Device[]> {
    await this.policy.registerIn(actor, tenantId)
    return devicesRegisteredBy(this.db, tenantId)
  }

  /** The brand's devices as `list` gives them, each with whether a tenant has claimed it. */
  async listWithClaims(actor: Actor, tenantId: number | null): Promise<{ device: Device; claimed: boolean }[]> {
    const devices = await this.list(actor, tenantId)
    if (!devices.length) return []
    const claimed = await devicesPresented(this.db, devices.map((d) => d.id))
    return devices.map((device) => ({ device, claimed: claimed.has(device.id) }))
  }

  /**
   * RISK: with allowAnonymous on, anyone who can reach the broker and knows (or guesses)
   * this device's MAC can publish its state and read its commands: the MAC is taken from the
   * MQTT client id, which nobody verifies. Only for firmware that cannot send credentials,
   * and only the brand that made the device (or the platform) may decide it, never the
   * tenant that holds it.
   */
  async setAnonymous(actor: Actor, device: Pick<Device, 'id' | 'mac' | 'registered_by'>, allow: boolean): Promise<void> {
    await this.policy.configureDevice(actor, device.registered_by)
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(trx, device.id, { allow_anonymous: allow }, this.clock.now())
      await this.record(trx, actor, device.registered_by, 'device.access.change', device.mac, { values: { allowAnonymous: allow } })
    })
  }

  /** A device by MAC for its brand or the platform; 404 for anyone else, as for a missing one. */
  async forRegistrant(actor: Actor, macText: string, scope: number | undefined): Promise<Device> {
    const mac = normalizeMac(macText)
    if (!mac) throw deviceErrors.invalidMac('params.mac')
    const device = await findDevice(this.db, mac)
    const mayRead = device && (await this.policy.configureDevice(actor, device.registered_by).then(() => true, () => false))
    if (!device || !mayRead || (scope !== undefined && device.registered_by !== scope)) {
      this.policy.requireScope(actor, 'sensors:write')
      throw notFound('Device')
    }
    return device
  }

  /** Claims a registered device into `tenantId` with proof of possession; returns the sensor that presents it there. */
  async claim(actor: Actor, tenantId: number, input: ClaimInput): Promise<Sensor> {
    await this.policy.authorize(actor, 'devices.claim', tenantId)
    const mac = normalizeMac(input.mac)
    if (!mac) throw deviceErrors.invalidMac()
    const taken = await this.proof.take(actor, mac)
    const device = await findDevice(this.db, mac)
    if (!(await this.proof.proves(device, input.code)) || !device) throw deviceErrors.claimRefused()
    const sensor = await this.link(actor, device, tenantId, input)
    await Promise.all(taken.map((t) => t.refund()))
    return sensor
  }

  /** The claimant's sensor of the device, made or bound in one transaction with the claim's audit entry. */
  private async link(actor: Actor, device: Device, tenantId: number, input: ClaimInput): Promise<Sensor> {
    const held = await sensorPresenting(this.db, device.id)
    if (held) {
      if (held.tenant_id !== tenantId) throw deviceErrors.claimRefused()
      // claimed again by its holder: nothing changes but the entry, a statement of its own
      await this.record(this.db, actor, tenantId, 'device.claim', device.mac, { values: { sensorId: held.id } })
      return held
    }
    if (input.spaceId !== undefined && input.spaceId !== null) {
      const space = await spaceTenant(this.db, input.spaceId)
      if (space?.tenant_id !== tenantId) throw appErrors.invalid_space()
    }
    const name = input.name ?? findSensorType(device.model)?.name ?? device.model
    try {
      return await this.db.transaction().execute(async (trx) => {
        // a new holder issues its own password; whatever was issued before is void
        await updateDevice(trx, device.id, { password_hash: null }, this.clock.now())
        // the claimant's own label of this MAC becomes the device's sensor; otherwise a new one
        const label = await bindLabel(trx, { tenantId, mac: device.mac, deviceRef: device.id, now: this.clock.now(), ...(input.spaceId !== undefined ? { spaceId: input.spaceId } : {}) })
        const sensor = label ?? (await this.newSensor(trx, device, tenantId, name, input))
        await this.record(trx, actor, tenantId, 'device.claim', device.mac, { values: { sensorId: sensor.id } })
        return sensor
      })
    } catch (error) {
      // another claim of the same device won the race
      if (isUniqueViolation(error)) throw deviceErrors.claimRefused()
      throw error
    }
  }

  private newSensor(trx: Executor, device: Device, tenantId: number, name: string, input: ClaimInput): Promise<Sensor> {
    return insertSensor(trx, {
          tenant_id: tenantId,
          device_id: device.mac,
          device_ref: device.id,
          name,
          display_name: input.displayName ?? null,
          type: device.model,
          space_id: input.spaceId ?? null,
          metadata: JSON.stringify({}),
        })
  }

  /** The device a sensor presents, for an actor who may do `action` to the sensor. */
  async ofSensor(actor: Actor, sensorId: number, scope: number | undefined, action: 'sensors.read' | 'sensors.write'): Promise<{ sensor: Sensor; device: Device }> {
    const row = await findSensor(this.db, sensorId)
    const sensor = await accessResource(this.policy, actor, action, 'Sensor', row, scope)
    const device = sensor.device_ref === null ? undefined : await findDeviceById(this.db, sensor.device_ref)
    if (!device) throw deviceErrors.notClaimed()
    return { sensor, device }
  }

  /** Releases the device: the holder's sensor (with its history and commands) goes, and the issued password with it. */
  async release(actor: Actor, sensorId: number, scope: number | undefined): Promise<void> {
    const { sensor, device } = await this.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(trx, device.id, { password_hash: null }, this.clock.now())
      await deleteSensor(trx, sensor.id)
      await this.record(trx, actor, sensor.tenant_id, 'device.release', device.mac, { values: { sensorId: sensor.id } })
    })
  }

  /**
   * Moves the device, with its sensor and history, to another tenant the actor administers. The
   * MQTT password issued in the old tenant goes (its admins may know it); the new tenant issues
   * one, and the device's current session ends with the old password.
   */
  async transfer(actor: Actor, sensorId: number, scope: number | undefined, toTenantId: number): Promise<Sensor> {
    const { sensor, device } = await this.ofSensor(actor, sensorId, scope, 'sensors.write')
    await this.policy.authorize(actor, 'devices.claim', toTenantId)
    try {
      return await this.db.transaction().execute(async (trx) => {
        const moved = toTenantId === sensor.tenant_id ? sensor : await this.move(trx, sensor, device, toTenantId)
        await this.record(trx, actor, sensor.tenant_id, 'device.transfer', device.mac, { values: { sensorId: sensor.id, toTenantId } })
        return moved
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw appErrors.device_id_taken(`The tenant already has a sensor with deviceId ${sensor.device_id}; delete or rename it first.`)
      throw error
    }
  }

  private async move(trx: Executor, sensor: Sensor, device: Device, toTenantId: number): Promise<Sensor> {
    await updateDevice(trx, device.id, { password_hash: null }, this.clock.now())
    await moveSensorData(trx, sensor.id, toTenantId)
    await moveSensorSchedules(trx, sensor.id, toTenantId)
    return moveSensor(trx, sensor.id, toTenantId, this.clock.now())
  }
}
