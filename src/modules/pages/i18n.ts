/**
 * The language a hosted page speaks, and its texts. Which locale: the authorization request's
 * `ui_locales` (OpenID Connect Core 3.1.2.1; carried in the sign-in forms so every step and
 * error page keeps it), else the signed-in account's locale, else Accept-Language, else
 * English (src/lib/locale.ts). Texts come from the catalogs in ./locales, one per locale; a
 * key a catalog lacks reads in English. A `{name}` in a text is filled from the values given:
 * the text itself and every plain string value are escaped as HTML, markup values (`html`...)
 * are kept, so a translation cannot inject markup and a value cannot either.
 */
import type { User } from '../../db/database.ts'
import { FALLBACK_LOCALE, requestedLocales, SUPPORTED_LOCALES, supportedLocale, type SupportedLocale } from '../../lib/locale.ts'
import { render, SafeHtml, type Part } from './html.ts'
import { de } from './locales/de.ts'
import { en, type PageCatalog, type PageMessageKey } from './locales/en.ts'
import { fr } from './locales/fr.ts'
import { nl } from './locales/nl.ts'

export type { PageMessageKey } from './locales/en.ts'

/** Every shipped catalog; read as partial so that a key one lacks falls back to English. */
export const PAGE_CATALOGS: Record<SupportedLocale, Partial<PageCatalog>> = { en, nl, de, fr }

/** The longest `ui_locales` kept: a few tags are plenty, and it travels in every form. */
const MAX_UI_LOCALES = 200

/** Each locale's own name, as the language selector lists it. */
export const LOCALE_NAMES: Record<SupportedLocale, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français' }

export interface Translator {
  locale: SupportedLocale
  /** A text as markup: the text escaped, `{name}` filled with `values` (strings escaped, markup kept). */
  t(key: PageMessageKey, values?: Record<string, Part>): SafeHtml
  /** A text as plain text (for a title or a notice, escaped where it is placed). */
  text(key: PageMessageKey, values?: Record<string, string | number>): string
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g

function template(locale: SupportedLocale, key: PageMessageKey): string {
  const own = PAGE_CATALOGS[locale][key]
  return own ? own : en[key]
}

export function translator(locale: SupportedLocale): Translator {
  return {
    locale,
    t(key, values = {}) {
      const pieces = template(locale, key).split(PLACEHOLDER)
      // split with a capture group: even indexes are text, odd ones are placeholder names
      return new SafeHtml(pieces.map((piece, i) => (i % 2 === 0 ? render(piece) : render(values[piece] ?? `{${piece}}`))).join(''))
    },
    text(key, values = {}) {
      return template(locale, key).replace(PLACEHOLDER, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])))
    },
  }
}

/** A `ui_locales` value worth keeping: its valid tags, space-separated, or null. */
export function cleanUiLocales(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_UI_LOCALES) return null
  const tags = requestedLocales({ explicit: value })
  return tags.length > 0 ? tags.join(' ') : null
}

export interface LocaleInput {
  /** OpenID Connect `ui_locales` of the sign-in (space-separated tags, best first). */
  uiLocales?: string | null
  /** The signed-in account's chosen locale, if any (accountLocaleOf). */
  accountLocale?: string | null
  acceptLanguage?: string | null
}

/** The shipped locale a page speaks: ui_locales, then the account's, then Accept-Language, then English. */
export function pageLocale(input: LocaleInput): SupportedLocale {
  return supportedLocale(
    ...requestedLocales({ explicit: input.uiLocales }),
    input.accountLocale,
    ...requestedLocales({ acceptLanguage: input.acceptLanguage }),
    FALLBACK_LOCALE,
  )
}

/** The locale an account chose (`users.locale`); null: none, and the page follows the browser. */
export function accountLocaleOf(user: Pick<User, 'locale'>): string | null {
  return user.locale
}

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value)
}
