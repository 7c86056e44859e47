/**
 * The holder's side of a device's MQTT credentials: issuing and dropping the password Trellis
 * gives out, and the factory password's switch. Takes a device already checked by the caller
 * (its holder's admin). Every change ends the device's MQTT sessions it voids: the devices
 * trigger announces it and every instance re-checks its connections (devices.ts). Who may
 * connect with what is device-auth.service.ts; why a holder controls this, registry.service.ts.
 */
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Device } from '../../db/database.ts'
import type { AuditSink, AuditSummary } from '../../lib/audit.ts'
import { auditActor, OPERATOR, type Actor } from '../tenancy/index.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { deviceAccessOf, setDeviceAccess, type AccessValues } from './registry.repository.ts'

export interface IssuedCredentials {
  username: string
  password: string
  clientId: string
}

/** Who changes a device's password, and as which tenant (the one that holds it), for the audit log. */
export interface CredentialsActor {
  actor: Actor
  tenantId: number | null
}
const BY_OPERATOR: CredentialsActor = { actor: OPERATOR, tenantId: null }

/** Every way in to a device, as its holder sees them (never a secret). */
export interface DeviceAccessView {
  /** An issued password or a working factory password. */
  hasPassword: boolean
  allowAnonymous: boolean
  issuedPassword: boolean
  /** none: the brand registered none; on: it brings the device in; off: it does not. */
  factoryPassword: 'none' | 'on' | 'off'
  /** A transfer code is waiting for the next holder (it proves a claim once the device is released). */
  transferCode: boolean
}

export class CredentialsService {
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {}

  /**
   * A new password (replacing any earlier one), returned once. The factory password stops
   * bringing the device in: whoever else knows it (a seller, the box) has no way in after the
   * holder moved the device to its own credentials. `by`: who, in which tenant (the operator by default).
   */
  async issue(device: Pick<Device, 'id' | 'mac'>, by: CredentialsActor = BY_OPERATOR): Promise<IssuedCredentials> {
    const password = randomToken(32)
    await this.change('device.credentials.issue', device, { password_hash: hashSecret(password), factory_mqtt: false }, by)
    return { username: device.mac, password, clientId: device.mac }
  }

  /** Drops the issued password; the factory password works only if its switch is on. */
  async revoke(device: Pick<Device, 'id' | 'mac'>, by: CredentialsActor = BY_OPERATOR): Promise<void> {
    await this.change('device.credentials.revoke', device, { password_hash: null }, by)
  }

  /** The holder's switch of the factory password (on: consent that whoever knows it may connect as the device). */
  async switchFactory(device: Pick<Device, 'id' | 'mac'>, on: boolean, by: CredentialsActor): Promise<void> {
    await this.change('device.factory_password.switch', device, { factory_mqtt: on }, by, { values: { enabled: on } })
  }

  /** Ends every way in at once: the issued password, the factory password, anonymous access; every session goes. */
  async endAll(device: Pick<Device, 'id' | 'mac'>, by: CredentialsActor): Promise<void> {
    await this.change('device.access.end', device, { password_hash: null, factory_mqtt: false, allow_anonymous: false }, by)
  }

  /** The new values and their audit entry, in one transaction: both commit or neither. */
  private async change(action: string, device: Pick<Device, 'id' | 'mac'>, values: AccessValues, by: CredentialsActor, summary?: AuditSummary): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await setDeviceAccess(trx, device.id, values, this.clock.now())
      await this.audit.record(trx, { actor: auditActor(by.actor), tenantId: by.tenantId, action, target: { type: 'device', id: device.mac }, ...(summary ? { summary } : {}) })
    })
  }

  async status(deviceRef: number): Promise<DeviceAccessView> {
    const row = await deviceAccessOf(this.db, deviceRef)
    const factory = !row?.factory_hash ? 'none' : row.factory_mqtt ? 'on' : 'off'
    return {
      hasPassword: Boolean(row?.password_hash) || factory === 'on',
      allowAnonymous: row?.allow_anonymous ?? false,
      issuedPassword: Boolean(row?.password_hash),
      factoryPassword: factory,
      transferCode: Boolean(row?.transfer_hash),
    }
  }
}
