/** The tenant picker's and the platform page's search and pages: what the query asks, and what the page shows of it. */
import type { FastifyRequest } from 'fastify'
import type { TenantsShown } from './home.views.ts'

/** The full page of a tenant list (the tenants service's list): a page this long may have a next one. */
const PAGE = 100

/** `?q=` (part of a name) and `?after=` (the last id of the page before), as far as they are sane. */
export function tenantsAsked(request: FastifyRequest): { q?: string; after?: number } {
  const query = (request.query ?? {}) as Record<string, unknown>
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : ''
  const after = typeof query.after === 'string' && /^\d{1,10}$/.test(query.after) ? Number(query.after) : 0
  return { ...(q ? { q } : {}), ...(after > 0 && after <= 2147483647 ? { after } : {}) }
}

export function shownOf(path: string, asked: { q?: string }, rows: readonly { tenant: { id: number } }[]): TenantsShown {
  const last = rows.at(-1)
  return { q: asked.q ?? '', next: rows.length >= PAGE && last ? last.tenant.id : null, path }
}
