/** `trellis audit list`: the audit log, newest first, with the API's filters. */
import { emit, id, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

export const auditCommands: Command[] = [
  {
    name: 'audit list',
    usage: 'audit list [--tenant ID] [--action A] [--actor KIND[:ID]] [--since ISO] [--limit N] [--after CURSOR] [--json]',
    summary: 'list audit-log entries, newest first (--action client.* for a prefix); --after pages on',
    options: { tenant: { type: 'string' }, action: { type: 'string' }, actor: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' }, after: { type: 'string' } },
    async run(ctx, { values }) {
      const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)
      const limit = str('limit') === undefined ? 50 : id(str('limit'), '--limit')
      if (limit > 250) throw new UsageError('--limit must be at most 250')
      const filters = { action: str('action'), actor: str('actor'), since: str('since'), limit, after: str('after') }
      const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined))
      const tenant = str('tenant')
      const page = tenant === undefined ? await ctx.services.audit.all(ctx.operator, defined) : await ctx.services.audit.forTenant(ctx.operator, id(tenant, '--tenant'), defined)
      const entries = page.edges.map((e) => e.node)
      const rows = entries.map((e) => ({
        at: e.at,
        actor: e.actor.id === null ? e.actor.kind : `${e.actor.kind}:${e.actor.id}`,
        tenant: e.tenantId,
        action: e.action,
        target: `${e.target.type}${e.target.id === null ? '' : `:${e.target.id}`}`,
        from: e.sourceIp,
        fields: (e.summary.fields ?? []).join(','),
      }))
      const more = page.pageInfo.hasNextPage ? `\nmore: --after ${page.pageInfo.endCursor}` : ''
      emit(ctx.out, { entries, totalCount: page.totalCount, endCursor: page.pageInfo.endCursor, hasNextPage: page.pageInfo.hasNextPage }, table(rows, 'no audit entries') + more)
    },
  },
]
