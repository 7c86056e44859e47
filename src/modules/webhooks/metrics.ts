/**
 * Webhook figures in /metrics: deliveries and failed attempts counted by this instance, the
 * time from an event's commit to its receiver's answer, and the queue read from the table when
 * Prometheus scrapes (the same on every instance: take the max, not the sum).
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { queueStats } from './events.repository.ts'

export interface WebhookMetrics {
  delivered(type: string, latencySeconds: number): void
  failed(type: string, final: boolean): void
  register(registry: Registry): void
}

export function createWebhookMetrics(db: DB, clock: Clock): WebhookMetrics {
  const deliveries = new Counter({ name: 'trellis_webhook_deliveries_total', help: 'Webhook messages a receiver accepted (2xx), by event type', labelNames: ['type'], registers: [] })
  const failures = new Counter({
    name: 'trellis_webhook_failures_total',
    help: 'Failed webhook attempts by event type; final="true" when the delivery was given up',
    labelNames: ['type', 'final'],
    registers: [],
  })
  const latency = new Histogram({
    name: 'trellis_webhook_delivery_latency_seconds',
    help: "From the event's commit to its receiver's 2xx answer (retries included)",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30, 300, 3600, 86_400],
    registers: [],
  })
  let pending: Promise<{ depth: number; oldestAgeSeconds: number } | null> | null = null
  const read = () =>
    (pending ??= queueStats(db, clock.now())
      .catch(() => null)
      .finally(() => {
        pending = null
      }))
  const depth = new Gauge({
    name: 'trellis_webhook_queue_depth',
    help: 'Webhook deliveries queued or being sent',
    registers: [],
    async collect() {
      const stats = await read()
      if (stats) this.set(stats.depth)
    },
  })
  const oldest = new Gauge({
    name: 'trellis_webhook_oldest_queued_age_seconds',
    help: 'Age of the oldest webhook delivery still to make (0 when none)',
    registers: [],
    async collect() {
      this.set((await read())?.oldestAgeSeconds ?? 0)
    },
  })
  return {
    delivered(type, latencySeconds) {
      deliveries.inc({ type })
      latency.observe(Math.max(0, latencySeconds))
    },
    failed(type, final) {
      failures.inc({ type, final: String(final) })
    },
    register(registry) {
      for (const metric of [deliveries, failures, latency, depth, oldest]) registry.registerMetric(metric)
    },
  }
}
