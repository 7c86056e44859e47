import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses } from '../../lib/schemas.ts'
import { requireUser } from '../../plugins/auth.ts'
import { tenantsOfUser } from './users.repository.ts'
import type { User } from '../../db/database.ts'
import type { DB } from '../../db/connect.ts'

export const CurrentUserSchema = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    emailConfirmed: Type.Boolean(),
    tenants: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String() })),
  }),
})

export async function currentUserView(db: DB, user: User) {
  const tenants = await tenantsOfUser(db, user.id)
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: user.display_name,
      emailConfirmed: user.email_confirmed_at !== null,
      tenants: tenants.map((t) => ({ id: t.id, name: t.name, role: t.role })),
    },
  }
}

export async function userRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/users/current',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user and their tenants',
        security: [{ bearer: [] }],
        response: { 200: CurrentUserSchema, ...errorResponses },
      },
    },
    async (request) => currentUserView(app.db, await requireUser(app.db, request)),
  )
}
