/**
 * Every endpoint that names a tenant also exists under `/tenants/{tenantId}`. A module
 * writes its routes once; this registers them twice, and the handler reads the scope
 * from `params.tenantId` (present only under the prefix).
 */
import type { FastifyInstance } from 'fastify'
import Type, { type TProperties } from 'typebox'

export function registerScoped(app: FastifyInstance, routes: (app: FastifyInstance) => void): void {
  app.register(async (child) => routes(child))
  app.register(async (child) => routes(child), { prefix: '/tenants/:tenantId' })
}

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** Path parameters of a route registered with `registerScoped`. */
export function scopedParams<P extends TProperties>(props: P) {
  return Type.Object({ tenantId: Type.Optional(Id), ...props })
}
