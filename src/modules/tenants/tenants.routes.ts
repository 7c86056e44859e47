import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import {
  AddMemberBody,
  CreateTenantBody,
  MemberSchema,
  TenantSchema,
  UpdateTenantBody,
} from './tenants.schemas.ts'
import { tenantView } from './tenants.service.ts'

const TenantParams = Type.Object({ tenantId: Id })
const security = [{ bearer: [] }]

export async function tenantRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const tenants = app.services.tenants

  app.post(
    '/tenants',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant (platform admin)',
        security,
        body: CreateTenantBody,
        response: { 201: TenantSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(tenantView(await tenants.create(request, request.body))),
  )

  app.get(
    '/tenants',
    {
      schema: {
        tags: ['tenants'],
        summary: 'List tenants: all for platform admins, otherwise those the caller belongs to',
        security,
        response: { 200: Type.Array(TenantSchema), ...errorResponses },
      },
    },
    async (request) => (await tenants.list(request)).map(tenantView),
  )

  app.get(
    '/tenants/:tenantId',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Get a tenant (members)',
        security,
        params: TenantParams,
        response: { 200: TenantSchema, ...errorResponses },
      },
    },
    async (request) => tenantView(await tenants.get(request, request.params.tenantId)),
  )

  app.patch(
    '/tenants/:tenantId',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Update a tenant (admins, owners); merges field by field, null removes a value',
        security,
        params: TenantParams,
        body: UpdateTenantBody,
        response: { 200: TenantSchema, ...errorResponses },
      },
    },
    async (request) => tenantView(await tenants.update(request, request.params.tenantId, request.body)),
  )

  app.get(
    '/tenants/:tenantId/members',
    {
      schema: {
        tags: ['tenants'],
        summary: 'List the members of a tenant',
        security,
        params: TenantParams,
        response: { 200: Type.Array(MemberSchema), ...errorResponses },
      },
    },
    async (request) =>
      (await tenants.members(request, request.params.tenantId)).map((m) => ({
        userId: m.id,
        email: m.email,
        username: m.username,
        displayName: m.display_name,
        role: m.role,
        joinedAt: m.created_at.toISOString(),
      })),
  )

  app.post(
    '/tenants/:tenantId/members',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Add a member by email, or change their role (admins; owners for owners)',
        security,
        params: TenantParams,
        body: AddMemberBody,
        response: { 201: Type.Object({ userId: Type.Integer(), email: Type.String(), role: Type.String() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, role } = await tenants.addMember(request, request.params.tenantId, request.body.email, request.body.role)
      return reply.code(201).send({ userId: user.id, email: user.email, role })
    },
  )

  app.delete(
    '/tenants/:tenantId/members/:userId',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Remove a member (admins; owners for owners; never the last owner)',
        security,
        params: Type.Object({ tenantId: Id, userId: Id }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await tenants.removeMember(request, request.params.tenantId, request.params.userId)
      return reply.code(204).send(null)
    },
  )
}
