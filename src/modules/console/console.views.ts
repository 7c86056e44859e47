/**
 * The console's shell: the platform's default theme (the hosted pages' stylesheet plus the
 * console's own), a header with who is signed in, the tenant open and its sections, and a
 * skip link. No third-party assets; scripts only Trellis's own, with the response's nonce.
 */
import { html, notice, type SafeHtml } from '../pages/index.ts'
import type { ConsoleText } from './i18n.ts'
import type { ConsoleMessageKey } from './locales/en.ts'

export type Section = 'overview' | 'brand' | 'emails' | 'people' | 'signins' | 'apps' | 'devices' | 'webhooks' | 'passkeys' | 'providers' | 'audit' | 'platform' | 'tenants'

export interface ConsoleShell {
  title: string
  section: Section
  body: SafeHtml
  nonce: string
  csrf: string
  email: string
  /** The tenant open; null on the pages not about one (the tenant picker, the platform). */
  tenant: { id: number; name: string; brand: boolean } | null
  platformAdmin: boolean
  scripts?: string[]
  /** The console's texts in the page's language. */
  t: ConsoleText
}

/** `brandOnly`: a section a brand has and a customer's tenant does not. */
const SECTIONS: { id: Section; label: ConsoleMessageKey; path: string; brandOnly?: boolean }[] = [
  { id: 'overview', label: 'nav.overview', path: '' },
  { id: 'brand', label: 'nav.brand', path: '/brand' },
  { id: 'emails', label: 'nav.emails', path: '/emails' },
  { id: 'people', label: 'nav.people', path: '/people' },
  { id: 'signins', label: 'nav.signIns', path: '/sign-ins', brandOnly: true },
  { id: 'apps', label: 'nav.apps', path: '/apps' },
  { id: 'devices', label: 'nav.devices', path: '/devices' },
  { id: 'webhooks', label: 'nav.webhooks', path: '/webhooks', brandOnly: true },
  { id: 'passkeys', label: 'nav.passkeys', path: '/passkeys', brandOnly: true },
  { id: 'providers', label: 'nav.providers', path: '/providers', brandOnly: true },
  { id: 'audit', label: 'nav.audit', path: '/audit' },
]

export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

function nav(shell: ConsoleShell): SafeHtml {
  const t = shell.t
  const current = (id: Section) => (id === shell.section ? html` aria-current="page"` : html``)
  const tenantLinks = shell.tenant
    ? SECTIONS.filter((s) => !s.brandOnly || shell.tenant?.brand).map((s) => html`<li><a href="/console/tenants/${shell.tenant?.id}${s.path}"${current(s.id)}>${t.text(s.label)}</a></li>`)
    : []
  const platform = shell.platformAdmin ? html`<li><a href="/console/platform"${current('platform')}>${t.text('nav.platform')}</a></li>` : html``
  return html`<nav class="console-nav" aria-label="${t.text('shell.sections')}"><ul>
<li><a href="/console"${current('tenants')}>${t.text('nav.tenants')}</a></li>${tenantLinks}${platform}
</ul></nav>`
}

export function renderConsole(shell: ConsoleShell): string {
  const t = shell.t
  const where = shell.tenant ? html`<span class="console-tenant">${shell.tenant.name}</span>` : html``
  return html`<!doctype html>
<html lang="${t.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${shell.title} · ${t.text('shell.console')}</title>
<link rel="icon" href="/pages/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/pages/pages.css">
<link rel="stylesheet" href="/console/console.css">
</head>
<body class="console">
<a class="skip" href="#main">${t.text('shell.skip')}</a>
<header class="console-head">
<p class="console-name"><a href="/console">${t.text('shell.name')}</a>${where}</p>
<form method="post" action="/account/signout" class="console-signout">${csrfField(shell.csrf)}
<span class="hint">${shell.email}</span> <button type="submit" class="secondary small">${t.text('shell.signOut')}</button></form>
</header>
${nav(shell)}
<main id="main" class="console-main">
<h1>${shell.title}</h1>
${shell.body}
</main>
${(shell.scripts ?? []).map((src) => html`<script nonce="${shell.nonce}" src="${src}"></script>`)}
</body>
</html>`.value
}

/** The notes a form leaves at the top of its page. */
export function notes(n: { notice?: string; error?: string }): SafeHtml {
  return html`${notice('ok', n.notice)}${notice('error', n.error)}`
}

/**
 * What a field refused for its value adds: the sentence under it, tied to the input
 * (aria-describedby, aria-invalid), and the frame that marks it (console.css `.field.invalid`).
 */
