/** Leaving and a copy of one's data: DELETE /users/current and GET /users/current/export (docs/api.md). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, SuccessMessage } from '../../lib/schemas.ts'
import { registerScoped, scopedParams } from '../../lib/scope.ts'
import { AuditEntrySchema } from '../audit/index.ts'
import { SensorSchema } from '../sensors/index.ts'
import type { AccountDeletion } from './deletion.service.ts'
import type { AccountExport } from './export.service.ts'

const security = [{ bearer: ['account'] }]
const At = Type.String({ format: 'date-time' })
const Open = Type.Object({}, { additionalProperties: true })

export const AccountExportSchema = Type.Object(
  {
    format: Type.String({ description: 'the shape of this document: trellis.account-export/1' }),
    exportedAt: At,
    profile: Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      username: Type.String(),
      displayName: Nullable(Type.String()),
      locale: Nullable(Type.String()),
      emailConfirmed: Type.Boolean(),
      emailConfirmedAt: Nullable(At),
      hasPassword: Type.Boolean({ description: 'whether a password is set (never the password or its hash)' }),
      platformAdmin: Type.Boolean(),
      tenantId: Nullable(Type.Integer({ description: 'the tenant (brand) the account belongs to; null: the platform' })),
      createdAt: Nullable(At),
      updatedAt: Nullable(At),
    }),
    tenants: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String(), parentTenantId: Nullable(Type.Integer()) })),
    devices: Type.Array(Type.Object({ deviceId: Type.String({ description: 'the MAC address' }), sensorId: Type.Integer(), tenantId: Type.Integer() })),
    sensors: Type.Array(SensorSchema),
    schedules: Type.Array(Open, { description: "the sensors' schedule groups with their items, as GET /sensors/{id}/schedules shows them" }),
    sessions: Type.Array(
      Type.Object({
        app: Type.String({ description: 'the client_id signed in to' }),
        kind: Type.String({ description: 'app (a token) or browser (the hosted pages)' }),
        tenantId: Nullable(Type.Integer()),
        scope: Type.String(),
        network: Nullable(Type.String({ description: 'the network signed in from (IPv4 /24, IPv6 /64)' })),
        startedAt: Nullable(At),
        signedInAt: Nullable(At),
        endedAt: Nullable(At),
        endedBecause: Nullable(Type.String()),
      }),
    ),
    apps: Type.Array(Type.Object({ clientId: Type.String(), name: Nullable(Type.String()), firstSignIn: At, lastSignIn: At })),
    audit: Type.Array(AuditEntrySchema),
  },
  component('AccountExport'),
)

export async function privacyRoutes(parent: FastifyInstance, deps: { deletion: AccountDeletion; exporter: AccountExport }): Promise<void> {
  registerScoped(parent, (scoped) => {
    const app = scoped.withTypeProvider<TypeBoxTypeProvider>()
    const params = scopedParams({})

    app.delete(
      '/users/current',
      {
        schema: {
          tags: ['users'],
          summary:
            "Delete the signed-in person's account (a sign-in at most RECENT_SIGN_IN_SECONDS old): sessions end, devices held alone are released, the personal tenant goes, a confirmation is mailed",
          security,
          params,
          response: { 200: SuccessMessage, ...errorResponses },
        },
      },
      async (request) => {
        await deps.deletion.deleteCurrent(request.actor, request.params.tenantId ?? null)
        return { success: true as const, message: 'The account was deleted.' }
      },
    )

    app.get(
      '/users/current/export',
      {
        schema: {
          tags: ['users'],
          summary: 'A copy of everything held about the signed-in person, as one JSON document (no secrets)',
          security,
          params,
          response: { 200: AccountExportSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const document = await deps.exporter.exportCurrent(request.actor)
        void reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="account.json"')
        return document
      },
    )
  })
}
