/**
 * The sign-up rule, written once. Which policy applies is effectiveSignup (brands.ts: only a
 * brand signs anyone up); whether it signs anyone up is signupOpen; what signing up under it
 * does is SIGNUP, and a newcomer's home tenant is HOME. users/identity.repository.ts applies the
 * rule in TypeScript (signup.repository.ts's joinOnSignup); the login exchange (oauth/redeem-code.repository.ts)
 * applies it inside its one statement, atomically, with the SQL built here from the same
 * definitions. test/signup-rule.test.ts runs that SQL on every case and checks it against the
 * functions. A rule file holds the rule and the SQL built from it (test/sql-placement.test.ts).
 */
import type { SignupPolicy, Tenant, TenantRole } from '../../db/database.ts'
import { effectiveSignup } from './brands.ts'

const CLOSED = 'closed' satisfies SignupPolicy
type OpenPolicy = Exclude<SignupPolicy, typeof CLOSED>
type SignupTenant = Pick<Tenant, 'parent_tenant_id' | 'marked_brand' | 'signup'>

/** What signing up does under an open policy: the newcomer's role in the tenant, and whether they get a home tenant of their own (which they own). */
export const SIGNUP: Readonly<Record<OpenPolicy, { role: TenantRole; home: boolean }>> = {
  members: { role: 'member', home: false },
  customers: { role: 'customer', home: true },
}

/** A newcomer's home tenant: under the tenant they signed up in, named after the proven address (never a name they chose: brands.ts), theirs to own. */
export const HOME = { role: 'owner', emailConfig: '{}' } as const satisfies { role: TenantRole; emailConfig: string }

/** Whether the tenant signs anyone up (its policy in force is not closed). */
export function signupOpen(tenant: SignupTenant): boolean {
  return effectiveSignup(tenant) !== CLOSED
}

/** What signing up under this tenant does; null when its policy in force is closed. */
export function signupRule(tenant: SignupTenant): { role: TenantRole; home: boolean } | null {
  const policy = effectiveSignup(tenant)
  return policy === CLOSED ? null : SIGNUP[policy]
}

const open = Object.entries(SIGNUP) as [OpenPolicy, { role: TenantRole; home: boolean }][]
const effective = (t: string) => `case when ${t}.parent_tenant_id is null or ${t}.marked_brand then ${t}.signup else '${CLOSED}' end`

/** The same rule as SQL expressions over a tenants row aliased `t` (or a policy column). */
export const signupSql = {
  /** effectiveSignup(t): the policy in force (a brand is a root or a marked tenant, as isBrand says). */
  effective,
  /** signupOpen(t) */
  open: (t: string) => `(${effective(t)}) <> '${CLOSED}'`,
  /** SIGNUP[policy].role */
  role: (policy: string) => `case ${open.map(([p, s]) => `when ${policy} = '${p}' then '${s.role}'`).join(' ')} end`,
  /** SIGNUP[policy].home */
  home: (policy: string) => `${policy} in (${open.filter(([, s]) => s.home).map(([p]) => `'${p}'`).join(', ')})`,
  /** joinOnSignup's home tenant: the values of (name, parent_tenant_id, email_config) for a newcomer's address and the tenant's id. */
  homeTenant: (email: string, parentId: string) => `${email}, ${parentId}, '${HOME.emailConfig}'::jsonb`,
  /** joinOnSignup's role in the home tenant. */
  homeRole: `'${HOME.role}'`,
}
