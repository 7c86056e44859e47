/**
 * A tenant's fields: how a tenant and a member are shown, how a PATCH's fields become columns,
 * and the checks a field's value must pass before any query. No SQL: tenants.service.ts saves.
 */
import type { Updateable } from 'kysely'
import type { Tenant, TenantRole, TenantsTable } from '../../db/database.ts'
import { appErrors, validationError } from '../../lib/errors.ts'
import { canonicalLocale } from '../../lib/locale.ts'
import { BRAND_FIELDS, isBrand } from './brands.ts'
import { checkDomain } from './link-origins.ts'
import type { TenantView, UpdateTenantInput } from './tenants.schemas.ts'

/** The tenant as the caller may see it: a customer sees only the brand's public face. */
export function tenantView(t: Tenant, role: TenantRole | null = null): TenantView {
  const face = { id: t.id, name: t.name, logoUrl: t.logo_url, parentTenantId: t.parent_tenant_id }
  if (role === 'customer') return face
  return {
    ...face,
    emailAddress: t.email_address,
    address: t.address,
    phoneNumber: t.phone_number,
    zipCode: t.zip_code,
    countryCode: t.country_code,
    senderEmail: t.sender_email,
    timeZone: t.time_zone,
    defaultLocale: t.default_locale,
    signup: t.signup,
    brand: isBrand(t),
    linkDomains: t.link_domains,
    emailConfig: t.email_config as TenantView['emailConfig'],
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  }
}

export function memberView(m: { id: number; email: string; username: string; display_name: string | null; role: TenantRole; created_at: Date }) {
  return { userId: m.id, email: m.email, username: m.username, displayName: m.display_name, role: m.role, joinedAt: m.created_at.toISOString() }
}

export function checkTimeZone(zone: string | null | undefined): void {
  if (!zone) return
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
  } catch {
    throw appErrors.validation_failed(`timeZone: "${zone}" is not an IANA time zone`, [
      { field: 'body.timeZone', message: 'is not an IANA time zone (e.g. Europe/Berlin)' },
    ])
  }
}

const COLUMNS = {
  name: 'name',
  emailAddress: 'email_address',
  address: 'address',
  phoneNumber: 'phone_number',
  logoUrl: 'logo_url',
  zipCode: 'zip_code',
  countryCode: 'country_code',
  senderEmail: 'sender_email',
  timeZone: 'time_zone',
  defaultLocale: 'default_locale',
  signup: 'signup',
} as const

/** A stored value of a field: a country code upper-cased, a locale canonical ('nl-nl' -> 'nl-NL'). */
function stored(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (field === 'countryCode') return value.toUpperCase()
  if (field !== 'defaultLocale') return value
  const locale = canonicalLocale(value)
  if (locale === null) throw validationError([{ field: 'body.defaultLocale', message: 'is not a BCP 47 language tag' }])
  return locale
}

export function columns(input: UpdateTenantInput): Updateable<TenantsTable> {
  const out: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = (input as Record<string, unknown>)[field]
    if (value !== undefined) out[column] = stored(field, value)
  }
  if (input.brand !== undefined) out.marked_brand = input.brand
  if (input.linkDomains !== undefined) out.link_domains = JSON.stringify(input.linkDomains.map((d) => d.toLowerCase()))
  return out
}

/** The fields of an input, among `names`, that it sets. */
export function setFields(input: UpdateTenantInput, names: readonly string[]): string[] {
  return names.filter((name) => (input as Record<string, unknown>)[name] !== undefined)
}

/** The brand-only fields an input sets; `signup: closed` is what every other tenant has anyway. */
export function faceFields(input: UpdateTenantInput): string[] {
  return setFields(input, BRAND_FIELDS).filter((field) => !(field === 'signup' && input.signup === 'closed'))
}

export function checkDomains(domains: readonly string[] | undefined): void {
  const details = (domains ?? []).flatMap((domain, i) => {
    const problem = checkDomain(domain)
    return problem ? [{ field: `body.linkDomains.${i}`, message: problem }] : []
  })
  if (details.length) throw validationError(details)
}
