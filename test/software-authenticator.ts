/**
 * A software passkey authenticator for tests: real WebAuthn attestations (format none) and real
 * ES256 assertions made with node:crypto, encoded with the small CBOR writer below. It keeps
 * its credentials and their counters; a test may lie about the origin, the RP ID or the counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

type Cbor = number | string | Buffer | Map<Cbor, Cbor> | { [key: string]: Cbor }

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}

/** CBOR (RFC 8949) of unsigned and negative integers, byte and text strings, and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64u = (data: Buffer) => data.toString('base64url')

const UP = 0x01
const UV = 0x04
const AT = 0x40

interface Credential {
  id: Buffer
  key: KeyObject
  userHandle: string
  rpId: string
  counter: number
}

export interface Lies {
  origin?: string
  rpId?: string
  /** The counter to report instead of the next one. */
  counter?: number
  /** Drop the user-verified flag. */
  unverified?: boolean
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = []
  readonly aaguid = Buffer.alloc(16)

  constructor(readonly origin: string) {}

  /** navigator.credentials.create: answers creation options with a fresh ES256 key. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, lies: Lies = {}) {
    const rpId = lies.rpId ?? options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]))
    const id = randomBytes(16)
    const credential: Credential = { id, key: privateKey, userHandle: options.user.id, rpId, counter: 0 }
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | (lies.unverified ? 0 : UV) | AT]), Buffer.alloc(4), this.aaguid, idLength, id, cose])
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: lies.origin ?? this.origin, crossOrigin: false }))
    this.credentials.push(credential)
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientData), attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })), transports: ['internal'] },
    }
  }

  /** navigator.credentials.get with a discoverable credential: signs the options' challenge. */
  get(options: { challenge: string }, lies: Lies = {}, credential = this.credentials[0]) {
    if (!credential) throw new Error('no credential')
    credential.counter += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(lies.counter ?? credential.counter)
    const authData = Buffer.concat([sha256(lies.rpId ?? credential.rpId), Buffer.from([UP | (lies.unverified ? 0 : UV)]), counter])
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: lies.origin ?? this.origin, crossOrigin: false }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key)
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientData), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: credential.userHandle },
    }
  }
}
