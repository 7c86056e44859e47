/**
 * v5 tenant and sensor routes over the tenants and sensors services, in the envelope.
 *
 * Devices are addressed by MAC here; a numeric id where a MAC belongs (`/data/42/status`,
 * `/sensor/42/commands`) is refused with `Not_Allowed`, as the platform does. `skip`/`take`
 * page the first 100 records of a list (the services' plain-list cap); the keyset-paged
 * lists are the v4 ones. `tenantQueryType`, `returnModel` and `issuesOnly` select response
 * variants of the platform and are accepted and ignored: Trellis has one shape.
 *
 * Commands belong to the devices module, which validates, records and publishes them behind
 * the v4 route `POST /tenants/{t}/sensors/{id}/command`. The v5 route resolves the MAC to
 * that sensor and forwards the command to that route in-process, so one code path decides
 * every command whichever dialect sent it.
 *
 * Threats: a MAC is not a secret (it is printed on the device and seen on the network), so
 * a MAC alone grants nothing: the lookup searches only the tenants the caller reads, and a
 * MAC of another tenant answers `Not_Exist` exactly like an unknown one. Renames need the
 * admin role through the sensors service's own check.
 */
import type { FastifyInstance } from 'fastify'
import type { SensorsService } from '../../sensors/index.ts'
import type { TenantsService } from '../../tenancy/index.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { V5Refusal, envelope, ok, refusal } from './envelope.ts'
import { fullData, v5Sensor, V5Sensor, v5Tenant, V5Tenant } from './views.ts'

const tags = ['v5']
const readTenants = [{ bearer: ['tenants:read'] }]
const read = [{ bearer: ['sensors:read'] }]
const write = [{ bearer: ['sensors:write'] }]
const Unauthorized = V5Refusal

const Window = {
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  returnModel: Type.Optional(Type.Integer()),
}
const Mac = Type.Object({ mac: Type.String({ minLength: 1, maxLength: 200 }) })
const NUMERIC = /^\d+$/

function page<T>(rows: T[], q: { skip?: number; take?: number }, descending = false): T[] {
  const ordered = descending ? [...rows].reverse() : rows
  const skip = q.skip ?? 0
  return ordered.slice(skip, skip + (q.take ?? 25))
}

export interface V5SensorRoutesDeps {
  tenants: TenantsService
  sensors: SensorsService
}

export async function v5SensorRoutes(parent: FastifyInstance, { tenants, sensors }: V5SensorRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/tenant/',
    {
      schema: {
        tags,
        summary: 'The tenants the caller belongs to, with parentTenantId (null for a brand)',
        security: readTenants,
        querystring: Type.Object({
          ...Window,
          tenantQueryType: Type.Optional(Type.Integer()),
          issuesOnly: Type.Optional(Type.Boolean()),
          sortDescendent: Type.Optional(Type.Boolean()),
        }),
        response: { 200: envelope(Type.Array(V5Tenant)), 401: Unauthorized },
      },
    },
    async (r) => ok(page((await tenants.list(r.actor)).map(({ tenant }) => v5Tenant(tenant)), r.query, r.query.sortDescendent)),
  )

  app.get(
    '/sensor/',
    {
      schema: {
        tags,
        summary: "A tenant's sensors (or, without tenantId, every sensor the caller reads)",
        security: read,
        querystring: Type.Object({ ...Window, tenantId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
        response: { 200: envelope(Type.Array(V5Sensor)), 401: Unauthorized },
      },
    },
    async (r) => ok(page((await sensors.list(r.actor, r.query.tenantId, {})).map(v5Sensor), r.query)),
  )

  app.patch(
    '/sensor/:id',
    {
      schema: {
        tags,
        summary: 'Rename a sensor (tenant admins)',
        security: write,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        body: Type.Object({ displayName: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]) }),
        response: { 200: envelope(V5Sensor), 401: Unauthorized },
      },
    },
    async (r) => ok(v5Sensor(await sensors.update(r.actor, r.params.id, undefined, { displayName: r.body.displayName }))),
  )

  app.get(
    '/smarthome/sensors',
    {
      schema: { tags, summary: 'Every sensor the caller reads, with its device state', security: read, response: { 200: envelope(Type.Array(V5Sensor)), 401: Unauthorized } },
    },
    async (r) => ok((await sensors.list(r.actor, undefined, {})).map(v5Sensor)),
  )

  app.get(
    '/data/:mac/status',
    {
      schema: {
        tags,
        summary: "A device's latest full state by MAC; No_Data before it reported, Offline when it is offline",
        security: read,
        params: Mac,
        response: { 200: envelope(Type.Record(Type.String(), Type.Unknown())), 401: Unauthorized },
      },
    },
    async (r) => {
      if (NUMERIC.test(r.params.mac)) return refusal('Not_Allowed', 'Address the device by its MAC, not its numeric id.')
      const sensor = v5Sensor(await sensors.byDeviceId(r.actor, r.params.mac))
      const state = fullData(sensor)
      // a device that never reported has no data (whatever its presence); one that did and left is offline
      if (!state) return refusal('No_Data', 'The device has not reported its state yet.')
      return sensor.online === false ? refusal('Offline', 'The device is offline.') : ok(state)
    },
  )

  app.post(
    '/sensor/:mac/commands',
    {
      schema: {
        tags,
        summary: 'Send a command ("tune set power 1") to a device by MAC; data "ok" once accepted',
        security: write,
        params: Mac,
        body: Type.Object({ command: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: envelope(Type.Literal('ok')), 401: Unauthorized },
      },
    },
    async (r) => {
      if (NUMERIC.test(r.params.mac)) return refusal('Not_Allowed', 'Address the device by its MAC, not its numeric id.')
      const sensor = await sensors.byDeviceId(r.actor, r.params.mac)
      const forwarded = await app.inject({
        method: 'POST',
        url: `/tenants/${sensor.tenant_id}/sensors/${sensor.id}/command`,
        headers: { 'content-type': 'application/json', ...(r.headers.authorization ? { authorization: r.headers.authorization } : {}) },
        payload: JSON.stringify({ command: r.body.command }),
      })
      return commandOutcome(forwarded.statusCode, forwarded.body)
    },
  )
}

/** The v4 command route's answer in the envelope. */
function commandOutcome(status: number, body: string) {
  let parsed: unknown = null
  try {
    parsed = JSON.parse(body)
  } catch {
    // a non-JSON answer is reported by its status below
  }
  const message = parsed !== null && typeof parsed === 'object' ? Reflect.get(parsed, 'message') : undefined
  const description = typeof message === 'string' ? message : undefined
  if (status >= 200 && status < 300) return ok('ok' as const)
  if (status === 404) return refusal('Not_Exist', description ?? 'The device cannot take commands.')
  if (status === 403) return refusal('Not_Allowed', description)
  return refusal(status === 400 ? 'Invalid_Command' : 'Command_Failed', description)
}
