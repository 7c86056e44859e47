/**
 * PKCE (RFC 7636). `sha256` is what the existing apps send and means S256.
 *
 * Threat: with `plain` the challenge is the verifier, so whoever sees the authorization
 * request (a log, a proxy, a browser history) can redeem the code; RFC 9700 says S256. No
 * existing app sends plain (every one sends `sha256`), so S256 is the only method, for every
 * client on every endpoint: `plain`, and a challenge with no method (which RFC 7636 reads as
 * plain), are refused, and discovery advertises S256 alone. Codes stored as `plain` before
 * this rule still verify as such until they expire (minutes). Verifiers are not held to RFC 7636's 43-128 unreserved
 * characters: an existing web client sends 32 code points U+0000-U+00FF, and the
 * challenge is the SHA-256 of the verifier's UTF-8 bytes.
 */
import { safeEqual, sha256 } from '../../lib/crypto.ts'

export type ChallengeMethod = 'S256' | 'plain'

/** Every method a stored code may carry (S256 alone is accepted now; plain codes are from before that rule). */
export const CHALLENGE_METHODS: readonly ChallengeMethod[] = ['S256', 'plain']

/** 'S256' for S256 or sha256 (any case); null for anything else, plain and a missing method included. */
export function normalizeMethod(method: string | undefined | null): 'S256' | null {
  if (!method) return null
  const lower = method.toLowerCase()
  return lower === 's256' || lower === 'sha256' ? 'S256' : null
}

export function s256(verifier: string): string {
  return sha256(Buffer.from(verifier, 'utf8')).toString('base64url')
}

/**
 * The challenge a verifier answers under a method: PKCE's comparison, written once. The grant
 * compares it with the stored challenge (verifyPkce); the exchange statement receives it for
 * each method and compares it there (redeem.rule.ts).
 */
export function challengeOf(method: ChallengeMethod, verifier: string): string {
  return method === 'S256' ? s256(verifier) : verifier
}

export function verifyPkce(method: ChallengeMethod, challenge: string, verifier: string): boolean {
  return safeEqual(challengeOf(method, verifier), challenge)
}
