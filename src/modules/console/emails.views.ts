/** The console's email pages as markup: the list of types and one type's editor with its preview. */
import type { EmailTypeTexts } from '../../db/database.ts'
import type { Page } from '../../lib/pagination.ts'
import { allowedPlaceholders, type EmailType } from '../email/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, Notes } from './console-kit.ts'
import { isSupportedLocale, LOCALE_NAMES } from '../../lib/i18n.ts'
import { languageOf } from '../../lib/locale.ts'
import { EDITOR_LOCALES, textOf } from './email-locales.ts'
import { versionsList, type VersionRow, type Who } from './history.views.ts'
import { csrfField, notes, readOnly, textArea, textField } from './console.views.ts'
import type { ConsoleText } from './i18n.ts'

/** An email type's name in the page's language. */
export const typeName = (t: ConsoleText, type: EmailType) => t.text(`emailType.${type}`)

/** The texts an email's editor holds; each field's label is its key's (`field.<key>`). */
export const TEXT_FIELDS: readonly { key: keyof EmailTypeTexts; long?: boolean }[] = [
  { key: 'subject' },
  { key: 'title' },
  { key: 'contentBeforeCta', long: true },
  { key: 'ctaLabel' },
  { key: 'ctaLink' },
  { key: 'contentAfterCta', long: true },
  { key: 'footerTitle' },
]

export function emailList(c: Console, types: readonly EmailType[], editable: (t: EmailType) => boolean): SafeHtml {
  return html`<p>${c.t.t('emails.intro', { tenant: c.tenant.name })}</p>
<ul class="rows">${types.map((t) => html`<li><a href="/console/tenants/${c.tenant.id}/emails/${t}">${typeName(c.t, t)}</a> <span class="hint">${c.t.t(editable(t) ? 'emails.editable' : 'emails.lookOnly')}</span></li>`)}</ul>
<p class="hint">${c.t.t('emails.languages', { languages: EDITOR_LOCALES.map((l) => LOCALE_NAMES[l]).join(', ') })}</p>`
}

export interface EditorInput {
  type: EmailType
  /** The texts in the form: the saved ones, or what was just sent. */
  texts: EmailTypeTexts
  /** The locale the form edits, and the brand's default one (its plain-string texts'). */
  locale: string
  defaultLocale: string
  /** The locale a recipient of `locale` gets this email in: another when the brand wrote texts, none in `locale`. */
  sentIn: string
  editable: boolean
  /** Whether this tenant writes its own texts (a brand); others wear their brand's. */
  brand: boolean
  /** The rendered subject and text part beside the form (the HTML part is the frame's). */
  rendered: { subject: string; text: string }
  problems: { field: string; message: string }[]
  /** The saved versions, newest first; null when the policy does not show them. */
  versions: Page<VersionRow> | null
  who: Who
}

function preview(c: Console, input: EditorInput): SafeHtml {
  const { t } = c
  if (!c.admin) return html`<section class="preview"><p class="hint">${t.text('emails.previewNeedsAdmin')}</p></section>`
  const base = `/console/tenants/${c.tenant.id}/emails/${input.type}`
  const query = new URLSearchParams({ locale: input.locale }).toString()
  return html`<section class="preview" aria-labelledby="preview-h" data-preview>
<h2 id="preview-h">${t.text('emails.preview')}</h2>
<p><span class="hint">${t.text('emails.subject')}</span><br><strong id="preview-subject">${input.rendered.subject}</strong></p>
<iframe name="email-preview" id="email-preview" title="${t.text('emails.frame')}" src="${base}/preview?${query}" sandbox></iframe>
<details><summary>${t.text('emails.textVersion')}</summary><pre id="preview-text">${input.rendered.text}</pre></details>
</section>`
}

function placeholderList(t: ConsoleText, type: EmailType): SafeHtml {
  return html`<details class="placeholders"><summary>${t.text('emails.placeholders')}</summary>
<ul>${[...allowedPlaceholders(type)].map((p) => html`<li><code>{{${p}}}</code></li>`)}</ul></details>`
}

