/**
 * The console's texts in English: the reference catalog (lib/i18n.ts). The console speaks
 * English for now (i18n.ts beside the views); a translation is one more file like this, typed as
 * ConsoleCatalog, and the console's catalog test holds it complete. `{name}` marks a value filled
 * in when the page is drawn, escaped as HTML there.
 */
export const en = {
  // the email list and editor (emails.views.ts)
  'emails.intro': "Each email goes out in {tenant}'s look. Open one to see it and, where it may be changed, edit its texts.",
  'emails.editable': 'texts editable',
  'emails.lookOnly': 'look only (fixed texts)',
  'emails.languages': "Each email goes out in the recipient's language: {languages}. In the editor, pick a language to write its texts; an email goes out in one language throughout: where texts are written but none in the recipient's language, the whole email goes out in a language they are written in, the default one first.",
  'emails.fallback': 'No {language} texts for this email yet: a {language} recipient gets the whole email in {fallback}, as the preview shows. Write {language} texts to send it in {language}.',
  'emails.editing': 'These are the {language} texts. Empty fields use the default text. Placeholders are written {example}; an unknown one is marked before you save.',
  'emails.defaultLocale': '(default)',
  'emails.languagePicker': 'Language of the texts',
} as const

export type ConsoleMessageKey = keyof typeof en
/** What every locale's catalog of the console holds: a text for every key of the English one. */
export type ConsoleCatalog = Record<ConsoleMessageKey, string>
