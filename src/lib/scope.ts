/**
 * Every endpoint that names a tenant also exists under `/tenants/{tenantId}`. A module
 * writes its routes once; this registers them twice, and the handler reads the scope
 * from `params.tenantId` (present only under the prefix).
 *
 * A module's routes declare `params: scopedParams({...})`, whose `tenantId` is optional so
 * that one handler type fits both registrations. Each registration then gets the params
 * schema that is true for its path: under the prefix `tenantId` is required, without it
 * `tenantId` is not a parameter at all. Validation and the API document both read that
 * schema, so neither can claim a parameter the path does not have.
 */
import type { FastifyInstance, RouteOptions } from 'fastify'
import Type, { type TProperties, type TSchema } from 'typebox'

export const TENANT_PREFIX = '/tenants/:tenantId'

export function registerScoped(app: FastifyInstance, routes: (app: FastifyInstance) => void): void {
  app.register(async (child) => {
    child.addHook('onRoute', (route) => setTenantParam(route, false))
    routes(child)
  })
  app.register(
    async (child) => {
      child.addHook('onRoute', (route) => setTenantParam(route, true))
      routes(child)
    },
    { prefix: TENANT_PREFIX },
  )
}

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** Path parameters of a route registered with `registerScoped`. */
export function scopedParams<P extends TProperties>(props: P) {
  return Type.Object({ tenantId: Type.Optional(Id), ...props })
}

interface ObjectSchema {
  type?: unknown
  properties?: Record<string, TSchema>
  required?: string[]
  [key: string]: unknown
}

/**
 * The params schema of one registration: a new object each time (the two registrations
 * may share the module's schema object), with `tenantId` required under the prefix and
 * absent without it.
 */
export function paramsFor(params: ObjectSchema | undefined, prefixed: boolean): ObjectSchema | undefined {
  const properties = { ...(params?.properties ?? {}) }
  const required = (params?.required ?? []).filter((name) => name !== 'tenantId')
  delete properties.tenantId
  if (prefixed) {
    return { ...params, type: 'object', properties: { tenantId: Id, ...properties }, required: ['tenantId', ...required] }
  }
  if (!params) return undefined
  // a path without parameters gets no params schema, so the document lists none
  return Object.keys(properties).length === 0 ? undefined : { ...params, properties, required }
}

function setTenantParam(route: RouteOptions, prefixed: boolean): void {
  const schema = route.schema ?? {}
  const params = paramsFor(schema.params as ObjectSchema | undefined, prefixed)
  const { params: _dropped, ...rest } = schema
  route.schema = params ? { ...rest, params } : rest
}
