/**
 * Webhook endpoints, as their owners manage them: a brand's admins for the brand, platform
 * administrators for the platform's (policy.ts: webhooks.manage, webhooks.managePlatform). A
 * signing secret is shown once, when made or rotated, and stored sealed (lib/secret-box.ts);
 * a rotation keeps the old secret signing for ROTATION_OVERLAP_MS. An endpoint of another
 * owner answers 404, as one that does not exist.
 */
import type { Registry } from 'prom-client'
import type { DB } from '../../db/connect.ts'
import type { WebhookEndpoint } from '../../db/database.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { appErrors, notFound, validationError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { EVENT_TYPES } from '../../lib/events.ts'
import { auditActor, isPlatform, type Actor, type Policy } from '../tenancy/index.ts'
import { deleteEndpoint, findEndpoint, insertEndpoint, listEndpoints, rotateSecret, updateEndpoint } from './endpoints.repository.ts'
import { deliveryLog, insertTestEvent, requeueDelivery, type DeliveryLogEntry } from './events.repository.ts'
import { newSecret } from './signing.ts'
import { checkTarget, TargetRefused, type TargetRules } from './targets.ts'
import { sealContext } from './seal-context.ts'

/** How long a rotated-out secret still signs. */
export const ROTATION_OVERLAP_MS = 86_400_000
/** Endpoints one owner may have. */
export const MAX_ENDPOINTS = 20

export interface EndpointView {
  id: number
  tenantId: number | null
  url: string
  eventTypes: string[]
  enabled: boolean
  disabledReason: string | null
  failingSince: Date | null
  /** Until when the previous secret still signs, during a rotation. */
  previousSecretUntil: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface EndpointInput {
  url: string
  eventTypes: string[]
  enabled?: boolean
}

function view(row: WebhookEndpoint, now: Date): EndpointView {
  const overlap = row.previous_until && row.previous_until.getTime() > now.getTime() ? row.previous_until : null
  return {
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    previousSecretUntil: overlap,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function eventTypes(types: readonly string[]): string[] {
  const unknown = types.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type))
  if (unknown.length) throw validationError([{ field: 'body.eventTypes', message: `unknown event types: ${unknown.join(', ')}` }])
  return [...new Set(types)].sort()
}

/** The worker and the figures behind the service (module.ts). */
export interface WebhooksRuntime {
  /** Endpoints changed or new deliveries are due: read what is wanted again, and skip the poll wait. */
  changed(): void
  deliverDue(batchSize?: number): Promise<number>
  registerMetrics(registry: Registry): void
}

export class WebhooksService {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly audit: AuditSink,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly rules: TargetRules,
    private readonly runtime: WebhooksRuntime,
  ) {}

  /** Delivers what is due now, once (a test, after moving the clock); returns how many it handled. */
  deliverDue(batchSize?: number): Promise<number> {
    return this.runtime.deliverDue(batchSize)
  }

  /** Puts the webhook figures on the registry /metrics serves. */
  registerMetrics(registry: Registry): void {
    this.runtime.registerMetrics(registry)
  }

  /** Throws unless the actor manages the endpoints of `tenantId` (null: the platform's). */
  private async mayManage(actor: Actor, tenantId: number | null): Promise<void> {
    if (tenantId === null) return this.policy.authorizeAction(actor, 'webhooks.managePlatform')
    await this.policy.authorize(actor, 'webhooks.manage', tenantId)
  }

  /** The endpoint, when the actor manages its owner; 404 otherwise, as for one that does not exist. */
  private async endpoint(actor: Actor, id: number): Promise<WebhookEndpoint> {
    const row = await findEndpoint(this.db, id)
    if (!row) throw notFound('Webhook endpoint')
    if (row.tenant_id === null && !isPlatform(actor)) {
      this.policy.requireScope(actor, 'tenants:admin')
      throw notFound('Webhook endpoint')
    }
    await this.mayManage(actor, row.tenant_id)
    return row
  }

  private async target(url: string): Promise<string> {
    try {
      return (await checkTarget(url, this.rules)).toString()
    } catch (error) {
      if (error instanceof TargetRefused) throw appErrors.webhook_target_refused(error.message)
      throw error
    }
  }

  async list(actor: Actor, tenantId: number | null): Promise<EndpointView[]> {
    await this.mayManage(actor, tenantId)
    const now = this.clock.now()
    return (await listEndpoints(this.db, tenantId)).map((row) => view(row, now))
  }

