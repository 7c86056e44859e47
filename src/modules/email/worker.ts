/**
 * The outbox worker: claims due messages, sends them over SMTP, records the outcome, and
 * retries failures with exponential backoff and jitter up to a limit. It wakes at once
 * when this process queues mail, and polls for mail queued by other instances.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { DB } from '../../db/connect.ts'
import type { OutboxMessage } from '../../db/database.ts'
import { claimDue, markFailed, markSent } from './outbox.ts'

export interface WorkerOptions {
  batchSize?: number
  pollMs: number
  retryBaseMs: number
  messageIdDomain: string
}

export class OutboxWorker {
  private running = false
  private loop: Promise<void> | null = null
  private wakeUp: (() => void) | null = null
  private pending = false

  constructor(
    private readonly db: DB,
    private readonly transport: Transporter,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {}

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
    this.transport.close()
  }

  /** Claims and sends one batch; returns how many messages it handled. */
  async runOnce(): Promise<number> {
    const batch = await claimDue(this.db, this.options.batchSize ?? 20)
    await Promise.all(batch.map((message) => this.deliver(message)))
    return batch.length
  }

  private async deliver(message: OutboxMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: { name: message.from_name, address: message.from_address },
        to: message.to_address,
        subject: message.subject,
        html: message.html,
        text: message.text,
        // stable across retries, so a receiver can drop a copy re-sent after a crash
        messageId: `<outbox-${message.id}@${this.options.messageIdDomain}>`,
      })
      await markSent(this.db, message.id)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.log.warn({ outboxId: message.id, attempt: message.attempts, err: reason }, 'email delivery failed')
      await markFailed(this.db, message, reason, this.options.retryBaseMs)
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pending = false
      let handled = 0
      try {
        handled = await this.runOnce()
      } catch (error) {
        this.log.error({ err: error }, 'outbox worker pass failed')
      }
      if (handled > 0 || this.pending || !this.running) continue
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
