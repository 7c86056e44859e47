/**
 * PKCE (RFC 7636). `sha256` is what the existing apps send and means S256. A challenge
 * with no method is `plain`. Verifiers are not held to RFC 7636's 43-128 unreserved
 * characters: an existing web client sends 32 code points U+0000-U+00FF, and the
 * challenge is the SHA-256 of the verifier's UTF-8 bytes.
 */
import { safeEqual, sha256 } from '../../lib/crypto.ts'

export type ChallengeMethod = 'S256' | 'plain'

export function normalizeMethod(method: string | undefined | null): ChallengeMethod | null {
  if (method === undefined || method === null || method === '') return 'plain'
  if (method === 'S256' || method.toLowerCase() === 'sha256' || method.toLowerCase() === 's256') return 'S256'
  if (method === 'plain') return 'plain'
  return null
}

export function s256(verifier: string): string {
  return sha256(Buffer.from(verifier, 'utf8')).toString('base64url')
}

export function verifyPkce(method: ChallengeMethod, challenge: string, verifier: string): boolean {
  const computed = method === 'S256' ? s256(verifier) : verifier
  return safeEqual(computed, challenge)
}
