/**
 * An email's texts in one language. A brand's field is a plain string (written in its
 * default locale) or one text per locale (tenancy/email-config.ts); the console edits one
 * locale at a time and saves the whole field, as a PATCH of a field's object replaces its
 * other locales: so the other locales are carried over here, never dropped.
 */
import type { FastifyRequest } from 'fastify'
import type { EmailTypeTexts, LocalizedText, Tenant } from '../../db/database.ts'
import { FALLBACK_LOCALE, isSupportedLocale, SUPPORTED_LOCALES } from '../../lib/i18n.ts'
import { field } from '../pages/index.ts'

/** The languages the editor offers: the ones the platform ships default texts in. */
export const EDITOR_LOCALES = SUPPORTED_LOCALES
export type EditorLocale = (typeof EDITOR_LOCALES)[number]

const isEditorLocale = isSupportedLocale

/** The brand's default locale: what its plain strings are written in. */
export function defaultLocaleOf(tenant: Tenant): string {
  return tenant.default_locale ?? FALLBACK_LOCALE
}

/** The locale the page edits: `?locale=` (or the form's), else the brand's default; an unknown one is the default. */
export function localeOf(request: FastifyRequest, tenant: Tenant): string {
  const query = (request.query as { locale?: unknown } | undefined)?.locale
  const asked = typeof query === 'string' ? query : field(request, 'locale')
  if (asked && isEditorLocale(asked)) return asked
  const fallback = defaultLocaleOf(tenant)
  return isEditorLocale(fallback) ? fallback : FALLBACK_LOCALE
}

/** A saved field as the editor shows it in `locale`: a plain string belongs to the default locale. */
export function textOf(value: LocalizedText | null | undefined, locale: string, defaultLocale: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return locale === defaultLocale ? value : ''
  return value[locale] ?? ''
}

/** One field after the form's text for `locale` (empty: that locale's text removed); undefined when nothing is left. */
function mergedField(saved: LocalizedText | undefined, text: string, locale: string, defaultLocale: string): LocalizedText | undefined {
  const perLocale: Record<string, string> = typeof saved === 'string' ? { [defaultLocale]: saved } : { ...(saved ?? {}) }
  if (text) perLocale[locale] = text
  else delete perLocale[locale]
  const tags = Object.keys(perLocale)
  if (tags.length === 0) return undefined
  // only the default locale's text: keep it a plain string, as it was written
  if (tags.length === 1 && tags[0] === defaultLocale && typeof saved !== 'object') return perLocale[defaultLocale]
  return perLocale
}

/** The saved texts with `locale`'s replaced by the form's: what saving the form stores, every other locale kept. */
export function withLocale(keys: readonly (keyof EmailTypeTexts)[], saved: EmailTypeTexts, form: EmailTypeTexts, locale: string, defaultLocale: string): EmailTypeTexts {
  const out: EmailTypeTexts = {}
  for (const key of keys) {
    const text = form[key]
    const value = mergedField(saved[key], typeof text === 'string' ? text : '', locale, defaultLocale)
    if (value !== undefined) out[key] = value
  }
  return out
}
