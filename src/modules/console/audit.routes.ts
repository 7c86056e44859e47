/**
 * The audit page: the tenant's entries, newest first, filtered by action, actor and date,
 * a cursor page at a time, read through AuditLog.forTenant (the policy's `audit.read`:
 * admins and owners, the platform; a member is told it needs the admin role).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditFilters } from '../audit/index.ts'
import { refusalOf, type ConsoleKit, type ConsolePage } from './console-kit.ts'
import { unlessForbidden, whoIn } from './console-reads.ts'
import { auditBody } from './history.views.ts'

function queryOf(request: FastifyRequest) {
  const q = request.query as Record<string, unknown>
  const text = (name: string, max: number) => (typeof q[name] === 'string' ? (q[name] as string).trim().slice(0, max) : '')
  const filters: AuditFilters = {}
  if (text('action', 100)) filters.action = text('action', 100)
  if (text('actor', 200)) filters.actor = text('actor', 200)
  if (text('since', 40)) filters.since = text('since', 40)
  const paging = { limit: 25, ...(text('after', 400) ? { after: text('after', 400) } : {}), ...(text('before', 400) ? { before: text('before', 400) } : {}) }
  return { filters, paging }
}

export function auditRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  ck.get('/audit', 'the audit log: who changed what, filtered by action, actor and date, a page at a time', async (c, request): Promise<ConsolePage> => {
    const base = `/console/tenants/${c.tenant.id}/audit`
    const { filters, paging } = queryOf(request)
    const page = { title: c.t.text('audit.title'), section: 'audit' as const }
    try {
      const entries = await unlessForbidden(() => s.audit.forTenant(c.actor, c.tenant.id, { ...filters, ...paging }))
      if (!entries) return { ...page, body: auditBody(c.t, c.tenant.name, base, filters, null) }
      return { ...page, body: auditBody(c.t, c.tenant.name, base, filters, { entries, who: await whoIn(s, c, entries.edges.map((e) => e.node.actor)) }) }
    } catch (error) {
      // a date or a cursor the log cannot read: the page again, saying which
      const refusal = refusalOf(error, c.page.t)
      if (!refusal) throw error
      return { ...page, status: refusal.status, body: auditBody(c.t, c.tenant.name, base, filters, { error: refusal.error }) }
    }
  })
}
