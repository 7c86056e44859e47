/**
 * The email engine as the other modules see it: `send(trx, {type, to, tenantId, ...})`
 * renders and writes to the outbox inside the caller's transaction; a worker delivers.
 */
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { Tenant } from '../../db/database.ts'
import type { Executor } from '../users/users.repository.ts'
import type { EmailType } from './placeholders.ts'
import { renderEmail, type EmailUser, type RenderedEmail } from './renderer.ts'
import { OutboxWorker } from './worker.ts'

export interface SendEmailInput {
  type: EmailType
  to: EmailUser
  /** Tenant whose branding applies; null or absent: the platform's own. */
  tenantId?: number | null
  /** Whether the tenant's customised texts apply (the caller checked the tenant rule). */
  customTexts?: boolean
  data?: Record<string, string>
}

function parseMailFrom(mailFrom: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom)
  if (match) return { name: match[1] ?? '', address: match[2] ?? mailFrom }
  return { name: '', address: mailFrom.trim() }
}

/** Reuses SMTP connections across messages (nodemailer reads `pool` from the URL). */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true')
  return url.toString()
}

export class EmailService {
  readonly worker: OutboxWorker | null
  /** Mail stays in the outbox and is shown at /dev/mailbox (no SMTP_URL, not production). */
  readonly mailboxEnabled: boolean
  private readonly from: { name: string; address: string }

  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mailboxEnabled = config.smtpUrl === null && config.env !== 'production'
    this.from = parseMailFrom(config.mailFrom)
    this.worker = config.smtpUrl
      ? new OutboxWorker(db, nodemailer.createTransport(pooled(config.smtpUrl)), log, {
          pollMs: config.email.pollMs,
          retryBaseMs: config.email.retryBaseMs,
          messageIdDomain: new URL(config.publicUrl).hostname,
        })
      : null
    if (!config.smtpUrl && config.env === 'production') {
      log.warn('SMTP_URL is not set: emails are queued in the outbox and not sent')
    }
  }

  start(): void {
    this.worker?.start()
  }

  render(type: EmailType, tenant: Tenant | null, customTexts: boolean, to: EmailUser, data: Record<string, string> = {}): Promise<RenderedEmail> {
    return renderEmail(
      { type, tenant, customTexts, user: to, data },
      { publicUrl: this.config.publicUrl, loginCodeTtlSeconds: this.config.loginCodeTtlSeconds },
    )
  }

  /** Renders the email and writes it to the outbox within `trx`. Call `wake()` after commit. */
  async send(trx: Executor, input: SendEmailInput): Promise<void> {
    const tenant = input.tenantId
      ? ((await trx.selectFrom('tenants').selectAll().where('id', '=', input.tenantId).executeTakeFirst()) ?? null)
      : null
    const rendered = await this.render(input.type, tenant, input.customTexts ?? false, input.to, input.data)
    await trx
      .insertInto('email_outbox')
      .values({
        type: input.type,
        tenant_id: tenant?.id ?? null,
        to_address: input.to.email,
        from_name: tenant?.name ?? this.from.name,
        from_address: tenant?.sender_email ?? this.from.address,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        status: this.mailboxEnabled ? 'mailbox' : 'queued',
        max_attempts: this.config.email.maxAttempts,
      })
      .execute()
    if (this.mailboxEnabled) {
      const code = input.data?.loginCode
      this.log.info({ to: input.to.email, type: input.type, ...(code ? { loginCode: code } : {}) }, 'dev mailbox: email kept')
    }
  }

  wake(): void {
    this.worker?.wake()
  }

  async close(): Promise<void> {
    await this.worker?.stop()
  }
}
