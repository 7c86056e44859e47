/**
 * The sign-up rule, written once. Which policy applies is effectiveSignup (brands.ts: only a
 * brand signs anyone up); what signing up under it does is SIGNUP below. users/identity.repository.ts
 * applies the rule in TypeScript; the login exchange (oauth/redeem-code.repository.ts) applies it inside
 * its one statement, atomically, with the SQL built here from the same table.
 * test/signup-rule.test.ts runs that SQL on every case and checks it against the functions.
 */
import type { SignupPolicy, Tenant, TenantRole } from '../../db/database.ts'
import { effectiveSignup } from './brands.ts'

type OpenPolicy = Exclude<SignupPolicy, 'closed'>

/** What signing up does under an open policy: the newcomer's role in the tenant, and whether they get a home tenant of their own (which they own). */
export const SIGNUP: Readonly<Record<OpenPolicy, { role: TenantRole; home: boolean }>> = {
  members: { role: 'member', home: false },
  customers: { role: 'customer', home: true },
}

/** What signing up under this tenant does; null when its policy in force is closed. */
export function signupRule(tenant: Pick<Tenant, 'parent_tenant_id' | 'marked_brand' | 'signup'>): { role: TenantRole; home: boolean } | null {
  const policy = effectiveSignup(tenant)
  return policy === 'closed' ? null : SIGNUP[policy]
}

const open = Object.entries(SIGNUP) as [OpenPolicy, { role: TenantRole; home: boolean }][]

/** The same rule as SQL expressions over a tenants row aliased `t` (or a policy column). */
export const signupSql = {
  /** effectiveSignup(t): the policy in force (a brand is a root or a marked tenant, as isBrand says). */
  effective: (t: string) => `case when ${t}.parent_tenant_id is null or ${t}.marked_brand then ${t}.signup else 'closed' end`,
  /** SIGNUP[policy].role */
  role: (policy: string) => `case ${open.map(([p, s]) => `when ${policy} = '${p}' then '${s.role}'`).join(' ')} end`,
  /** SIGNUP[policy].home */
  home: (policy: string) => `${policy} in (${open.filter(([, s]) => s.home).map(([p]) => `'${p}'`).join(', ')})`,
}
