/** Prometheus metrics at /metrics: request counts and latency by route. */
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

export function registerMetrics(app: FastifyInstance): Registry {
  // A registry per app, so several apps in one process (tests) keep their own figures.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        // the route pattern, never the raw URL, so ids do not explode label cardinality
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType)
    return registry.metrics()
  })
  return registry
}
