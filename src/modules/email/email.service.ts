/**
 * The email engine as the other modules see it: `send(trx, {type, to, tenantId, ...})`
 * renders and writes to the outbox inside the caller's transaction; a worker delivers.
 * `jobs.defer(...)` writes a message whose content is decided at send time (mail-jobs.service.ts).
 */
import { lookOf, type TenantStore } from '../tenancy/index.ts'
import { checkLink, normalisedLink, verifiedOrigins, type LinkRules } from '../tenancy/index.ts'
import type { Log } from '../../lib/log.ts'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { EmailTypeTexts, Tenant } from '../../db/database.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Executor } from '../../db/executor.ts'
import { MailJobs } from './mail-jobs.service.ts'
import { maskSecrets, sealSecrets, unmask } from './outbox-secrets.ts'
import type { EmailType } from './placeholders.ts'
import { renderEmail, type RenderedEmail, type RenderInput } from './renderer.ts'
import { senderFor } from './senders.repository.ts'
import { mailboxMessage, mailboxMessages } from './outbox.repository.ts'
import type { ComposedMessage, SendEmailInput, VerbatimEmail } from './message.ts'
import { OutboxWorker, smtpTransport } from './worker.ts'

export type { ComposedMessage, SendEmailInput, VerbatimEmail } from './message.ts'

/** The tenant as it would look with `draft` saved for `type`: for previews only. */
function withDraft(tenant: Tenant, type: EmailType, draft: EmailTypeTexts): Tenant {
  const types = { ...(tenant.email_config.emailTypeConfig ?? {}) } as Record<string, EmailTypeTexts>
  types[type] = draft
  return { ...tenant, email_config: { ...tenant.email_config, emailTypeConfig: types } }
}

function parseMailFrom(mailFrom: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom)
  if (match) return { name: match[1] ?? '', address: match[2] ?? mailFrom }
  return { name: '', address: mailFrom.trim() }
}

