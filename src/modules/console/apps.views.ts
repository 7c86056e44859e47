/** The apps page as markup: the tenant's clients with their forms, the registration form, what a member reads. */
import type { OAuthClient } from '../../db/database.ts'
import { clientView } from '../oauth/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import { isBrand, SCOPES } from '../tenancy/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import type { Draft } from './forms.ts'
import { actionButton, confirmLink, csrfField, notes, textArea, textField } from './console.views.ts'
import type { Shown } from './shown-once.ts'

/** A refused app form as typed: the registration form's (`clientId` null) or one app's edit form. */
export type AppDraft = Draft & { clientId: string | null }

/** A value to copy: a read-only field (selectable without the script) and a Copy button the script shows. */
export function copyable(id: string, label: string, button: string, value: string): SafeHtml {
  return html`<div class="copy"><label for="${id}">${label}</label>
<input id="${id}" type="text" value="${value}" readonly class="code-value">
<button type="button" class="secondary small" data-copy="${id}" hidden>${button}</button></div>`
}

function clientCard(c: Console, client: OAuthClient, draft?: AppDraft): SafeHtml {
  const { t } = c
  const v = clientView(client)
  const base = `/console/tenants/${c.tenant.id}/apps/${encodeURIComponent(v.clientId)}`
  const none = t.text('apps.none')
  return html`<li class="client"><h3>${v.name} <span class="hint">${t.text(v.public ? 'apps.public' : 'apps.confidential')}</span></h3>
${copyable(`client-${client.id}`, t.text('apps.clientId'), t.text('apps.copyClientId'), v.clientId)}
<p><a href="${base}">${t.text('appPage.open', { name: v.name })}</a></p>
<dl><dt>${t.text('apps.redirectUris')}</dt><dd>${v.redirectUris.join(', ') || none}</dd><dt>${t.text('apps.corsOrigins')}</dt><dd>${v.allowedOrigins.join(', ') || none}</dd><dt>${t.text('apps.scopes')}</dt><dd>${v.scopes.join(' ')}</dd></dl>
${editForm(c, base, client, draft?.clientId === client.client_id ? draft : undefined)}
${v.public ? '' : actionButton({ action: `${base}/rotate`, csrf: c.page.csrf, label: t.text('apps.newSecretFor', { name: v.name }) })}
${confirmLink({ href: `${base}/delete`, label: t.text('apps.delete', { name: v.name }) })}</li>`
}

const scopeBoxes = (legend: string, chosen: readonly string[], problem?: string, hint?: string) =>
  html`<fieldset${problem ? html` class="field invalid"` : ''}><legend>${legend}</legend>${hint ? html`<p class="hint">${hint}</p>` : ''}${problem ? html`<p class="hint problem">${problem}</p>` : ''}
${SCOPES.map((s) => html`<label class="choice"><input type="checkbox" name="scopes" value="${s}"${chosen.includes(s) ? html` checked` : ''}> ${s}</label>`)}</fieldset>`

/** What a brand's admin may register (client-limits.ts checkBrandRedirectUris); the platform registers any. */
const redirectHint = (c: Console, hint: string) => (c.platformAdmin ? hint : `${hint} ${c.t.text('apps.brandDomains')}`)

/** The redirect URIs, CORS origins and scopes of a registered app, changed in place (PATCH /oauth/clients/{id}). */
function editForm(c: Console, base: string, client: OAuthClient, draft?: AppDraft): SafeHtml {
  const { t } = c
  const v = clientView(client)
  const id = `edit-${client.id}`
  const name = { name: v.name }
  // a refused edit comes back open, as it was typed
  const typed = (field: string, saved: string) => (draft ? (draft.typed[field] ?? '') : saved)
  return html`<details${draft ? html` open` : ''}><summary>${t.text('apps.edit', name)}</summary>
<form method="post" action="${base}/edit" class="stack narrow">${csrfField(c.page.csrf)}
${textArea({ name: 'redirectUris', id: `${id}-redirects`, label: t.text('apps.redirectUrisOf', name), value: typed('redirectUris', v.redirectUris.join('\n')), hint: redirectHint(c, t.text('apps.redirectHintEdit')), problem: draft?.problems.redirectUris })}
${textArea({ name: 'allowedOrigins', id: `${id}-origins`, label: t.text('apps.corsOriginsOf', name), value: typed('allowedOrigins', client.allowed_origins?.join('\n') ?? ''), hint: t.text('apps.corsHintEdit'), problem: draft?.problems.allowedOrigins })}
${scopeBoxes(t.text('apps.scopesOf', name), draft ? typed('scopes', '').split(' ') : v.scopes, draft?.problems.scopes)}
<button type="submit" class="secondary">${t.text('apps.save', name)}</button></form></details>`
}

