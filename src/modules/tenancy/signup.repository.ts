/** A newcomer joins a tenant per the sign-up rule (signup.rule.ts), in the caller's transaction. */
import type { Tenant, TenantRole } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { HOME } from './signup.rule.ts'
import { addMembership, insertTenant } from './tenants.repository.ts'

/** A newcomer joins the tenant per its rule, with a home tenant of their own when the rule gives one. */
export async function joinOnSignup(trx: Executor, tenant: Pick<Tenant, 'id'>, user: { id: number; email: string }, rule: { role: TenantRole; home: boolean }): Promise<void> {
  await addMembership(trx, tenant.id, user.id, rule.role)
  if (!rule.home) return
  const home = await insertTenant(trx, { name: user.email, parent_tenant_id: tenant.id, email_config: HOME.emailConfig })
  await addMembership(trx, home.id, user.id, HOME.role)
}
