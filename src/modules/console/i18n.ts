/**
 * The console's texts, through the one i18n of pages, emails and console (lib/i18n.ts), drawn
 * with the pages' markup (escaped text, values filled). The console is the operators' and the
 * brands' admins' tool and speaks English: no other locale ships a catalog yet, so each reads
 * English's keys (a partial catalog falls back to English key by key), and the page says
 * `lang="en"`. What the brands' customers read (pages, emails) is in their language.
 */
import { createI18n, FALLBACK_LOCALE, type Catalogs } from '../../lib/i18n.ts'
import { markupTranslator } from '../pages/index.ts'
import { en } from './locales/en.ts'

export const CONSOLE_CATALOGS: Catalogs<typeof en> = { en, nl: {}, de: {}, fr: {} }

export const CONSOLE_TEXTS = createI18n(CONSOLE_CATALOGS)

/** The console's language, and its texts in it. */
export const consoleText = markupTranslator(CONSOLE_TEXTS, FALLBACK_LOCALE)
