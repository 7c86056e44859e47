import type { FastifyInstance } from 'fastify'
import type { Sensor } from '../../db/database.ts'
import type { Actor } from '../tenancy/index.ts'
import type { SchedulesService } from './schedules.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'

const tags = ['schedules']
const read = [{ bearer: ['sensors:read'] }]
const write = [{ bearer: ['sensors:write'] }]

const Value = Type.Object(
  { power: Type.Integer({ minimum: 0, maximum: 1 }), mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })), speed: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) },
  { additionalProperties: Type.Integer({ minimum: 0, maximum: 1000 }), maxProperties: 20, description: 'command values by key; power 0 or 1 always' },
)
const Item = Type.Object({
  cron: Type.String({ minLength: 9, maxLength: 100, description: '5 fields, or 6 with seconds first ("1 0 6 * * 1": 06:00:01 on Mondays)' }),
  type: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$', description: 'e.g. "tune"' }),
  value: Value,
})
const Run = Type.Union([
  Type.Object(
    {
      occurrence: Type.String({ format: 'date-time', description: 'the cron time it ran for' }),
      outcome: Type.Union([Type.Literal('sent'), Type.Literal('missed'), Type.Literal('refused'), Type.Literal('failed'), Type.Literal('interrupted'), Type.Null()], {
        description:
          "the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs",
      }),
      detail: Type.Union([Type.String(), Type.Null()]),
      commandIds: Type.Array(Type.Integer(), { description: 'the commands it sent (GET /sensors/{sensorId}/commands/{commandId})' }),
      finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    },
    { description: 'the latest run' },
  ),
  Type.Null(),
])
const NextRun = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'the next occurrence (null: none)' })
const ItemView = Type.Object({
  id: Type.Integer(),
  cron: Type.String(),
  type: Type.String(),
  value: Type.Record(Type.String(), Type.Integer()),
  nextRunAt: NextRun,
  lastRun: Run,
})
const Group = Type.Object({
  SensorId: Type.Integer(),
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  timeZone: Type.String({ description: 'IANA time zone the cron patterns are read in' }),
  nextRunAt: NextRun,
  lastRun: Run,
  SensorSchedules: Type.Optional(Type.Array(ItemView)),
})

/** A sensor checked for the actor: the sensors module's, above this one, so the wiring passes it in. */
export interface ScheduledSensors {
  access(actor: Actor, sensorId: number, scope: number | undefined, action?: 'sensors.read' | 'sensors.write'): Promise<Sensor>
}

export interface ScheduleRoutesDeps {
  schedules: SchedulesService
  sensors: ScheduledSensors
}

function scopedScheduleRoutes(parent: FastifyInstance, { sensors, schedules }: ScheduleRoutesDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const SensorParams = scopedParams({ sensorId: Id })

  app.get(
    '/sensors/:sensorId/scheduleGroups',
    {
      schema: {
        tags,
        summary: "A sensor's schedule groups (members); with includeScheduleItems=true, each with its timed commands",
        security: read,
        params: SensorParams,
        querystring: Type.Object({ includeScheduleItems: Type.Optional(Type.Boolean({ default: false })) }),
        response: { 200: Type.Array(Group), ...errorResponses },
      },
    },
    async (r) => schedules.list(await sensors.access(r.actor, r.params.sensorId, r.params.tenantId), r.query.includeScheduleItems ?? false),
  )

  app.post(
    '/sensors/:sensorId/scheduleGroups',
    {
      schema: {
        tags,
        summary: 'Add a schedule group of timed commands (tenant admins); each runs as its maker would send it by hand',
        description:
          'At each cron time, in the group\'s time zone, every key of `value` is sent to the device as `<type> set <key> <value>` (power first), audited as `sensor.command` naming the schedule. An offline device\'s occurrence is recorded as missed, never queued.',
        security: write,
        params: SensorParams,
        body: Type.Object({
          SensorSchedules: Type.Array(Item, { minItems: 1, maxItems: 50 }),
          timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the cron patterns are read in, e.g. Europe/Amsterdam (default UTC)' })),
        }),
        response: { 201: Group, ...errorResponses },
      },
    },
    async (r, reply) => {
      const sensor = await sensors.access(r.actor, r.params.sensorId, r.params.tenantId, 'sensors.write')
      return reply.code(201).send(await schedules.create(sensor, r.body.SensorSchedules, r.actor, r.body.timeZone))
    },
  )

  app.delete(
    '/sensors/:sensorId/scheduleGroups/:groupId',
    {
      schema: {
        tags,
        summary: 'Delete a schedule group (tenant admins)',
        security: write,
        params: scopedParams({ sensorId: Id, groupId: Id }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (r, reply) => {
      await schedules.remove(await sensors.access(r.actor, r.params.sensorId, r.params.tenantId, 'sensors.write'), r.params.groupId)
      return reply.code(204).send(null)
    },
  )
}

export async function scheduleRoutes(app: FastifyInstance, deps: ScheduleRoutesDeps): Promise<void> {
  registerScoped(app, (scoped) => scopedScheduleRoutes(scoped, deps))
}