function createForm(c: Console, open: boolean, draft?: AppDraft): SafeHtml {
  const { t } = c
  const typed = (name: string) => draft?.typed[name] ?? ''
  const confidential = typed('kind') === 'confidential'
  // open at once where there is no app yet, or where a refused registration comes back
  return html`<details class="register"${open ? html` open` : ''}><summary><h2>${t.text('apps.register')}</h2></summary>
<form method="post" action="/console/tenants/${c.tenant.id}/apps" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'name', label: t.text('apps.name'), value: typed('name'), required: true, maxlength: 200, problem: draft?.problems.name })}
${textArea({ name: 'redirectUris', label: t.text('apps.redirectUris'), value: typed('redirectUris'), hint: redirectHint(c, t.text('apps.redirectHint')), problem: draft?.problems.redirectUris })}
${textArea({ name: 'allowedOrigins', label: t.text('apps.corsOrigins'), value: typed('allowedOrigins'), hint: t.text('apps.corsHint'), problem: draft?.problems.allowedOrigins })}
<fieldset><legend>${t.text('apps.kind')}</legend>
<label class="choice"><input type="radio" name="kind" value="public"${confidential ? '' : html` checked`}> ${t.text('apps.kindPublic')}</label>
<label class="choice"><input type="radio" name="kind" value="confidential"${confidential ? html` checked` : ''}> ${t.text('apps.kindConfidential')}</label></fieldset>
${scopeBoxes(t.text('apps.scopes'), draft ? typed('scopes').split(' ') : [], draft?.problems.scopes, t.text('apps.scopesHint'))}
<label class="choice"><input type="checkbox" name="device" value="1"${typed('device') ? html` checked` : ''}> ${t.text('apps.deviceGrant')}</label>
<button type="submit">${t.text('apps.registerButton')}</button></form></details>`
}

/** Who registers the apps, for a person who may not. */
export function askForApps(c: Console): ConsolePage {
  const { t } = c
  const who = isBrand(c.tenant) ? t.text('apps.askAdmins', { tenant: c.tenant.name }) : t.text('apps.askPlatform')
  const body = html`<p class="notice info" role="status">${t.text('apps.ask', { tenant: c.tenant.name, who })}</p>`
  return { title: t.text('apps.title'), section: 'apps', body }
}

export function appsPage(c: Console, clients: OAuthClient[], n: Notes, extra: SafeHtml = html``, draft?: AppDraft): ConsolePage {
  const registering = draft?.clientId === null ? draft : undefined
  const body = html`${notes(n)}${extra}
${createForm(c, clients.length === 0 || registering !== undefined, registering)}
${clients.length ? html`<ul class="clients">${clients.map((client) => clientCard(c, client, draft))}</ul>` : html`<p>${c.t.text('apps.noneYet', { tenant: c.tenant.name })}</p>`}`
  return { title: c.t.text('apps.title'), section: 'apps', body, scripts: ['/console/console.js'] }
}

/** A secret a form made, on the page it redirected to (shown-once.ts); null: it was shown already. */
export function shownSecret(c: Console, shown: Shown | null): SafeHtml {
  const { t } = c
  if (!shown) return html`<p class="notice info" role="status">${t.text('apps.shownAlready')}</p>`
  const sentence = t.text(shown.kind === 'rotated' ? 'apps.rotated' : 'apps.registeredSecret', { name: shown.name })
  return html`<div class="notice ok" role="status"><p>${sentence}</p>${copyable('new-secret', t.text('apps.clientSecret'), t.text('apps.copyClientSecret'), shown.secret)}</div>`
}
