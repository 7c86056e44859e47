/**
 * The message catalogs of the default email texts, one file per shipped locale, read through
 * the one i18n of pages, emails and console (lib/i18n.ts). English (en.ts) is the reference:
 * its keys are the catalog's keys, and at run time a key another locale lacks (or leaves
 * empty) is taken from English, so a mail never carries a blank. catalog.test.ts (next to this
 * file) fails when any locale lacks a key English has. A text's `%{name}` markers are the
 * platform's settings (EMAIL_TEXTS.text fills them); its `{{name}}` placeholders are filled per
 * email later (placeholders.ts).
 */
import { createI18n, type Catalogs, type KeyOf } from '../../../lib/i18n.ts'
import type { SupportedLocale } from '../../../lib/locale.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import { fr } from './fr.ts'
import { nl } from './nl.ts'

import type { Catalog, CatalogSection } from './types.ts'
export type { Catalog, CatalogSection, LocaleCatalog } from './types.ts'

export const CATALOGS: Catalogs<Catalog> = { en, nl, de, fr }

/** The emails' texts; `%{name}` marks a setting of the platform. */
export const EMAIL_TEXTS = createI18n(CATALOGS, /%\{(\w+)\}/g)

/** A key of a section, as the one i18n names it (`section.key`). */
export const catalogKey = <S extends CatalogSection>(section: S, key: keyof Catalog[S] & string) =>
  // a section and one of its keys, joined: exactly one of KeyOf<Catalog>'s `section.key` forms
  `${section}.${key}` as KeyOf<Catalog>

/** The text of a key in a locale; English when that locale lacks it. */
export function catalogText<S extends CatalogSection>(locale: SupportedLocale, section: S, key: keyof Catalog[S] & string): string {
  return EMAIL_TEXTS.template(locale, catalogKey(section, key))
}

/** Every key of the reference catalog, as `section.key` (the completeness test walks them). */
export function catalogKeys(): string[] {
  return EMAIL_TEXTS.keys()
}
