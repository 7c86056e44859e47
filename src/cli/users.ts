/** `trellis users create|list|delete`. */
import { emit, id, missing, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

const ROLES = ['owner', 'admin', 'member'] as const
type Role = (typeof ROLES)[number]

export const userCommands: Command[] = [
  {
    name: 'users create',
    usage: 'users create --email E [--platform-admin] [--belongs-to TENANT] [--tenant ID --role ROLE] [--json]',
    summary: 'create a confirmed user of the platform (or of a tenant, --belongs-to), optionally a platform admin and a tenant member',
    options: { email: { type: 'string' }, 'platform-admin': { type: 'boolean' }, 'belongs-to': { type: 'string' }, tenant: { type: 'string' }, role: { type: 'string' } },
    async run(ctx, { values }) {
      const email = typeof values.email === 'string' ? values.email : ''
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError('--email with a valid address is required')
      const tenantId = values.tenant === undefined ? undefined : id(values.tenant as string, '--tenant')
      const role = (values.role as string | undefined) ?? (tenantId ? 'member' : undefined)
      if (role && !(ROLES as readonly string[]).includes(role)) throw new UsageError('--role must be owner, admin or member')
      if (role && !tenantId) throw new UsageError('--role needs --tenant')
      const user = await ctx.services.accounts.createUser(ctx.operator, {
        email,
        platformAdmin: values['platform-admin'] === true,
        belongsTo: values['belongs-to'] === undefined ? null : id(values['belongs-to'] as string, '--belongs-to'),
        tenantId,
        role: role as Role | undefined,
      })
      const record = {
        id: user.id,
        email: user.email,
        username: user.username,
        platformAdmin: user.platform_role === 'admin',
        belongsTo: user.tenant_id,
        ...(tenantId ? { tenantId, role } : {}),
      }
      emit(ctx.out, record, `user ${user.id} <${user.email}> created`)
    },
  },
  {
    name: 'users list',
    usage: 'users list [--tenant ID] [--json]',
    summary: 'list users (of one tenant with --tenant)',
    options: { tenant: { type: 'string' } },
    async run(ctx, { values }) {
      const tenantId = values.tenant === undefined ? null : id(values.tenant as string, '--tenant')
      const rows = await ctx.services.accounts.list(ctx.operator, tenantId)
      const users = rows.map((u) => ({
        id: u.id,
        email: u.email,
        displayName: u.display_name,
        platformAdmin: u.platform_role === 'admin',
        createdAt: u.created_at.toISOString(),
      }))
      emit(ctx.out, { users }, table(users.map(({ createdAt: _c, ...u }) => u), 'no users'))
    },
  },
  {
    name: 'users delete',
    usage: 'users delete ID [--json]',
    summary: 'delete a user with their memberships and sessions',
    options: {},
    positionals: ['ID'],
    async run(ctx, { positionals }) {
      const userId = id(positionals[0], 'ID')
      await missing(ctx.services.accounts.deleteUser(ctx.operator, userId), `user ${userId} does not exist`)
      emit(ctx.out, { id: userId, deleted: true }, `user ${userId} deleted`)
    },
  },
]
