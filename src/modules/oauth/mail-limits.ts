/**
 * Limits on every request that sends mail: login codes, register, forgotPassword.
 *
 * Threat model. A stranger uses our mail routes to flood someone's inbox (60 requests, 60
 * emails), or to spend the victim's budget so that the victim's own code never comes.
 * - Per sender address (RATE_LIMIT_MAIL_PER_IP, 300/10m; IPv6 by /64): over it, 429. It is
 *   sized for a carrier NAT, where hundreds of honest users share one address.
 * - Per recipient (RATE_LIMIT_MAIL_PER_EMAIL, 5/1h): over it the request answers the same
 *   200 and sends nothing, so the inbox is protected and the answer still does not tell
 *   whether the address has an account. This never locks the owner out: once strangers
 *   have spent it, a request from a network the owner has signed in from before draws on
 *   its own bucket (RATE_LIMIT_MAIL_PER_EMAIL_KNOWN_NETWORK, 5/1h), which strangers
 *   elsewhere cannot touch.
 * Checked before any expensive work (a password hash, a render).
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import { rateLimited } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import { knownNetwork } from '../sessions/sessions.ts'

export class MailLimits {
  private readonly sender: Bucket
  private readonly recipient: Bucket
  private readonly recipientKnown: Bucket

  constructor(
    private readonly db: DB,
    limits: Limits,
    config: Readonly<Config>,
  ) {
    this.sender = limits.bucket('mail-ip', config.rateLimits.mailPerIp)
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
    const address = email.trim().toLowerCase()
    if ((await this.recipient.take(address)).ok) return true
    const { network } = originOf(ip)
    if (!(await knownNetwork(this.db, { email: address }, network))) return false
    return (await this.recipientKnown.take(`${address} ${network}`)).ok
  }
}
