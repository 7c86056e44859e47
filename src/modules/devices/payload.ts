/**
 * What devices send, read defensively: topics, MAC addresses, state and presence payloads.
 *
 * Threats: a device (or anyone on an open external broker) can publish anything. A payload
 * that is not the documented shape is refused here, before it reaches the database, so a bad
 * message never replaces good state; sizes and key counts are bounded so one message cannot
 * bloat a row.
 */

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/

/** Lowercase with colons (`e0:5a:1b:76:ef:60`); null when it is not a MAC address. */
export function normalizeMac(value: string): string | null {
  const mac = value.trim().toLowerCase().replace(/-/g, ':')
  return MAC.test(mac) ? mac : null
}

export type DeviceTopic = { mac: string; channel: string }

/** `sensor/{mac}/{channel}` -> its parts, or null for any other topic. */
export function parseTopic(topic: string): DeviceTopic | null {
  const parts = topic.split('/')
  if (parts.length !== 3 || parts[0] !== 'sensor' || !parts[1] || !parts[2]) return null
  const mac = normalizeMac(parts[1])
  return mac && mac === parts[1] ? { mac, channel: parts[2] } : null
}

export const topics = {
  in: (mac: string) => `sensor/${mac}/in`,
  online: (mac: string) => `sensor/${mac}/online`,
  command: (mac: string) => `sensor/${mac}/command`,
}

export const MAX_PAYLOAD_BYTES = 16 * 1024
const MAX_KEYS = 64

export type Scalar = string | number | boolean | null
export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseJson(payload: Buffer): ParseResult<unknown> {
  if (payload.length > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'payload too large' }
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) }
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
}

/** The first element of `sub.Tune`, if the object has that shape. */
function tuneOf(value: Record<string, unknown>): Record<string, unknown> | null {
  const sub = value.sub
  if (!isRecord(sub) || !Array.isArray(sub.Tune)) return null
  const first: unknown = sub.Tune[0]
  return isRecord(first) ? first : null
}

/**
 * The flat state the apps read as `fullData`, from any of the three forms devices send:
 * `{"sub":{"Tune":[{...}]}}`, Bright 2's doubly nested `{"sub":{"Tune":[{"uid",
 * "sub":{"Tune":[{...}]}}]}}` (the outer uid is kept), and a flat `{...}`.
 */
export function parseState(payload: Buffer): ParseResult<{ fullData: Record<string, Scalar> }> {
  const json = parseJson(payload)
  if (!json.ok) return json
  if (!isRecord(json.value)) return { ok: false, reason: 'not a JSON object' }
  let state: Record<string, unknown> = json.value
  let outer: Record<string, unknown> = {}
  const once = tuneOf(state)
  if (once) {
    state = once
    const twice = tuneOf(once)
    if (twice) {
      outer = once
      state = twice
    }
  } else if ('sub' in state) {
    return { ok: false, reason: 'sub without a Tune array of objects' }
  }
  const flat: Record<string, Scalar> = {}
  for (const [key, value] of Object.entries({ ...outer, ...state })) {
    if (key === 'sub') continue
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) return { ok: false, reason: `${key} is not a scalar` }
    if (typeof value === 'string' && value.length > 200) return { ok: false, reason: `${key} is too long` }
    flat[key] = value as Scalar
  }
  const count = Object.keys(flat).length
  if (count === 0) return { ok: false, reason: 'no state keys' }
  if (count > MAX_KEYS) return { ok: false, reason: 'too many keys' }
  return { ok: true, value: { fullData: flat } }
}

export interface Presence {
  online: boolean
  connectionType: string | null
}

/** `{"online": true|false, "connectionType"?: "mqtt"}`. */
export function parsePresence(payload: Buffer): ParseResult<Presence> {
  const json = parseJson(payload)
  if (!json.ok) return json
  if (!isRecord(json.value) || typeof json.value.online !== 'boolean') return { ok: false, reason: 'online is not a boolean' }
  const type = json.value.connectionType
  return { ok: true, value: { online: json.value.online, connectionType: typeof type === 'string' ? type.slice(0, 40) : null } }
}
