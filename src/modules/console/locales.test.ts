/**
 * The console's catalog (locales/, through lib/i18n.ts): English is complete, a locale that
 * ships a catalog ships every key, and a text's values are escaped where they are filled.
 */
import { describe, expect, it } from 'vitest'
import { html } from '../pages/index.ts'
import { CONSOLE_CATALOGS, CONSOLE_TEXTS, consoleText } from './i18n.ts'

describe('the console’s catalog', () => {
  it('has every key in English, none blank, and every key in each locale that ships a catalog', () => {
    expect(CONSOLE_TEXTS.missing({ en: CONSOLE_CATALOGS.en })).toEqual([])
    const shipped = Object.fromEntries(Object.entries(CONSOLE_CATALOGS).filter(([, catalog]) => Object.keys(catalog).length > 0))
    expect(CONSOLE_TEXTS.missing(shipped)).toEqual([])
    // the check fails on a key left blank
    expect(CONSOLE_TEXTS.missing({ en: { ...CONSOLE_CATALOGS.en, 'emails.editable': ' ' } })).toEqual(['en lacks emails.editable'])
  })

  it('speaks English, fills values escaped and keeps markup given as markup', () => {
    expect(consoleText.locale).toBe('en')
    expect(consoleText.t('emails.intro', { tenant: 'A&B <Co>' }).toString()).toContain('A&amp;B &lt;Co&gt;')
    const editing = consoleText.t('emails.editing', { language: 'Nederlands', example: html`<code>{{name}}</code>` }).toString()
    expect(editing).toContain('These are the Nederlands texts.')
    expect(editing).toContain('Placeholders are written <code>{{name}}</code>;')
  })
})
