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
import { connectDatabase, dataDirTighteningOf, ping, tighteningMessage, type DB } from './db/connect.ts'
import { migrateToLatest, requireMigrated } from './db/migrate.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { clientErrorHandler, registerJsonDepthLimit } from './plugins/input-limits.ts'
import { registerErrorHandling, sendError } from './plugins/errors.ts'
import { openSecretBox } from './db/secrets-key.ts'
import type { SecretBox } from './lib/secret-box.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { sealSecretsAtRest } from './modules/secrets-at-rest.ts'
import { registerOutboxMetrics } from './modules/email/outbox-metrics.ts'
import { webhookDocument } from './modules/webhooks/index.ts'
import { registerCors } from './plugins/cors.ts'
import { createMetrics, type AppMetrics } from './lib/metrics.ts'
import { Readiness } from './lib/readiness.ts'
import { adminRoutes } from './cli/remote.ts'
import { KeyStore } from './modules/oauth/keys.service.ts'
import type { KeyPairSource } from './modules/oauth/signing-keys.repository.ts'
import { verifyAccessToken } from './modules/oauth/oidc.ts'
import { registerModules, createModules, type Services } from './modules/index.ts'
import { shapeDocument } from './lib/openapi.ts'
import { logOptions } from './lib/log-redaction.ts'
import { DeferredSchemas } from './lib/deferred-schemas.ts'
import type { DestinationStream, LoggerOptions } from 'pino'

export interface RouteEntry { method: string; url: string; tags: string[] }

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>
    db: DB
    keys: KeyStore
    /** Seals secrets at rest under SECRETS_KEY (lib/secret-box.ts). */
    secretBox: SecretBox
    services: Services
    /** Domain metrics (lib/metrics.ts), on the registry /metrics serves. */
    metrics: AppMetrics
    /** Named checks /ready runs; services add theirs (`app.readiness.add('mqtt', fn)`). */
    readiness: Readiness
    /** Route validators and serializers not compiled yet (lib/deferred-schemas.ts). */
    schemas: DeferredSchemas
    /** Every route registered, with its OpenAPI tags: for the docs check and the walks over routes. */
    routeList: RouteEntry[]
  }
}

/**
 * Two validators: path and query strings are text, so they are coerced ("42" -> 42); JSON
 * bodies are not, so `"42"` for an integer or `null` for a string is a 400, never
 * silently changed.
 */
function validatorCompiler(deferred: DeferredSchemas): FastifySchemaCompiler<unknown> {
  const base = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const
  let ajv: { coercing: Ajv; exact: Ajv } | null = null
  return ({ schema, httpPart, method, url }) =>
    deferred.validator(`${method} ${url} ${httpPart ?? ''}`, () => {
      ajv ??= {
        coercing: addFormats.default(new Ajv({ ...base, coerceTypes: 'array' })),
        exact: addFormats.default(new Ajv({ ...base, coerceTypes: false })),
      }
      return (httpPart === 'body' ? ajv.exact : ajv.coercing).compile(schema as object)
    })
}

/** Stands in for Fastify's default validator factory until setValidatorCompiler replaces it. */
function noDefaultValidator(): never {
  throw new Error('the validator compiler is set with setValidatorCompiler before any route is added')
}

const API_DESCRIPTION = `Multi-tenant IoT platform API: passwordless OAuth 2.0 login, tenant-branded emails, spaces, algorithms and sensors.

## Tenants, roles and access
- **Brands and customers.** A brand is a tenant with no parent. Its customers sign up through it and each gets a tenant of their own under it (\`parentTenantId\`), holding their spaces and devices.
- **Accounts belong to one tenant, or to the platform.** Signing up under \`/tenants/{tenantId}\` creates an account of that tenant, without the prefix one of the platform; one address may have an account per tenant.
- **Sign-up policy** (\`signup\`): \`closed\` (default), \`customers\` (role \`customer\` on the brand plus an owned child tenant), \`members\` (role \`member\`).
- **Only brands lend a face.** A brand (no parent, or marked by a platform admin with \`brand: true\`) sets its name, logo, sender, email look, texts, links and sign-up; any other tenant wears its brand's and gets 403 \`not_a_brand\` for those fields. Links that carry a token must be on an origin verified for the tenant (its clients' redirect origins, or \`linkDomains\` a platform admin approved).
- **Roles:** \`owner\`, \`admin\`, \`member\` read the tenant's resources, admins and owners write; \`customer\` sees only the brand's public face. Nothing is inherited along the tree. No role in a tenant: 404; a role too small: 403.
- **Invitations:** \`POST /tenants/{tenantId}/members\` invites; the membership begins when the invitee accepts (\`POST /invitations/accept\`, or the page the invitation email links to, \`GET /invitations/accept\`) signed in with the invited address.
- **Scopes:** each operation's security requirement names the scope its token needs; without it, 403 \`insufficient_scope\`. A client_credentials token acts for the tenant that owns its client.`

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  db?: DB
  /** Pino options; `false` silences logs. */
  logger?: boolean | (LoggerOptions & { stream?: DestinationStream })
  /** Serves the CLI's admin endpoint (cli/remote.ts) with this secret: the owner of an embedded data directory. */
  adminSecret?: Buffer
  /** Close `db` when the app closes, though it was given (the server opens it first to lock it). */
  ownDb?: boolean
  /** The time services decide by (lib/clock.ts); tests pass one they can move forward. */
  clock?: Clock
  /** Where the first signing keys come from, when the database has none; tests pass one that reuses RSA material. */
  firstKeyPairs?: KeyPairSource
}

