/**
 * Secrets at rest: AES-256-GCM under a key from the environment (SECRETS_KEY).
 *
 * Threat model: someone who reads the database (a backup, a replica, a leaked dump, an
 * SQL injection elsewhere) but not the process environment must learn no signing key, no
 * HMAC key and no queued login code or token. GCM also authenticates: a value edited or
 * moved to another row (the `context`, e.g. `signing_keys:<kid>`, is bound as associated
 * data) fails to open instead of decrypting to something else.
 *
 * Sealed form: `tsk1.<key id>.<iv>.<ciphertext+tag>` (base64url parts). The key id is the
 * first 8 hex digits of SHA-256 of the key, so a value sealed under a previous key
 * (SECRETS_KEY_PREVIOUS) is recognised, opened with that key and re-sealed under the
 * current one. Plaintext from before encryption never starts with `tsk1.`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const PREFIX = 'tsk1.'

export class SecretBoxError extends Error {}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8)
}

/** A 32-byte key written as base64, base64url or hex; null when it is neither. */
export function parseSecretsKey(raw: string): Buffer | null {
  const text = raw.trim()
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=$/, ''), 'base64url')
    return key.length === 32 ? key : null
  }
  return null
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX)
}

export class SecretBox {
  private readonly currentId: string
  private readonly keys = new Map<string, Buffer>()

  /** `current` seals and opens; each of `previous` only opens (for re-wrapping). */
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    if (current.length !== 32) throw new SecretBoxError('the secrets key must be 32 bytes')
    this.currentId = keyId(current)
    for (const key of previous) this.keys.set(keyId(key), key)
    this.keys.set(this.currentId, current)
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return `${PREFIX}${this.currentId}.${iv.toString('base64url')}.${body.toString('base64url')}`
  }

  open(sealed: string, context: string): string {
    const [, id, ivText, bodyText] = sealed.split('.')
    if (!isSealed(sealed) || !id || !ivText || !bodyText) throw new SecretBoxError('not a sealed value')
    const key = this.keys.get(id)
    if (!key) {
      throw new SecretBoxError(`value sealed under key ${id}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`)
    }
    const body = Buffer.from(bodyText, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(body.subarray(body.length - 16))
    try {
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      throw new SecretBoxError(`sealed value for ${context} does not authenticate under key ${id}`)
    }
  }

  /** Whether `value` is sealed under the current key (nothing to re-wrap). */
  isCurrent(value: string): boolean {
    return value.startsWith(`${PREFIX}${this.currentId}.`)
  }

  /** Plaintext (from before encryption) or a value sealed under any known key -> sealed under the current key. */
  rewrap(value: string, context: string): string {
    if (this.isCurrent(value)) return value
    return this.seal(isSealed(value) ? this.open(value, context) : value, context)
  }
}

/**
 * Re-seals, under the current key, each row's stored secret that is not under it yet; `save`
 * writes one row compare-and-set (only if its value is still the one read, so another
 * instance re-wrapping at the same moment is harmless). Returns the rows changed.
 */
export async function rewrapRows<R>(
  box: SecretBox,
  rows: readonly R[],
  stored: (row: R) => string | null,
  reseal: (row: R, value: string) => string,
  save: (row: R, value: string, previous: string) => Promise<{ numUpdatedRows: bigint }>,
): Promise<number> {
  let changed = 0
  for (const row of rows) {
    const value = stored(row)
    if (!value || box.isCurrent(value)) continue
    changed += Number((await save(row, reseal(row, value), value)).numUpdatedRows)
  }
  return changed
}
