/**
 * Prometheus metrics at /metrics: request latency by route, and the domain figures of
 * lib/metrics.ts. Token grants, code requests and rate-limit refusals are counted here
 * from what the HTTP layer answered, so no route or service has to know about metrics.
 */
import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify'
import { sha256 } from '../lib/crypto.ts'
import { unauthorized } from '../lib/errors.ts'
import { collectDefaultMetrics, Histogram, type Registry } from 'prom-client'
import { GRANT_OUTCOMES, GRANT_TYPES, type AppMetrics } from '../lib/metrics.ts'

function grantType(request: FastifyRequest): string {
  const body = request.body as { grant_type?: unknown } | undefined
  const value = typeof body?.grant_type === 'string' ? body.grant_type : ''
  return (GRANT_TYPES as readonly string[]).includes(value) ? value : 'other'
}

function grantOutcome(statusCode: number, payload: unknown): string {
  if (statusCode === 200) return 'issued'
  if (typeof payload !== 'string') return 'error'
  try {
    const error = (JSON.parse(payload) as { error?: unknown }).error
    return typeof error === 'string' && (GRANT_OUTCOMES as readonly string[]).includes(error) ? error : 'error'
  } catch {
    return 'error'
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry: modules register their own metrics on it. */
    metricsRegistry: Registry
    /**
     * Why METRICS_PORT could not be opened when the app started listening (null: it was, or
     * none is set). Fastify only logs a failing onListen hook, so the server reads this and
     * stops rather than run without the metrics it was told to serve.
     */
    metricsPortError: () => Error | null
  }
}

/** Registers /metrics on the app's registry (one per app, so apps in one process keep their own figures) and returns it. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics): Registry {
  const { registry } = metrics
  app.decorate('metricsRegistry', registry)
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  // grants are counted on the token route only: a hook of that route, not one every request runs
  const countGrant: onSendHookHandler = (request, reply, payload, done) => {
    metrics.tokenGrants.inc({ grant_type: grantType(request), outcome: grantOutcome(reply.statusCode, payload) })
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if (route.url !== '/auth/oauth2/token' || ![route.method].flat().includes('POST')) return
    route.onSend = [...[route.onSend ?? []].flat(), countGrant]
  })
  // callback style: a hook every request runs, without a promise of its own
  app.addHook('onResponse', (request, reply, done) => {
    // the route pattern, never the raw URL, so ids do not explode label cardinality
    const route = request.routeOptions.url ?? 'unmatched'
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000)
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route })
    if (reply.statusCode === 200 && request.method === 'POST' && route.endsWith('/auth/passwordlessLogin/code')) {
      metrics.loginCodesRequested.inc()
    }
    done()
  })
  const { token, port, host } = app.config.metrics
  // on the public port only with a token: figures about traffic and queues are for the operator
  if (token) {
    const expected = sha256(`Bearer ${token}`)
    app.get('/metrics', { schema: { hide: true }, config: { ownBearer: true } }, async (request, reply) => {
      if (!timingSafeEqual(sha256(request.headers.authorization ?? ''), expected)) throw unauthorized('The metrics token is missing or wrong.')
      reply.type(registry.contentType)
      return registry.metrics()
    })
  }
  if (port !== null) serveMetricsPort(app, registry, port, host)
  else app.decorate('metricsPortError', () => null)
  return registry
}

/** /metrics on a port of its own (METRICS_PORT), opened when the app listens and closed with it. */
function serveMetricsPort(app: FastifyInstance, registry: Registry, port: number, host: string): void {
  let server: Server | null = null
  let failure: Error | null = null
  app.decorate('metricsPortError', () => failure)
  app.addHook('onListen', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
        return
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed')
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n')
        },
      )
    })
    const listening = server
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject)
      listening.listen(port, host, () => resolve())
    }).catch((error: unknown) => {
      server = null
      failure = error instanceof Error ? error : new Error(String(error))
      throw error
    })
  })
  app.addHook('onClose', async () => {
    const listening = server
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()))
  })
}
