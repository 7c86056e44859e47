/**
 * Who may connect to the broker, and which topics each may use. The embedded broker and
 * the EMQX HTTP hooks both ask this one class.
 *
 * Threat model:
 * - A device knows only its own MAC and password. Passwords are 256-bit random secrets,
 *   shown once and stored as a SHA-256 hash (a secret that long needs no slow hash), and
 *   compared in constant time. A wrong password, an unknown MAC, and a MAC without
 *   credentials all answer the same refusal.
 * - A device publishes and subscribes only under `sensor/{its MAC}/`, and may not publish
 *   commands to itself (only the platform sends commands). It can therefore neither read
 *   another device's commands nor forge another device's state.
 * - Anonymous firmware (CLIENTS.md 4.1): allowed only for a device whose brand (or the
 *   platform) turned `allowAnonymous` on (registry.service.ts); the MAC then comes from the MQTT
 *   client id, which anyone can claim. That is the stated risk of the flag: whoever reaches
 *   the broker can speak as that device. A customer tenant can never turn it on.
 * - Credentials belong to the device record, not to a sensor: a tenant that typed a MAC into
 *   a sensor gets nothing here. Issued passwords are dropped when the device is released, so
 *   a former holder cannot keep speaking as a device someone else now holds.
 * - A factory password (registered by the brand, possibly short) is kept as a scrypt hash;
 *   checking it costs more than a refusal of an unknown MAC, which tells a prober only that
 *   the MAC has a factory password, not the password.
 * - The platform's own bridge authenticates with a secret generated per process and is the
 *   only client allowed everywhere.
 */
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { Device } from '../../db/database.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { auditActor, OPERATOR, type Actor } from '../tenancy/index.ts'
import { hashSecret, randomToken, safeEqual, verifyPassword, type ScryptParams } from '../../lib/crypto.ts'
import { normalizeMac } from './payload.ts'

/**
 * Who a connected client is. `credential` names what it proved (the issued password's hash,
 * the factory password's hash, or anonymous), so a change of credentials ends exactly the
 * sessions it voids, and not a session made since with the new ones.
 */
export type DeviceIdentity = { kind: 'device'; mac: string; deviceRef: number; credential: string } | { kind: 'bridge' }

type DeviceRow = { id: number; password_hash: string | null; factory_hash: string | null; allow_anonymous: boolean }

/** The credentials a device row accepts now. */
function credentialsOf(row: DeviceRow): string[] {
  return [
    ...(row.password_hash ? [`issued:${row.password_hash}`] : []),
    ...(row.factory_hash ? [`factory:${row.factory_hash}`] : []),
    ...(row.allow_anonymous ? ['anonymous'] : []),
  ]
}

export type TopicAction = 'publish' | 'subscribe'

/** Channels a device may publish on; `command` is the platform's alone. */
const DEVICE_PUBLISHES = new Set(['in', 'online', 'update'])

export class DeviceAuth {
  /** The bridge's credentials on the embedded broker: new for every process. */
  readonly bridge = { username: `trellis-bridge-${randomToken(6)}`, password: randomToken(32) }

  constructor(
    private readonly db: DB,
    private readonly scrypt: ScryptParams,
  ) {}

  private find(mac: string) {
    return this.db.selectFrom('devices').select(['id', 'password_hash', 'factory_hash', 'allow_anonymous']).where('mac', '=', mac).executeTakeFirst()
  }

  async authenticate(username: string | undefined, password: string | undefined, clientId: string): Promise<DeviceIdentity | null> {
    if (username === this.bridge.username) return password !== undefined && safeEqual(password, this.bridge.password) ? { kind: 'bridge' } : null
    if (!username) return this.anonymous(clientId)
    const mac = normalizeMac(username)
    const row = mac ? await this.find(mac) : undefined
    const given = password ?? ''
    // hash and compare even when there is no row, so a refusal takes the same time
    const issued = safeEqual(hashSecret(given), row?.password_hash ?? hashSecret(randomToken(8)))
    if (issued && row?.password_hash && mac) return { kind: 'device', mac, deviceRef: row.id, credential: `issued:${row.password_hash}` }
    // the factory password the brand registered (scrypt: it may be short)
    if (row?.factory_hash && mac && (await verifyPassword(given, row.factory_hash, this.scrypt)).ok) {
      return { kind: 'device', mac, deviceRef: row.id, credential: `factory:${row.factory_hash}` }
    }
    return null
  }