  async get(actor: Actor, id: number): Promise<EndpointView> {
    return view(await this.endpoint(actor, id), this.clock.now())
  }

  /** A new endpoint and its signing secret, which is shown this once. */
  async create(actor: Actor, tenantId: number | null, input: EndpointInput): Promise<{ endpoint: EndpointView; secret: string }> {
    await this.mayManage(actor, tenantId)
    const types = eventTypes(input.eventTypes)
    const url = await this.target(input.url)
    if ((await listEndpoints(this.db, tenantId)).length >= MAX_ENDPOINTS) {
      throw validationError([{ field: 'body.url', message: `an owner has at most ${MAX_ENDPOINTS} webhook endpoints` }])
    }
    const secret = newSecret()
    const now = this.clock.now()
    const row = await insertEndpoint(this.db, { tenantId, url, eventTypes: types, enabled: input.enabled ?? true, sealedSecret: (id) => this.box.seal(secret, sealContext(id, 'current')), now })
    await this.audit.record(this.db, { actor: auditActor(actor), tenantId, action: 'webhook.create', target: { type: 'webhook', id: row.id }, summary: summarize({ url, eventTypes: types.join(' ') }, ['url', 'eventTypes']) })
    this.runtime.changed()
    return { endpoint: view(row, now), secret }
  }

  async update(actor: Actor, id: number, input: Partial<EndpointInput>): Promise<EndpointView> {
    const row = await this.endpoint(actor, id)
    const changes = {
      ...(input.url !== undefined ? { url: await this.target(input.url) } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: eventTypes(input.eventTypes) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    }
    const now = this.clock.now()
    const updated = await this.db.transaction().execute(async (trx) => {
      const changed = await updateEndpoint(trx, id, { ...changes, now })
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action: 'webhook.update', target: { type: 'webhook', id }, summary: summarize({ ...changes, eventTypes: changes.eventTypes?.join(' ') }, ['url', 'eventTypes', 'enabled']) })
      return changed
    })
    if (!updated) throw notFound('Webhook endpoint')
    this.runtime.changed()
    return view(updated, now)
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.endpoint(actor, id)
    await this.db.transaction().execute(async (trx) => {
      await deleteEndpoint(trx, id)
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action: 'webhook.delete', target: { type: 'webhook', id } })
    })
    this.runtime.changed()
  }

  /** A new secret, shown this once; the current one keeps signing for a day beside it. */
  async rotate(actor: Actor, id: number): Promise<{ secret: string; previousSecretUntil: Date }> {
    const row = await this.endpoint(actor, id)
    const current = this.box.open(row.secret, sealContext(id, 'current'))
    const secret = newSecret()
    const now = this.clock.now()
    const until = new Date(now.getTime() + ROTATION_OVERLAP_MS)
    await this.db.transaction().execute(async (trx) => {
      await rotateSecret(trx, id, { secret: this.box.seal(secret, sealContext(id, 'current')), previous: this.box.seal(current, sealContext(id, 'previous')) }, until, now)
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action: 'webhook.secret.rotate', target: { type: 'webhook', id } })
    })
    return { secret, previousSecretUntil: until }
  }

  /** Queues a `webhook.test` event for this endpoint alone; answers its delivery's id. */
  async sendTest(actor: Actor, id: number): Promise<{ deliveryId: number }> {
    const row = await this.endpoint(actor, id)
    const deliveryId = await insertTestEvent(this.db, row, { endpointId: id, message: 'A test event: this endpoint hears Trellis.' }, this.clock.now())
    this.runtime.changed()
    return { deliveryId }
  }

  /** Queues a delivery's event for this endpoint again, as a new delivery. */
  async resend(actor: Actor, id: number, deliveryId: number): Promise<{ deliveryId: number }> {
    await this.endpoint(actor, id)
    const queued = await requeueDelivery(this.db, id, deliveryId, this.clock.now())
    if (queued === undefined) throw notFound('Delivery')
    this.runtime.changed()
    return { deliveryId: queued }
  }

  /** The endpoint's deliveries, newest first. */
  async deliveries(actor: Actor, id: number, limit: number, beforeId?: number): Promise<DeliveryLogEntry[]> {
    await this.endpoint(actor, id)
    return deliveryLog(this.db, id, limit, beforeId)
  }
}
