/**
 * Who holds a device: the claim that brings it into a tenant, its release and its move to another
 * tenant. Tagged with the sensors (the sensor is what the API shows of a held device) and
 * registered right after their routes, but the devices' own: the registry and the handover decide.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { validationError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { SensorFields, SensorSchema, sensorView } from '../sensors/index.ts'
import type { DeviceHandover } from './handover.service.ts'
import type { DeviceRegistry } from './registry.service.ts'

const write = [{ bearer: ['sensors:write'] }]

export interface OwnershipRoutesDeps {
  registry: DeviceRegistry
  handover: DeviceHandover
}

/**
 * A device enters a tenant only by a claim with proof (devices/registry.service.ts has the threat
 * model); its holder releases it or moves it to another tenant it administers.
 */
function scopedOwnershipRoutes(parent: FastifyInstance, { registry, handover }: OwnershipRoutesDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
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
          ...SensorFields,
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
      await handover.release(request.actor, request.params.sensorId, request.params.tenantId)
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
    async (request) => sensorView(await handover.transfer(request.actor, request.params.sensorId, request.params.tenantId, request.body.toTenantId)),
  )
}

export async function ownershipRoutes(app: FastifyInstance, deps: OwnershipRoutesDeps): Promise<void> {
  registerScoped(app, (scoped) => scopedOwnershipRoutes(scoped, deps))
}
