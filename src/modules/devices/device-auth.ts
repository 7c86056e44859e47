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
 * - Anonymous firmware (CLIENTS.md 4.1): allowed only for a sensor whose operator turned
 *   `allowAnonymous` on; the MAC then comes from the MQTT client id, which anyone can claim.
 *   That is the stated risk of the flag: whoever reaches the broker can speak as that device.
 * - The platform's own bridge authenticates with a secret generated per process and is the
 *   only client allowed everywhere.
 */
import type { DB } from '../../db/connect.ts'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { normalizeMac, parseTopic } from './payload.ts'

export type DeviceIdentity = { kind: 'device'; mac: string; sensorId: number } | { kind: 'bridge' }

export type TopicAction = 'publish' | 'subscribe'

/** Channels a device may publish on; `command` is the platform's alone. */
const DEVICE_PUBLISHES = new Set(['in', 'online', 'update'])

export class DeviceAuth {
  /** The bridge's credentials on the embedded broker: new for every process. */
  readonly bridge = { username: `trellis-bridge-${randomToken(6)}`, password: randomToken(32) }

  constructor(private readonly db: DB) {}

  async authenticate(username: string | undefined, password: string | undefined, clientId: string): Promise<DeviceIdentity | null> {
    if (username === this.bridge.username) return password !== undefined && safeEqual(password, this.bridge.password) ? { kind: 'bridge' } : null
    if (!username) return this.anonymous(clientId)
    const mac = normalizeMac(username)
    const row = mac
      ? await this.db.selectFrom('device_access').select(['sensor_id', 'password_hash']).where('mac', '=', mac).executeTakeFirst()
      : undefined
    // hash and compare even when there is no row, so a refusal takes the same time
    const ok = safeEqual(hashSecret(password ?? ''), row?.password_hash ?? hashSecret(randomToken(8)))
    return ok && row && mac && row.password_hash ? { kind: 'device', mac, sensorId: row.sensor_id } : null
  }

  private async anonymous(clientId: string): Promise<DeviceIdentity | null> {
    const mac = normalizeMac(clientId)
    if (!mac) return null
    const row = await this.db.selectFrom('device_access').select(['sensor_id', 'allow_anonymous']).where('mac', '=', mac).executeTakeFirst()
    return row?.allow_anonymous ? { kind: 'device', mac, sensorId: row.sensor_id } : null
  }

  /**
   * The device an external broker already authenticated (EMQX's ACL hook): the MAC of the
   * username, or of the client id for anonymous firmware; null when it is not a device.
   */
  async identify(username: string | undefined, clientId: string): Promise<DeviceIdentity | 'unknown' | null> {
    const mac = normalizeMac(username || clientId)
    if (!mac) return 'unknown'
    const row = await this.db.selectFrom('device_access').select(['sensor_id', 'password_hash', 'allow_anonymous']).where('mac', '=', mac).executeTakeFirst()
    const ok = username ? Boolean(row?.password_hash) : Boolean(row?.allow_anonymous)
    return ok && row ? { kind: 'device', mac, sensorId: row.sensor_id } : null
  }

  /** Whether `identity` may publish to, or subscribe with, `topic` (a filter for subscribe). */
  allowed(identity: DeviceIdentity, action: TopicAction, topic: string): boolean {
    if (identity.kind === 'bridge') return true
    if (action === 'subscribe') {
      const prefix = `sensor/${identity.mac}/`
      // wildcards only below the device's own literal prefix; `$share/...`, `#` and `sensor/+/...` never match it
      return topic.startsWith(prefix) && topic.length > prefix.length
    }
    const parsed = parseTopic(topic)
    return parsed !== null && parsed.mac === identity.mac && DEVICE_PUBLISHES.has(parsed.channel)
  }
}

export interface IssuedCredentials {
  username: string
  password: string
  clientId: string
}

/** Issues and configures a sensor's MQTT access. Takes a sensor already checked by the caller. */
export class CredentialsService {
  constructor(private readonly db: DB) {}

  /** A new password (replacing any earlier one), returned once. */
  async issue(sensor: { id: number; tenant_id: number }, mac: string): Promise<IssuedCredentials> {
    const password = randomToken(32)
    await this.db
      .insertInto('device_access')
      .values({ sensor_id: sensor.id, tenant_id: sensor.tenant_id, mac, password_hash: hashSecret(password) })
      .onConflict((oc) => oc.column('sensor_id').doUpdateSet({ mac, password_hash: hashSecret(password), updated_at: new Date() }))
      .execute()
    return { username: mac, password, clientId: mac }
  }

  /**
   * RISK: with allowAnonymous on, anyone who can reach the broker and knows (or guesses)
   * this device's MAC can publish its state and read its commands. Only for firmware that
   * cannot send credentials, on a network the operator controls.
   */
  async setAnonymous(sensor: { id: number; tenant_id: number }, mac: string, allow: boolean): Promise<void> {
    await this.db
      .insertInto('device_access')
      .values({ sensor_id: sensor.id, tenant_id: sensor.tenant_id, mac, allow_anonymous: allow })
      .onConflict((oc) => oc.column('sensor_id').doUpdateSet({ mac, allow_anonymous: allow, updated_at: new Date() }))
      .execute()
  }

  async status(sensorId: number): Promise<{ hasPassword: boolean; allowAnonymous: boolean }> {
    const row = await this.db.selectFrom('device_access').select(['password_hash', 'allow_anonymous']).where('sensor_id', '=', sensorId).executeTakeFirst()
    return { hasPassword: Boolean(row?.password_hash), allowAnonymous: row?.allow_anonymous ?? false }
  }
}
