/**
 * Renders an email from its effective settings: the tenant's overrides where the email is
 * branded, the platform defaults for everything left out. Placeholders are filled once;
 * the HTML part escapes values, the text part keeps them plain, a subject is one line.
 */
import type { EmailTypeTexts, Tenant } from '../../db/database.ts'
import { formatDate, formatDateTime, formatTime } from './dates.ts'
import { defaultTexts, type DefaultsContext, type EmailTexts } from './defaults.ts'
import { brandText, emailLocale, type EmailLocale } from './email-locale.ts'
import { catalogText } from './locales/catalog.ts'
import { renderLayout } from './layout.ts'
import { CUSTOMISABLE_TYPES, fill, type EmailType } from './placeholders.ts'

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

export interface EmailUser {
  email: string
  username?: string | null
  displayName?: string | null
}

export interface RenderInput {
  type: EmailType
  /** The tenant whose branding applies, or null for the platform's own. */
  tenant: Tenant | null
  /**
   * The tenant the email is for when it is not a brand and wears `tenant`'s look (a
   * customer's own tenant: tenancy/brands.ts). Its invitation then names it and the inviter,
   * and never reads as the brand's: the brand only delivers it.
   */
  onBehalfOf?: { name: string } | null
  /** Whether the tenant's customised texts apply (not just its branding). */
  customTexts: boolean
  user: EmailUser
  /** Type-specific values: loginCode, resetToken, ... */
  data: Readonly<Record<string, string>>
  /** Type-specific moments (resetTokenExp), written in the email's locale and the tenant's zone. */
  dates?: Readonly<Record<string, Date>>
  /** The recipient's locale (BCP 47; the account's, or the request's for an address with none); null: not known. */
  locale?: string | null
  /** The time {currentDate} and the like show (the sender's clock). */
  now: Date
  /** A tenant-set ctaLink as it may be used (normalised, on an origin verified for the tenant), or null; absent: none is. */
  linkAs?: (link: string) => string | null
}

export const PLATFORM_BRAND = { name: 'Trellis', buttonColor: '#2563eb', textColor: '#1f2937' }

/** The tenant's texts of the email, when they apply (customisable type, the tenant rule met). */
function tenantTexts(input: RenderInput): EmailTypeTexts {
  const customisable = (CUSTOMISABLE_TYPES as readonly string[]).includes(input.type)
  if (!input.tenant || !input.customTexts || !customisable) return {}
  return input.tenant.email_config.emailTypeConfig?.[input.type as (typeof CUSTOMISABLE_TYPES)[number]] ?? {}
}

function effectiveTexts(input: RenderInput, ctx: DefaultsContext, overrides: EmailTypeTexts, at: EmailLocale): EmailTexts {
  // a tenant's email opens the tenant's branded pages
  const pagesUrl = input.tenant ? `${ctx.publicUrl}/tenants/${input.tenant.id}` : ctx.publicUrl
  const out = defaultTexts(input.type, { ...ctx, pagesUrl, onBehalf: Boolean(input.onBehalfOf), timeZone: input.tenant?.time_zone ?? 'UTC', hasContact: Boolean(input.tenant?.email_address), locale: at.platform })
  for (const key of Object.keys(out) as (keyof EmailTexts)[]) {
    const text = brandText(overrides[key], at, key)
    // a link not (or no longer) on a verified origin gives way to the platform's own; one that is goes out normalised
    const value = key === 'ctaLink' && text ? (input.linkAs?.(text) ?? undefined) : text
    if (typeof value === 'string') out[key] = value
  }
  return out
}

const ROLE_KEYS: Record<string, 'roleOwner' | 'roleAdmin' | 'roleMember'> = { owner: 'roleOwner', admin: 'roleAdmin', member: 'roleMember' }

/** Values that read differently per locale: an invited role's name, the type's dates. */
function localisedValues(input: RenderInput, at: EmailLocale): Record<string, string> {
  const zone = input.tenant?.time_zone ?? 'UTC'
  const out: Record<string, string> = {}
  for (const [name, date] of Object.entries(input.dates ?? {})) out[name] = formatDateTime(date, zone, at.platform)
  const role = input.data.invitedRole ? ROLE_KEYS[input.data.invitedRole] : undefined
  if (role) out.invitedRole = catalogText(at.platform, 'layout', role)
  return out
}

export function placeholderValues(input: RenderInput, at: EmailLocale = emailLocale(input.locale, input.tenant?.default_locale, {})): Record<string, string> {
  const now = input.now
  const tenant = input.tenant
  const zone = tenant?.time_zone ?? 'UTC'
  const username = input.user.username ?? input.user.email.split('@')[0] ?? ''
  return {
    currentTimestamp: now.toISOString(),
    currentDate: formatDate(now, zone, at.platform),
    currentTime: formatTime(now, zone),
    'company.name': tenant?.name ?? PLATFORM_BRAND.name,
    'company.logoUrl': tenant?.logo_url ?? '',
    'company.address': tenant?.address ?? '',
    'company.zipCode': tenant?.zip_code ?? '',
    'company.countryCode': tenant?.country_code ?? '',
    'company.phoneNumber': tenant?.phone_number ?? '',
    'company.emailAddress': tenant?.email_address ?? '',
    'company.senderEmail': tenant?.sender_email ?? '',
    'user.username': username,
    'user.displayname': input.user.displayName || username,
    'user.email': input.user.email,
    ...input.data,
    ...localisedValues(input, at),
    // the inviting tenant's own name, never one the data could set
    tenantName: input.onBehalfOf?.name ?? tenant?.name ?? PLATFORM_BRAND.name,
  }
}

function plainText(t: EmailTexts, code: string, companyName: string, address: string): string {
  const parts = [t.title, t.contentBeforeCta, code]
  if (t.ctaLink && t.ctaLabel) parts.push(`${t.ctaLabel}: ${t.ctaLink}`)
  parts.push(t.contentAfterCta, `--\n${t.footerTitle}\n${companyName}${address ? `\n${address}` : ''}`)
  return parts.filter((p) => p.trim() !== '').join('\n\n')
}

export async function renderEmail(input: RenderInput, ctx: DefaultsContext): Promise<RenderedEmail> {
  const overrides = tenantTexts(input)
  const at = emailLocale(input.locale, input.tenant?.default_locale, overrides)
  const values = placeholderValues(input, at)
  const templates = effectiveTexts(input, ctx, overrides, at)
  const t = Object.fromEntries(
    Object.entries(templates).map(([key, template]) => [key, fill(template, values)]),
  ) as EmailTexts
  const subject = t.subject.replace(/[\r\n]+/g, ' ').trim()
  const tenant = input.tenant
  const brand = tenant?.email_config.template ?? {}
  const companyName = values['company.name'] ?? ''
  const address = [tenant?.address, [tenant?.zip_code, tenant?.country_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  // the login code stands on its own, in both parts, right after the text that asks for it
  const code = input.type === 'passwordlessLogin' ? (values.loginCode ?? '') : ''
  const html = await renderLayout({
    ...t,
    lang: at.locale,
    subject,
    code,
    companyName,
    companyAddress: address,
    logoUrl: tenant?.logo_url ?? '',
    buttonColor: brand.buttonColor ?? PLATFORM_BRAND.buttonColor,
    textColor: brand.textColor ?? PLATFORM_BRAND.textColor,
  })
  return { subject, html, text: plainText(t, code, companyName, address) }
}
