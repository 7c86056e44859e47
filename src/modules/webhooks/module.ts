/** The webhooks module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { lookOfId, type Policy } from '../tenancy/index.ts'
import { purgeOldEvents } from './events.repository.ts'
import { createWebhookMetrics } from './metrics.ts'
import { EventRecorder } from './recorder.ts'
import { systemResolver, type Resolver, type TargetRules } from './targets.ts'
import { webhookRoutes } from './webhooks.routes.ts'
import { WebhooksService } from './webhooks.service.ts'
import { WebhookWorker } from './worker.ts'

export interface WebhooksDeps {
  db: DB
  clock: Clock
  log: Log
  /** Seals the endpoints' signing secrets. */
  secretBox: SecretBox
  policy: Policy
  audit: AuditSink
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivateTargets: boolean
  /** How target names resolve (dns.lookup unless given). */
  resolve?: Resolver
}

/** The delivery loop, started and stopped by the server. */
export interface WebhookDeliveries {
  start(): void
  stop(): Promise<void>
}

export interface WebhooksModule {
  webhooks: WebhooksService
  /** The events port every module records through, in its own transactions. */
  events: EventSink
  /** The loop delivering due messages (the server's; a test calls `webhooks.deliverDue()` after moving the clock). */
  deliveries: WebhookDeliveries
  routes: FastifyPluginAsync
  /** Housekeeping: events a month old whose deliveries are done. */
  sweep(at: Date): Promise<void>
}

export function createWebhooksModule(deps: WebhooksDeps): WebhooksModule {
  const { db, clock, log } = deps
  const rules: TargetRules = { allowPrivate: deps.allowPrivateTargets, resolve: deps.resolve ?? systemResolver }
  const metrics = createWebhookMetrics(db, clock)
  const recorder = new EventRecorder(clock, async (trx, tenantId) => (await lookOfId(trx, tenantId))?.id ?? null)
  const worker = new WebhookWorker({
    db,
    clock,
    log,
    box: deps.secretBox,
    rules,
    limits: { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 },
    metrics,
    pollMs: 500,
    concurrency: 16,
    // the endpoint's owners see it in their list (enabled: false, disabledReason) and the log says it
    onDisabled: async (endpoint) => log.warn({ endpointId: endpoint.id, tenantId: endpoint.tenant_id }, 'webhook endpoint disabled: every delivery failed for days'),
  })
  const webhooks = new WebhooksService(db, deps.policy, deps.audit, deps.secretBox, clock, rules, {
    changed: () => {
      recorder.forget()
      worker.wake()
    },
    deliverDue: (batchSize) => worker.runOnce(batchSize),
    registerMetrics: (registry) => metrics.register(registry),
  })
  return {
    webhooks,
    events: recorder,
    deliveries: { start: () => worker.start(), stop: () => worker.stop() },
    routes: async (app) => {
      await app.register(webhookRoutes, { webhooks })
    },
    sweep: (at) => purgeOldEvents(db, at),
  }
}
