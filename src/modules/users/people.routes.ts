import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import type { PeopleService } from './people.service.ts'

export const PersonSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    username: Type.String(),
    displayName: Nullable(Type.String()),
    locale: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time', description: 'when they signed up' }),
    emailConfirmedAt: Nullable(Type.String({ format: 'date-time' })),
    blockedAt: Nullable(Type.String({ format: 'date-time', description: 'blocked since: no sign-in, no refresh; null when not blocked' })),
    tenantId: Nullable(Type.Integer({ description: "the account's tenant; null for a platform account" })),
    tenants: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String(), parentTenantId: Nullable(Type.Integer()) }), {
      description: 'the tenants the person is in, as far as the brand may see: the brand and the tenants under it',
    }),
  },
  component('Person'),
)

const admin = [{ bearer: ['tenants:admin'] }]
const tags = ['people']
const params = Type.Object({ tenantId: Id, userId: Id })

/** A brand's people: one person, block and unblock (people.service.ts; the policy decides). */
export async function peopleRoutes(parent: FastifyInstance, { people }: { people: PeopleService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/tenants/:tenantId/people/:userId',
    { schema: { tags, summary: "A person of the brand: who they are, their tenants and roles (the brand's admins; the platform)", security: admin, params, response: { 200: PersonSchema, ...errorResponses } } },
    async (request) => people.person(request.actor, request.params.tenantId, request.params.userId),
  )
  app.post(
    '/tenants/:tenantId/people/:userId/block',
    {
      schema: {
        tags,
        summary: 'Block a person of the brand: their sessions end now, and they cannot sign in or refresh anywhere until unblocked; their devices keep running',
        security: admin,
        params,
        response: { 200: PersonSchema, ...errorResponses },
      },
    },
    async (request) => people.block(request.actor, request.params.tenantId, request.params.userId),
  )
  app.post(
    '/tenants/:tenantId/people/:userId/unblock',
    { schema: { tags, summary: 'Unblock a person of the brand: they may sign in again', security: admin, params, response: { 200: PersonSchema, ...errorResponses } } },
    async (request) => people.unblock(request.actor, request.params.tenantId, request.params.userId),
  )
}
