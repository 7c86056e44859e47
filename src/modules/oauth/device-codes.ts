/**
 * The device authorization grant (RFC 8628): a device without a browser or keyboard (a smart
 * display, a TV app, a command-line tool) asks for a device code and a user code, shows the
 * user code and an address, and polls the token endpoint while the person approves on the
 * hosted page (../pages/device.routes.ts) in a browser of their own. How each threat is met:
 *
 * Guessing a user code. 8 symbols from BCDFGHJKLMNPQRSTVWXZ (20 consonants: no vowels, so no
 * words, and nothing to confuse with a digit), shown as XXXX-XXXX: 20^8 ≈ 2.56e10 codes. A code
 * is looked up only for a person signed in on the hosted page of the code's own issuer, and each
 * wrong code costs a token of the address's bucket and one of the account's
 * (RATE_LIMIT_FAILED_TOKEN_PER_IP, 40/1d each; a right code gives both back), so one account
 * from any number of addresses, or one address with any number of accounts, tries at most
 * 2 x 40 x 365 + 40 ≈ 29,240 codes a year. With 10,000 live codes at once (each lives
 * DEVICE_CODE_TTL_SECONDS), one such budget finds a live code with probability at most
 * 29,240 x 1e4 / 2.56e10 ≈ 1.1% a year. What a found code buys is small: the device that
 * shows it signs in to the guesser's own account, never to someone else's.
 *
 * Phishing with a user code. The page never approves by itself: it names the app (the client's
 * registered name), the brand, the scopes asked and the code, and tells the person to approve
 * only a code their own device shows; a link with the code in it (verification_uri_complete)
 * only fills the code in.
 *
 * Stolen or replayed codes. The device code is 256 random bits, stored as its SHA-256 and
 * redeemed once, only by the client it was issued to (another client's presentation looks like
 * an unknown code); the user code is stored as HMAC-SHA256(server key, code), used once (a
 * decided code is never shown again), and both expire on the injected clock. The user code
 * kept while the person signs in lives in an HttpOnly cookie of their browser, not in the
 * sign-in's return address.
 *
 * Mixing issuers. A device authorization belongs to the issuer it was asked at (the platform,
 * or a tenant's `/tenants/{id}`): its user code is found only on that issuer's page, it is
 * approved only by an account of that tenant signed in there, a tenant's client asks only at
 * its own tenant's issuer, and its tokens name that issuer.
 *
 * Polling too fast. A poll sooner than the interval after the last one answers slow_down and
 * adds SLOW_DOWN_SECONDS to the interval, for that poll and every later one (RFC 8628 3.5).
 */
import { randomInt } from 'node:crypto'
import { hmac } from '../../lib/crypto.ts'

/** The grant type a client opts in to (RFC 8628 3.4). */
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ'
export const USER_CODE_LENGTH = 8
/** How long a device code and its user code live. */
export const DEVICE_CODE_TTL_SECONDS = 600
/** The least time between two polls, at first (RFC 8628 3.2 `interval`). */
export const POLL_INTERVAL_SECONDS = 5
export const SLOW_DOWN_SECONDS = 5

/** A user code in its canonical form (8 symbols, no dash). */
export function generateUserCode(): string {
  let raw = ''
  for (let i = 0; i < USER_CODE_LENGTH; i++) raw += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]
  return raw
}

/** As a person reads it: XXXX-XXXX. */
export function displayUserCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`
}

/** What a person typed, forgiving case, spaces and dashes; null when it cannot be a user code. */
export function normalizeUserCode(input: string): string | null {
  if (input.length > 40) return null
  const cleaned = input.toUpperCase().replace(/[\s-]/g, '')
  if (cleaned.length !== USER_CODE_LENGTH) return null
  for (const c of cleaned) if (!USER_CODE_ALPHABET.includes(c)) return null
  return cleaned
}

export function hashUserCode(key: Buffer, normalized: string): string {
  return hmac(key, `device-user-code:${normalized}`).toString('base64url')
}
