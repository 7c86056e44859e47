/**
 * Device routes: MQTT credentials, commands, state history. Each route asks the sensors'
 * access check once, then hands the checked sensor to a service.
 *
 * Who may do what: reading state and history needs `member` (sensors:read); sending a
 * command needs `member` too (sensors:write): members of a tenant operate its devices, as
 * the people of a household operate their fans, and a customer owns their own child tenant.
 * Credentials belong to the device a sensor presents (one it claimed, registry.service.ts): the
 * holder's `admin`. Anonymous access only the device's brand or the platform may allow
 * (policy.configureDevice). Another tenant's sensor, by id or by MAC, is a 404 exactly like
 * a missing one; a sensor that presents no device has no credentials (409 device_not_claimed).
 */
import type { Actor } from '../tenancy/index.ts'
import type { SensorAction, SensorsService } from '../sensors/index.ts'
import type { Devices } from './devices.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { commandView } from './commands.service.ts'
import { normalizeMac } from './payload.ts'

const read = [{ bearer: ['sensors:read'] }]
const write = [{ bearer: ['sensors:write'] }]

const CommandSchema = Type.Object({
  id: Type.Integer(),
  sensorId: Type.Integer(),
  command: Type.String(),
  key: Type.String(),
  value: Type.Integer(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('confirmed'), Type.Literal('expired'), Type.Literal('failed')]),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  confirmedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  expiresAt: Type.String({ format: 'date-time' }),
})
const CommandReply = Type.Object({
  success: Type.Literal(true),
  // the Go CLI reads response.success; kud's fixture has the same
  response: Type.Object({ success: Type.Literal(true), message: Type.String() }),
  command: CommandSchema,
})
const HistorySchema = Type.Object({
  id: Type.Integer(),
  sensorId: Type.Integer(),
  online: Type.Boolean(),
  fullData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  time: Type.String({ format: 'date-time' }),
})
const CredentialsReply = Type.Object({
  username: Type.String({ description: 'the MAC address' }),
  password: Type.String({ description: 'shown once; stored hashed' }),
  clientId: Type.String(),
  mqttUrl: Type.Union([Type.String(), Type.Null()]),
})
/** What PUT .../device-access has always answered; GET .../device-access gives the whole view. */
const AnonymousAccessSchema = Type.Object({ hasPassword: Type.Boolean(), allowAnonymous: Type.Boolean() })
const AccessSchema = Type.Object({
  hasPassword: Type.Boolean({ description: 'an issued password, or a factory password that is on' }),
  allowAnonymous: Type.Boolean(),
  issuedPassword: Type.Boolean({ description: 'a password Trellis issued to the holder' }),
  factoryPassword: Type.Union([Type.Literal('none'), Type.Literal('on'), Type.Literal('off')], { description: "the brand's factory password: none registered, on (brings the device in), off" }),
  transferCode: Type.Boolean({ description: 'a transfer code waits for the next holder' }),
})

export interface DeviceRoutesDeps {
  devices: Devices
  sensors: SensorsService
}

