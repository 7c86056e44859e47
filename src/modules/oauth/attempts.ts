/**
 * Failure budgets at the token endpoint: limits that target the attacker, not the people
 * who share an app or an address with them.
 *
 * Threat model. An attacker with many addresses guesses login codes (or passwords), or
 * floods an app with failures to lock its users out. The old answer, a fixed lock window
 * per IP and per client, stopped guesses by refusing everyone: 1,000 failures froze every
 * exchange of an app for 15 minutes, 20 failures froze an office NAT.
 *
 * Rules here:
 * - Only low-entropy secrets are budgeted: login codes (50 bits) and passwords. Refresh
 *   tokens and client secrets are 256-bit random; a guess has no chance, so a request that
 *   presents one is never refused by a limit. Their failures are still counted, because
 *   they are failures of the same attacker.
 * - Every failed token request spends one token, in tiers: its client's while that bucket
 *   has any, else its network's (IPv4 /24, IPv6 /64), else its address's (lib/network.ts).
 *   A request that succeeds gives its token back, so honest traffic never spends a budget.
 * - A budget never refuses a valid credential outright; the tier that paid says where a
 *   code may be redeemed from (its "reach"): the client's, from anywhere; the network's,
 *   from the network that requested the code; the address's, from the address that
 *   requested it. Only when all three are spent is a code exchange from that address
 *   refused (429). The token is taken *before* the code is looked up, atomically, so
 *   concurrent guesses cannot overdraw a bucket. The odds this gives are worked out in
 *   login-codes.ts.
 * - Passwords: the account's bucket admits a check from anywhere; when it is spent, a
 *   password is checked only from a network the account has signed in from before
 *   (sessions.network), against that network's own bucket for the account. The owner at
 *   home keeps signing in while strangers hammer the account; from a new network they
 *   get 429 and can sign in with a login code, which no password guess can block.
 */
import type { Config } from '../../config.ts'
import type { Origin } from '../../lib/network.ts'
import type { Bucket, Limits, Taken } from '../../lib/rate-limit.ts'

/** Where a login code may be redeemed from right now, relative to where it was requested. */
export type Reach = 'anywhere' | 'network' | 'address'

interface Buckets {
  client: Bucket
  network: Bucket
  address: Bucket
  account: Bucket
  accountNetwork: Bucket
}

export class Attempts {
  private readonly buckets: Buckets

  constructor(limits: Limits, config: Readonly<Config>) {
    const r = config.rateLimits
    this.buckets = {
      client: limits.bucket('fail-client', r.failedTokenPerClient),
      network: limits.bucket('fail-net', r.failedTokenPerNetwork),
      address: limits.bucket('fail-addr', r.failedTokenPerIp),
      account: limits.bucket('pw-account', r.failedPasswordPerAccount),
      accountNetwork: limits.bucket('pw-account-net', r.failedPasswordPerKnownNetwork),
    }
  }

  /** One token request's ledger: it is charged at most once, and refunded if it succeeds. */
  forRequest(origin: Origin): TokenAttempt {
    return new TokenAttempt(this.buckets, origin)
  }
}

export class TokenAttempt {
  private taken: Taken[] = []
  private failureCharged = false

  constructor(
    private readonly buckets: Buckets,
    readonly origin: Origin,
  ) {}

  private async take(pairs: [Bucket, string][]): Promise<Taken[]> {
    const taken = await Promise.all(pairs.map(([bucket, key]) => bucket.take(key)))
    this.taken.push(...taken)
    return taken
  }

  /**
   * Charges one failure in tiers: the client's bucket while it has tokens, else the
   * network's, else the address's. Which one paid is the code's reach. A request pays in
   * one bucket only, so a burst of concurrent valid exchanges from one NAT (which get their
   * tokens back a moment later) needs client + network + address tokens to be refused.
   */
  private async chargeFailure(clientId: string | undefined): Promise<Reach | null> {
    this.failureCharged = true
    const b = this.buckets
    const tiers: [Bucket, string, Reach][] = [
      ...(clientId ? [[b.client, clientId, 'anywhere'] as [Bucket, string, Reach]] : []),
      [b.network, this.origin.network, 'network'],
      [b.address, this.origin.address, 'address'],
    ]
    for (const [bucket, key, reach] of tiers) {
      const [taken] = await this.take([[bucket, key]])
      if (taken?.ok) return reach
    }
    return null
  }

  /** Before a login code is looked up: charges the failure budgets, returns the code's reach. */
  async forCode(clientId: string): Promise<{ reach: Reach | null; retryAfter: number }> {
    const reach = await this.chargeFailure(clientId)
    const retryAfter = reach ? 0 : Math.max(1, Math.min(...this.taken.map((t) => t.retryAfter)))
    return { reach, retryAfter }
  }

  /**
   * Before a password is checked: the account's budget, else (from a network the account
   * knows) that network's budget for the account. false: do not check, answer 429.
   */
  async forPassword(account: string, isKnownNetwork: () => Promise<boolean>): Promise<{ ok: boolean; retryAfter: number }> {
    const [anywhere] = await this.take([[this.buckets.account, account]])
    if (anywhere?.ok) return { ok: true, retryAfter: 0 }
    const retryAfter = anywhere?.retryAfter ?? 1
    if (!(await isKnownNetwork())) return { ok: false, retryAfter }
    const [here] = await this.take([[this.buckets.accountNetwork, `${account} ${this.origin.network}`]])
    if (!here) return { ok: false, retryAfter }
    return { ok: here.ok, retryAfter: here.ok ? 0 : Math.min(retryAfter, here.retryAfter) }
  }

  /** The request failed: counts it against the client, network and address, unless already charged. */
  async failed(clientId: string | undefined): Promise<void> {
    if (!this.failureCharged) await this.chargeFailure(clientId)
  }

  /** The request presented a valid credential: whatever it was charged is given back. */
  async succeeded(): Promise<void> {
    const taken = this.taken
    this.taken = []
    await Promise.all(taken.map((t) => t.refund()))
  }

  /**
   * The request failed, but with a real credential (it lost a race, or replayed a used
   * code or token): not a guess, so it is not charged. Finding a real row by guessing is
   * the rare event the odds count, so this refund does not widen them.
   */
  async notAGuess(): Promise<void> {
    this.failureCharged = true
    await this.succeeded()
  }
}
