/**
 * CORS for the API (token, login code, revocation, introspection, userinfo and resource
 * routes): the request's Origin is echoed back only when it is an allowed origin of a
 * registered client that counts for the request's tenant (modules/oauth/origins.service.ts:
 * a tenant's client counts under its own `/tenants/{id}` prefix and those of the tenants under
 * it, a platform client everywhere), never `*`, and never with credentials:
 * the API authenticates with Bearer tokens and client secrets, not cookies. The hosted
 * pages are same-origin HTML and get no CORS headers at all.
 */
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
/** Which browser origins may call the API (oauth/origins.service.ts answers it; plugins sit below the modules). */
interface CorsOrigins {
  isAllowed(origin: string, tenantId: number | null): Promise<boolean>
}

/** The tenant a request is attributed to: its `/tenants/{id}` prefix (a preflight carries nothing else); none: the platform. */
const TENANT_PREFIX = /^\/tenants\/(\d{1,10})(?:[/?#]|$)/
export function requestTenant(url: string): number | null {
  const id = Number(TENANT_PREFIX.exec(url)?.[1] ?? 0)
  return id >= 1 && id <= 2147483647 ? id : null
}

const PAGE_PATHS = /^(\/tenants\/[^/]+)?\/(auth\/oauth2\/(authorize|logout)|account|confirm-email|reset-password|forgot-password|pages\/|dev\/|invitations\/accept\/)/
// the invitation page shares its path with the JSON API's POST /invitations/accept: only its GET is a page
const INVITATION_PAGE = /^(\/tenants\/[^/]+)?\/invitations\/accept(\?|$)/
const isPage = (method: string, url: string) => PAGE_PATHS.test(url) || ((method === 'GET' || method === 'HEAD') && INVITATION_PAGE.test(url))

export async function registerCors(app: FastifyInstance, origins: CorsOrigins): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin
      if (!origin || isPage(request.method, request.url)) return callback(null, { origin: false })
      origins.isAllowed(origin, requestTenant(request.url)).then(
        (allowed) =>
          callback(null, {
            origin: allowed ? origin : false,
            credentials: false,
            methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
            allowedHeaders: ['authorization', 'content-type', 'accept', 'x-request-id'],
            exposedHeaders: ['x-request-id', 'retry-after', 'www-authenticate'],
            maxAge: 600,
            // a refused preflight still answers 204, just without Access-Control-Allow-Origin
            strictPreflight: false,
          }),
        (error: Error) => callback(error, { origin: false }),
      )
    },
  })
}
