/** Table types of mail: the outbox (with its deferred jobs) and sender verifications. */
import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp } from './column-types.ts'

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'mailbox'

export interface EmailOutboxTable {
  id: Generated<number>
  type: string
  tenant_id: number | null
  to_address: string
  from_name: string
  from_address: string
  subject: string
  html: string
  text: string
  status: OutboxStatus
  attempts: Generated<number>
  max_attempts: number
  next_attempt_at: Generated<Date>
  locked_until: NullableTimestamp
  last_error: string | null
  created_at: Generated<Date>
  sent_at: NullableTimestamp
  /**
   * The message's codes and tokens, sealed (lib/secret-box.ts); subject, html and text hold
   * markers in their place. Cleared once the message is sent (see email/outbox-secrets.ts).
   */
  secrets: string | null
  /**
   * A message decided at send time (email/mail-jobs.service.ts): its kind and input, as JSON; null
   * once decided (subject, html and text are empty until then).
   */
  job: ColumnType<MailJobRow | null, string | null | undefined, string | null>
}

/** A deferred message as stored: which decision to take, on what input. */
export interface MailJobRow {
  kind: string
  input: Record<string, unknown>
}

export interface SenderVerificationsTable {
  tenant_id: number
  email: string
  token_hash: string
  expires_at: Date
  verified_at: NullableTimestamp
  created_at: Generated<Date>
}
