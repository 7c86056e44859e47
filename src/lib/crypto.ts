import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** URL-safe random secret with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest()
}

/** Stored form of a high-entropy secret (refresh tokens, reset tokens, client secrets). */
export function hashSecret(secret: string): string {
  return sha256(secret).toString('base64url')
}

export function hmac(key: Buffer | string, value: string): Buffer {
  return createHmac('sha256', key).update(value).digest()
}

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  // Hashing first makes the lengths equal, so the comparison leaks neither content nor length.
  return timingSafeEqual(sha256(a), sha256(b))
}

export interface ScryptParams {
  N: number
  r: number
  p: number
}

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { ...params, maxmem: 256 * params.N * params.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash` (base64url), so parameters can change and old hashes still verify. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export interface PasswordCheck {
  ok: boolean
  /** True when the hash was made with other parameters than the current ones. */
  needsRehash: boolean
}

export async function verifyPassword(password: string, stored: string, current: ScryptParams): Promise<PasswordCheck> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return { ok: false, needsRehash: true }
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), params)
  const ok = actual.length === expected.length && timingSafeEqual(actual, expected)
  const needsRehash = params.N !== current.N || params.r !== current.r || params.p !== current.p
  return { ok, needsRehash }
}
