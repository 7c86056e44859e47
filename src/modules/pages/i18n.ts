/**
 * The language a hosted page speaks, and its texts. Which locale: the authorization request's
 * `ui_locales` (OpenID Connect Core 3.1.2.1; carried in the sign-in forms so every step and
 * error page keeps it), else the signed-in account's locale, else Accept-Language, else
 * English (negotiateLocale, src/lib/i18n.ts). Texts come from the catalogs in ./locales, one per
 * locale, through the one i18n of pages, emails and console (lib/i18n.ts); a key a catalog lacks
 * reads in English. A `{name}` in a text is filled from the values given:
 * the text itself and every plain string value are escaped as HTML, markup values (`html`...)
 * are kept, so a translation cannot inject markup and a value cannot either.
 */
import type { User } from '../../db/database.ts'
import { createI18n, LOCALE_NAMES, negotiateLocale, isSupportedLocale, type Catalogs, type I18n, type KeyOf, type Texts } from '../../lib/i18n.ts'
import { requestedLocales, type SupportedLocale } from '../../lib/locale.ts'
import { render, SafeHtml, type Part } from './html.ts'
import { de } from './locales/de.ts'
import { en, type PageMessageKey } from './locales/en.ts'
import { fr } from './locales/fr.ts'
import { nl } from './locales/nl.ts'

export type { PageMessageKey } from './locales/en.ts'
export { isSupportedLocale, LOCALE_NAMES }

/** Every shipped catalog (each typed complete, as PageCatalog); a key one lacks at run time reads in English. */
export const PAGE_CATALOGS: Catalogs<typeof en> = { en, nl, de, fr }

/** The pages' texts, through the one i18n (lib/i18n.ts). */
export const PAGE_TEXTS = createI18n(PAGE_CATALOGS)

/** The longest `ui_locales` kept: a few tags are plenty, and it travels in every form. */
const MAX_UI_LOCALES = 200

/** A module's texts in one locale, as markup or as plain text. */
export interface MarkupTranslator<K extends string> {
  locale: SupportedLocale
  /** A text as markup: the text escaped, `{name}` filled with `values` (strings escaped, markup kept). */
  t(key: K, values?: Record<string, Part>): SafeHtml
  /** A text as plain text (for a title or a notice, escaped where it is placed). */
  text(key: K, values?: Record<string, string | number>): string
}

export type Translator = MarkupTranslator<PageMessageKey>

/** A translator for the pages' catalogs or another module's drawn with the pages' markup (the console's). */
export function markupTranslator<C extends Texts>(texts: I18n<C>, locale: SupportedLocale): MarkupTranslator<KeyOf<C>> {
  return {
    locale,
    t(key, values = {}) {
      // even pieces are text, odd ones placeholder names (lib/i18n.ts pieces)
      const pieces = texts.pieces(locale, key)
      return new SafeHtml(pieces.map((piece, i) => (i % 2 === 0 ? render(piece) : render(values[piece] ?? `{${piece}}`))).join(''))
    },
    text: (key, values) => texts.text(locale, key, values),
  }
}

export function translator(locale: SupportedLocale): Translator {
  return markupTranslator(PAGE_TEXTS, locale)
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
  return negotiateLocale({ explicit: input.uiLocales }, input.accountLocale, { acceptLanguage: input.acceptLanguage })
}

/** The locale an account chose (`users.locale`); null: none, and the page follows the browser. */
export function accountLocaleOf(user: Pick<User, 'locale'>): string | null {
  return user.locale
}
