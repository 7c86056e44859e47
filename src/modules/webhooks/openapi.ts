/**
 * The events in the API document's `webhooks` section (OpenAPI 3.1): one entry per type, the
 * message the endpoint receives (docs/webhooks.md says the same in prose).
 */
import { EVENT_TYPES, type EventType } from '../../lib/events.ts'

type Schema = Record<string, unknown>

const integer = (description: string): Schema => ({ type: 'integer', description })
const device = { sensorId: integer("the tenant's sensor presenting the device"), mac: { type: 'string', description: "the device's MAC, lower case" } }

/** Each type's `data`: ids, names and states, never a secret, token or code. */
export const EVENT_DATA: Record<EventType, { description: string; properties: Record<string, Schema> }> = {
  'user.created': { description: 'An account signed up (with a login code) under a tenant of the brand', properties: { userId: integer('the account'), email: { type: 'string', format: 'email' } } },
  'user.deleted': { description: 'An account was deleted, with its memberships and sessions', properties: { userId: integer('the account') } },
  'member.added': { description: 'An account became a member of the tenant (an invitation accepted)', properties: { userId: integer('the account'), role: { type: 'string' } } },
  'member.removed': { description: 'A member was removed from the tenant', properties: { userId: integer('the account'), role: { type: 'string', description: 'the role it had' } } },
  'device.claimed': { description: 'A device was claimed into the tenant', properties: device },
  'device.released': { description: 'The tenant released the device (its sensor and history are gone)', properties: device },
  'device.transferred': {
    description: 'The device moved to this tenant (tenantId) from another',
    properties: { ...device, fromTenantId: integer('the tenant it left'), toTenantId: integer('the tenant it joined') },
  },
  'device.online': { description: 'The device reported itself online', properties: device },
  'device.offline': { description: 'The device went offline (its own message, or its will message)', properties: device },
  'device.state': {
    description: 'The device reported its state: at most one per device per second, carrying the latest state of that second',
    properties: { ...device, state: { type: 'object', additionalProperties: true, description: "the device's full state, as it reported it" } },
  },
  'command.confirmed': { description: "A command's value showed in the device's state", properties: { sensorId: integer('the sensor'), commandId: integer('GET /sensors/{sensorId}/commands/{commandId}') } },
  'command.expired': { description: 'A command passed its deadline unconfirmed', properties: { sensorId: integer('the sensor'), commandId: integer('GET /sensors/{sensorId}/commands/{commandId}') } },
  'schedule.ran': {
    description: 'A schedule item ran (or was missed or refused)',
    properties: {
      sensorId: integer('the sensor'),
      groupId: integer('the schedule group'),
      itemId: integer('the schedule item'),
      occurrence: { type: 'string', format: 'date-time', description: 'the cron time it ran for' },
      outcome: { type: 'string', enum: ['sent', 'missed', 'refused', 'failed'] },
      commandIds: { type: 'array', items: { type: 'integer' } },
    },
  },
}

const HEADERS = {
  'webhook-id': { description: 'msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'seconds since the epoch when this attempt was signed', schema: { type: 'string' } },
  'webhook-signature': { description: 'v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks)', schema: { type: 'string' } },
}

/** The `webhooks` section: `<type>` -> its POST. */
export function webhookDocument(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const { description, properties } = EVENT_DATA[type]
      const message = {
        type: 'object',
        required: ['type', 'timestamp', 'version', 'tenantId', 'data'],
        properties: {
          type: { const: type },
          timestamp: { type: 'string', format: 'date-time', description: 'when the change committed' },
          version: { const: 1, description: "the payload's version; a change that is not additive comes as a new version" },
          tenantId: { type: ['integer', 'null'], description: 'the tenant it happened in (null: a platform account)' },
          data: { type: 'object', required: Object.keys(properties), properties },
        },
      }
      const operation = {
        operationId: `on${type.split('.').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`,
        summary: description,
        tags: ['webhooks'],
        parameters: Object.entries(HEADERS).map(([name, header]) => ({ name, in: 'header', required: true, ...header })),
        requestBody: { required: true, content: { 'application/json': { schema: message } } },
        responses: { '200': { description: 'Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff' } },
      }
      return [type, { post: operation }]
    }),
  )
}
