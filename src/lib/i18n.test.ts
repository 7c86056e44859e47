import { describe, expect, it } from 'vitest'
import { createI18n, LOCALE_NAMES, negotiateLocale, SUPPORTED_LOCALES, type Catalogs } from './i18n.ts'

const en = {
  'greeting.hello': 'Hello {name}',
  'greeting.bye': 'Goodbye',
  mail: { subject: 'Your code is valid for %{minutes} minutes', footer: 'Sent by {{company.name}}' },
} as const

const catalogs = (): Catalogs<typeof en> => ({
  en,
  nl: { 'greeting.hello': 'Hallo {name}', mail: { subject: 'Je code is %{minutes} minuten geldig', footer: ' ' } },
  de: {},
  fr: { 'greeting.bye': 'Au revoir' },
})

describe('the one i18n', () => {
  it('negotiates the locale: the sources in order, by tag and then language, else English', () => {
    expect(negotiateLocale({ explicit: 'it fr-CA' }, 'de', { acceptLanguage: 'nl' })).toBe('fr')
    expect(negotiateLocale({ explicit: null }, 'de-AT', { acceptLanguage: 'nl' })).toBe('de')
    expect(negotiateLocale(null, { acceptLanguage: 'it, nl-BE;q=0.8' })).toBe('nl')
    expect(negotiateLocale({ acceptLanguage: 'it, es;q=0.8' })).toBe('en')
    expect(negotiateLocale()).toBe('en')
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...SUPPORTED_LOCALES].sort())
  })

  it('reads a key in its locale, and in English where the locale lacks it or leaves it blank', () => {
    const texts = createI18n(catalogs())
    expect(texts.template('nl', 'greeting.hello')).toBe('Hallo {name}')
    expect(texts.template('nl', 'greeting.bye')).toBe('Goodbye')
    expect(texts.template('fr', 'greeting.bye')).toBe('Au revoir')
    expect(texts.template('nl', 'mail.footer')).toBe('Sent by {{company.name}}')
    expect(texts.template('de', 'mail.subject')).toBe('Your code is valid for %{minutes} minutes')
  })

  it("fills a module's markers from the values given and leaves the others as written", () => {
    expect(createI18n(catalogs()).text('nl', 'greeting.hello', { name: 'Ada' })).toBe('Hallo Ada')
    expect(createI18n(catalogs()).text('en', 'greeting.hello')).toBe('Hello {name}')
    const mail = createI18n(catalogs(), /%\{(\w+)\}/g)
    expect(mail.text('nl', 'mail.subject', { minutes: 10 })).toBe('Je code is 10 minuten geldig')
    // another form's markers are not this module's: `{{...}}` is the emails' per-mail placeholder
    expect(mail.text('en', 'mail.footer', { company: 'x' })).toBe('Sent by {{company.name}}')
    expect(createI18n(catalogs()).pieces('en', 'greeting.hello')).toEqual(['Hello ', 'name', ''])
  })

  it('names every key a catalog lacks or leaves blank', () => {
    const texts = createI18n(catalogs())
    expect(texts.keys()).toEqual(['greeting.hello', 'greeting.bye', 'mail.subject', 'mail.footer'])
    expect(texts.missing()).toEqual([
      'nl lacks greeting.bye',
      'nl lacks mail.footer',
      ...texts.keys().map((key) => `de lacks ${key}`),
      'fr lacks greeting.hello',
      'fr lacks mail.subject',
      'fr lacks mail.footer',
    ])
    expect(texts.missing({ en })).toEqual([])
  })
})
