/**
 * Whose address a tenant's mail is sent from.
 *
 * Threat model: a tenant admin sets `senderEmail` to `security@bank.example` and the
 * platform then sends mail as the bank, From and envelope, from the platform's reputable
 * servers. So a tenant's senderEmail is used only when its domain is one the operator
 * allows (ALLOWED_SENDER_DOMAINS, exact domain match) or when the address itself confirmed
 * it by following a link mailed to it; until then the platform sender (MAIL_FROM) is used.
 * The confirmation email carries no tenant-chosen text (a stranger receives it), its token
 * is stored hashed and expires, and one address is mailed at most once an hour per tenant.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import { secondsAfter, secondsBefore, type Clock } from '../../lib/clock.ts'
import type { Tenant } from '../../db/database.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { appErrors } from '../../lib/errors.ts'
import type { Executor } from '../../db/executor.ts'
import type { MailQueue } from './message.ts'
import { domainOf } from './senders.repository.ts'
import { maskSecrets } from './outbox-secrets.ts'
import { escapeHtml } from './placeholders.ts'
import { emailLocale } from './email-locale.ts'
import { catalogKey, EMAIL_TEXTS, type Catalog } from './locales/catalog.ts'

type SenderVerificationKey = keyof Catalog['senderVerification'] & string

const RESEND_AFTER_SECONDS = 3600

export class SenderVerification {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly email: MailQueue,
    private readonly clock: Clock,
  ) {}

  /** Called when a tenant's senderEmail is saved: mails a confirmation link unless none is needed. */
  async senderEmailSet(trx: Executor, tenant: Tenant): Promise<void> {
    const address = tenant.sender_email?.toLowerCase()
    if (!address || this.config.allowedSenderDomains.includes(domainOf(address))) return
    const token = randomToken(32)
    const now = this.clock.now()
    const expiresAt = secondsAfter(now, this.config.emailConfirmationTtlSeconds)
    // a new row, or a fresh token for an unconfirmed one whose last mail is over an hour old
    const issued = await trx
      .insertInto('sender_verifications')
      .values({ tenant_id: tenant.id, email: address, token_hash: hashSecret(token), expires_at: expiresAt, created_at: now })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'email'])
          .doUpdateSet({ token_hash: hashSecret(token), expires_at: expiresAt, created_at: now })
          .where('sender_verifications.verified_at', 'is', null)
          .where('sender_verifications.created_at', '<', secondsBefore(now, RESEND_AFTER_SECONDS)),
      )
      .returning('tenant_id')
      .executeTakeFirst()
    if (issued) await this.mail(trx, tenant, address, token)
  }

  /**
   * The confirmation, in the tenant's default locale (email-locale.ts: the address has no
   * account to ask, so the brand's default decides, else English), from the catalog only.
   */
  private async mail(trx: Executor, tenant: Tenant, address: string, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/email/sender-verification?token=${token}`
    const { data, secrets } = maskSecrets({ emailConfirmationToken: token, link })
    const locale = emailLocale(null, tenant.default_locale, {}).platform
    const values = { address, host: new URL(this.config.publicUrl).host }
    const say = (key: SenderVerificationKey) => EMAIL_TEXTS.text(locale, catalogKey('senderVerification', key), values)
    const text = `${say('intro')}\n\n${say('ask')}\n${data.link}\n\n${say('ignore')}`
    const html = `<p>${escapeHtml(say('intro'))}</p>
<p>${escapeHtml(say('ask'))} <a href="${escapeHtml(data.link ?? '')}">${escapeHtml(say('ctaLabel'))}</a></p>
<p>${escapeHtml(say('ignore'))}</p>`
    await this.email.enqueue(trx, { type: 'senderVerification', to: address, tenantId: tenant.id, subject: say('subject'), text, html, secrets })
  }

  /** Confirms the address a token was mailed to; returns it. */
  async confirm(token: string): Promise<{ tenantId: number; email: string }> {
    const now = this.clock.now()
    const row = await this.db
      .updateTable('sender_verifications')
      .set({ verified_at: now })
      .where('token_hash', '=', hashSecret(token))
      .where('expires_at', '>', now)
      .returning(['tenant_id', 'email'])
      .executeTakeFirst()
    if (!row) throw appErrors.invalid_token('This confirmation link is invalid or has expired.')
    return { tenantId: row.tenant_id, email: row.email }
  }
}
