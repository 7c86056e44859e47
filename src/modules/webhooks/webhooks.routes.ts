import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { EVENT_TYPES } from '../../lib/events.ts'
import { component, errorResponses, Nullable } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import type { EndpointView, WebhooksService } from './webhooks.service.ts'
import type { DeliveryLogEntry } from './events.repository.ts'

const tags = ['webhooks']
const admin = [{ bearer: ['tenants:admin'] }]
const Time = Type.String({ format: 'date-time' })

const EventType = Type.Union(
  EVENT_TYPES.map((type) => Type.Literal(type)),
  { description: 'an event type of the catalog (docs/webhooks.md)' },
)
const Endpoint = Type.Object(
  {
    id: Type.Integer(),
    tenantId: Nullable(Type.Integer({ description: "the brand whose tenants' events it hears; null: the platform's (every tenant)" })),
    url: Type.String(),
    eventTypes: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabledReason: Nullable(Type.String({ description: 'why the platform disabled it (every delivery failed for days); null when enabled by hand' })),
    failingSince: Nullable(Time),
    previousSecretUntil: Nullable({ ...Time, description: 'during a rotation: until when the previous secret still signs beside the new one' }),
    createdAt: Time,
    updatedAt: Time,
  },
  component('WebhookEndpoint'),
)
const Delivery = Type.Object(
  {
    id: Type.Integer(),
    eventId: Type.Integer({ description: 'the event; its message has webhook-id msg_<eventId>' }),
    type: Type.String(),
    status: Type.Union([Type.Literal('queued'), Type.Literal('sending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Type.Integer(),
    lastStatus: Nullable(Type.Integer({ description: "the receiver's last HTTP status; null when it did not answer" })),
    lastError: Nullable(Type.String()),
    lastAttemptAt: Nullable(Time),
    nextAttemptAt: Nullable({ ...Time, description: 'the next attempt, while queued' }),
    deliveredAt: Nullable(Time),
    createdAt: Time,
  },
  component('WebhookDelivery'),
)
const Url = Type.String({ minLength: 1, maxLength: 2000, description: 'https; its host must resolve to public addresses only (docs/webhooks.md)' })
const EventTypes = Type.Array(EventType, { minItems: 1, maxItems: EVENT_TYPES.length })
const EndpointParams = Type.Object({ endpointId: Id })

const endpointJson = (e: EndpointView) => ({
  ...e,
  failingSince: e.failingSince?.toISOString() ?? null,
  previousSecretUntil: e.previousSecretUntil?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
})
const deliveryJson = (d: DeliveryLogEntry) => ({
  ...d,
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
})

export async function webhookRoutes(parent: FastifyInstance, { webhooks }: { webhooks: WebhooksService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: "A brand's webhook endpoints (its admins), or the platform's without tenantId (platform administrators)",
        security: admin,
        querystring: Type.Object({ tenantId: Type.Optional(Id) }),
        response: { 200: Type.Array(Endpoint), ...errorResponses },
      },
    },
    async (r) => (await webhooks.list(r.actor, r.query.tenantId ?? null)).map(endpointJson),
  )

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint; its signing secret (whsec_…) is in this answer only',
        description:
          'tenantId names a brand (its admins; a tenant that is not a brand gets 403 not_a_brand); null or absent: the platform (platform administrators). The URL is refused with webhook_target_refused when it is not https or resolves to a private, loopback, link-local or reserved address.',
        security: admin,
        body: Type.Object({ tenantId: Type.Optional(Nullable(Id)), url: Url, eventTypes: EventTypes, enabled: Type.Optional(Type.Boolean()) }),
        response: { 201: Type.Object({ endpoint: Endpoint, secret: Type.String({ description: 'the Standard Webhooks signing secret; shown once' }) }), ...errorResponses },
      },
    },
    async (r, reply) => {
      const { endpoint, secret } = await webhooks.create(r.actor, r.body.tenantId ?? null, r.body)
      return reply.code(201).send({ endpoint: endpointJson(endpoint), secret })
    },
  )

  app.get(
    '/webhooks/:endpointId',
    { schema: { tags, summary: 'A webhook endpoint', security: admin, params: EndpointParams, response: { 200: Endpoint, ...errorResponses } } },
    async (r) => endpointJson(await webhooks.get(r.actor, r.params.endpointId)),
  )

  app.patch(
    '/webhooks/:endpointId',
    {
      schema: {
        tags,
        summary: "Change a webhook endpoint's URL, event types or whether it is enabled",
        security: admin,
        params: EndpointParams,
        body: Type.Object({ url: Type.Optional(Url), eventTypes: Type.Optional(EventTypes), enabled: Type.Optional(Type.Boolean()) }, { minProperties: 1 }),
        response: { 200: Endpoint, ...errorResponses },
      },
    },
    async (r) => endpointJson(await webhooks.update(r.actor, r.params.endpointId, r.body)),
  )

  app.delete(
    '/webhooks/:endpointId',
    { schema: { tags, summary: 'Delete a webhook endpoint (its queued deliveries go with it)', security: admin, params: EndpointParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (r, reply) => {
      await webhooks.remove(r.actor, r.params.endpointId)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/webhooks/:endpointId/rotate',
    {
      schema: {
        tags,
        summary: 'Rotate the signing secret: the new one is in this answer only; the old one keeps signing beside it for a day',
        security: admin,
        params: EndpointParams,
        response: { 200: Type.Object({ secret: Type.String(), previousSecretUntil: Time }), ...errorResponses },
      },
    },
    async (r) => {
      const rotated = await webhooks.rotate(r.actor, r.params.endpointId)
      return { secret: rotated.secret, previousSecretUntil: rotated.previousSecretUntil.toISOString() }
    },
  )

  app.post(
    '/webhooks/:endpointId/test',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint alone',
        security: admin,
        params: EndpointParams,
        response: { 202: Type.Object({ deliveryId: Type.Integer() }), ...errorResponses },
      },
    },
    async (r, reply) => reply.code(202).send(await webhooks.sendTest(r.actor, r.params.endpointId)),
  )

  app.get(
    '/webhooks/:endpointId/deliveries',
    {
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first: event, attempts, status code, times, next retry",
        security: admin,
        params: EndpointParams,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })), before: Type.Optional(Type.Integer({ minimum: 1, description: 'deliveries older than this id' })) }),
        response: { 200: Type.Array(Delivery), ...errorResponses },
      },
    },
    async (r) => (await webhooks.deliveries(r.actor, r.params.endpointId, r.query.limit ?? 50, r.query.before)).map(deliveryJson),
  )

  app.post(
    '/webhooks/:endpointId/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: "Send a delivery's event to this endpoint again (a new delivery, same webhook-id)",
        security: admin,
        params: Type.Object({ endpointId: Id, deliveryId: Id }),
        response: { 202: Type.Object({ deliveryId: Type.Integer() }), ...errorResponses },
      },
    },
    async (r, reply) => reply.code(202).send(await webhooks.resend(r.actor, r.params.endpointId, r.params.deliveryId)),
  )
}
