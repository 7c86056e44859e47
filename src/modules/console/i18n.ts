/**
 * The console's texts, through the one i18n of pages, emails and console (lib/i18n.ts), drawn
 * with the pages' markup (escaped text, values filled). The console speaks the language the
 * hosted pages would speak to the same request (PageKit.locale: `ui_locales`, the signed-in
 * account's locale, Accept-Language, else English), from catalogs of its own in ./locales, one
 * per shipped locale, each typed complete.
 */
import { createI18n, FALLBACK_LOCALE, type Catalogs, type SupportedLocale } from '../../lib/i18n.ts'
import { markupTranslator, type MarkupTranslator } from '../pages/index.ts'
import { de } from './locales/de.ts'
import { en, type ConsoleMessageKey } from './locales/en.ts'
import { fr } from './locales/fr.ts'
import { nl } from './locales/nl.ts'

export const CONSOLE_CATALOGS: Catalogs<typeof en> = { en, nl, de, fr }

export const CONSOLE_TEXTS = createI18n(CONSOLE_CATALOGS)

/** The console's texts in one locale, as markup or as plain text. */
export type ConsoleText = MarkupTranslator<ConsoleMessageKey>

const TRANSLATORS: Record<SupportedLocale, ConsoleText> = {
  en: markupTranslator(CONSOLE_TEXTS, 'en'),
  nl: markupTranslator(CONSOLE_TEXTS, 'nl'),
  de: markupTranslator(CONSOLE_TEXTS, 'de'),
  fr: markupTranslator(CONSOLE_TEXTS, 'fr'),
}

/** The console's texts in `locale`. */
export function consoleTranslator(locale: SupportedLocale): ConsoleText {
  return TRANSLATORS[locale]
}

/** The console's texts in English, for what speaks to nobody in particular (tests, logs). */
export const consoleText = consoleTranslator(FALLBACK_LOCALE)
