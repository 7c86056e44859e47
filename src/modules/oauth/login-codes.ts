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
 * (`consumed_at is null`) that opens the transaction creating the session, so of N
 * concurrent exchanges exactly one wins and the losers commit nothing. Lifetime:
 * LOGIN_CODE_TTL_SECONDS (default 600).
 *
 * No collisions, even with one shared PKCE pair. The code alone identifies the row: its
 * hash is unique across all stored codes, and an insert that collides draws a new code.
 * Users of one app sharing one PKCE pair therefore each redeem only their own code.
 *
 * Guessing. The worst case is the existing mobile app, whose users all share one fixed
 * PKCE pair: there the code alone is the credential. (With a fresh verifier per login a
 * guessed code is useless, and a wrong verifier on a live code counts on its row, which
 * dies after MAX_CODE_ATTEMPTS.) Budgets, as token buckets `N/P` that admit at most 2N per
 * P (lib/rate-limit.ts), and how they bound the odds (attempts.ts has the mechanics):
 *
 * - Every exchange spends a token, taken atomically *before* the lookup and kept only if
 *   the exchange fails: its client's (RATE_LIMIT_FAILED_TOKEN_PER_CLIENT, 40/1d) while that
 *   has any, and then a code may be redeemed from anywhere; else its network's, IPv4 /24 or
 *   IPv6 /64 (..._PER_NETWORK, 40/1d), and then only a code asked for from that network
 *   (recorded on the row); else its address's (..._PER_IP, 40/1d), and then only a code
 *   asked for from that address; otherwise the exchange gets 429. Out of reach answers
 *   exactly like an unknown code.
 * - So a guess that *could* redeem a code was paid for by a token: of the client (and can
 *   hit only that client's live codes), of a network (and can hit only codes asked from
 *   that network), or of an address (only codes asked from it). Each code is asked from one
 *   network and one address, so summed over every client, network and address, the
 *   expected number of codes guessed in a year is at most
 *     (Y_client + Y_network + Y_address) x L / 32^10,
 *   whatever the number of IPs, where Y is one budget's yearly allowance and L the number
 *   of live codes at any moment.
 * - Figures: Y = 2 x 40 x 365 + 41 = 29,241 each; L = 10,000 (1.44 million code requests
 *   a day at the default lifetime, a very large deployment); 32^10 ≈ 1.126e15. An attacker
 *   with 10,000 IPs (or ten million) guessing for a year redeems any code with probability
 *   at most 3 x 29,241 x 1e4 / 1.126e15 ≈ 7.8e-7, below 1e-6. Without the budgets, 10,000
 *   IPs at 100 guesses a second each would expect to redeem one in about 31 hours.
 * - What honest users pay: nothing while their app is not under attack. While it is, a code
 *   redeems from the network that asked for it, which is where the app that asked for it
 *   runs (a phone that moved from Wi-Fi to mobile data in between asks again). Only an
 *   address whose own failures spent all three budgets is refused (429 with Retry-After), and
 *   a valid refresh token or client secret is never refused. 200 users behind one carrier
 *   NAT logging in at once spend nothing: successes give their tokens back.
 *
 * Newer replaces older. A new code for the same email, client and challenge deletes the
 * older unconsumed ones.
 *
 * Stored hashed. The database holds HMAC-SHA256(server key, code), so a leaked table does
 * not reveal live codes; the lookup is by that hash, and PKCE verifiers and client secrets
 * are compared in constant time.
 *
 * Replay. A consumed code presented again is refused, and the session its first exchange
 * created is revoked, ending those refresh and access tokens (RFC 6749 section 4.1.2). A
 * presentation that began before the code was consumed lost a race and revokes nothing
 * (grants/authorization-code.ts), so the winner of concurrent exchanges keeps its tokens.
 */
import { randomInt } from 'node:crypto'
import type { Config } from '../../config.ts'
import { secondsAfter } from '../../lib/clock.ts'
import { hmac } from '../../lib/crypto.ts'

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 10
export const MAX_CODE_ATTEMPTS = 5

/** When a code issued at `now` expires, mailed or handed over by single sign-on alike: LOGIN_CODE_TTL_SECONDS later. */
export function loginCodeExpiresAt(now: Date, config: Pick<Config, 'loginCodeTtlSeconds'>): Date {
  return secondsAfter(now, config.loginCodeTtlSeconds)
}

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
