import type { FastifyInstance } from 'fastify'
import type { TenantsService } from './tenants.service.ts'
import type { SettingsHistory } from './settings-history.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import { versionView } from './settings-history.service.ts'
import { VERSIONED_FIELDS } from './settings.ts'

export const SettingsVersionSchema = Type.Object(
  {
    version: Type.Integer({ description: 'numbered per tenant from 1' }),
    actor: Type.Object({
      kind: Type.String({ description: 'user, client or operator' }),
      id: Nullable(Type.String({ description: 'the user id or client id; null for the operator' })),
    }),
    createdAt: Type.String({ format: 'date-time' }),
    changed: Type.Array(Type.String(), { description: 'the fields this version changed' }),
    restoredFrom: Nullable(Type.Integer({ description: 'the version this one restored' })),
    settings: Type.Record(Type.String(), Type.Unknown(), { description: `the settings after the change: ${VERSIONED_FIELDS.join(', ')}` }),
  },
  component('SettingsVersion'),
)

const params = Type.Object({ tenantId: Id, version: Id })
const admin = [{ bearer: ['tenants:admin'] }]
const tags = ['tenants']

export interface VersionRoutesDeps {
  tenants: TenantsService
  settingsHistory: SettingsHistory
}

export async function versionRoutes(parent: FastifyInstance, { tenants, settingsHistory }: VersionRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  // the versioning rule: unprefixed, the newest 100 as a plain array; under /v4/, cursor pages of all
  app.get(
    '/tenants/:tenantId/email-settings/versions',
    {
      schema: {
        tags,
        summary: "Versions of the tenant's email settings and branding, newest first: the newest 100, a plain array (admins, owners; the platform)",
        security: admin,
        params: Type.Object({ tenantId: Id }),
        response: { 200: Type.Array(SettingsVersionSchema), ...errorResponses },
      },
    },
    async (request) => settingsHistory.list(request.actor, request.params.tenantId),
  )

  app.get(
    '/tenants/:tenantId/v4/email-settings/versions',
    {
      schema: {
        tags,
        summary: "Versions of the tenant's email settings and branding, newest first, a cursor page (admins, owners; the platform)",
        security: admin,
        params: Type.Object({ tenantId: Id }),
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(SettingsVersionSchema), ...errorResponses },
      },
    },
    async (request) => settingsHistory.page(request.actor, request.params.tenantId, request.query),
  )

  app.get(
    '/tenants/:tenantId/email-settings/versions/:version',
    {
      schema: {
        tags,
        summary: 'One version of the email settings and branding (admins, owners; the platform)',
        security: admin,
        params,
        response: { 200: SettingsVersionSchema, ...errorResponses },
      },
    },
    async (request) => versionView(await settingsHistory.get(request.actor, request.params.tenantId, request.params.version)),
  )

  app.post(
    '/tenants/:tenantId/email-settings/versions/:version/restore',
    {
      schema: {
        tags,
        summary: 'Restore a version: saves its settings as a new version, with the checks and permissions of PATCH /tenants/{tenantId}',
        description: 'Only the fields that differ from the current settings are saved; a tenant that is not a brand cannot restore brand fields (403 not_a_brand).',
        security: admin,
        params,
        response: { 201: SettingsVersionSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(versionView(await tenants.restore(request.actor, request.params.tenantId, request.params.version))),
  )
}
