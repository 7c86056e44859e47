import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component } from '../lib/schemas.ts'
import { APP_CODE, appErrors } from '../lib/errors.ts'
import { bodyOf } from '../plugins/errors.ts'
import type { Limits } from '../lib/rate-limit.ts'

const CheckSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('failing'), Type.Literal('degraded')]),
  message: Type.Optional(Type.String()),
})
const ChecksSchema = Type.Record(Type.String(), CheckSchema)

/** The rate limits' store: Redis's health, when Redis is configured. */
export interface SystemRoutesDeps {
  limits: Pick<Limits, 'health'>
}

export async function systemRoutes(parent: FastifyInstance, { limits }: SystemRoutesDeps): Promise<void> {
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
        summary: 'Readiness: the database and every other registered dependency answer; Redis, when configured, is ok or degraded (limits in memory)',
        description: 'Each dependency has its own entry in `checks`; any failing one makes the answer 503.',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), checks: ChecksSchema }),
          // the error shape, with the checks that failed
          503: Type.Object(
            {
              success: Type.Literal(false),
              code: Type.Literal(APP_CODE.not_ready),
              message: Type.String(),
              checks: ChecksSchema,
            },
            component('NotReady'),
          ),
        },
      },
    },
    async (_request, reply) => {
      const { ready, checks: run } = await app.readiness.run()
      // Redis down degrades rather than stops: limits fall back to per-instance memory, logins keep working
      const redis = await limits.health()
      const checks: Record<string, { status: 'ok' | 'failing' | 'degraded'; message?: string }> = {
        ...run,
        ...(redis ? { redis: redis === 'ok' ? { status: 'ok' as const } : { status: 'degraded' as const, message: 'rate limits fall back to per-instance memory' } } : {}),
      }
      if (ready) return { status: 'ready' as const, checks }
      const failing = Object.keys(run).filter((name) => run[name]?.status !== 'ok')
      return reply.code(503).send({ ...bodyOf(appErrors.not_ready(failing)), code: APP_CODE.not_ready, checks })
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
