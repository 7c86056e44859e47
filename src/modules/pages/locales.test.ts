import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../../lib/locale.ts'
import { appErrors } from '../../lib/errors.ts'
import { PASSWORD_POLICY, RESET_REQUESTED_MESSAGE } from '../users/index.ts'
import { html } from './html.ts'
import { accountLocaleOf, cleanUiLocales, PAGE_CATALOGS, PAGE_TEXTS, pageLocale, translator } from './i18n.ts'
import { en } from './locales/en.ts'

const placeholders = (text: string) => new Set([...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]))

/** What is wrong with a set of catalogs: a key missing or empty, a key English lacks, a value English does not give. */
function faults(catalogs: Record<string, Partial<Record<string, string>>>): string[] {
  const out: string[] = []
  for (const [locale, catalog] of Object.entries(catalogs)) {
    for (const [key, english] of Object.entries(en)) {
      const text = catalog[key]
      if (typeof text !== 'string' || text.trim() === '') out.push(`${locale}: ${key} is missing or empty`)
      else for (const name of placeholders(text)) if (!placeholders(english).has(name)) out.push(`${locale}: ${key} uses {${name}}, which is never given`)
    }
    for (const key of Object.keys(catalog)) if (!(key in en)) out.push(`${locale}: ${key} is not an English key`)
  }
  return out
}

describe('the hosted pages’ catalogs', () => {
  it('ship every key in every locale, none empty, with only the values English gives', () => {
    expect(Object.keys(PAGE_CATALOGS).sort()).toEqual([...SUPPORTED_LOCALES].sort())
    expect(faults(PAGE_CATALOGS)).toEqual([])
    // as the one i18n (lib/i18n.ts) counts it, too
    expect(PAGE_TEXTS.missing()).toEqual([])
  })

  it('the check fails when one key is removed from one locale', () => {
    const { 'code.label': _removed, ...nl } = PAGE_CATALOGS.nl
    expect(faults({ ...PAGE_CATALOGS, nl })).toEqual(['nl: code.label is missing or empty'])
    expect(faults({ ...PAGE_CATALOGS, de: { ...PAGE_CATALOGS.de, 'code.title': ' ' } })).toEqual(['de: code.title is missing or empty'])
  })

  it('at run time, a key a locale lacks reads in English', () => {
    const nl = PAGE_CATALOGS.nl
    const kept = nl['code.label']
    delete nl['code.label']
    try {
      expect(translator('nl').text('code.label')).toBe('Code from the email')
      expect(translator('nl').text('code.title')).toBe('Kijk in je inbox')
    } finally {
      nl['code.label'] = kept
    }
  })
})

describe('the English catalog', () => {
  it('says what the services and the error catalog say, so the pages do not drift from them', () => {
    expect(en['password.policy']).toBe(PASSWORD_POLICY)
    expect(en['forgot.sent']).toBe(RESET_REQUESTED_MESSAGE)
    const fixed = ['csrf_failed', 'signed_out', 'authorization_expired', 'wrong_code', 'invalid_email', 'invalid_link', 'too_many_attempts', 'no_account'] as const
    for (const code of fixed) expect(translator('en').text(`errors.${code}`)).toBe(appErrors[code]().message)
    expect(translator('en').text('errors.rate_limited', { seconds: 7 })).toBe(appErrors.rate_limited(7).message)
  })
})

describe('interpolation', () => {
  it('fills {name} and escapes the text and plain values, keeping markup values', () => {
    const t = translator('fr')
    expect(t.t('signin.introApp', { app: '<b>Tom & Co</b>' }).value).toBe('Connectez-vous à &lt;b&gt;Tom &amp; Co&lt;/b&gt; avec votre adresse e-mail. Nous vous enverrons un code.')
    expect(t.t('code.intro', { email: html`<strong>${'a@b.test'}</strong>` }).value).toContain('Si <strong>a@b.test</strong> peut se connecter')
    expect(translator('en').text('error.server', { reference: 'req-1' })).toContain('quote reference req-1.')
    // a value not given stays visible rather than vanishing
    expect(translator('de').text('errors.rate_limited')).toContain('{seconds}')
  })
})

describe('which locale a page speaks', () => {
  it('ui_locales, then the account’s locale, then Accept-Language, then English', () => {
    expect(pageLocale({ uiLocales: 'fr', accountLocale: 'de', acceptLanguage: 'nl' })).toBe('fr')
    expect(pageLocale({ uiLocales: 'it fr-CA', acceptLanguage: 'nl' })).toBe('fr')
    expect(pageLocale({ uiLocales: null, accountLocale: 'de-AT', acceptLanguage: 'nl' })).toBe('de')
    expect(pageLocale({ uiLocales: 'it', accountLocale: null, acceptLanguage: 'nl-NL,nl;q=0.9,en;q=0.5' })).toBe('nl')
    expect(pageLocale({ acceptLanguage: 'it, es;q=0.8' })).toBe('en')
    expect(pageLocale({})).toBe('en')
  })

  it('keeps a ui_locales of valid tags only, and reads the account’s locale', () => {
    expect(cleanUiLocales('fr-ca  de x!y')).toBe('fr-CA de')
    expect(cleanUiLocales(['fr', 'de'])).toBeNull()
    expect(cleanUiLocales('fr '.repeat(100))).toBeNull()
    expect(accountLocaleOf({ locale: null })).toBeNull()
    expect(accountLocaleOf({ locale: 'nl-BE' })).toBe('nl-BE')
  })
})
