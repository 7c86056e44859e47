import type { FastifyInstance } from 'fastify'
import type { AccountsService } from './accounts.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses } from '../../lib/schemas.ts'
import type { UserProfile } from '../sessions/index.ts'

export const CurrentUserSchema = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    emailConfirmed: Type.Boolean(),
    tenants: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String(), parentTenantId: Type.Union([Type.Integer(), Type.Null()]) }),
    ),
    tenantId: Type.Union([Type.Integer(), Type.Null()], { description: 'the tenant the user belongs to; null for a platform user' }),
    locale: Type.Union([Type.String(), Type.Null()], { description: "the BCP 47 locale emails and pages speak to the user in; null: not set (the brand's default, else English)" }),
  }),
}, component('CurrentUser'))

/** The response of GET /users/current from a profile (a pure view; the route's schema serialises it). */
export function profileView(profile: UserProfile) {
  return { user: profile }
}

export async function userRoutes(parent: FastifyInstance, { accounts }: { accounts: AccountsService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/users/current',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, the tenant they belong to, and every tenant they have a role in (a user token with the account scope)',
        security: [{ bearer: ['account'] }],
        response: { 200: CurrentUserSchema, ...errorResponses },
      },
      // the token lookup brings the profile along: this route costs that one round trip
      config: { profile: true },
    },
    async (request) =>
      // the declared scope was checked before the handler (plugins/auth.ts); the policy checks it again without a profile
      request.profile && request.actor.kind === 'user' ? profileView(request.profile) : profileView(await accounts.current(request.actor)),
  )
}
