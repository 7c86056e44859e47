/**
 * buildApp(config) -> a ready Fastify instance with every module, and no port. The server
 * and the tests both build the app through here.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifySchemaCompiler } from 'fastify'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import formbody from '@fastify/formbody'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import { connectDatabase, type DB } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { registerErrorHandling } from './plugins/errors.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { KeyStore } from './modules/oauth/keys.ts'
import { registerModules, createServices, type Services } from './modules/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>
    db: DB
    keys: KeyStore
    services: Services
    /** Every route registered, for the docs check. */
    routeList: { method: string; url: string }[]
  }
}

/**
 * Two validators: path and query strings are text, so they are coerced ("42" -> 42); JSON
 * bodies are not, so `"42"` for an integer or `null` for a string is a 400, never
 * silently changed.
 */
function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const base = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const
  const coercing = addFormats.default(new Ajv({ ...base, coerceTypes: 'array' }))
  const exact = addFormats.default(new Ajv({ ...base, coerceTypes: false }))
  return ({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema as object)
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  db?: DB
  /** Pino options; `false` silences logs. */
  logger?: boolean | object
}

export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = !options.db
  const db = options.db ?? (await connectDatabase(config.database))
  await migrateToLatest(db)
  const keys = new KeyStore(db)
  await keys.init()

  const trust = config.trustProxy
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
  }).withTypeProvider<TypeBoxTypeProvider>()

  const routeList: { method: string; url: string }[] = []
  app.decorate('routeList', routeList)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url })
  })
  app.setValidatorCompiler(validatorCompiler())
  app.decorate('config', config)
  app.decorate('db', db)
  app.decorate('keys', keys)
  const services = await createServices(app)
  app.decorate('services', services)

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  registerErrorHandling(app)
  await app.register(formbody)
  registerAuth(app, services.sessions.isActive)
  registerMetrics(app)

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trellis API',
        version: '0.1.0',
        description:
          'Multi-tenant IoT platform API: passwordless OAuth 2.0 login, tenant-branded emails, spaces, algorithms and sensors.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await registerModules(app)

  app.addHook('onClose', async () => {
    await services.close()
    if (ownsDb) await db.destroy()
  })
  await app.ready()
  return app
}
