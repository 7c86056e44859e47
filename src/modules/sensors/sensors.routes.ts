import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { validationError } from '../../lib/errors.ts'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { sensorView } from './sensors.service.ts'
import { DeviceFieldsSchema } from './device-view.ts'

const read = [{ bearer: ['sensors:read'] }]
const write = [{ bearer: ['sensors:write'] }]

const SensorSchema = Type.Object({
  id: Type.Integer(),
  tenantId: Type.Integer(),
  deviceId: Type.String(),
  name: Type.String(),
  displayName: Nullable(Type.String()),
  type: Type.String(),
  spaceId: Nullable(Type.Integer()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  ...DeviceFieldsSchema,
}, component('Sensor'))
const DeviceId = Type.String({ minLength: 1, maxLength: 200 })
const SensorType = Type.String({ minLength: 1, maxLength: 100 })
const Fields = {
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  spaceId: Type.Optional(Nullable(Id)),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}
const CreateSensorBody = Type.Object({
  tenantId: Type.Optional(Id),
  deviceId: DeviceId,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  type: SensorType,
  ...Fields,
}, component('CreateSensor'))
const UpdateSensorBody = Type.Object({
  deviceId: Type.Optional(DeviceId),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  type: Type.Optional(SensorType),
  ...Fields,
}, component('UpdateSensor'))
const Filters = { spaceId: Type.Optional(Id), type: Type.Optional(SensorType) }

function scopedSensorRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const sensors = app.services.sensors
  const SensorParams = scopedParams({ sensorId: Id })

  app.post(
    '/sensors',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Create a sensor (tenant admins); deviceId is unique within the tenant',
        security: write,
        params: scopedParams({}),
        body: CreateSensorBody,
        response: { 201: SensorSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(sensorView(await sensors.create(request.actor, request.params.tenantId ?? request.body.tenantId, request.body))),
  )

  app.get(
    '/sensors',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Sensors as a plain array (at most 100)',
        security: read,
        params: scopedParams({}),
        querystring: Type.Object(Filters),
        response: { 200: Type.Array(SensorSchema), ...errorResponses },
      },
    },
    async (request) => (await sensors.list(request.actor, request.params.tenantId, request.query)).map(sensorView),
  )

  app.get(
    '/v4/sensors',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Sensors, a cursor page (keyset on id; exact pageInfo and totalCount)',
        security: read,
        params: scopedParams({}),
        querystring: Type.Object({ ...PageQuerySchema, ...Filters }),
        response: { 200: pageSchema(SensorSchema), ...errorResponses },
      },
    },
    async (request) => sensors.page(request.actor, request.params.tenantId, request.query),
  )

  app.get(
    '/sensors/:sensorId',
    { schema: { tags: ['sensors'], summary: 'Get a sensor', security: read, params: SensorParams, response: { 200: SensorSchema, ...errorResponses } } },
    async (request) => sensorView(await sensors.access(request.actor, request.params.sensorId, request.params.tenantId)),
  )

  app.patch(
    '/sensors/:sensorId',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Update a sensor (tenant admins)',
        security: write,
        params: SensorParams,
        body: UpdateSensorBody,
        response: { 200: SensorSchema, ...errorResponses },
      },
    },
    async (request) => sensorView(await sensors.update(request.actor, request.params.sensorId, request.params.tenantId, request.body)),
  )

  app.delete(
    '/sensors/:sensorId',
    {
      schema: { tags: ['sensors'], summary: 'Delete a sensor (tenant admins)', security: write, params: SensorParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (request, reply) => {
      await sensors.remove(request.actor, request.params.sensorId, request.params.tenantId)
      return reply.code(204).send(null)
    },
  )
}

/**
 * A device enters a tenant only by a claim with proof (devices/registry.service.ts has the threat
 * model); its holder releases it or moves it to another tenant it administers.
 */
function scopedOwnershipRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { registry } = app.services.devices
  const SensorParams = scopedParams({ sensorId: Id })

  app.post(
    '/devices/claim',
    {
      schema: {
        tags: ['sensors'],
        summary: "Claim a registered device into the tenant with the code printed on it (or its factory password); returns the sensor that presents it",
        description:
          'Tenant admins (a customer owns their own tenant). 403 claim_refused for an unknown MAC, a wrong code and a device another tenant holds alike; 400 invalid_mac; 429 rate_limited after repeated failures per device and per account. Claiming a device the tenant already holds returns its sensor.',
        security: write,
        params: scopedParams({}),
        body: Type.Object({
          tenantId: Type.Optional(Id),
          mac: Type.String({ minLength: 1, maxLength: 40 }),
          code: Type.String({ minLength: 1, maxLength: 200, description: 'the claim code, or the factory password' }),
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          ...Fields,
        }),
        response: { 201: SensorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenantId, ...input } = request.body
      const target = request.params.tenantId ?? tenantId
      if (target === undefined) throw validationError([{ field: 'body.tenantId', message: 'is required without the /tenants/{tenantId} prefix' }])
      return reply.code(201).send(sensorView(await registry.claim(request.actor, target, input)))
    },
  )

  app.post(
    '/sensors/:sensorId/release',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Release the device (tenant admins): the sensor, its history and every way in go; live streams and MQTT sessions of it end',
        description:
          'After a release the printed claim code and the factory password no longer prove possession: the next holder claims with the transfer code made before (POST .../transfer-code). The factory password stays off until the next holder switches it on.',
        security: write,
        params: SensorParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.services.devices.handover.release(request.actor, request.params.sensorId, request.params.tenantId)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/sensors/:sensorId/transfer',
    {
      schema: {
        tags: ['sensors'],
        summary: 'Move the device, with its sensor and history, to another tenant the caller administers',
        security: write,
        params: SensorParams,
        body: Type.Object({ toTenantId: Id }),
        response: { 200: SensorSchema, ...errorResponses },
      },
    },
    async (request) => sensorView(await app.services.devices.handover.transfer(request.actor, request.params.sensorId, request.params.tenantId, request.body.toTenantId)),
  )
}

export async function sensorRoutes(app: FastifyInstance): Promise<void> {
  registerScoped(app, scopedSensorRoutes)
  registerScoped(app, scopedOwnershipRoutes)
}
