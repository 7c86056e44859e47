/**
 * The message catalogs of the default email texts, one file per shipped locale. English
 * (en.ts) is the reference: its keys are the catalog's keys, and at run time a key another
 * locale lacks (or leaves empty) is taken from English, so a mail never carries a blank.
 * catalog.test.ts (next to this file) fails when any locale lacks a key English has.
 */
import type { SupportedLocale } from '../../../lib/locale.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import { fr } from './fr.ts'
import { nl } from './nl.ts'

import type { Catalog, CatalogSection, LocaleCatalog } from './types.ts'
export type { Catalog, CatalogSection, LocaleCatalog } from './types.ts'

export const CATALOGS: Record<SupportedLocale, LocaleCatalog> = { en, nl, de, fr }

/** The text of a key in a locale; English when that locale lacks it. */
export function catalogText<S extends CatalogSection>(locale: SupportedLocale, section: S, key: keyof Catalog[S] & string): string {
  const own = (CATALOGS[locale][section] as Record<string, string | undefined> | undefined)?.[key]
  if (own) return own
  return (en[section] as Record<string, string>)[key] ?? ''
}

/** Every key of the reference catalog, as `section.key` (the completeness test walks them). */
export function catalogKeys(): string[] {
  return Object.entries(en).flatMap(([section, texts]) => Object.keys(texts).map((key) => `${section}.${key}`))
}
