/**
 * Registering devices: a brand's admins (under `/tenants/{brandId}`, or `tenantId` in the
 * body) or the platform (neither) register the devices the brand makes, one at a time or in
 * bulk, with the claim code printed on the box and/or the factory password. Registration is
 * the only way a MAC becomes known; claiming is in sensors.routes.ts. Routes validate and
 * call the registry (registry.service.ts), which asks the policy.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { type DeviceRegistry, deviceView } from './registry.service.ts'

const write = [{ bearer: ['sensors:write'] }]

const Mac = Type.String({ minLength: 1, maxLength: 40, description: 'MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60)' })
const Secret = Type.String({ minLength: 1, maxLength: 200 })
const DeviceFields = {
  model: Type.String({ minLength: 1, maxLength: 100, description: 'the sensor type a claimed device gets, e.g. "58" (Whisper Flex 2)' }),
  claimCode: Type.Optional({ ...Secret, description: 'printed on the device or its box; stored hashed; at least 8 characters' }),
  factoryPassword: Type.Optional({ ...Secret, description: "the firmware's MQTT password; also proves possession in a claim; stored hashed" }),
  allowAnonymous: Type.Optional(
    Type.Boolean({ description: 'RISK: anyone who reaches the broker and knows the MAC can then speak as this device. Only for firmware that cannot send credentials.' }),
  ),
}
export const DeviceInputSchema = Type.Object({ mac: Mac, ...DeviceFields }, component('DeviceRegistration'))
const DeviceSchema = Type.Object(
  {
    mac: Type.String(),
    model: Type.String(),
    registeredBy: Type.Union([Type.Integer(), Type.Null()], { description: 'the brand; null: the platform' }),
    hasClaimCode: Type.Boolean(),
    hasFactoryPassword: Type.Boolean(),
    allowAnonymous: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  component('Device'),
)
const Result = Type.Union([
  Type.Object({ mac: Type.String(), status: Type.Union([Type.Literal('created'), Type.Literal('updated')]) }),
  Type.Object({ mac: Type.String(), status: Type.Literal('error'), code: Type.String(), message: Type.String() }),
])

function scopedRegistryRoutes(parent: FastifyInstance, registry: DeviceRegistry): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "Register a device the brand makes (brand admins; without a tenant: the platform); again by its registrant updates it",
        description: '409 device_registered when another brand registered the MAC; 400 invalid_mac, weak_device_secret, unsupported_sensor_type.',
        security: write,
        params: scopedParams({}),
        body: Type.Object({ tenantId: Type.Optional(Id), ...DeviceInputSchema.properties }),
        response: { 201: Type.Object({ mac: Type.String(), status: Type.Union([Type.Literal('created'), Type.Literal('updated')]) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await registry.register(request.actor, request.params.tenantId ?? request.body.tenantId ?? null, request.body)
      return reply.code(201).send(result)
    },
  )

  app.post(
    '/devices/bulk',
    {
      schema: {
        tags: ['devices'],
        summary: 'Register up to 1000 devices at once; each row reports created, updated, or its error',
        security: write,
        params: scopedParams({}),
        body: Type.Object({ tenantId: Type.Optional(Id), devices: Type.Array(DeviceInputSchema, { minItems: 1, maxItems: 1000 }) }),
        response: { 200: Type.Object({ results: Type.Array(Result) }), ...errorResponses },
      },
    },
    async (request) => ({ results: await registry.registerMany(request.actor, request.params.tenantId ?? request.body.tenantId ?? null, request.body.devices) }),
  )

  app.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "The brand's registered devices (the platform's without a tenant), newest first, at most 1000",
        security: write,
        params: scopedParams({}),
        response: { 200: Type.Array(DeviceSchema), ...errorResponses },
      },
    },
    async (request) => (await registry.list(request.actor, request.params.tenantId ?? null)).map(deviceView),
  )

  app.patch(
    '/devices/:mac',
    {
      schema: {
        tags: ['devices'],
        summary: 'Allow or forbid anonymous firmware for a registered device (its brand or the platform)',
        description:
          'RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device\'s state and read its commands. 404 for anyone but the brand and the platform.',
        security: write,
        params: scopedParams({ mac: Mac }),
        body: Type.Object({ allowAnonymous: Type.Boolean() }),
        response: { 200: DeviceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const device = await registry.forRegistrant(request.actor, request.params.mac, request.params.tenantId)
      await registry.setAnonymous(request.actor, device, request.body.allowAnonymous)
      return deviceView({ ...device, allow_anonymous: request.body.allowAnonymous })
    },
  )
}

export async function registryRoutes(app: FastifyInstance, { registry }: { registry: DeviceRegistry }): Promise<void> {
  registerScoped(app, (scoped) => scopedRegistryRoutes(scoped, registry))
}
