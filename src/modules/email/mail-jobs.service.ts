/**
 * Mail decided when it is sent, not when it is asked for.
 *
 * Threat model: a route that takes an address (code request, register, forgotPassword) must
 * not tell by its answer or its timing whether the address has an account. Padding the short
 * path to look like the long one is fragile (every change to either path breaks the
 * balance), so the branch is moved out of the request instead: the request runs its checks
 * and limits, which do not depend on the account, and writes one job row to the outbox, the
 * same row for every address. The worker that claims the row takes the decision (is there
 * an account, may this tenant sign strangers up, which email goes out), creates what the
 * email carries (a login code, a reset token, an account) and renders the message in one
 * transaction, which turns the job into an ordinary outbox message, or removes it when
 * nothing is to be sent. Equal timing holds by construction, and the request costs one
 * round trip; rendering happens in the worker.
 *
 * A job's secrets (a password hash chosen at sign-up) are sealed like a message's
 * (outbox-secrets.ts). In the development mailbox (no SMTP) this process decides its own
 * jobs right after the request; with SMTP the outbox worker does, wherever it runs.
 */
import { sql } from 'kysely'
import type { Static, TSchema } from 'typebox'
import Value from 'typebox/value'
import type { DB } from '../../db/connect.ts'
import type { OutboxMessage } from '../../db/database.ts'
import { prepared } from '../../db/prepared.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Executor } from '../../db/executor.ts'
import { claimDue, markFailed } from './outbox.repository.ts'
import { openSecrets, sealSecrets } from './outbox-secrets.ts'
import type { ComposedMessage, SendEmailInput } from './message.ts'

export interface DeferredEmail {
  kind: string
  to: string
  /** The tenant the job is for; the row is written only if it exists. */
  tenantId: number | null
  input: Record<string, unknown>
  /** Sealed in the row until the decision; gone with it. */
  secrets?: Record<string, string>
}

export type JobDecision<I> = (trx: Executor, input: I, secrets: Readonly<Record<string, string>>) => Promise<SendEmailInput | null>

interface Registered {
  schema: TSchema
  decide: JobDecision<never>
}

/** What the jobs need of the email service: composing a message's row. */
export interface Composer {
  readonly mailboxEnabled: boolean
  compose(trx: Executor, input: SendEmailInput): Promise<ComposedMessage>
  sender(): { name: string; address: string }
}

export class MailJobs {
  private readonly handlers = new Map<string, Registered>()
  private draining: Promise<void> | null = null
  private again = false

  constructor(
    private readonly db: DB,
    private readonly composer: Composer,
    private readonly box: SecretBox,
    private readonly log: Log,
    private readonly maxAttempts: number,
    private readonly clock: Clock,
  ) {}

  /**
   * The decision for one kind of job; `schema` checks the stored input before it is used.
   * NoInfer: the input's type is the schema's, never worked out from the decision (which costs the type checker seconds).
   */
  register<S extends TSchema>(kind: string, schema: S, decide: JobDecision<NoInfer<Static<S>>>): void {
    this.handlers.set(kind, { schema, decide: decide as JobDecision<never> })
  }

  /**
   * Writes the job: one statement. Returns false, writing nothing, when `tenantId` names no
   * tenant (the existence check rides along in the same statement).
   */
  async defer(job: DeferredEmail, db: Executor = this.db): Promise<boolean> {
    if (!this.handlers.has(job.kind)) throw new Error(`no decision registered for mail job ${job.kind}`)
    const from = this.composer.sender()
    const sealed = job.secrets ? sealSecrets(this.box, job.to, job.secrets) : null
    const result = await sql<{ id: number }>`${prepared('defer_mail_job')}
      insert into email_outbox (type, tenant_id, to_address, from_name, from_address, subject, html, text, status, max_attempts, job, secrets, next_attempt_at)
      select ${job.kind}, ${job.tenantId}, ${job.to}, ${from.name}, ${from.address}, '', '', '', 'queued', ${this.maxAttempts},
             cast(${JSON.stringify({ kind: job.kind, input: job.input })} as jsonb), ${sealed}, cast(${this.clock.now()} as timestamptz)
       where cast(${job.tenantId} as integer) is null or exists (select 1 from tenants where id = ${job.tenantId})
      returning id`.execute(db)
    return result.rows.length > 0
  }

  /**
   * Takes a claimed job's decision. Returns the message to send, or null when there is
   * nothing to send (no mail for this address, or the dev mailbox, which keeps it as is).
   */
  async decide(message: OutboxMessage): Promise<OutboxMessage | null> {
    const job = message.job
    if (!job) return message
    const handler = this.handlers.get(job.kind)
    if (!handler || !Value.Check(handler.schema, job.input)) {
      this.log.error({ outboxId: message.id, kind: job.kind }, 'mail job with an unknown kind or input: failed')
      await markFailed(this.db, message, `unknown mail job ${job.kind}`, { baseMs: 0, now: this.clock.now(), permanent: true })
      return null
    }
    const secrets = openSecrets(this.box, message.to_address, message.secrets)
    return this.db.transaction().execute(async (trx) => {
      // only the claim that holds the row decides it (a late claim after a lease ran out finds nothing)
      const held = await trx
        .selectFrom('email_outbox')
        .select('id')
        .where('id', '=', message.id)
        .where('attempts', '=', message.attempts)
        .where('job', 'is not', null)
        .forUpdate()
        .executeTakeFirst()
      if (!held) return null
      const outcome = await handler.decide(trx, job.input as never, secrets)
      if (!outcome) {
        await trx.deleteFrom('email_outbox').where('id', '=', message.id).execute()
        return null
      }
      const composed = await this.composer.compose(trx, outcome)
      const updated = await trx
        .updateTable('email_outbox')
        .set({ ...composed, status: this.composer.mailboxEnabled ? 'mailbox' : 'sending', job: null })
        .where('id', '=', message.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return updated.status === 'sending' ? updated : null
    })
  }

  /** Development mailbox: decide every queued job now (there is no SMTP worker). */
  drain(): void {
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = (async () => {
      do {
        this.again = false
        const batch = await claimDue(this.db, 20, this.clock.now())
        for (const message of batch) {
          await this.decide(message).catch((err: unknown) => this.log.error({ err, outboxId: message.id }, 'mail job failed'))
        }
        if (batch.length > 0) this.again = true
      } while (this.again)
    })()
      .catch((err: unknown) => this.log.error({ err }, 'mail jobs pass failed'))
      .finally(() => {
        this.draining = null
      })
  }

  /** Resolves once the jobs this process has started deciding are decided. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining
  }
}