function described(id: string, hint: string | undefined, problem: string | undefined, framed = true) {
  const ids = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ')
  return {
    attrs: html`${ids ? html` aria-describedby="${ids}"` : ''}${problem ? html` aria-invalid="true"` : ''}`,
    note: problem ? html`<p class="hint problem" id="${id}-problem">${problem}</p>` : html``,
    wrap: (field: SafeHtml) => (problem && framed ? html`<div class="field invalid">${field}</div>` : field),
  }
}

/** A labelled text field; `readonly` when the person may only look; `problem`: why its value was refused. */
/** `framed: false`: the caller draws the field's frame itself (the email editor's, which its script marks as it is typed). */
export function textField(f: { name: string; id?: string; label: string; value: string | null | undefined; type?: string; hint?: string; readonly?: boolean; placeholder?: string; required?: boolean; maxlength?: number; problem?: string; framed?: boolean }): SafeHtml {
  const id = f.id ?? `f-${f.name}`
  const hint = f.hint ? html`<p class="hint" id="${id}-hint">${f.hint}</p>` : html``
  const d = described(id, f.hint, f.problem, f.framed)
  return d.wrap(html`<label for="${id}">${f.label}</label>${hint}
<input id="${id}" name="${f.name}" type="${f.type ?? 'text'}" value="${f.value ?? ''}"${d.attrs}${f.readonly ? html` readonly` : ''}${f.required ? html` required` : ''}${f.placeholder ? html` placeholder="${f.placeholder}"` : ''} maxlength="${f.maxlength ?? 500}">${d.note}`)
}

export function textArea(f: { name: string; label: string; value: string | null | undefined; hint?: string; readonly?: boolean; placeholder?: string; rows?: number; id?: string; problem?: string; framed?: boolean }): SafeHtml {
  const id = f.id ?? `f-${f.name}`
  const hint = f.hint ? html`<p class="hint" id="${id}-hint">${f.hint}</p>` : html``
  const d = described(id, f.hint, f.problem, f.framed)
  return d.wrap(html`<label for="${id}">${f.label}</label>${hint}
<textarea id="${id}" name="${f.name}" rows="${f.rows ?? 3}"${d.attrs}${f.readonly ? html` readonly` : ''}${f.placeholder ? html` placeholder="${f.placeholder}"` : ''} maxlength="4000">${f.value ?? ''}</textarea>${d.note}`)
}

export function select(f: { name: string; label: string; value: string; options: readonly (readonly [string, string])[]; disabled?: boolean; id?: string; problem?: string }): SafeHtml {
  const id = f.id ?? `f-${f.name}`
  const d = described(id, undefined, f.problem)
  return d.wrap(html`<label for="${id}">${f.label}</label>
<select id="${id}" name="${f.name}"${d.attrs}${f.disabled ? html` disabled` : ''}>${f.options.map(([value, label]) => html`<option value="${value}"${value === f.value ? html` selected` : ''}>${label}</option>`)}</select>${d.note}`)
}

/** A one-button form (revoke, delete, rotate): its label says what it does to what. */
export function actionButton(f: { action: string; csrf: string; label: string; kind?: 'secondary' | 'danger'; fields?: Record<string, string> }): SafeHtml {
  const hidden = Object.entries(f.fields ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)
  return html`<form method="post" action="${f.action}" class="inline">${csrfField(f.csrf)}${hidden}<button type="submit" class="${f.kind ?? 'secondary'} small">${f.label}</button></form>`
}

/**
 * A destructive action's first step, as a link: it opens the page that names what will
 * happen (ConsoleKit.confirm), whose button alone does it.
 */
export function confirmLink(f: { href: string; label: string }): SafeHtml {
  return html`<a href="${f.href}" class="button danger small">${f.label}</a>`
}

/** The page that asks before a destructive action: what will happen, the button that does it, and the way back. */
export function confirmPage(f: { title: string; section: Section; sentence: string; button: string; csrf: string; action: string; cancel: string; t: ConsoleText }) {
  const body = html`<p class="notice info" role="status">${f.sentence}</p>
<form method="post" action="${f.action}" class="buttons">${csrfField(f.csrf)}<button type="submit" class="danger">${f.button}</button>
<a href="${f.cancel}" class="button secondary">${f.t.text('shell.cancel')}</a></form>`
  return { title: f.title, section: f.section, body }
}

/** Said where a person without the admin role sees a section they may not change. */
export const readOnly = (t: ConsoleText) => html`<p class="notice info" role="status">${t.text('shell.readOnly')}</p>`
