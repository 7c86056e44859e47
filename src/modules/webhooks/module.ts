/** The webhooks module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Executor } from '../../db/executor.ts'
import type { EmailService } from '../email/index.ts'
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
  /** Tells a brand's admins their endpoint was disabled (the email module's outbox). */
  email?: Pick<EmailService, 'enqueue'>
  /** A tenant's members with their addresses and roles (the users module's query, above this one). */
  members?: (db: Executor, tenantId: number) => { execute(): Promise<{ email: string; role: string }[]> }
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
    onDisabled: async (endpoint) => {
      // the owners see it in their list (enabled: false, disabledReason), the log says it, and a brand's admins are mailed
      log.warn({ endpointId: endpoint.id, tenantId: endpoint.tenant_id }, 'webhook endpoint disabled: every delivery failed for days')
      if (endpoint.tenant_id !== null && deps.email && deps.members) await mailAdmins(db, deps.email, deps.members, endpoint.tenant_id, endpoint)
    },
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

/** One plain message to each admin and owner of the brand: which endpoint, and how to enable it again. */
async function mailAdmins(db: DB, email: Pick<EmailService, 'enqueue'>, members: NonNullable<WebhooksDeps['members']>, tenantId: number, endpoint: { id: number; url: string }) {
  const admins = (await members(db, tenantId).execute()).filter((m) => m.role === 'admin' || m.role === 'owner')
  const text = `Every delivery to the webhook endpoint ${endpoint.id} (${endpoint.url}) failed for five days, so it was disabled. Its delivery log shows why; enable it again with PATCH /webhooks/${endpoint.id} {"enabled": true}.`
  const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`
  for (const admin of admins) {
    await email.enqueue(db, { type: 'webhookDisabled', to: admin.email, tenantId, secrets: {}, subject: 'A webhook endpoint was disabled', html, text })
  }
}
