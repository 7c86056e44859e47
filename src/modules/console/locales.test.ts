/**
 * The console's catalogs (locales/, through lib/i18n.ts): every shipped locale has every key
 * of English, none blank, with the same placeholders; a text's values are escaped where they
 * are filled; and the console speaks the locale asked for.
 */
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../../lib/i18n.ts'
import { html } from '../pages/index.ts'
import { CONSOLE_CATALOGS, CONSOLE_TEXTS, consoleText, consoleTranslator } from './i18n.ts'

const markers = (text: string) => [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]).sort()

describe('the console’s catalogs', () => {
  it('ship en, nl, de and fr, each with every key of English, none blank', () => {
    expect(Object.keys(CONSOLE_CATALOGS).sort()).toEqual([...SUPPORTED_LOCALES].sort())
    expect(CONSOLE_TEXTS.missing()).toEqual([])
    // the check fails on a key left blank or left out
    expect(CONSOLE_TEXTS.missing({ en: { ...CONSOLE_CATALOGS.en, 'emails.editable': ' ' } })).toEqual(['en lacks emails.editable'])
    const { 'nav.apps': _left, ...lacking } = CONSOLE_CATALOGS.nl
    expect(CONSOLE_TEXTS.missing({ nl: lacking })).toEqual(['nl lacks nav.apps'])
  })

  it('give each text the placeholders of its English one, in its own language', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const t = consoleTranslator(locale)
      for (const key of CONSOLE_TEXTS.keys()) expect(markers(CONSOLE_TEXTS.template(locale, key)), `${locale} ${key}`).toEqual(markers(CONSOLE_TEXTS.template('en', key)))
      expect(t.locale).toBe(locale)
    }
    expect(consoleTranslator('nl').text('nav.devices')).toBe('Apparaten')
    expect(consoleTranslator('de').text('nav.devices')).toBe('Geräte')
    expect(consoleTranslator('fr').text('nav.devices')).toBe('Appareils')
  })

  it('fill values escaped and keep markup given as markup', () => {
    expect(consoleText.locale).toBe('en')
    expect(consoleText.t('emails.intro', { tenant: 'A&B <Co>' }).toString()).toContain('A&amp;B &lt;Co&gt;')
    const editing = consoleText.t('emails.editing', { language: 'Nederlands', example: html`<code>{{name}}</code>` }).toString()
    expect(editing).toContain('These are the Nederlands texts.')
    expect(editing).toContain('Placeholders are written <code>{{name}}</code>;')
  })
})
