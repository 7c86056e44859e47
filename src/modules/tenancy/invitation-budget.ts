/**
 * What an invitation may cost: each one is an email to an address the inviter typed.
 *
 * Threat model. Anyone can sign up under an open brand and own a tenant, and an owner may
 * invite. Without a budget, that stranger relays mail from the platform's sender to any
 * list of addresses (52 invitations in seconds, all delivered), or floods one inbox.
 * - The same budgets as every other mail (sessions/mail-limits.ts), taken from the
 *   request's address: per sending address (RATE_LIMIT_MAIL_PER_IP), per recipient and
 *   network (RATE_LIMIT_MAIL_PER_EMAIL_PER_NETWORK: 3 at once to one address), per recipient
 *   over every network (RATE_LIMIT_MAIL_PER_EMAIL). Invitations and login codes draw on one
 *   budget, so neither can be used to get round the other.
 * - Per inviting person (RATE_LIMIT_INVITATIONS_PER_INVITER, 10/1h: 11 at once, at most 20
 *   an hour), whatever the network: one account cannot mail many strangers. An admin
 *   inviting a team of a few colleagues stays well inside it.
 * An invitation over any of them is refused with 429 `rate_limited` and Retry-After, and no
 * invitation is created: the inviter typed the address, so saying "not now" tells them
 * nothing about it. A refusal by a recipient's budget gives the inviter's token back, as
 * nothing was sent. The operator (CLI, seed) is the platform itself and spends nothing;
 * an app's token cannot invite (policy.ts: members need a person or a machine client). The
 * machine clients of one brand (or the platform's) spend one inviter's budget together, so
 * making more of them buys no more mail.
 * Each further account multiplies the per-inviter budget, but each sign-up needs a login
 * code received at an address of its own (itself mail from the same per-address budget); and
 * a customer's invitation speaks in its own tenant's name and the inviter's address, never
 * the brand's (email/renderer.ts), so what it relays is signed by the one who sent it.
 */
import { rateLimited } from '../../lib/errors.ts'
import type { Bucket } from '../../lib/rate-limit.ts'
import type { Actor } from './actor.ts'

/** The mail budgets shared with every other mail (sessions' MailLimits); by shape, as tenancy sits below sessions. */
export interface MailBudgets {
  checkSender(ip: string): Promise<void>
  takeRecipient(email: string, ip: string): Promise<{ ok: boolean; retryAfter: number }>
}

export class InvitationBudget {
  constructor(
    private readonly mail: MailBudgets,
    private readonly perInviter: Bucket,
  ) {}

  /** Spends one invitation to `email` for `actor`, or throws 429 (before anything is written). */
  async spend(actor: Actor, email: string): Promise<void> {
    if (actor.kind === 'operator') return
    const ip = actor.kind === 'anonymous' ? undefined : actor.sourceIp
    if (ip) await this.mail.checkSender(ip)
    const inviter = actor.kind === 'user' ? `user ${actor.userId}` : actor.kind === 'client' ? `machines of ${actor.tenantId ?? 'the platform'}` : 'anonymous'
    const mine = await this.perInviter.take(inviter)
    if (!mine.ok) throw rateLimited(mine.retryAfter)
    if (!ip) return
    const recipient = await this.mail.takeRecipient(email, ip)
    if (recipient.ok) return
    await mine.refund()
    throw rateLimited(recipient.retryAfter)
  }
}
