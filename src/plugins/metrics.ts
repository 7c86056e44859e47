/**
 * Prometheus metrics at /metrics: request latency by route, and the domain figures of
 * lib/metrics.ts. Token grants, code requests and rate-limit refusals are counted here
 * from what the HTTP layer answered, so no route or service has to know about metrics.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === '/auth/oauth2/token' && request.method === 'POST') {
      metrics.tokenGrants.inc({ grant_type: grantType(request), outcome: grantOutcome(reply.statusCode, payload) })
    }
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    // the route pattern, never the raw URL, so ids do not explode label cardinality
    const route = request.routeOptions.url ?? 'unmatched'
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000)
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route })
    if (reply.statusCode === 200 && request.method === 'POST' && route.endsWith('/auth/passwordlessLogin/code')) {
      metrics.loginCodesRequested.inc()
    }
  })
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType)
    return registry.metrics()
  })
  return registry
}
