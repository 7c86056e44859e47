/** Outbox figures in /metrics, read with one query when Prometheus scrapes. */
import { Gauge, type Registry } from 'prom-client'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { outboxCountsByStatus, outboxStats } from './outbox.repository.ts'

type Stats = Awaited<ReturnType<typeof outboxStats>>

export function registerOutboxMetrics(registry: Registry, db: DB, clock: Clock): void {
  // prom-client collects every metric of a scrape at once: they share one query in flight
  let pending: Promise<Stats | null> | null = null
  const read = () =>
    (pending ??= outboxStats(db, clock.now())
      .catch(() => null)
      .finally(() => {
        pending = null
      }))
  const gauge = (name: string, help: string, pick: (s: Stats | null) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()))
      },
    })
  gauge('email_outbox_depth', 'Messages queued or being sent', (s) => s?.depth ?? 0)
  gauge('email_outbox_oldest_queued_age_seconds', 'Age of the oldest message queued or being sent (0 when none)', (s) => s?.oldestAgeSeconds ?? 0)
  gauge('email_outbox_sent', 'Messages sent, within the outbox retention (30 days)', (s) => s?.sent ?? 0)
  gauge('email_outbox_failed', 'Messages failed for good, within the outbox retention (30 days); re-drive with `trellis outbox retry`', (s) => s?.failed ?? 0)
  new Gauge({
    name: 'trellis_email_outbox_messages',
    help: 'Email outbox rows by status (queued and sending are the depth still to deliver)',
    labelNames: ['status'],
    registers: [registry],
    // read from the table at scrape time, so the figure is the same on every instance
    async collect() {
      this.reset()
      const rows = await outboxCountsByStatus(db)
      for (const status of ['queued', 'sending', 'sent', 'failed', 'mailbox']) this.set({ status }, 0)
      for (const row of rows) this.set({ status: row.status }, Number(row.n))
    },
  })
  gauge('email_outbox_scrape_ok', '1 when the outbox figures were read on this scrape, 0 when the database did not answer', (s) => (s ? 1 : 0))
}
