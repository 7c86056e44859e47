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
  // a form refused for its fields: the sentence at the top, and one per field beside it (forms.ts)
  'form.refused': 'Nothing is saved yet: the fields marked below need another look.',
  'brand.name': 'Name: give a name of 1 to 200 characters.',
  'brand.logoUrl': 'Logo URL: use the https address of an image, like https://acme.example/logo.png, or leave it empty.',
  'brand.buttonColor': 'Button colour: use #RGB or #RRGGBB, like #0a7d3e, or leave it empty.',
  'brand.textColor': 'Text colour: use #RGB or #RRGGBB, like #1f2937, or leave it empty.',
  'brand.senderEmail': 'Sender address: use an address like hello@acme.example, or leave it empty.',
  'brand.signup': 'Sign-up: choose one of the options.',
  'app.name': 'App name: give a name of 1 to 200 characters.',
  'app.redirectUris': 'Redirect URIs: one absolute URI per line, like https://app.example/callback or com.example.app:/callback.',
  'app.allowedOrigins': 'CORS origins: one origin per line, like https://app.example, with no path; or leave it empty.',
  'app.scopes': 'Scopes: choose the scopes the app may ask for.',
} as const

export type ConsoleMessageKey = keyof typeof en
/** What every locale's catalog of the console holds: a text for every key of the English one. */
export type ConsoleCatalog = Record<ConsoleMessageKey, string>
