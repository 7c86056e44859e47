import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { type SensorsService, sensorView } from './sensors.service.ts'
import { DeviceFieldsSchema } from './device-view.ts'

const read = [{ bearer: ['sensors:read'] }]
const write = [{ bearer: ['sensors:write'] }]

export const SensorSchema = Type.Object({
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
/** The fields a sensor's admin sets on it, at creation, update and claim. */
export const SensorFields = {
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  spaceId: Type.Optional(Nullable(Id)),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}
const CreateSensorBody = Type.Object({
  tenantId: Type.Optional(Id),
  deviceId: DeviceId,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  type: SensorType,
  ...SensorFields,
}, component('CreateSensor'))
const UpdateSensorBody = Type.Object({
  deviceId: Type.Optional(DeviceId),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  type: Type.Optional(SensorType),
  ...SensorFields,
}, component('UpdateSensor'))
const Filters = { spaceId: Type.Optional(Id), type: Type.Optional(SensorType) }

function scopedSensorRoutes(parent: FastifyInstance, sensors: SensorsService): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
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

export async function sensorRoutes(app: FastifyInstance, { sensors }: { sensors: SensorsService }): Promise<void> {
  registerScoped(app, (scoped) => scopedSensorRoutes(scoped, sensors))
}
