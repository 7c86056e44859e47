/**
 * Outbox figures in /metrics, one family (trellis_email_outbox_*) read with one query when
 * Prometheus scrapes. The figures come from the table, so every instance shows the same ones:
 * a dashboard takes them from any one instance (max, not sum).
 */
import { Gauge, type Registry } from 'prom-client'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { outboxCountsByStatus } from './outbox.repository.ts'

type Stats = Awaited<ReturnType<typeof outboxCountsByStatus>>

const STATUSES = ['queued', 'sending', 'sent', 'failed', 'mailbox']

export function registerOutboxMetrics(registry: Registry, db: DB, clock: Clock): void {
  // prom-client collects every metric of a scrape at once: they share one query in flight
  let pending: Promise<Stats | null> | null = null
  const read = () =>
    (pending ??= outboxCountsByStatus(db, clock.now())
      .catch(() => null)
      .finally(() => {
        pending = null
      }))
  new Gauge({
    name: 'trellis_email_outbox_messages',
    help: 'Email outbox rows by status (queued and sending are the depth still to deliver; sent and failed within the 30-day retention)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const stats = await read()
      this.reset()
      // no figure rather than a wrong zero when the database did not answer (scrape_ok says so)
      if (stats) for (const status of STATUSES) this.set({ status }, stats.byStatus.get(status) ?? 0)
    },
  })
  new Gauge({
    name: 'trellis_email_outbox_oldest_queued_age_seconds',
    help: 'Age of the oldest message queued or being sent (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await read())?.oldestAgeSeconds ?? 0)
    },
  })
  new Gauge({
    name: 'trellis_email_outbox_scrape_ok',
    help: '1 when the outbox figures were read on this scrape, 0 when the database did not answer',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0)
    },
  })
}
