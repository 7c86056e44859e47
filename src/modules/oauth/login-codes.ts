/**
 * Login codes: short enough for a person to type from a phone, and still an OAuth
 * authorization code. How each threat is met:
 *
 * Format. 10 symbols from Crockford's base32 alphabet (0-9 and A-Z without I, L, O, U),
 * shown as `XXXXX-XXXXX`: 32^10 = 2^50 ≈ 1.13e15 codes. Input is forgiving: case, spaces
 * and dashes are ignored, and O/I/L read as 0/1/1, so a code read aloud still works.
 *
 * Redeemable once, only by its client, redirect URI and PKCE verifier, before it expires.
 * The row records all three; the exchange consumes it with a conditional update
 * (`consumed_at is null`) in the transaction that creates the session, so of N concurrent
 * exchanges exactly one wins. Lifetime: LOGIN_CODE_TTL_SECONDS (default 600).
 *
 * No collisions, even with one shared PKCE pair. The code alone identifies the row: its
 * hash is unique across all stored codes, and an insert that collides draws a new code.
 * Users of one app sharing one PKCE pair therefore each redeem only their own code.
 *
 * Guessing. A code's owner row counts wrong verifier/client/redirect attempts and dies
 * after MAX_CODE_ATTEMPTS. Unknown codes are counted per client IP and per OAuth client
 * (RATE_LIMIT_FAILED_TOKEN_PER_IP, RATE_LIMIT_FAILED_TOKEN_PER_CLIENT per window). The
 * per-client cap holds however many IPs an attacker has: at the default 1,000 failures per
 * 15 minutes an attacker gets at most 96,000 guesses a day against one client. With even
 * 10,000 codes live at every moment, each guess hits one with probability
 * 1e4 / 1.13e15 ≈ 8.9e-12, so the odds of redeeming any code in a day are below 1e-6
 * (≈ 8.5e-7), and that attacker still needs the code's PKCE verifier. The price of the
 * per-client cap is that a flood of bad guesses can make a client's legitimate exchanges
 * wait for the window to pass; it is sized far above honest typo rates.
 *
 * Newer replaces older. A new code for the same email, client and challenge deletes the
 * older unconsumed ones.
 *
 * Stored hashed. The database holds HMAC-SHA256(server key, code), so a leaked table does
 * not reveal live codes; the lookup is by that hash, and PKCE verifiers and client secrets
 * are compared in constant time.
 *
 * Replay. A consumed code presented again is refused, and the session its first exchange
 * created is revoked, ending those refresh and access tokens (RFC 6749 section 4.1.2).
 */
import { randomInt } from 'node:crypto'
import { hmac } from '../../lib/crypto.ts'

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 10
export const MAX_CODE_ATTEMPTS = 5

export function generateLoginCode(): string {
  let raw = ''
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return `${raw.slice(0, 5)}-${raw.slice(5)}`
}

/** Canonical form of what a person typed, or null when it cannot be a code. */
export function normalizeLoginCode(input: string): string | null {
  const cleaned = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (cleaned.length !== CODE_LENGTH) return null
  for (const c of cleaned) if (!CODE_ALPHABET.includes(c)) return null
  return cleaned
}

export function hashLoginCode(key: Buffer, normalized: string): string {
  return hmac(key, `login-code:${normalized}`).toString('base64url')
}