function form(c: Console, input: EditorInput): SafeHtml {
  const base = `/console/tenants/${c.tenant.id}/emails/${input.type}`
  const locked = !input.editable || !c.admin || !input.brand
  const problemOf = (key: string) => input.problems.find((p) => p.field === key)?.message
  const fields = TEXT_FIELDS.map((f) => {
    const problem = problemOf(f.key)
    // a refused save names the field's problem under it, the text kept as typed; the frame is this box's, which the script marks as it is typed
    const common = { name: f.key, label: c.t.text(`field.${f.key}`), value: textOf(input.texts[f.key], input.locale, input.defaultLocale), readonly: locked, problem: problem ? c.t.text('email.notSaved', { problem }) : undefined, framed: false }
    return html`<div class="field${problem ? ' invalid' : ''}" data-field="${f.key}">${f.long ? textArea({ ...common, rows: 4 }) : textField({ ...common, maxlength: f.key === 'ctaLink' ? 2000 : 200 })}</div>`
  })
  const actions = locked
    ? html``
    : html`<div class="buttons"><button type="submit">${c.t.text('emails.save')}</button>
<button type="submit" class="secondary" formaction="${base}/preview" formtarget="email-preview">${c.t.text('emails.previewButton')}</button></div>`
  return html`<form method="post" action="${base}" class="stack editor" id="email-form" data-draft="${base}/draft" data-problem="${c.t.text('email.wouldRefuse')}">${csrfField(c.page.csrf)}<input type="hidden" name="locale" value="${input.locale}">
<p class="hint">${c.t.t('emails.editing', { language: localeName(input.locale), example: html`<code>{{name}}</code>` })}</p>
${fallbackNote(c, input)}${fields}${actions}</form>`
}

/** Where the brand wrote texts, none in this language: its recipients get the whole email in another, one language throughout. */
function fallbackNote(c: Console, input: EditorInput): SafeHtml {
  if (languageOf(input.sentIn) === languageOf(input.locale)) return html``
  return html`<p class="notice info" role="status">${c.t.t('emails.fallback', { language: localeName(input.locale), fallback: localeName(input.sentIn) })}</p>`
}

/** A locale's own name; a tag the platform does not ship is shown as written. */
const localeName = (locale: string): string => (isSupportedLocale(locale) ? LOCALE_NAMES[locale] : locale)

/** The language picker: one link per locale (`?locale=`), the open one marked. */
function languages(c: Console, base: string, input: EditorInput): SafeHtml {
  const link = (l: string) => {
    const name = localeName(l)
    const note = l === input.defaultLocale ? ` ${c.t.text('emails.defaultLocale')}` : ''
    return l === input.locale
      ? html`<li><a href="${base}?locale=${l}" aria-current="page" lang="${l}">${name}</a>${note}</li>`
      : html`<li><a href="${base}?locale=${l}" lang="${l}">${name}</a>${note}</li>`
  }
  return html`<nav class="languages" aria-label="${c.t.text('emails.languagePicker')}"><ul>${EDITOR_LOCALES.map(link)}</ul></nav>`
}

export function emailEditor(c: Console, input: EditorInput, n: Notes): SafeHtml {
  const base = `/console/tenants/${c.tenant.id}/emails/${input.type}`
  const why = !input.editable
    ? html`<p class="notice info" role="status">${c.t.text('emails.fixed', { tenant: c.tenant.name })}</p>`
    : !input.brand
      ? html`<p class="notice info" role="status">${c.t.text('emails.brandTexts')}</p>`
      : c.admin
        ? html``
        : readOnly(c.t)
  const test = c.admin
    ? html`<form method="post" action="${base}/test" class="inline">${csrfField(c.page.csrf)}<input type="hidden" name="locale" value="${input.locale}"><button type="submit" class="secondary">${c.t.text('emails.sendTest')}</button></form>`
    : html``
  return html`${notes(n)}${why}
<p><a href="/console/tenants/${c.tenant.id}/emails">${c.t.text('emails.all')}</a></p>
${languages(c, base, input)}
<div class="split">
<div>${form(c, input)}${placeholderList(c.t, input.type)}${test}
${versionsList(c, base, input.locale, input.versions, input.who)}</div>
${preview(c, input)}
</div>`
}
