/** `trellis tenants create|list|delete`. */
import { emit, id, missing, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

export const tenantCommands: Command[] = [
  {
    name: 'tenants create',
    usage: 'tenants create --name NAME [--id ID] [--email-address E] [--parent ID] [--signup closed|customers|members] [--json]',
    summary: 'create a brand (or, with --parent, a tenant under one); --id imports a tenant apps have built in',
    options: { name: { type: 'string' }, id: { type: 'string' }, 'email-address': { type: 'string' }, parent: { type: 'string' }, signup: { type: 'string' } },
    async run(ctx, { values }) {
      const { tenantView } = await import('../modules/tenancy/index.ts')
      if (typeof values.name !== 'string' || !values.name) throw new UsageError('--name is required')
      const signup = (values.signup as string | undefined) ?? 'closed'
      if (signup !== 'closed' && signup !== 'customers' && signup !== 'members') throw new UsageError('--signup must be closed, customers or members')
      const tenant = await ctx.services.tenants.create(ctx.operator, {
        name: values.name,
        emailAddress: typeof values['email-address'] === 'string' ? values['email-address'] : null,
        parentTenantId: values.parent === undefined ? null : id(values.parent as string, '--parent'),
        signup,
        ...(values.id !== undefined ? { id: id(values.id as string, '--id') } : {}),
      })
      emit(ctx.out, tenantView(tenant), `tenant ${tenant.id} "${tenant.name}" created`)
    },
  },
  {
    name: 'tenants list',
    usage: 'tenants list [--json]',
    summary: 'list tenants with their member counts',
    options: {},
    async run(ctx) {
      const rows = await ctx.services.tenants.withMemberCounts(ctx.operator)
      const tenants = rows.map((t) => ({ id: t.id, name: t.name, emailAddress: t.email_address, members: Number(t.members), createdAt: t.created_at.toISOString() }))
      emit(ctx.out, { tenants }, table(tenants.map(({ createdAt: _c, ...t }) => t), 'no tenants'))
    },
  },
  {
    name: 'tenants delete',
    usage: 'tenants delete ID [--json]',
    summary: 'delete a tenant with its spaces, sensors and memberships (its users stay)',
    options: {},
    positionals: ['ID'],
    async run(ctx, { positionals }) {
      const tenantId = id(positionals[0], 'ID')
      await missing(ctx.services.tenants.delete(ctx.operator, tenantId), `tenant ${tenantId} does not exist`)
      emit(ctx.out, { id: tenantId, deleted: true }, `tenant ${tenantId} deleted`)
    },
  },
]
