/**
 * The outbox worker: claims due messages, sends them over SMTP, records the outcome, and
 * retries failures with exponential backoff and jitter up to a limit. It wakes at once
 * when this process queues mail, and polls for mail queued by other instances.
 *
 * Threat model (mail that stops flowing): one SMTP session that hangs must not hold up
 * anyone else's login code, and a message must never go out twice. So up to `concurrency`
 * messages are in flight, each freed slot is refilled at once, every message has a
 * deadline (`timeoutMs`, also nodemailer's connection, greeting and socket timeouts) far
 * below the claim lease (outbox.repository.ts), and an SMTP 5xx answer is final at once (retrying a
 * refused mailbox only repeats the refusal) while 4xx answers and network errors retry.
 */
import type { Log } from '../../lib/log.ts'
import nodemailer, { type Transporter } from 'nodemailer'
import type { DB } from '../../db/connect.ts'
import type { OutboxMessage } from '../../db/database.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/clock.ts'
import { claimDue, LEASE_SECONDS, markFailed, markSent } from './outbox.repository.ts'
import { redactAddresses } from '../../lib/log-redaction.ts'
import { openSecrets, unmask } from './outbox-secrets.ts'

export interface WorkerOptions {
  batchSize?: number
  pollMs: number
  retryBaseMs: number
  messageIdDomain: string
  /** Deadline of one message, from claim to the server's answer. */
  timeoutMs: number
  /** How long a claim holds a message (outbox.repository.ts; default LEASE_SECONDS); at least twice `timeoutMs`. */
  leaseSeconds?: number
  /** Messages in flight at once. */
  concurrency: number
  box: SecretBox
  /** Takes a mail job's decision (mail-jobs.service.ts): the message to send, or null for none. */
  decide: (message: OutboxMessage) => Promise<OutboxMessage | null>
  /** What is due, and when a retry is: the app's clock (lib/clock.ts). */
  clock: Clock
}

/** A pooled SMTP transport whose every wait is bounded by `timeoutMs`. */
export function smtpTransport(url: string, timeoutMs: number, concurrency: number): Transporter {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: concurrency,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
}

class DeadlineError extends Error {}

/** SMTP 5xx: the server refused for good (unknown mailbox, policy), so retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

function reason(error: unknown): string {
  const response = (error as { response?: unknown }).response
  if (typeof response === 'string' && response) return response
  return error instanceof Error ? error.message : String(error)
}

export class OutboxWorker {
  private running = false
  private loop: Promise<void> | null = null
  private wakeUp: (() => void) | null = null
  private pending = false
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly db: DB,
    private readonly transport: Transporter,
    private readonly log: Log,
    private readonly options: WorkerOptions,
  ) {}

  private now(): Date {
    return this.options.clock.now()
  }

  private claim(batchSize: number): Promise<OutboxMessage[]> {
    return claimDue(this.db, batchSize, this.now(), this.options.leaseSeconds ?? LEASE_SECONDS)
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  /** New mail is due: skip the poll wait. */
  wake(): void {
    this.pending = true
    this.wakeUp?.()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wakeUp?.()
    await this.loop
    await Promise.all(this.inFlight)
    this.transport.close()
  }

  /** Claims one batch and sends it, `concurrency` at a time; returns how many it handled. */
  async runOnce(): Promise<number> {
    const batch = await this.claim(this.options.batchSize ?? 20)
    const queue = [...batch]
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.deliver(next)
    }
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, batch.length) }, lane))
    return batch.length
  }

  private async deliver(claimed: OutboxMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    let message = claimed
    try {
      if (message.job) {
        const decided = await this.options.decide(message)
        if (!decided) return
        message = decided
      }
      const content = unmask(message, openSecrets(this.options.box, message.to_address, message.secrets))
      const send = this.transport.sendMail({
        from: { name: message.from_name, address: message.from_address },
        to: message.to_address,
        ...content,
        // stable across retries, so a receiver can drop a copy re-sent after a crash
        messageId: `<outbox-${message.id}@${this.options.messageIdDomain}>`,
      })
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new DeadlineError(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs)
      })
      send.catch(() => {}) // after the deadline its outcome no longer matters
      await Promise.race([send, deadline])
      await markSent(this.db, message, this.now())
    } catch (error) {
      const permanent = isPermanent(error)
      const why = reason(error)
      // servers quote the recipient (`550 <a@b>: Recipient address rejected`): the row keeps it, the log does not
      this.log.warn({ outboxId: message.id, attempt: message.attempts, permanent, err: redactAddresses(why) }, 'email delivery failed')
      await markFailed(this.db, message, why, { baseMs: this.options.retryBaseMs, now: this.now(), permanent }).catch((err: unknown) =>
        this.log.error({ err, outboxId: message.id }, 'could not record a failed delivery'),
      )
    } finally {
      clearTimeout(timer)
    }
  }

  /** Starts a delivery in a free slot; the slot frees itself when the delivery ends. */
  private launch(message: OutboxMessage): void {
    const task: Promise<void> = this.deliver(message).finally(() => this.inFlight.delete(task))
    this.inFlight.add(task)
  }

  private async claimIntoFreeSlots(): Promise<number> {
    const free = this.options.concurrency - this.inFlight.size
    if (free <= 0) return 0
    try {
      const batch = await this.claim(free)
      for (const message of batch) this.launch(message)
      return batch.length
    } catch (error) {
      this.log.error({ err: error }, 'outbox worker pass failed')
      return 0
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pending = false
      const claimed = await this.claimIntoFreeSlots()
      if (!this.running) break
      if (this.inFlight.size >= this.options.concurrency) {
        await Promise.race(this.inFlight) // all slots busy: refill as soon as one frees
        continue
      }
      if (claimed > 0 || this.pending) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs)
        this.wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wakeUp = null
    }
  }
}
