/** The apps page as markup: the tenant's clients with their forms, the registration form, what a member reads. */
import type { OAuthClient } from '../../db/database.ts'
import { clientView } from '../oauth/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import { isBrand, SCOPES } from '../tenancy/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import type { Draft } from './forms.ts'

/** A refused app form as typed: the registration form's (`clientId` null) or one app's edit form. */
export type AppDraft = Draft & { clientId: string | null }
import { actionButton, confirmLink, csrfField, notes, textArea, textField } from './console.views.ts'

/** A value to copy: a read-only field (selectable without the script) and a Copy button the script shows. */
export function copyable(id: string, label: string, value: string): SafeHtml {
  return html`<div class="copy"><label for="${id}">${label}</label>
<input id="${id}" type="text" value="${value}" readonly class="code-value">
<button type="button" class="secondary small" data-copy="${id}" hidden>Copy ${label.toLowerCase()}</button></div>`
}

function clientCard(c: Console, client: OAuthClient, draft?: AppDraft): SafeHtml {
  const v = clientView(client)
  const base = `/console/tenants/${c.tenant.id}/apps/${encodeURIComponent(v.clientId)}`
  return html`<li class="client"><h3>${v.name} <span class="hint">${v.public ? 'public' : 'confidential'}</span></h3>
${copyable(`client-${client.id}`, 'Client id', v.clientId)}
<dl><dt>Redirect URIs</dt><dd>${v.redirectUris.join(', ') || 'none'}</dd><dt>CORS origins</dt><dd>${v.allowedOrigins.join(', ') || 'none'}</dd><dt>Scopes</dt><dd>${v.scopes.join(' ')}</dd></dl>
${editForm(c, base, client, draft?.clientId === client.client_id ? draft : undefined)}
${v.public ? '' : actionButton({ action: `${base}/rotate`, csrf: c.page.csrf, label: `New secret for ${v.name}` })}
${confirmLink({ href: `${base}/delete`, label: `Delete ${v.name}` })}</li>`
}

const scopeBoxes = (legend: string, chosen: readonly string[], problem?: string) =>
  html`<fieldset${problem ? html` class="field invalid"` : ''}><legend>${legend}</legend>${problem ? html`<p class="hint problem">${problem}</p>` : ''}
${SCOPES.map((s) => html`<label class="choice"><input type="checkbox" name="scopes" value="${s}"${chosen.includes(s) ? html` checked` : ''}> ${s}</label>`)}</fieldset>`

/** What a brand's admin may register (client-limits.ts checkBrandRedirectUris); the platform registers any. */
const redirectHint = (c: Console, hint: string) => (c.platformAdmin ? hint : `${hint} Only https, on this brand's approved domains.`)

/** The redirect URIs, CORS origins and scopes of a registered app, changed in place (PATCH /oauth/clients/{id}). */
function editForm(c: Console, base: string, client: OAuthClient, draft?: AppDraft): SafeHtml {
  const v = clientView(client)
  const id = `edit-${client.id}`
  // a refused edit comes back open, as it was typed
  const typed = (name: string, saved: string) => (draft ? (draft.typed[name] ?? '') : saved)
  return html`<details${draft ? html` open` : ''}><summary>Edit ${v.name}</summary>
<form method="post" action="${base}/edit" class="stack narrow">${csrfField(c.page.csrf)}
${textArea({ name: 'redirectUris', id: `${id}-redirects`, label: `Redirect URIs of ${v.name}`, value: typed('redirectUris', v.redirectUris.join('\n')), hint: redirectHint(c, 'One per line (exact match).'), problem: draft?.problems.redirectUris })}
${textArea({ name: 'allowedOrigins', id: `${id}-origins`, label: `CORS origins of ${v.name}`, value: typed('allowedOrigins', client.allowed_origins?.join('\n') ?? ''), hint: 'One per line; empty: the redirect URIs\' origins.', problem: draft?.problems.allowedOrigins })}
${scopeBoxes(`Scopes of ${v.name}`, draft ? typed('scopes', '').split(' ') : v.scopes, draft?.problems.scopes)}
<button type="submit" class="secondary">Save ${v.name}</button></form></details>`
}

function createForm(c: Console, draft?: AppDraft): SafeHtml {
  const typed = (name: string) => draft?.typed[name] ?? ''
  const confidential = typed('kind') === 'confidential'
  return html`<h2>Register an app</h2>
<form method="post" action="/console/tenants/${c.tenant.id}/apps" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'name', label: 'App name', value: typed('name'), required: true, maxlength: 200, problem: draft?.problems.name })}
${textArea({ name: 'redirectUris', label: 'Redirect URIs', value: typed('redirectUris'), hint: redirectHint(c, 'One per line: where the sign-in sends its code (exact match).'), problem: draft?.problems.redirectUris })}
${textArea({ name: 'allowedOrigins', label: 'CORS origins', value: typed('allowedOrigins'), hint: 'One per line, like https://app.example; empty: the redirect URIs\' origins.', problem: draft?.problems.allowedOrigins })}
<fieldset><legend>Kind</legend>
<label class="choice"><input type="radio" name="kind" value="public"${confidential ? '' : html` checked`}> Public (mobile or browser app, uses PKCE, no secret)</label>
<label class="choice"><input type="radio" name="kind" value="confidential"${confidential ? html` checked` : ''}> Confidential (a server that keeps a secret)</label></fieldset>
${scopeBoxes('Scopes', draft ? typed('scopes').split(' ') : SCOPES, draft?.problems.scopes)}
<button type="submit">Register app</button></form>`
}

/** Who registers the apps, for a person who may not. */
export function askForApps(c: Console): ConsolePage {
  const who = isBrand(c.tenant) ? `the admins of ${c.tenant.name}` : "the platform's administrators"
  const body = html`<p class="notice info" role="status">The apps that sign people in to ${c.tenant.name} are registered by ${who}: ask them for a new app, a new redirect URI or a new secret.</p>`
  return { title: 'Apps', section: 'apps', body }
}

export function appsPage(c: Console, clients: OAuthClient[], n: Notes, extra: SafeHtml = html``, draft?: AppDraft): ConsolePage {
  const body = html`${notes(n)}${extra}
${clients.length ? html`<ul class="clients">${clients.map((client) => clientCard(c, client, draft))}</ul>` : html`<p>No apps registered for ${c.tenant.name} yet.</p>`}
${createForm(c, draft?.clientId === null ? draft : undefined)}`
  return { title: 'Apps', section: 'apps', body, scripts: ['/console/console.js'] }
}

/** A new app, with its secret (shown once) when it has one. */
export function registered(name: string, secret: string | null | undefined): SafeHtml {
  return secret
    ? html`<div class="notice ok" role="status"><p>${name} is registered. Its secret is shown once: keep it now.</p>${copyable('new-secret', 'Client secret', secret)}</div>`
    : html`<p class="notice ok" role="status">${name} is registered.</p>`
}

export function newSecret(secret: string): SafeHtml {
  return html`<div class="notice ok" role="status"><p>The new secret is shown once; the old one stops working.</p>${copyable('new-secret', 'Client secret', secret)}</div>`
}
