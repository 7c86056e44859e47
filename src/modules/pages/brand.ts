/**
 * The look of a hosted page: the tenant's name, logo and colours (the same settings its
 * emails use), falling back to the platform's. Colours are checked against #RGB/#RRGGBB
 * before they reach a stylesheet, and the text on a button is black or white, whichever
 * contrasts more with the tenant's button colour (WCAG relative luminance).
 */
import type { Tenant } from '../../db/database.ts'
import { PLATFORM_BRAND } from '../email/index.ts'

export interface Brand {
  name: string
  logoUrl: string | null
  accent: string
  onAccent: string
  text: string
  /** The tenant the page belongs to (its links keep the /tenants/{id} prefix), or null. */
  tenantId: number | null
}

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

function channels(hex: string): [number, number, number] {
  const h = hex.slice(1)
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export function brandOf(tenant: Tenant | null): Brand {
  const template = tenant?.email_config.template ?? {}
  const accent = template.buttonColor && COLOR.test(template.buttonColor) ? template.buttonColor : PLATFORM_BRAND.buttonColor
  let text = template.textColor && COLOR.test(template.textColor) ? template.textColor : PLATFORM_BRAND.textColor
  // body text sits on white: a tenant colour too pale to read falls back to the default
  if (contrast(text, '#ffffff') < 4.5) text = PLATFORM_BRAND.textColor
  return {
    name: tenant?.name ?? PLATFORM_BRAND.name,
    logoUrl: tenant?.logo_url ?? null,
    accent,
    onAccent: contrast(accent, '#ffffff') >= contrast(accent, '#000000') ? '#ffffff' : '#000000',
    text,
    tenantId: tenant?.id ?? null,
  }
}

/** A path under the brand's tenant prefix, so the next page keeps the branding. */
export function brandPath(brand: Brand, path: string): string {
  return brand.tenantId ? `/tenants/${brand.tenantId}${path}` : path
}
