/**
 * Who may connect to the broker, and which topics each may use. The embedded broker and
 * the EMQX HTTP hooks both ask this one class.
 *
 * Threat model:
 * - A device's MQTT identity is its own: a device connects only with a client id that carries
 *   its own MAC (ownClientId; anonymous firmware: the MAC is the client id). MQTT gives one session per client id, and
 *   a CONNECT with a taken one ends the other; so a holder who could connect with its own
 *   device's credentials under another device's MAC would knock that device off and leave
 *   its owner looking at a presence that is no longer true. Refused on the embedded broker
 *   and in the EMQX hooks alike (authenticate, identify).
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
 *   a sensor gets nothing here. What a session proved names the device's holder epoch, which
 *   every claim, release and move counts up: a change of holder ends every session made
 *   before it, whatever it proved (registry.service.ts has the hand-over's threat model).
 * - A factory password (registered by the brand, possibly short) is kept as a scrypt hash;
 *   checking it costs more than a refusal of an unknown MAC, which tells a prober only that
 *   the MAC has a factory password, not the password. It brings the device in only while
 *   `factory_mqtt` is on: until the holder issues credentials or switches it off, and never
 *   after a release until the next holder switches it on (whoever sold the device knows it).
 * - The platform's own bridge authenticates with a secret generated per process and is the
 *   only client allowed everywhere.
 */
import type { DB } from '../../db/connect.ts'
import { hashSecret, randomToken, safeEqual, verifyPassword, type ScryptParams } from '../../lib/crypto.ts'
import { normalizeMac } from './payload.ts'

/**
 * Who a connected client is. `credential` names what it proved (the issued password's hash,
 * the factory password's hash, or anonymous), so a change of credentials ends exactly the
 * sessions it voids, and not a session made since with the new ones.
 */
export type DeviceIdentity = { kind: 'device'; mac: string; deviceRef: number; credential: string } | { kind: 'bridge' }

type DeviceRow = { id: number; password_hash: string | null; factory_hash: string | null; allow_anonymous: boolean; factory_mqtt: boolean; holder_epoch: number }

/**
 * The credentials a device row accepts now. Each names the holder epoch it was proved in, so
 * a claim, release or move (which count the epoch up) ends every session made before it.
 */
function credentialsOf(row: DeviceRow): string[] {
  const epoch = row.holder_epoch
  return [
    ...(row.password_hash ? [`issued:${epoch}:${row.password_hash}`] : []),
    ...(row.factory_hash && row.factory_mqtt ? [`factory:${epoch}:${row.factory_hash}`] : []),
    ...(row.allow_anonymous ? [`anonymous:${epoch}`] : []),
  ]
}

/**
 * Whether an MQTT client id is the device's own: its MAC (in any form the MAC parser takes), or
 * an id that carries it (`fan-e0:5a:...`, `E05A1B76EF60-1`: firmware names itself in more than
 * one way). Any id another device could use carries that device's MAC, not this one's, so no
 * device can present the id another device's session holds.
 */
function ownClientId(clientId: string, mac: string | null): boolean {
  if (mac === null) return false
  const id = clientId.toLowerCase()
  return normalizeMac(clientId) === mac || [mac, mac.replace(/:/g, '-'), mac.replace(/:/g, '')].some((form) => id.includes(form))
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
    return this.db
      .selectFrom('devices')
      .select(['id', 'password_hash', 'factory_hash', 'allow_anonymous', 'factory_mqtt', 'holder_epoch'])
      .where('mac', '=', mac)
      .executeTakeFirst()
  }

  /**
   * The device (or the bridge) a CONNECT proves, or null. A device must use its own MAC as
   * client id: with another's, it would end that device's session (MQTT lets one client id
   * hold one session), so it is refused like a wrong password.
   */
  async authenticate(username: string | undefined, password: string | undefined, clientId: string): Promise<DeviceIdentity | null> {
    if (username === this.bridge.username) return password !== undefined && safeEqual(password, this.bridge.password) ? { kind: 'bridge' } : null
    if (!username) return this.anonymous(clientId)
    const mac = normalizeMac(username)
    const row = mac ? await this.find(mac) : undefined
    if (!row || !mac) {
      // the hash and compare a known MAC costs, so a refusal takes the same time
      safeEqual(hashSecret(password ?? ''), hashSecret(randomToken(8)))
      return null
    }
    const proved = await this.proved(row, password ?? '')
    return proved && ownClientId(clientId, mac) ? { kind: 'device', mac, deviceRef: row.id, credential: proved } : null
  }

  /** Which of the row's credentials `given` is; the same work whether or not the row has them. */
  private async proved(row: DeviceRow, given: string): Promise<string | null> {
    const epoch = row.holder_epoch
    // hash and compare even when there is no issued password, so a refusal takes the same time
    if (safeEqual(hashSecret(given), row.password_hash ?? hashSecret(randomToken(8))) && row.password_hash) return `issued:${epoch}:${row.password_hash}`
    // the factory password the brand registered (scrypt: it may be short); checked even when
    // switched off, so the answer's time does not say whether its holder switched it off
    if (row.factory_hash && (await verifyPassword(given, row.factory_hash, this.scrypt)).ok && row.factory_mqtt) return `factory:${epoch}:${row.factory_hash}`
    return null
  }

  private async anonymous(clientId: string): Promise<DeviceIdentity | null> {
    const mac = normalizeMac(clientId)
    if (!mac) return null
    const row = await this.find(mac)
    return row?.allow_anonymous ? { kind: 'device', mac, deviceRef: row.id, credential: `anonymous:${row.holder_epoch}` } : null
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
    // a device's session under another client id is none of its own (see authenticate)
    if (!ownClientId(clientId, mac)) return null
    const row = await this.find(mac)
    const ok = username ? Boolean(row?.password_hash || (row?.factory_hash && row.factory_mqtt)) : Boolean(row?.allow_anonymous)
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

// the holder's side of a device's credentials; re-exported so existing imports keep working
export { CredentialsService, type CredentialsActor, type IssuedCredentials } from './credentials.service.ts'