function scopedDeviceRoutes(parent: FastifyInstance, { sensors, devices }: DeviceRoutesDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const SensorParams = scopedParams({ sensorId: Id })

  /** The sensor a path names by numeric id or by MAC, checked for `minimum`. */
  async function sensorByRef(actor: Actor, ref: string, tenantId: number | undefined, action: SensorAction) {
    let id = /^\d{1,9}$/.test(ref) ? Number(ref) : 0
    const mac = id ? null : normalizeMac(ref)
    if (mac) id = await devices.sensorIdByMac(mac, tenantId)
    return sensors.access(actor, id, tenantId, action)
  }

  app.post(
    '/sensors/:sensorId/credentials',
    {
      schema: {
        tags: ['devices'],
        summary: "Create the device's MQTT password (admins of the tenant that claimed it); replaces any earlier one, which stops working at once, and switches the factory password off; shown once",
        security: write,
        params: SensorParams,
        response: { 201: CredentialsReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { sensor, device } = await devices.registry.ofSensor(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.write')
      const issued = await devices.credentials.issue(device, { actor: request.actor, tenantId: sensor.tenant_id })
      return reply.code(201).send({ ...issued, mqttUrl: devices.mqttUrl })
    },
  )

  app.delete(
    '/sensors/:sensorId/credentials',
    {
      schema: {
        tags: ['devices'],
        summary: "Drop the device's MQTT password (tenant admins); its current MQTT session ends",
        security: write,
        params: SensorParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { sensor, device } = await devices.registry.ofSensor(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.write')
      await devices.credentials.revoke(device, { actor: request.actor, tenantId: sensor.tenant_id })
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/sensors/:sensorId/device-access',
    {
      schema: {
        tags: ['devices'],
        summary: "Allow or forbid the device to connect without credentials (the device's brand or the platform; never the holding tenant)",
        description:
          "RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device's state and read its commands (the MAC is taken from the MQTT client id). Only for firmware that cannot send credentials. 403 for the tenant that holds the device; brands use PATCH /devices/{mac}. Turning it on for a device a customer holds is refused (409 device_held) and recorded in the holder's audit log.",
        security: write,
        params: SensorParams,
        body: Type.Object({ allowAnonymous: Type.Boolean() }),
        response: { 200: AnonymousAccessSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { device } = await devices.registry.ofSensor(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.read')
      await devices.registry.setAnonymous(request.actor, device, request.body.allowAnonymous)
      return devices.credentials.status(device.id)
    },
  )

  app.get(
    '/sensors/:sensorId/device-access',
    {
      schema: {
        tags: ['devices'],
        summary: 'Every way in to the device: issued password, factory password and its switch, anonymous access, a waiting transfer code (admins of the tenant that holds it)',
        security: write,
        params: SensorParams,
        response: { 200: AccessSchema, ...errorResponses },
      },
    },
    async (request) => devices.handover.access(request.actor, request.params.sensorId, request.params.tenantId),
  )

  app.delete(
    '/sensors/:sensorId/device-access',
    {
      schema: {
        tags: ['devices'],
        summary: "End every way in to the device at once (tenant admins): the issued password, the factory password's use, anonymous access; its MQTT sessions end",
        security: write,
        params: SensorParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await devices.handover.endAll(request.actor, request.params.sensorId, request.params.tenantId)
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/sensors/:sensorId/factory-password',
    {
      schema: {
        tags: ['devices'],
        summary: "Switch the factory password's use for MQTT on or off (tenant admins)",
        description:
          'On: whoever knows the factory password (the brand, a former holder, anyone who read it) can connect as the device; for firmware that knows no other password. Off after a release and once the holder issues credentials.',
        security: write,
        params: SensorParams,
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: AccessSchema, ...errorResponses },
      },
    },
    async (request) => devices.handover.switchFactory(request.actor, request.params.sensorId, request.params.tenantId, request.body.enabled),
  )

  app.post(
    '/sensors/:sensorId/transfer-code',
    {
      schema: {
        tags: ['devices'],
        summary: 'Make the one-time transfer code the next holder claims the device with after its release (tenant admins); shown once, replaces an earlier one',
        security: write,
        params: SensorParams,
        response: { 201: Type.Object({ transferCode: Type.String({ description: 'shown once; stored hashed' }) }), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await devices.handover.transferCode(request.actor, request.params.sensorId, request.params.tenantId)),
  )

  app.post(
    '/sensors/:sensorId/command',
    {
      schema: {
        tags: ['devices'],
        summary: 'Send a command ("tune set <key> <value>") to the device, by sensor id or MAC (tenant members)',
        description: 'JSON {"command"} or a form field `command`. A device that is offline is refused with 409 device_offline.',
        security: write,
        params: scopedParams({ sensorId: Type.String({ minLength: 1, maxLength: 40 }) }),
        body: Type.Object({ command: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: CommandReply, ...errorResponses },
      },
    },
    async (request) => {
      const sensor = await sensorByRef(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.command')
      const command = await devices.commands.send(sensor, request.body.command, request.actor)
      return { success: true as const, response: { success: true as const, message: `${command.command} sent` }, command: commandView(command, devices.clock.now()) }
    },
  )

  app.get(
    '/sensors/:sensorId/commands/:commandId',
    {
      schema: {
        tags: ['devices'],
        summary: 'A command and where it is: queued, sent, confirmed, expired or failed',
        security: read,
        params: scopedParams({ sensorId: Id, commandId: Id }),
        response: { 200: CommandSchema, ...errorResponses },
      },
    },
    async (request) => {
      const sensor = await sensors.access(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.read')
      return commandView(await devices.commands.get(sensor.id, request.params.commandId), devices.clock.now())
    },
  )

  app.get(
    '/v4/sensors/:sensorId/history',
    {
      schema: {
        tags: ['devices'],
        summary: "The device's state changes, a cursor page (kept for DEVICE_HISTORY_RETENTION_DAYS)",
        security: read,
        params: SensorParams,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(HistorySchema), ...errorResponses },
      },
    },
    async (request) => {
      const sensor = await sensors.access(request.actor, request.params.sensorId, request.params.tenantId, 'sensors.read')
      return devices.state.history(sensor.id, request.query)
    },
  )
}

export async function deviceRoutes(app: FastifyInstance, deps: DeviceRoutesDeps): Promise<void> {
  const bridge = deps.devices.bridge
  if (bridge) for (const metric of bridge.metrics) app.metricsRegistry.registerMetric(metric)
  registerScoped(app, (scoped) => scopedDeviceRoutes(scoped, deps))
}
