import { describe, expect, it } from 'vitest'
import { canonicalLocale, pickLocale, requestedLocales, supportedLocale } from './locale.ts'

describe('locales', () => {
  it('reads Accept-Language best first and puts an explicit list before it', () => {
    expect(requestedLocales({ acceptLanguage: 'en;q=0.5,nl-NL,nl;q=0.9' })).toEqual(['nl-NL', 'nl', 'en'])
    expect(requestedLocales({ explicit: 'fr-CA  en', acceptLanguage: 'de, *;q=0.1' })).toEqual(['fr-CA', 'en', 'de'])
    expect(requestedLocales({ acceptLanguage: 'not a tag!!, de' })).toEqual(['de'])
  })

  it('resolves by exact tag, then language, then the next wish, then English', () => {
    expect(supportedLocale('nl-NL')).toBe('nl')
    expect(supportedLocale('it', 'de')).toBe('de')
    expect(supportedLocale('it')).toBe('en')
    expect(supportedLocale(null, undefined)).toBe('en')
    expect(pickLocale(['nl-BE'], ['en', 'nl-NL'], 'en')).toBe('nl-NL')
  })

  it('refuses what is not a BCP 47 tag', () => {
    expect(canonicalLocale('nl-nl')).toBe('nl-NL')
    expect(canonicalLocale('x'.repeat(40))).toBeNull()
    expect(canonicalLocale('en_US!')).toBeNull()
  })
})
