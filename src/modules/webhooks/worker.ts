/**
 * The webhook worker: claims due deliveries (events.repository.ts), signs each per Standard
 * Webhooks with the endpoint's live secrets, sends it (sender.ts: the target checked again,
 * no redirects, bounded time and answer), and records the outcome. A failure is retried with
 * exponential backoff and jitter for about a day (`retryDelayMs`, MAX_ATTEMPTS); an endpoint
 * whose every delivery failed for DISABLE_AFTER_MS is disabled, and its brand's admins told.
 * Everything is decided on the app's clock (lib/clock.ts): a test moves it and calls `runOnce`.
 */
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { claimDue, markAttemptFailed, markDelivered, type ClaimedDelivery } from './events.repository.ts'
import { markEndpointFailing, markEndpointHealthy } from './endpoints.repository.ts'
import { send, type SendLimits } from './sender.ts'
import { sealContext } from './seal-context.ts'
import { signedHeaders } from './signing.ts'
import { TargetRefused, type TargetRules } from './targets.ts'
import type { WebhookMetrics } from './metrics.ts'

/** Attempts of one delivery: the first and nine retries, about a day of them (docs/webhooks.md). */
export const MAX_ATTEMPTS = 10
/** An endpoint whose deliveries all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 86_400_000
const LEASE_SECONDS = 60
const BASE_MS = 5_000
const CAP_MS = 10 * 3_600_000

/** The wait after failed attempt `attempt` (1-based): 5 s times 4^(attempt-1), at most 10 h, with equal jitter (half to all of it). */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const exponential = Math.min(BASE_MS * 4 ** Math.max(0, attempt - 1), CAP_MS)
  return Math.round(exponential / 2 + random() * (exponential / 2))
}


/** The message's body: what the receiver verifies and parses. */
export function messageBody(delivery: Pick<ClaimedDelivery, 'type' | 'eventAt' | 'tenantId' | 'payload'>): string {
  return JSON.stringify({ type: delivery.type, timestamp: delivery.eventAt.toISOString(), version: 1, tenantId: delivery.tenantId, data: delivery.payload })
}

export interface WebhookWorkerOptions {
  db: DB
  clock: Clock
  log: Log
  box: SecretBox
  rules: TargetRules
  limits: SendLimits
  metrics: WebhookMetrics
  pollMs: number
  concurrency: number
  /** An endpoint was disabled for failing: its brand's admins are told. */
  onDisabled(endpoint: ClaimedDelivery['endpoint']): Promise<void>
}

export class WebhookWorker {
  private running = false
  private loop: Promise<void> | null = null
  private wakeUp: (() => void) | null = null

  constructor(private readonly o: WebhookWorkerOptions) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  wake(): void {
    this.wakeUp?.()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wakeUp?.()
    await this.loop
  }

  /** Claims one batch due now and delivers it, `concurrency` at a time; returns how many it handled. */
  async runOnce(batchSize = 50): Promise<number> {
    const batch = await claimDue(this.o.db, batchSize, this.o.clock.now(), LEASE_SECONDS)
    const queue = [...batch]
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.deliver(next)
    }
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, batch.length) }, lane))
    return batch.length
  }

  private secretsOf(endpoint: ClaimedDelivery['endpoint'], now: Date): string[] {
    const secrets = [this.o.box.open(endpoint.secret, sealContext(endpoint.id, 'current'))]
    if (endpoint.previous_secret && endpoint.previous_until && endpoint.previous_until.getTime() > now.getTime()) {
      secrets.push(this.o.box.open(endpoint.previous_secret, sealContext(endpoint.id, 'previous')))
    }
    return secrets
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, clock, metrics } = this.o
    const started = clock.now()
    const body = messageBody(delivery)
    const headers = signedHeaders(this.secretsOf(delivery.endpoint, started), `msg_${delivery.eventId}`, Math.floor(started.getTime() / 1000), body)
    let outcome: { status: number | null; ok: boolean; error: string | null }
    if (!delivery.endpoint.enabled) outcome = { status: null, ok: false, error: 'the endpoint is disabled' }
    else {
      try {
        outcome = await send(new URL(delivery.endpoint.url), headers, body, this.o.rules, this.o.limits)
      } catch (error) {
        outcome = { status: null, ok: false, error: error instanceof TargetRefused ? `target refused: ${error.message}` : error instanceof Error ? error.message : String(error) }
      }
    }
    const now = clock.now()
    try {
      if (outcome.ok) {
        await markDelivered(db, delivery, outcome.status ?? 200, now)
        if (delivery.endpoint.failing_since) await markEndpointHealthy(db, delivery.endpoint.id)
        metrics.delivered(delivery.type, (now.getTime() - delivery.eventAt.getTime()) / 1000)
        return
      }
      const final = delivery.attempts >= MAX_ATTEMPTS || !delivery.endpoint.enabled
      metrics.failed(delivery.type, final)
      this.o.log.warn({ deliveryId: delivery.id, endpointId: delivery.endpoint.id, attempt: delivery.attempts, status: outcome.status, err: outcome.error }, 'webhook delivery failed')
      await markAttemptFailed(db, delivery, { status: outcome.status, error: outcome.error ?? 'failed' }, now, final ? null : new Date(now.getTime() + retryDelayMs(delivery.attempts)))
      if (delivery.endpoint.enabled && (await markEndpointFailing(db, delivery.endpoint.id, now, DISABLE_AFTER_MS))) await this.o.onDisabled(delivery.endpoint)
    } catch (error) {
      this.o.log.error({ err: error, deliveryId: delivery.id }, 'could not record a webhook delivery')
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      let handled = 0
      try {
        handled = await this.runOnce()
      } catch (error) {
        this.o.log.error({ err: error }, 'webhook worker pass failed')
      }
      if (!this.running) break
      if (handled > 0) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.pollMs)
        this.wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wakeUp = null
    }
  }
}
