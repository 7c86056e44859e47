/**
 * One i18n for the hosted pages, the emails and the console. Each module keeps its own message
 * catalogs, typed TypeScript, one file per shipped locale: English is the reference, whose keys
 * are the catalog's keys (grouped one level deep where a module groups them: `section.key`).
 * This file gives each of them the same four things:
 * - which locale to speak (negotiateLocale): the first of the sources given, in order (an
 *   explicit tag or list, an account's locale, Accept-Language) that a shipped locale answers,
 *   by exact tag and then by language (locale.ts), else English;
 * - a text by key (createI18n's template): the locale's own, or English's where that locale lacks
 *   it or leaves it blank, so nobody is ever shown a blank or a key;
 * - placeholders: a marker in a text (`{name}`, or the module's own form, like the emails'
 *   `%{name}`) filled from the values given; a marker with no value stays as written;
 * - completeness (missing): each key of English a locale lacks or leaves blank. A catalog typed
 *   as complete fails the typecheck when a key is missing; each module's catalog test asks
 *   missing() for the rest, so a missing key fails the build or a test, never a person's page.
 */
import { FALLBACK_LOCALE, requestedLocales, SUPPORTED_LOCALES, supportedLocale, type SupportedLocale } from './locale.ts'

export { FALLBACK_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from './locale.ts'

/** Each shipped locale's own name, as a language selector lists it. */
export const LOCALE_NAMES: Readonly<Record<SupportedLocale, string>> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français' }

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value)
}

/** Where a wish for a locale comes from: a tag (or null: none), an explicit list of tags, or an Accept-Language header. */
export type LocaleSource = string | null | undefined | { explicit: string | null | undefined } | { acceptLanguage: string | null | undefined }

/** The shipped locale to speak: the first source, in order, that one answers; English when none does. */
export function negotiateLocale(...sources: readonly LocaleSource[]): SupportedLocale {
  const wanted = sources.flatMap((source) => (source === null || source === undefined || typeof source === 'string' ? [source] : requestedLocales(source)))
  return supportedLocale(...wanted, FALLBACK_LOCALE)
}

/** A catalog: texts by key, grouped at most one level deep. */
export type Texts = { readonly [key: string]: string | { readonly [key: string]: string } }

/** The keys of a catalog: `key`, or `section.key` inside a group. */
export type KeyOf<C extends Texts> = {
  [K in keyof C & string]: C[K] extends string ? K : `${K}.${keyof C[K] & string}`
}[keyof C & string]

/** A locale's catalog as read at run time: any key may be missing (it reads in English). */
export type PartialCatalog<C extends Texts> = { -readonly [K in keyof C]?: C[K] extends string ? string : { -readonly [G in keyof C[K]]?: string } }

/** Every shipped locale's catalog; English's is the complete reference. */
export type Catalogs<C extends Texts> = { en: C } & { [L in SupportedLocale]: PartialCatalog<C> }

/** `{name}`: the markers of a text, unless a module writes its own. */
export const BRACES = /\{([A-Za-z]+)\}/g

export interface I18n<C extends Texts> {
  readonly catalogs: Catalogs<C>
  /** The text of a key in a locale, markers unfilled; English's where that locale lacks it or leaves it blank. */
  template(locale: SupportedLocale, key: KeyOf<C>): string
  /** A text with its markers filled from `values`; a marker with no value stays as written. */
  text(locale: SupportedLocale, key: KeyOf<C>, values?: Readonly<Record<string, string | number>>): string
  /** A text cut at its markers: even indexes are text, odd ones the names of markers (for a caller that fills them with markup). */
  pieces(locale: SupportedLocale, key: KeyOf<C>): string[]
  /** Every key of the English reference. */
  keys(): KeyOf<C>[]
  /** `locale lacks key` for every key of English a catalog lacks or leaves blank (the completeness tests' finding). */
  missing(catalogs?: Readonly<Record<string, PartialCatalog<C> | undefined>>): string[]
}

/** Any catalog, as the lookup reads it. */
type LooseCatalog = { readonly [key: string]: string | { readonly [key: string]: string | undefined } | undefined }

/** The text at `key` in a catalog, if it has a non-blank one. */
function lookup(catalog: LooseCatalog | undefined, key: string): string | undefined {
  const dot = key.indexOf('.')
  // a flat catalog's key may hold dots itself ('error.title'): try it whole first
  const whole = catalog?.[key]
  const group = dot < 0 ? undefined : catalog?.[key.slice(0, dot)]
  const value = typeof whole === 'string' ? whole : typeof group === 'object' ? group[key.slice(dot + 1)] : undefined
  return value !== undefined && value.trim() !== '' ? value : undefined
}

/** A module's translator over its catalogs; `markers` is its placeholder form (a global pattern with the name as group 1). */
export function createI18n<C extends Texts>(catalogs: Catalogs<C>, markers: RegExp = BRACES): I18n<C> {
  const template = (locale: SupportedLocale, key: KeyOf<C>): string => lookup(catalogs[locale], key) ?? lookup(catalogs.en, key) ?? ''
  // the English reference's keys, read off it at run time: exactly what KeyOf<C> names
  const keys = (): KeyOf<C>[] =>
    Object.entries(catalogs.en).flatMap(([key, value]) => (typeof value === 'string' ? [key] : Object.keys(value).map((name) => `${key}.${name}`))) as KeyOf<C>[]
  return {
    catalogs,
    template,
    text: (locale, key, values = {}) =>
      template(locale, key).replace(markers, (whole, name: string) => (values[name] === undefined ? whole : String(values[name]))),
    pieces: (locale, key) => template(locale, key).split(markers),
    keys,
    missing: (of = catalogs) =>
      Object.entries(of).flatMap(([locale, catalog]) => keys().filter((key) => lookup(catalog, key) === undefined).map((key) => `${locale} lacks ${key}`)),
  }
}
