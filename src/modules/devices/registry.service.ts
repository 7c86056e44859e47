/**
 * Who a device belongs to: brands register the devices they make, a customer claims one
 * into their own tenant with proof of possession, the holder releases or moves it.
 *
 * Threat model (a stranger can sign up as a customer of any brand open to customers and so
 * owns a tenant; the MAC is printed on the box, 24 bits after the vendor prefix):
 * - Typing a MAC gives nothing. A device record exists only when a brand or the platform
 *   registered it (policy.registerIn); a sensor a tenant creates with a MAC as deviceId is
 *   a label: no stream, commands, credentials or state reach it (device_ref stays null).
 * - A claim needs proof of possession (claim-proof.ts): the claim code printed on the device
 *   or its box, or its factory password, until the device is first released; after that, only
 *   the transfer code its last holder made. All are scrypt hashes checked in constant time.
 *   Every failed claim spends a token of the guesser's bucket for that device and of its
 *   overall one (RATE_LIMIT_FAILED_CLAIM_PER_DEVICE, _PER_ACCOUNT; taken before the lookup,
 *   so concurrent guesses cannot overdraw them); a successful claim gives them back. A guesser
 *   is a person's account, or for a machine the brand that owns its client: a brand makes as
 *   many client_credentials clients as it likes, and they all spend one budget. No bucket is
 *   the device's alone, so a stranger's wrong guesses never make its owner wait. The price:
 *   an attacker with N accounts (each an address it controls) makes at most 20N guesses a day
 *   over all devices, each right with odds 1 in the code space (an 8-digit code: 10^8, so
 *   N = 1000 accounts need on the order of 5,000 days for one hit).
 * - The answer says nothing: an unknown MAC, a wrong code and a device someone else holds
 *   all get the same 403 claim_refused, after the same scrypt work (a dummy hash when there
 *   is no device). A malformed MAC is a 400: it says nothing about any device.
 * - Nothing a stranger creates blocks the rightful owner: labels never collide with claims
 *   (a claim links the claimant's own label of that MAC, or makes a sensor), registration
 *   is for brands, and two claims of one device race on a unique index: one wins, the
 *   other is refused like any failed claim.
 *
 * Hand-over (a device sold or given away). Who attacks: the seller (knows the printed code,
 * the factory password, every password it was issued, and may keep a copy of the firmware's
 * settings); a thief who read the label; the brand, reaching into a device a customer holds.
 * - A claim or a release ends every session of the previous holder: each counts the device's
 *   holder epoch up, and what an MQTT session proved names the epoch it was made in
 *   (device-auth.service.ts), so issued-password, factory-password and anonymous sessions
 *   made before all end, on every instance. Both drop the password Trellis issued.
 * - The factory password brings the device in only while its switch is on: on from
 *   registration, off once the holder issues credentials (the holder moved the device to its
 *   own), off when the holder switches it off, and off after a release. Whoever sold the
 *   device knows it, so after a release it works again only when the new holder switches it on
 *   (PUT .../factory-password): that is the holder's consent, for firmware that knows no other
 *   password, and it is the holder's to take back. Until then a seller connecting with it is
 *   refused like a wrong password.
 * - A release voids the labels: from then on neither the printed claim code nor the factory
 *   password proves possession (the seller read both; so did anyone who saw the box). The
 *   next claim needs the one-time transfer code the holder made before releasing
 *   (handover.service.ts) and handed to the buyer with the device. We chose this over a claim
 *   secret the device rotates or a pairing window the device opens because the firmware in
 *   the field (CLIENTS.md 4) has neither: it only connects and publishes state. A seller can
 *   of course keep the transfer code and claim the device back before the buyer, as it could
 *   keep the device; the buyer then sees the claim refused at once, before paying for
 *   anything it cannot use, and after the buyer's claim the code is spent. A device released
 *   without a transfer code stays unclaimable until its brand registers it again (a new
 *   label): nobody gets it with what was printed on the box.
 * - The holder sees every way in to its device (issued password, factory password and its
 *   switch, anonymous access, a waiting transfer code) and ends them all at once
 *   (handover.service.ts).
 * - A brand's change to a device someone holds that would open a way in (anonymous access,
 *   a new factory password) is refused with 409 device_held, and the attempt is recorded in
 *   the holder's audit log; the brand's other changes to a held device (turning anonymous
 *   access off, its model, its claim code) are recorded in the holder's log (the one entry a
 *   change makes goes to the tenant it reaches). The platform (the operator of every brand,
 *   which can change any row anyway) is not refused, but its changes to a held device are in
 *   the holder's log as well. A brand registering a device that nobody holds again with a claim code
 *   or factory password makes those prove possession again: the maker re-labels it.
 */
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Device, Sensor } from '../../db/database.ts'
import type { ScryptParams } from '../../lib/crypto.ts'
import { AppError, appErrors, deviceErrors, notFound } from '../../lib/errors.ts'
import { ClaimProof, type ClaimBuckets } from './claim-proof.ts'
import { auditActor, isPlatform, type Actor } from '../tenancy/index.ts'
import type { AuditSink, AuditSummary } from '../../lib/audit.ts'
import { summarize } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Policy } from '../tenancy/index.ts'
import { accessResource } from '../tenancy/index.ts'
import { normalizeMac } from './payload.ts'
import { isUniqueViolation, prepare, relabel, type ClaimInput, type DeviceInput, type Prepared, type Registered, type RegisterResult } from './registration.ts'
import { changeHolder, devicesRegisteredBy, findDevice, findDeviceById, insertDevice, updateDevice} from './registry.repository.ts'
import type { Executor } from '../../db/executor.ts'
import { findSensorType, type SensorStore } from '../sensors/index.ts'
import { spaceTenant } from '../spaces/index.ts'

