/**
 * Limits on every request that sends mail: login codes, register, forgotPassword, and
 * invitations (tenancy/invitation-budget.ts spends the same budgets, plus the inviter's own).
 *
 * Threat model. A stranger uses our mail routes to flood someone's inbox (60 requests, 60
 * emails), or to spend the address's budget so that mail the address needs (a first
 * sign-up, a code on a new network, a reset) never comes.
 * - Per sender address (RATE_LIMIT_MAIL_PER_IP, 300/10m; IPv6 by /64): over it, 429. It is
 *   sized for a carrier NAT, where hundreds of honest users share one address.
 * - Per recipient and requesting network (RATE_LIMIT_MAIL_PER_EMAIL_PER_NETWORK, 2/1h: 3 at
 *   once, at most 4 an hour): what one network can spend of an address. So strangers on a
 *   few networks spend only their own share, and a request from any other network still
 *   mails the address.
 * - Per recipient over every network (RATE_LIMIT_MAIL_PER_EMAIL, 20/1h: 21 at once, at most
 *   40 an hour): the inbox's cap, against a flood from many networks. It is larger than what
 *   3 networks can spend in an hour (3 x 4 = 12, 3 x 3 = 9 at once), so those cannot close it.
 * Beyond either, the request answers the same 200 and sends nothing, so the answer never tells
 * whether the address has an account. A botnet on N networks can still send an address
 * min(3N, 21) messages at once and min(4N, 40) an hour, and from about 10 networks keep its cap
 * spent; then only networks its owner has signed in from get mail, from their own bucket
 * (RATE_LIMIT_MAIL_PER_EMAIL_KNOWN_NETWORK, 5/1h), which strangers elsewhere cannot touch.
 * Checked before any expensive work (a password hash, a render). An invitation's sender chose
 * the address and already knows it, so there a spent budget answers 429 (takeRecipient)
 * instead of a silent 200: the answer tells the inviter nothing about an account.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import { rateLimited } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import type { Executor } from '../../db/executor.ts'

/** Whether the address has opened a session from this network before (users' knownNetwork: it reads the accounts). */
export type KnownNetwork = (db: Executor, who: { email: string }, network: string) => Promise<boolean>

/** Which recipient budget refused (the sign-in log names it): this network's share of the address, the address's over every network, or a known network's own. */
export type RecipientLimit = 'per_address_network' | 'per_address' | 'per_address_known_network'
export type RecipientBudget = { ok: true; retryAfter: 0 } | { ok: false; retryAfter: number; limit: RecipientLimit }

export class MailLimits {
  private readonly sender: Bucket
  private readonly recipientHere: Bucket
  private readonly recipient: Bucket
  private readonly recipientKnown: Bucket

  constructor(
    private readonly db: DB,
    limits: Limits,
    config: Readonly<Config>,
    private readonly knownNetwork: KnownNetwork,
  ) {
    this.sender = limits.bucket('mail-ip', config.rateLimits.mailPerIp)
    this.recipientHere = limits.bucket('mail-email-from', config.rateLimits.mailPerEmailPerNetwork)
    this.recipient = limits.bucket('mail-email', config.rateLimits.mailPerEmail)
    this.recipientKnown = limits.bucket('mail-email-net', config.rateLimits.mailPerEmailKnownNetwork)
  }

  /** Throws 429 when the caller's address has asked for too much mail. */
  async checkSender(ip: string): Promise<void> {
    const taken = await this.sender.take(originOf(ip).address)
    if (!taken.ok) throw rateLimited(taken.retryAfter)
  }

  /** Whether mail may go to this address now; false: answer as usual and send nothing. */
  async mayMail(email: string, ip: string): Promise<boolean> {
    return (await this.takeRecipient(email, ip)).ok
  }

  /**
   * The same budgets as mayMail, for a sender who chose the address and is told the answer
   * (an invitation: tenancy/invitation-budget.ts): when refused, how long until one is back.
   */
  async takeRecipient(email: string, ip: string): Promise<RecipientBudget> {
    const address = email.trim().toLowerCase()
    const { network } = originOf(ip)
    const here = await this.recipientHere.take(`${address} ${network}`)
    let wait = here.retryAfter
    let limit: RecipientLimit = 'per_address_network'
    if (here.ok) {
      const all = await this.recipient.take(address)
      if (all.ok) return { ok: true, retryAfter: 0 }
      wait = all.retryAfter
      limit = 'per_address'
      // nothing is sent: this network's share is not spent either
      await here.refund()
    }
    if (!(await this.knownNetwork(this.db, { email: address }, network))) return { ok: false, retryAfter: wait, limit }
    const known = await this.recipientKnown.take(`${address} ${network}`)
    return known.ok ? { ok: true, retryAfter: 0 } : { ok: false, retryAfter: Math.min(wait, known.retryAfter), limit: 'per_address_known_network' }
  }
}
