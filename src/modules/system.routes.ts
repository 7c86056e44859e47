import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { sql } from 'kysely'
import Type from 'typebox'
import { ErrorSchema } from '../lib/schemas.ts'

export async function systemRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: ErrorSchema },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db)
        return { status: 'ready' as const }
      } catch {
        return reply.code(503).send({ success: false, code: 'not_ready', message: 'The database does not answer.' })
      }
    },
  )

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Public keys that verify access tokens (RFC 7517)',
        response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return app.keys.jwks()
    },
  )
}