export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = options.ownDb ?? !options.db
  const db = options.db ?? (await connectDatabase(config.database))
  // a release step may migrate once before new instances start (MIGRATE_ON_START=false): then only check
  if (config.migrateOnStart) await migrateToLatest(db)
  else await requireMigrated(db)
  const secretBox = openSecretBox(config)
  await sealSecretsAtRest(db, secretBox)
  const keys = new KeyStore(db, secretBox, config.accessTokenTtlSeconds, options.clock ?? systemClock, options.firstKeyPairs)
  await keys.init()

  const trust = config.trustProxy
  const schemas = new DeferredSchemas()
  const app = Fastify({
    // whatever the caller chose, secrets are redacted the same way (lib/log-redaction.ts)
    logger: options.logger === false ? false : logOptions(typeof options.logger === 'object' ? options.logger : { level: config.logLevel }),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    clientErrorHandler,
    // bad percent-encoding in the path and the like: the same error shape as everything else
    frameworkErrors: (error, request, reply) => sendError(reply, error, request),
    // both compilers ours (./lib/deferred-schemas.ts), so Fastify never loads its default Ajv
    // setup (~0.25 s of a start); the validator is set below, before any route exists
    schemaController: { compilersFactory: { buildValidator: noDefaultValidator, buildSerializer: schemas.buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const routeList: RouteEntry[] = []
  app.decorate('routeList', routeList)
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? []
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, tags })
  })
  const tightening = dataDirTighteningOf(db)
  if (tightening) app.log.warn({ dataDir: tightening.dataDir, entries: tightening.entries }, tighteningMessage(tightening))
  app.decorate('schemas', schemas)
  app.setValidatorCompiler(validatorCompiler(schemas))
  app.decorate('config', config)
  app.decorate('db', db)
  app.decorate('keys', keys)
  app.decorate('secretBox', secretBox)
  const metrics = createMetrics(db)
  app.decorate('metrics', metrics)
  const readiness = new Readiness()
  app.decorate('readiness', readiness)
  readiness.add('database', async () => {
    await ping(db)
  })
  readiness.add('signing_key', async () => {
    const problem = keys.problem()
    if (problem) throw new Error(problem)
  })
  // a module that cannot start (the broker's port taken) must not leave the key store's
  // listener holding a PostgreSQL connection: the server's db.destroy() would wait on it forever
  const modules = await createModules({ db, config, keys, log: app.log, secretBox, ...(options.clock ? { clock: options.clock } : {}) }).catch(async (error: unknown) => {
    await keys.close().catch(() => {})
    throw error
  })
  const { services } = modules
  const bridge = services.devices.bridge
  if (bridge) {
    readiness.add('mqtt', async () => {
      if (!bridge.connected) throw new Error('not connected to the MQTT broker')
    })
  }
  app.decorate('services', services)

  // callback style: every request runs it, and it awaits nothing
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  registerErrorHandling(app)
  registerJsonDepthLimit(app)
  await app.register(formbody)
  await registerCors(app, services.cors)
  registerAuth(app, (token) => verifyAccessToken(app.keys, config.publicUrl, token), services.sessions.resolve, services.policy)
  const registry = registerMetrics(app, metrics)
  services.limits.registerMetrics(registry)
  registerOutboxMetrics(registry, db, services.clock)
  services.webhooks.registerMetrics(registry)
  if (services.devices.broker) registry.registerMetric(services.devices.broker.connectedDevices)

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trellis API',
        version: '0.1.0',
        description: API_DESCRIPTION,
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [],
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject
      shapeDocument(document.openapiObject)
      // the messages a brand's endpoint receives (OpenAPI 3.1 webhooks)
      return Object.assign(document.openapiObject, { webhooks: webhookDocument() })
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await registerModules(app, modules)
  if (options.adminSecret) await app.register(adminRoutes, { secret: options.adminSecret })

  // a stale SECRETS_KEY says so in the log, at most once a minute while it lasts (keys reload every few seconds)
  let lastKeyReport = 0
  const stopKeyReports = keys.onReload(() => {
    const problem = keys.problem()
    const now = services.clock.now().getTime()
    if (!problem || now - lastKeyReport < 60_000) return
    lastKeyReport = now
    app.log.error({ check: 'signing_key' }, problem)
  })

  app.addHook('onClose', async () => {
    stopKeyReports()
    await services.close()
    await keys.close()
    if (ownsDb) await db.destroy()
  })
  await app.ready()
  return app
}
