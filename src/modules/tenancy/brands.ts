/**
 * Tenant kinds: who may lend the platform's name.
 *
 * Threat model. Anyone can sign up under an open brand and own a tenant of their own. If
 * that tenant could choose the name, logo, texts and links its emails and pages show, a
 * stranger could send "Big Bank Security" mail from the platform's sender and serve a
 * "Sign in · Big Bank Security" page on the platform's origin, in one PATCH. So only a
 * **brand** lends a look: a tenant with no parent (only the platform creates those), or one
 * the platform marked (`marked_brand`). Every other tenant wears its nearest brand's look and
 * texts (pages, emails, placeholders, sender) and follows no sign-up policy of its own
 * (sign-up is closed under it); it still manages its own spaces, devices and members.
 * Which fields only a brand may set is in `BRAND_FIELDS`; the policy (policy.ts,
 * `tenants.brand`) refuses them elsewhere, and what an older row still holds is ignored here.
 * One thing is the tenant's own: its name (the platform's choice, or its owner's proven
 * address at sign-up). Its invitations name it and the inviter's address, and say the brand
 * only delivers them: the brand's name never reads as the inviter (email/renderer.ts).
 */
import type { SignupPolicy, Tenant } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { findTenant } from './tenants.repository.ts'

/** Settings that make up a brand's face: refused on any other tenant. */
export const BRAND_FIELDS = ['name', 'logoUrl', 'senderEmail', 'signup', 'emailConfig', 'defaultLocale'] as const

/** Settings only the platform sets: the mark itself and the approved link domains. */
export const PLATFORM_FIELDS = ['brand', 'linkDomains'] as const

export function isBrand(tenant: Pick<Tenant, 'parent_tenant_id' | 'marked_brand'>): boolean {
  return tenant.parent_tenant_id === null || tenant.marked_brand
}

/** The sign-up policy in force: a tenant that is not a brand signs nobody up. */
export function effectiveSignup(tenant: Pick<Tenant, 'parent_tenant_id' | 'marked_brand' | 'signup'>): SignupPolicy {
  return isBrand(tenant) ? tenant.signup : 'closed'
}

/** How far up a tree the look is looked for (a tree is a few levels deep; a cycle cannot be made, but stays bounded). */
const MAX_DEPTH = 16

/** The tenant whose look and texts `tenant` wears: itself when it is a brand, else its nearest brand above. */
export async function lookOf(db: Executor, tenant: Tenant): Promise<Tenant> {
  let current = tenant
  for (let depth = 0; depth < MAX_DEPTH && !isBrand(current); depth++) {
    const parent = current.parent_tenant_id === null ? undefined : await findTenant(db, current.parent_tenant_id)
    if (!parent) break
    current = parent
  }
  return current
}

/** The look of a tenant by id (null: the platform's own); undefined when there is no such tenant. */
export async function lookOfId(db: Executor, tenantId: number | null | undefined): Promise<Tenant | null | undefined> {
  if (!tenantId) return null
  const tenant = await findTenant(db, tenantId)
  return tenant ? lookOf(db, tenant) : undefined
}
