/**
 * Which language an email speaks, and which of a brand's texts it takes. One order for a
 * recipient: the account's locale, then its language, then the brand's default locale, then
 * the platform's English. The email's locale is decided once, among the locales the platform
 * ships and those the brand wrote texts in; then each field takes the brand's text in that
 * order (a plain string is the brand's default locale's), else the platform's default text
 * in the best shipped locale, so what a brand wrote is never dropped for a platform text.
 */
import type { EmailTypeTexts, LocalizedText } from '../../db/database.ts'
import { negotiateLocale } from '../../lib/i18n.ts'
import { matchLocale, pickLocale, SUPPORTED_LOCALES, FALLBACK_LOCALE, type SupportedLocale } from '../../lib/locale.ts'

export interface EmailLocale {
  /** The tags wanted, best first: the account's locale, then the brand's default. */
  wanted: (string | null)[]
  /** The locale the email is in (a shipped one, or one the brand wrote texts in). */
  locale: string
  /** The shipped locale of the platform's default words and of dates. */
  platform: SupportedLocale
}

/** The locales a brand's texts of one email type are written in. */
function localesOf(texts: EmailTypeTexts, brandDefault: string): string[] {
  const out = new Set<string>()
  for (const value of Object.values(texts)) {
    if (typeof value === 'string') out.add(brandDefault)
    else if (value) for (const tag of Object.keys(value)) out.add(tag)
  }
  return [...out]
}

export function emailLocale(recipient: string | null | undefined, brandDefault: string | null | undefined, texts: EmailTypeTexts): EmailLocale {
  // a brand that named no default locale writes in English, the platform's own
  const brand = brandDefault ?? FALLBACK_LOCALE
  const wanted = [recipient ?? null, brand]
  const available = [...SUPPORTED_LOCALES, ...localesOf(texts, brand)]
  const locale = pickLocale(wanted, available, FALLBACK_LOCALE)
  return { wanted, locale, platform: negotiateLocale(locale, ...wanted) }
}

/** A brand's text for the recipient, or undefined when the brand wrote none that fits (the platform's applies). */
export function brandText(value: LocalizedText | undefined, at: EmailLocale): string | undefined {
  if (value === undefined || typeof value === 'string') return value
  const tag = matchLocale([at.locale, ...at.wanted], Object.keys(value))
  return tag === null ? undefined : value[tag]
}