  private async anonymous(clientId: string): Promise<DeviceIdentity | null> {
    const mac = normalizeMac(clientId)
    if (!mac) return null
    const row = await this.find(mac)
    return row?.allow_anonymous ? { kind: 'device', mac, deviceRef: row.id, credential: 'anonymous' } : null
  }

  /** Whether what a connected device proved is still accepted (its credentials may have changed since). */
  async stillValid(identity: DeviceIdentity): Promise<boolean> {
    if (identity.kind === 'bridge') return true
    const row = await this.find(identity.mac)
    return row !== undefined && row.id === identity.deviceRef && credentialsOf(row).includes(identity.credential)
  }

  /**
   * The device an external broker already authenticated (EMQX's ACL hook): the MAC of the
   * username, or of the client id for anonymous firmware; null when it is not a device.
   */
  async identify(username: string | undefined, clientId: string): Promise<DeviceIdentity | 'unknown' | null> {
    const mac = normalizeMac(username || clientId)
    if (!mac) return 'unknown'
    const row = await this.find(mac)
    const ok = username ? Boolean(row?.password_hash || row?.factory_hash) : Boolean(row?.allow_anonymous)
    return ok && row ? { kind: 'device', mac, deviceRef: row.id, credential: username ? 'password' : 'anonymous' } : null
  }
  /** Whether `identity` may publish to, or subscribe with, `topic` (a filter for subscribe). */
  allowed(identity: DeviceIdentity, action: TopicAction, topic: string): boolean {
    if (identity.kind === 'bridge') return true
    if (action === 'subscribe') {
      const prefix = `sensor/${identity.mac}/`
      // wildcards only below the device's own literal prefix; `$share/...`, `#` and `sensor/+/...` never match it
      return topic.startsWith(prefix) && topic.length > prefix.length
    }
    // checked on every PUBLISH: `sensor/{its own MAC}/{channel}` by comparison, no parsing
    // (the MAC is already normalized and no channel holds a `/`)
    const prefix = `sensor/${identity.mac}/`
    return topic.startsWith(prefix) && DEVICE_PUBLISHES.has(topic.slice(prefix.length))
  }
}

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

/**
 * Issues and drops a device's MQTT password. Takes a device already checked by the caller
 * (its holder's admin). A change of the password ends the device's current MQTT session:
 * the devices trigger announces it and every instance drops the connection (devices.ts).
 */
export class CredentialsService {
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {}

  /** A new password (replacing any earlier one), returned once. `by`: who, in which tenant (the operator by default). */
  async issue(device: Pick<Device, 'id' | 'mac'>, by: CredentialsActor = BY_OPERATOR): Promise<IssuedCredentials> {
    const password = randomToken(32)
    await this.change('device.credentials.issue', device, hashSecret(password), by)
    return { username: device.mac, password, clientId: device.mac }
  }

  /** Drops the issued password; a factory password, if the brand registered one, still works. */
  async revoke(device: Pick<Device, 'id' | 'mac'>, by: CredentialsActor = BY_OPERATOR): Promise<void> {
    await this.change('device.credentials.revoke', device, null, by)
  }

  /** The new password hash and its audit entry, in one transaction: both commit or neither. */
  private async change(action: string, device: Pick<Device, 'id' | 'mac'>, passwordHash: string | null, by: CredentialsActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('devices').set({ password_hash: passwordHash, updated_at: this.clock.now() }).where('id', '=', device.id).execute()
      await this.audit.record(trx, { actor: auditActor(by.actor), tenantId: by.tenantId, action, target: { type: 'device', id: device.mac } })
    })
  }

  async status(deviceRef: number): Promise<{ hasPassword: boolean; allowAnonymous: boolean }> {
    const row = await this.db.selectFrom('devices').select(['password_hash', 'factory_hash', 'allow_anonymous']).where('id', '=', deviceRef).executeTakeFirst()
    return { hasPassword: Boolean(row?.password_hash || row?.factory_hash), allowAnonymous: row?.allow_anonymous ?? false }
  }
}
