import type { FastifyInstance } from 'fastify'
import type { TenantsService } from './tenants.service.ts'
import type { InvitationsService } from './invitations.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses, pageSchema, PageQuerySchema, SuccessMessage } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import {
  ChangeRoleBody,
  CreateTenantBody,
  InvitationSchema,
  InviteBody,
  MemberSchema,
  TenantSchema,
  UpdateTenantBody,
} from './tenants.schemas.ts'
import { memberView, tenantView } from './tenants.service.ts'

const TenantParams = Type.Object({ tenantId: Id })
const read = [{ bearer: ['tenants:read'] }]
const admin = [{ bearer: ['tenants:admin'] }]
const tags = ['tenants']

export interface TenantRoutesDeps {
  tenants: TenantsService
  invitations: InvitationsService
}

export async function tenantRoutes(parent: FastifyInstance, { tenants, invitations }: TenantRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/tenants',
    {
      schema: {
        tags,
        summary: "Create a brand, or a tenant under one with parentTenantId (platform admin; the platform's machine client)",
        security: admin,
        body: CreateTenantBody,
        response: { 201: TenantSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(tenantView(await tenants.create(request.actor, request.body))),
  )

  app.get(
    '/tenants',
    {
      schema: {
        tags,
        summary: "Tenants as a plain array (at most 100): all for platform admins and the platform's machine clients, otherwise those the caller has a role in",
        security: read,
        response: { 200: Type.Array(TenantSchema), ...errorResponses },
      },
    },
    async (request) => (await tenants.list(request.actor)).map(({ tenant, role }) => tenantView(tenant, role)),
  )

  app.get(
    '/v4/tenants',
    {
      schema: {
        tags,
        summary: 'Tenants, a cursor page',
        security: read,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(TenantSchema), ...errorResponses },
      },
    },
    async (request) => tenants.page(request.actor, request.query),
  )

  app.get(
    '/tenants/:tenantId',
    {
      schema: {
        tags,
        summary: "Get a tenant (members; a brand's customers see its public face: id, name, logoUrl, parentTenantId)",
        security: read,
        params: TenantParams,
        response: { 200: TenantSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { tenant, role } = await tenants.get(request.actor, request.params.tenantId)
      return tenantView(tenant, role)
    },
  )

  app.patch(
    '/tenants/:tenantId',
    {
      schema: {
        tags,
        summary: 'Update a tenant (admins, owners); merges field by field, null removes a value',
        security: admin,
        params: TenantParams,
        body: UpdateTenantBody,
        response: { 200: TenantSchema, ...errorResponses },
      },
    },
    async (request) => tenantView(await tenants.update(request.actor, request.params.tenantId, request.body)),
  )

  app.get(
    '/tenants/:tenantId/members',
    {
      schema: {
        tags,
        summary: 'The members of a tenant as a plain array, at most 100 (members)',
        security: read,
        params: TenantParams,
        response: { 200: Type.Array(MemberSchema), ...errorResponses },
      },
    },
    async (request) => (await tenants.members(request.actor, request.params.tenantId)).map(memberView),
  )

  app.get(
    '/tenants/:tenantId/v4/members',
    {
      schema: {
        tags,
        summary: 'The members of a tenant, a cursor page (members)',
        security: read,
        params: TenantParams,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(MemberSchema), ...errorResponses },
      },
    },
    async (request) => tenants.membersPage(request.actor, request.params.tenantId, request.query),
  )

  app.post(
    '/tenants/:tenantId/members',
    {
      schema: {
        tags,
        summary: 'Invite a person by email (admins; owners for owners): they join only once they accept the emailed link',
        security: admin,
        params: TenantParams,
        body: InviteBody,
        response: { 201: InvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(invitations.view(await invitations.invite(request.actor, request.params.tenantId, request.body))),
  )

  app.patch(
    '/tenants/:tenantId/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role (admins; owners for anything touching owners; never the last owner)",
        security: admin,
        params: Type.Object({ tenantId: Id, userId: Id }),
        body: ChangeRoleBody,
        response: { 200: MemberSchema, ...errorResponses },
      },
    },
    async (request) => tenants.changeRole(request.actor, request.params.tenantId, request.params.userId, request.body.role),
  )

  app.delete(
    '/tenants/:tenantId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (admins; owners for owners; never the last owner)',
        security: admin,
        params: Type.Object({ tenantId: Id, userId: Id }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await tenants.removeMember(request.actor, request.params.tenantId, request.params.userId)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/tenants/:tenantId/invitations',
    {
      schema: {
        tags,
        summary: 'Invitations of a tenant, newest first, at most 100 (admins)',
        security: admin,
        params: TenantParams,
        response: { 200: Type.Array(InvitationSchema), ...errorResponses },
      },
    },
    async (request) => (await invitations.list(request.actor, request.params.tenantId)).map((i) => invitations.view(i)),
  )

  app.get(
    '/tenants/:tenantId/v4/invitations',
    {
      schema: {
        tags,
        summary: 'Invitations of a tenant, a cursor page (admins)',
        security: admin,
        params: TenantParams,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(InvitationSchema), ...errorResponses },
      },
    },
    async (request) => invitations.page(request.actor, request.params.tenantId, request.query),
  )

  app.delete(
    '/tenants/:tenantId/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation (admins)',
        security: admin,
        params: Type.Object({ tenantId: Id, invitationId: Id }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await invitations.revoke(request.actor, request.params.tenantId, request.params.invitationId)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/invitations/preview',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (the token is the proof; no sign-in needed)',
        querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: Type.Object({
            tenantId: Type.Integer(),
            tenantName: Type.String(),
            logoUrl: Type.Union([Type.String(), Type.Null()]),
            email: Type.String(),
            role: Type.String(),
            expiresAt: Type.String({ format: 'date-time' }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => invitations.preview(request.query.token),
  )

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation as the signed-in person it was sent to; the membership begins now',
        security: [{ bearer: ['account'] }],
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Object({ ...SuccessMessage.properties, tenantId: Type.Integer(), role: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { tenantId, role } = await invitations.accept(request.actor, request.body.token)
      return { success: true as const, message: `You are now ${role} of tenant ${tenantId}.`, tenantId, role }
    },
  )
}
