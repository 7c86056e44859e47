/**
 * The shapes of a message on its way to the outbox: what a caller asks to send, what is written.
 * The engine (email.service.ts), its deferred jobs (mail-jobs.service.ts) and sender verification
 * share them without importing one another.
 */
import type { EmailTypeTexts, OutboxMessage } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import type { EmailType } from './placeholders.ts'
import type { EmailUser, RenderedEmail } from './renderer.ts'

export interface SendEmailInput {
  type: EmailType
  to: EmailUser
  /** Tenant whose branding applies; null or absent: the platform's own. */
  tenantId?: number | null
  /** Whether the tenant's customised texts apply (the caller checked the tenant rule). */
  customTexts?: boolean
  data?: Record<string, string>
  /** Moments the email names (resetTokenExp), written in its locale and the tenant's zone. */
  dates?: Record<string, Date>
  /** The recipient's locale (the account's; the request's for an address without one); null: not known. */
  locale?: string | null
  /** Unsaved texts laid over the tenant's for this type (a console preview); never stored. */
  draftTexts?: EmailTypeTexts
}

/** A message built outside the four email types (sender verification), secrets already masked. */
export interface VerbatimEmail extends RenderedEmail {
  type: string
  to: string
  tenantId: number | null
  secrets: Record<string, string>
}

/** An outbox row's content: rendered, its secrets masked and sealed (shown, in the dev mailbox). */
export type ComposedMessage = Pick<OutboxMessage, 'type' | 'tenant_id' | 'to_address' | 'from_name' | 'from_address' | 'subject' | 'html' | 'text' | 'secrets'>

/** Where a verbatim message is written: the outbox, inside the caller's transaction. */
export interface MailQueue {
  enqueue(trx: Executor, email: VerbatimEmail, fromName?: string, fromAddress?: string | null): Promise<void>
}