export type { ClaimInput, DeviceInput, RegisterResult, Registered } from './registration.ts'
export { deviceView } from './registration.ts'


export class DeviceRegistry {
  private readonly proof: ClaimProof

  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    buckets: ClaimBuckets,
    private readonly scrypt: ScryptParams,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly sensors: SensorStore,
    private readonly events: EventSink = NO_EVENTS,
  ) {
    this.proof = new ClaimProof(db, buckets, scrypt)
  }

  /** Registers (or, for its own registrant, updates) one device as `tenantId`'s brand, or as the platform (null). */
  async register(actor: Actor, tenantId: number | null, input: DeviceInput): Promise<Registered> {
    await this.policy.registerIn(actor, tenantId)
    const values = await prepare(input, this.scrypt)
    const outcome = await this.db.transaction().execute(async (trx) => {
      const upserted = await this.upsert(trx, actor, tenantId, values)
      if (upserted instanceof AppError) return upserted
      const registered = upserted.result
      // claim code and factory password are named, never shown; a device someone holds: in the holder's log (upsert)
      const summary = summarize({ ...input, status: registered.status }, ['model', 'allowAnonymous', 'status'])
      if (!upserted.held) await this.record(trx, actor, tenantId, 'device.register', registered.mac, summary)
      return registered
    })
    // a refusal's entry in the holder's log commits; the refusal is the answer
    if (outcome instanceof AppError) throw outcome
    return outcome
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
    for (const input of inputs) checked.push(await prepare(input, this.scrypt).then((v) => ({ input, v }), (error: unknown) => ({ input, error })))
    // the devices and the one entry that counts them commit together; a refused row writes
    // nothing (upsert throws before its write, never from a failed statement)
    return this.db.transaction().execute(async (trx) => {
      const results: RegisterResult[] = []
      for (const row of checked) {
        try {
          if ('error' in row) throw row.error
          const upserted = await this.upsert(trx, actor, tenantId, row.v)
          if (upserted instanceof AppError) throw upserted
          results.push(upserted.result)
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

  /**
   * Writes a registration. A change to a device someone holds is recorded in the holder's log
   * here (held: true); a device_held refusal is returned (its entry written), not thrown.
   */
  private async upsert(trx: Executor, actor: Actor, tenantId: number | null, { mac, values }: Prepared): Promise<{ result: Registered; held: boolean } | AppError> {
    const existing = await findDevice(trx, mac)
    if (existing) {
      // the platform (null) may update any record; a brand only its own
      if (tenantId !== null && existing.registered_by !== tenantId) throw deviceErrors.registeredElsewhere()
      const held = await this.sensors.sensorPresenting(trx, existing.id)
      const named = summarize({ model: values.model, claimCode: values.claim_hash, factoryPassword: values.factory_hash, allowAnonymous: values.allow_anonymous }, ['model', 'allowAnonymous'])
      if (held) {
        const opens = (values.factory_hash !== undefined || values.allow_anonymous === true) && !isPlatform(actor)
        await this.record(trx, actor, held.tenant_id, opens ? 'device.change.refused' : 'device.register', mac, named)
        if (opens) return deviceErrors.held()
      }
      await updateDevice(trx, existing.id, { ...values, ...(held ? {} : relabel(values)) }, this.clock.now())
      return { result: { mac, status: 'updated' }, held: held !== undefined }
    }
    // registered by a concurrent request: the same answer as if it had come first
    if (!(await insertDevice(trx, mac, tenantId, values))) throw deviceErrors.registeredElsewhere()
    return { result: { mac, status: 'created' }, held: false }
  }

  /** The brand's devices (or the platform's, null), newest first, at most 1000. */
  async list(actor: Actor, tenantId: number | null, opts: { mac?: string; before?: number; limit?: number } = {}): Promise<Device[]> {
    await this.policy.registerIn(actor, tenantId)
    return devicesRegisteredBy(this.db, tenantId, opts)
  }

  /** The brand's devices as `list` gives them, each with its holder (a tenant id, nothing of the person), online or not, and its last report. */
  async listWithClaims(actor: Actor, tenantId: number | null, opts: { mac?: string; before?: number; limit?: number } = {}): Promise<{ device: Device; claimed: boolean; holder: { tenantId: number; online: boolean; lastSeenAt: Date | null } | null }[]> {
    const devices = await this.list(actor, tenantId, opts)
    if (!devices.length) return []
    const holders = await this.sensors.devicesPresented(this.db, devices.map((d) => d.id))
    return devices.map((device) => ({ device, claimed: holders.has(device.id), holder: holders.get(device.id) ?? null }))
  }

  /**
   * RISK: with allowAnonymous on, anyone who can reach the broker and knows (or guesses)
   * this device's MAC can publish its state and read its commands: the MAC is taken from the
   * MQTT client id, which nobody verifies. Only for firmware that cannot send credentials,
   * and only the brand that made the device (or the platform) may decide it, never the
   * tenant that holds it. On a device someone holds, a brand turning it on is refused (409
   * device_held) and the attempt is in the holder's audit log (see the hand-over above);
   * turning it off, or the platform's change, is made and recorded there too.
   */
  async setAnonymous(actor: Actor, device: Pick<Device, 'id' | 'mac' | 'registered_by'>, allow: boolean): Promise<void> {
    await this.policy.configureDevice(actor, device.registered_by)
    const summary = { values: { allowAnonymous: allow } }
    const held = await this.sensors.sensorPresenting(this.db, device.id)
    if (held && allow && !isPlatform(actor)) {
      // a way in to a device a customer holds is the holder's to open: refused, and the holder sees the attempt
      await this.record(this.db, actor, held.tenant_id, 'device.change.refused', device.mac, summary)
      throw deviceErrors.held()
    }
    await this.db.transaction().execute(async (trx) => {
      await updateDevice(trx, device.id, { allow_anonymous: allow }, this.clock.now())
      // one entry: in the log of the tenant the change reaches, the holder's when someone holds the device
      await this.record(trx, actor, held ? held.tenant_id : device.registered_by, 'device.access.change', device.mac, summary)
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
    const held = await this.sensors.sensorPresenting(this.db, device.id)
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
        // a new holder: every session of before ends, the issued password and a transfer code are spent
        await changeHolder(trx, device.id, { password_hash: null, transfer_hash: null }, this.clock.now())
        // the claimant's own label of this MAC becomes the device's sensor; otherwise a new one
        const label = await this.sensors.bindLabel(trx, { tenantId, mac: device.mac, deviceRef: device.id, now: this.clock.now(), ...(input.spaceId !== undefined ? { spaceId: input.spaceId } : {}) })
        const sensor = label ?? (await this.newSensor(trx, device, tenantId, name, input))
        await this.record(trx, actor, tenantId, 'device.claim', device.mac, { values: { sensorId: sensor.id } })
        await this.events.record(trx, { type: 'device.claimed', tenantId, data: { sensorId: sensor.id, mac: device.mac } })
        return sensor
      })
    } catch (error) {
      // another claim of the same device won the race
      if (isUniqueViolation(error)) throw deviceErrors.claimRefused()
      throw error
    }
  }

  private newSensor(trx: Executor, device: Device, tenantId: number, name: string, input: ClaimInput): Promise<Sensor> {
    return this.sensors.insertSensor(trx, {
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
    const row = await this.sensors.findSensor(this.db, sensorId)
    const sensor = await accessResource(this.policy, actor, action, 'Sensor', row, scope)
    const device = sensor.device_ref === null ? undefined : await findDeviceById(this.db, sensor.device_ref)
    if (!device) throw deviceErrors.notClaimed()
    return { sensor, device }
  }
}
