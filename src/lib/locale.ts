import Negotiator from 'negotiator'

/**
 * Locales: which language a person is spoken to in. Every email and hosted page ships in the
 * locales below; a brand may add its own texts per locale. One resolution order everywhere:
 * the account's locale, then its language, then the brand's default locale, then English.
 * Accept-Language is parsed by `negotiator` (q-values, wildcards), the header parser Express and
 * Fastify's accepts use; tags are checked and canonicalised by the built-in Intl.
 */

/** The locales whose default texts ship with Trellis. English is the last resort. */
export const SUPPORTED_LOCALES = ['en', 'nl', 'de', 'fr'] as const
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]
export const FALLBACK_LOCALE: SupportedLocale = 'en'

/** Longest tag accepted as a locale; BCP 47 tags in use are far shorter. */
export const MAX_LOCALE_LENGTH = 35

/** The canonical form of a BCP 47 tag ('nl-nl' -> 'nl-NL'), or null when it is not one. */
export function canonicalLocale(tag: string): string | null {
  if (tag.length === 0 || tag.length > MAX_LOCALE_LENGTH || tag === '*') return null
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}

/** The language of a tag ('nl-BE' -> 'nl'). */
export function languageOf(tag: string): string {
  const canonical = canonicalLocale(tag)
  return canonical === null ? tag.toLowerCase() : new Intl.Locale(canonical).language
}

/**
 * The tags a request asks for, best first: an explicit list (a `locale` field, or OpenID
 * Connect's space-separated `ui_locales`) wins over Accept-Language. Invalid tags are dropped.
 */
export function requestedLocales(input: { explicit?: string | null; acceptLanguage?: string | null }): string[] {
  const explicit = (input.explicit ?? '').split(/\s+/).filter((t) => t !== '')
  const fromHeader = input.acceptLanguage ? new Negotiator({ headers: { 'accept-language': input.acceptLanguage } }).languages() : []
  const out: string[] = []
  for (const tag of [...explicit, ...fromHeader]) {
    const canonical = canonicalLocale(tag)
    if (canonical !== null && !out.includes(canonical)) out.push(canonical)
  }
  return out
}

/**
 * The first of `wanted` that `available` has, by exact tag and then by language; null when
 * none matches. `wanted` is in order of preference (account locale, brand default, ...).
 */
export function matchLocale<T extends string>(wanted: readonly (string | null | undefined)[], available: readonly T[]): T | null {
  for (const tag of wanted) {
    if (!tag) continue
    const canonical = canonicalLocale(tag)
    if (canonical === null) continue
    const exact = available.find((a) => a.toLowerCase() === canonical.toLowerCase())
    if (exact) return exact
    const language = languageOf(canonical)
    const byLanguage = available.find((a) => languageOf(a) === language)
    if (byLanguage) return byLanguage
  }
  return null
}

/** matchLocale, with `fallback` when nothing matches. */
export function pickLocale<T extends string>(wanted: readonly (string | null | undefined)[], available: readonly T[], fallback: T): T {
  return matchLocale(wanted, available) ?? fallback
}

/**
 * The locale a new account is given from its sign-up request: the first valid tag of an
 * explicit `locale` (or `ui_locales`), else of Accept-Language, canonicalised; null when
 * the request names none. Any valid tag is kept, shipped or not: a brand may write texts in it.
 */
export function signupLocale(input: { explicit?: string | null; acceptLanguage?: string | null }): string | null {
  return requestedLocales(input)[0] ?? null
}

/** The shipped locale to speak in for a tag (or list of tags in order), English when none is shipped. */
export function supportedLocale(...wanted: (string | null | undefined)[]): SupportedLocale {
  return pickLocale(wanted, SUPPORTED_LOCALES, FALLBACK_LOCALE)
}
