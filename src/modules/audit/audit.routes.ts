import type { FastifyInstance } from 'fastify'
import type { AuditLog } from './audit.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    actor: Type.Object({
      kind: Type.String({ description: "user, client (a machine token: a machine client's or an app's), operator (the CLI) or anonymous" }),
      id: Nullable(Type.String({ description: 'the user id or client id; null for the operator' })),
    }),
    tenantId: Nullable(Type.Integer({ description: 'the tenant acted in; null for platform-wide things (platform clients and devices, signing keys)' })),
    action: Type.String({ description: 'a stable dotted name, e.g. tenant.update, member.add, client.secret.rotate', examples: ['tenant.update'] }),
    target: Type.Object({ type: Type.String(), id: Nullable(Type.String()) }),
    sourceIp: Nullable(Type.String({ description: "the request's address; null from the CLI" })),
    summary: Type.Object(
      {
        fields: Type.Optional(Type.Array(Type.String(), { description: 'the fields the change set' })),
        values: Type.Optional(Type.Record(Type.String(), Scalar, { description: 'values of fields safe to show; never a secret, token, code or text' })),
      },
      { additionalProperties: false },
    ),
  },
  component('AuditEntry'),
)

const AuditFilters = {
  action: Type.Optional(Type.String({ maxLength: 100, description: 'an action, or a prefix ending in * (client.*)' })),
  actor: Type.Optional(Type.String({ maxLength: 200, description: 'operator, user, client, or user:<id> / client:<clientId>' })),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'entries at or after this time' })),
}
const PlainQuery = Type.Object(AuditFilters)
const PageQuery = Type.Object({ ...PageQuerySchema, ...AuditFilters })

const admin = [{ bearer: ['tenants:admin'] }]
const tags = ['audit']
const tenantParams = Type.Object({ tenantId: Id })

/**
 * The versioning rule: the unprefixed lists are plain arrays of the newest 100 entries; the
 * /v4/ forms are cursor pages (default 10, at most 250) reaching every entry.
 */
export async function auditRoutes(parent: FastifyInstance, { audit }: { audit: AuditLog }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const tenantSummary = "The tenant's audit log, newest first (admins, owners; the platform)"
  const allSummary = 'The whole audit log, newest first (platform administrators)'

  app.get(
    '/tenants/:tenantId/audit',
    {
      schema: {
        tags,
        summary: `${tenantSummary}: the newest 100 entries, a plain array`,
        security: admin,
        params: tenantParams,
        querystring: PlainQuery,
        response: { 200: Type.Array(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => audit.recentForTenant(request.actor, request.params.tenantId, request.query),
  )

  app.get(
    '/tenants/:tenantId/v4/audit',
    {
      schema: {
        tags,
        summary: `${tenantSummary}, a cursor page`,
        security: admin,
        params: tenantParams,
        querystring: PageQuery,
        response: { 200: pageSchema(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => audit.forTenant(request.actor, request.params.tenantId, request.query),
  )

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: `${allSummary}: the newest 100 entries, a plain array`,
        security: admin,
        querystring: PlainQuery,
        response: { 200: Type.Array(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => audit.recent(request.actor, request.query),
  )

  app.get(
    '/v4/audit',
    {
      schema: {
        tags,
        summary: `${allSummary}, a cursor page`,
        security: admin,
        querystring: PageQuery,
        response: { 200: pageSchema(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => audit.all(request.actor, request.query),
  )
}
