/**
 * Which language an email speaks, and which of a brand's texts it takes. An email speaks one
 * language from subject to footer: a brand's title in English above the platform's Dutch body
 * is two emails' worth of half a sentence each.
 *
 * The rule, decided once per email:
 * - the brand wrote no texts for this email type: the recipient's locale (the account's, then
 *   its language, then the brand's default, then English) among the shipped ones, all in the
 *   platform's words;
 * - the brand wrote texts in the recipient's locale (or its language): that locale, the brand's
 *   texts in it, the platform's words in it for the fields the brand left out;
 * - the brand wrote texts, none in the recipient's locale: the whole email falls back to one
 *   locale the brand wrote in (its default locale when it wrote in that, else English when it
 *   wrote in that, else the first it wrote in), with the platform's words in that locale around
 *   them. The recipient's own locale would leave the brand's wording out entirely; the brand
 *   chose its words, so its language wins over a half-translated mail.
 *
 * A plain string is the brand's default locale's text. A field's text in another locale than
 * the email's is left out, never mixed in. The button's link is no language: it counts toward
 * no locale, and is taken in the email's locale where the brand wrote one per locale, else in
 * any of the recipient's order.
 */
import type { EmailTypeTexts, LocalizedText } from '../../db/database.ts'
import { negotiateLocale } from '../../lib/i18n.ts'
import { matchLocale, pickLocale, SUPPORTED_LOCALES, FALLBACK_LOCALE, type SupportedLocale } from '../../lib/locale.ts'

export interface EmailLocale {
  /** The tags wanted, best first: the account's locale, then the brand's default. */
  wanted: (string | null)[]
  /** The locale the email is in (a shipped one, or one the brand wrote texts in). */
  locale: string
  /** The shipped locale of the platform's default words and of dates: the email's, else English. */
  platform: SupportedLocale
  /** The locale of the brand's plain-string texts (its default locale, else English). */
  brandDefault: string
}

/** The locales a brand's texts of one email type are written in (its link speaks none). */
function localesOf(texts: EmailTypeTexts, brandDefault: string): string[] {
  const out = new Set<string>()
  for (const [field, value] of Object.entries(texts) as [keyof EmailTypeTexts, LocalizedText | undefined][]) {
    if (field === 'ctaLink') continue
    if (typeof value === 'string') out.add(brandDefault)
    else if (value) for (const tag of Object.keys(value)) out.add(tag)
  }
  return [...out]
}

export function emailLocale(recipient: string | null | undefined, brandDefault: string | null | undefined, texts: EmailTypeTexts): EmailLocale {
  // a brand that named no default locale writes in English, the platform's own
  const brand = brandDefault ?? FALLBACK_LOCALE
  const wanted = [recipient ?? null, brand]
  const written = localesOf(texts, brand)
  const locale =
    written.length === 0
      ? pickLocale(wanted, SUPPORTED_LOCALES, FALLBACK_LOCALE)
      : (matchLocale([recipient], written) ?? matchLocale([brand, FALLBACK_LOCALE], written) ?? written[0] ?? FALLBACK_LOCALE)
  // the platform's words in the email's own language only: a locale it does not ship reads in English
  return { wanted, locale, platform: negotiateLocale(locale), brandDefault: brand }
}

/** The locale an email is sent in to a recipient whose locale is `recipient` (the console's editor names it). */
export function sentInLocale(recipient: string | null, brandDefault: string | null, texts: EmailTypeTexts): string {
  return emailLocale(recipient, brandDefault, texts).locale
}

/** The brand's text of a field in the email's locale, or undefined when it wrote none in it (the platform's applies). */
export function brandText(value: LocalizedText | undefined, at: EmailLocale, field: keyof EmailTypeTexts): string | undefined {
  if (value === undefined) return undefined
  const perLocale = typeof value === 'string' ? { [at.brandDefault]: value } : value
  const tags = Object.keys(perLocale)
  const tag = field === 'ctaLink' ? matchLocale([at.locale, ...at.wanted], tags) : matchLocale([at.locale], tags)
  return tag === null ? undefined : perLocale[tag]
}