export class EmailService {
  readonly worker: OutboxWorker | null
  readonly jobs: MailJobs
  /** Mail stays in the outbox and is shown at /dev/mailbox (no SMTP_URL, not production). */
  readonly mailboxEnabled: boolean
  private readonly from: { name: string; address: string }

  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly log: Log,
    private readonly box: SecretBox,
    readonly clock: Clock,
    private readonly linkRules: LinkRules,
    private readonly tenancy: TenantStore,
  ) {
    this.mailboxEnabled = config.smtpUrl === null && config.env !== 'production'
    this.from = parseMailFrom(config.mailFrom)
    this.jobs = new MailJobs(db, this, box, log, config.email.maxAttempts, clock)
    const { smtpTimeoutMs, concurrency } = config.email
    this.worker = config.smtpUrl
      ? new OutboxWorker(db, smtpTransport(config.smtpUrl, smtpTimeoutMs, concurrency), log, {
          pollMs: config.email.pollMs,
          retryBaseMs: config.email.retryBaseMs,
          messageIdDomain: new URL(config.publicUrl).hostname,
          timeoutMs: smtpTimeoutMs,
          leaseSeconds: config.email.leaseSeconds,
          concurrency,
          box,
          decide: (message) => this.jobs.decide(message),
          clock,
        })
      : null
    if (!config.smtpUrl && config.env === 'production') {
      log.warn({}, 'SMTP_URL is not set: emails are queued in the outbox and not sent')
    }
  }

  start(): void {
    this.worker?.start()
    if (this.mailboxEnabled) this.jobs.drain() // jobs left by an earlier run
  }

  sender(): { name: string; address: string } {
    return this.from
  }

  render(input: Omit<RenderInput, 'now'>): Promise<RenderedEmail> {
    return renderEmail({ ...input, now: this.clock.now() }, { publicUrl: this.config.publicUrl, loginCodeTtlSeconds: this.config.loginCodeTtlSeconds })
  }

  /**
   * Renders an email as it goes out for a tenant: a tenant that is not a brand wears its
   * brand's look, texts and sender (tenancy/brands.ts), and a saved link is checked again
   * now, as an origin may have stopped being verified (tenancy/link-origins.ts). Such a
   * tenant's invitation speaks in its own name, not the brand's (renderer.ts).
   */
  async renderAs(trx: Executor, input: SendEmailInput): Promise<{ tenant: Tenant | null; rendered: RenderedEmail }> {
    const own = input.tenantId ? await this.tenancy.findTenant(trx, input.tenantId) : undefined
    const saved = own ? await lookOf(trx, own) : null
    const onBehalfOf = own && saved && own.id !== saved.id ? { name: own.name } : null
    const tenant = saved && input.draftTexts ? withDraft(saved, input.type, input.draftTexts) : saved
    const customTexts = input.customTexts ?? false
    const origins = tenant && customTexts ? await verifiedOrigins(trx, tenant, this.linkRules) : null
    const linkAs = (link: string): string | null => {
      const normal = normalisedLink(link)
      return origins !== null && 'link' in normal && checkLink(normal.link, origins, this.linkRules) === null ? normal.link : null
    }
    const { type, to, data = {}, dates, locale } = input
    return { tenant, rendered: await this.render({ type, tenant, onBehalfOf, customTexts, user: to, data, dates, locale, linkAs }) }
  }

  /**
   * Renders the email and writes it to the outbox within `trx`. Call `wake()` after commit.
   * Codes and tokens are stored sealed beside markers (outbox-secrets.ts), except in the
   * dev mailbox, whose whole point is to show them (never in production).
   */
  async send(trx: Executor, input: SendEmailInput): Promise<void> {
    const composed = await this.compose(trx, input)
    await trx
      .insertInto('email_outbox')
      .values({ ...composed, status: this.mailboxEnabled ? 'mailbox' : 'queued', max_attempts: this.config.email.maxAttempts, next_attempt_at: this.clock.now() })
      .execute()
  }

  /** The row content of a message: rendered in the tenant's branding, from its checked sender. */
  async compose(trx: Executor, input: SendEmailInput): Promise<ComposedMessage> {
    const { data, secrets } = maskSecrets(input.data ?? {})
    const { tenant, rendered } = await this.renderAs(trx, { ...input, data })
    const from = tenant ? await senderFor(trx, this.config.allowedSenderDomains, tenant) : null
    if (this.mailboxEnabled) {
      // The one documented exception to "no secret in a log": on a developer's machine
      // (NODE_ENV=development, no SMTP_URL) the login code is printed so that a login works
      // without opening the mailbox. Never the address, never another token, never in test
      // or production (lib/log-redaction.ts redacts `loginCode` itself; this key is the exception).
      const code = this.config.env === 'development' ? input.data?.loginCode : undefined
      this.log.info({ type: input.type, mailbox: '/dev/mailbox', ...(code ? { devLoginCode: code } : {}) }, 'dev mailbox: email kept')
    }
    return this.row({ ...rendered, type: input.type, to: input.to.email, tenantId: tenant?.id ?? null, secrets }, tenant?.name, from)
  }

  /** Writes a built message to the outbox; From is the platform's unless `fromAddress` is a checked sender. */
  async enqueue(trx: Executor, email: VerbatimEmail, fromName?: string, fromAddress?: string | null): Promise<void> {
    await trx
      .insertInto('email_outbox')
      .values({ ...this.row(email, fromName, fromAddress), status: this.mailboxEnabled ? 'mailbox' : 'queued', max_attempts: this.config.email.maxAttempts, next_attempt_at: this.clock.now() })
      .execute()
  }

  private row(email: VerbatimEmail, fromName?: string, fromAddress?: string | null): ComposedMessage {
    // the dev mailbox shows mail as sent, codes included: that is what it is for (never in production)
    const content = this.mailboxEnabled ? unmask(email, email.secrets) : email
    return {
      type: email.type,
      tenant_id: email.tenantId,
      to_address: email.to,
      from_name: fromName ?? this.from.name,
      from_address: fromAddress ?? this.from.address,
      subject: content.subject,
      html: content.html,
      text: content.text,
      secrets: this.mailboxEnabled ? null : sealSecrets(this.box, email.to, email.secrets),
    }
  }

  /** Mail was queued: the worker skips its poll wait; in the dev mailbox, jobs are decided now. */
  wake(): void {
    this.worker?.wake()
    if (this.mailboxEnabled) this.jobs.drain()
  }

  /** Resolves once the mail jobs this process is deciding are decided (tests, shutdown). */
  idle(): Promise<void> {
    return this.jobs.idle()
  }

  /** The dev mailbox, newest first, once the mail jobs of requests already answered are decided. */
  async mailbox() {
    await this.idle()
    return mailboxMessages(this.db)
  }

  /** One message of the dev mailbox, or undefined. */
  mailboxMessage(id: number) {
    return mailboxMessage(this.db, id)
  }

  async close(): Promise<void> {
    await this.jobs.idle()
    await this.worker?.stop()
  }
}
