/**
 * Renders an email from its effective settings: the tenant's overrides where the email is
 * branded, the platform defaults for everything left out. Placeholders are filled once;
 * the HTML part escapes values, the text part keeps them plain, a subject is one line.
 */
import type { EmailTypeTexts, Tenant } from '../../db/database.ts'
import { formatDate, formatTime } from './dates.ts'
import { defaultTexts, type DefaultsContext, type EmailTexts } from './defaults.ts'
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
  /** Whether the tenant's customised texts apply (not just its branding). */
  customTexts: boolean
  user: EmailUser
  /** Type-specific values: loginCode, resetToken, ... */
  data: Readonly<Record<string, string>>
  /** The time {currentDate} and the like show (the sender's clock). */
  now: Date
  /** Whether a tenant-set ctaLink may be used (on an origin verified for the tenant); absent: none is. */
  linkOk?: (link: string) => boolean
}

export const PLATFORM_BRAND = { name: 'Trellis', buttonColor: '#2563eb', textColor: '#1f2937' }

function effectiveTexts(input: RenderInput, ctx: DefaultsContext): EmailTexts {
  // a tenant's email opens the tenant's branded pages
  const pagesUrl = input.tenant ? `${ctx.publicUrl}/tenants/${input.tenant.id}` : ctx.publicUrl
  const defaults = defaultTexts(input.type, { ...ctx, pagesUrl, timeZone: input.tenant?.time_zone ?? 'UTC', hasContact: Boolean(input.tenant?.email_address) })
  const customisable = (CUSTOMISABLE_TYPES as readonly string[]).includes(input.type)
  if (!input.tenant || !input.customTexts || !customisable) return defaults
  const overrides: EmailTypeTexts =
    input.tenant.email_config.emailTypeConfig?.[input.type as (typeof CUSTOMISABLE_TYPES)[number]] ?? {}
  const out = { ...defaults }
  for (const key of Object.keys(out) as (keyof EmailTexts)[]) {
    const value = overrides[key]
    // a link not (or no longer) on a verified origin gives way to the platform's own
    if (key === 'ctaLink' && value && !input.linkOk?.(value)) continue
    if (typeof value === 'string') out[key] = value
  }
  return out
}

export function placeholderValues(input: RenderInput): Record<string, string> {
  const now = input.now
  const tenant = input.tenant
  const zone = tenant?.time_zone ?? 'UTC'
  const username = input.user.username ?? input.user.email.split('@')[0] ?? ''
  return {
    currentTimestamp: now.toISOString(),
    currentDate: formatDate(now, zone),
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
  }
}

function plainText(t: EmailTexts, code: string, companyName: string, address: string): string {
  const parts = [t.title, t.contentBeforeCta, code]
  if (t.ctaLink && t.ctaLabel) parts.push(`${t.ctaLabel}: ${t.ctaLink}`)
  parts.push(t.contentAfterCta, `--\n${t.footerTitle}\n${companyName}${address ? `\n${address}` : ''}`)
  return parts.filter((p) => p.trim() !== '').join('\n\n')
}

export async function renderEmail(input: RenderInput, ctx: DefaultsContext): Promise<RenderedEmail> {
  const values = placeholderValues(input)
  const templates = effectiveTexts(input, ctx)
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
