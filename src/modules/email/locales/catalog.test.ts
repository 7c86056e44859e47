/**
 * The catalogs are complete: every key of the English reference in every shipped locale,
 * none empty, and each text naming the same placeholders and settings as English's. Removing
 * one key from one locale (say `passwordReset.ctaLabel` from nl.ts) fails the first test with
 * "nl lacks passwordReset.ctaLabel"; at run time that key would read in English.
 */
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../../../lib/locale.ts'
import { placeholdersIn } from '../placeholders.ts'
import { CATALOGS, catalogKeys, catalogText, EMAIL_TEXTS, type LocaleCatalog } from './catalog.ts'
import { en } from './en.ts'

function lookup(catalog: LocaleCatalog, key: string): string | undefined {
  const [section = '', name = ''] = key.split('.')
  return (catalog as Record<string, Record<string, string | undefined> | undefined>)[section]?.[name]
}

const markers = (text: string) => [...placeholdersIn(text), ...[...text.matchAll(/%\{(\w+)\}/g)].map((m) => `%${m[1]}`)].sort()

/** The keys of English each of these catalogs lacks or leaves empty (the one i18n's check, lib/i18n.ts). */
const missing = (catalogs: Partial<Record<string, LocaleCatalog>>): string[] => EMAIL_TEXTS.missing(catalogs)

describe('email message catalogs', () => {
  it('every locale has every key of English, none empty', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...SUPPORTED_LOCALES].sort())
    expect(missing(CATALOGS)).toEqual([])
    expect(catalogKeys().length).toBeGreaterThan(30)
  })

  it('the check fails when one key is removed from one locale, or left blank', () => {
    const { ctaLabel: _removed, ...reset } = CATALOGS.nl.passwordReset ?? {}
    expect(missing({ ...CATALOGS, nl: { ...CATALOGS.nl, passwordReset: reset } })).toEqual(['nl lacks passwordReset.ctaLabel'])
    const layout = { ...CATALOGS.de.layout, roleOwner: ' ' }
    expect(missing({ ...CATALOGS, de: { ...CATALOGS.de, layout } })).toEqual(['de lacks layout.roleOwner'])
    const { invitation: _section, ...withoutSection } = CATALOGS.fr
    expect(missing({ fr: withoutSection }).length).toBe(Object.keys(en.invitation).length)
  })

  it("every locale's text names the placeholders English's does", () => {
    const differ = SUPPORTED_LOCALES.flatMap((locale) =>
      catalogKeys()
        .filter((key) => JSON.stringify(markers(lookup(CATALOGS[locale], key) ?? '')) !== JSON.stringify(markers(lookup(CATALOGS.en, key) ?? '')))
        .map((key) => `${locale} ${key}`),
    )
    expect(differ).toEqual([])
  })

  it('a key a locale lacks reads in English, never blank', () => {
    const nlReset = CATALOGS.nl.passwordReset
    const saved = nlReset?.ctaLabel
    try {
      if (nlReset) delete nlReset.ctaLabel
      expect(catalogText('nl', 'passwordReset', 'ctaLabel')).toBe('Choose a new password')
      if (nlReset) nlReset.ctaLabel = ''
      expect(catalogText('nl', 'passwordReset', 'ctaLabel')).toBe('Choose a new password')
    } finally {
      if (nlReset) nlReset.ctaLabel = saved
    }
    expect(catalogText('nl', 'passwordReset', 'ctaLabel')).toBe('Kies een nieuw wachtwoord')
  })
})
