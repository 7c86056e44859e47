/**
 * Apps (OAuth clients) of a tenant in the console. The owners and admins of a brand, and
 * platform administrators, register, edit, rotate and delete the tenant's clients through
 * ClientsService, as the /oauth/clients routes do (policy.ts manageClients decides). Members
 * read who to ask; a tenant that is not a brand registers no apps (a client's redirect
 * origins become origins its token links may point at, tenancy/link-origins.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { OAuthClient } from '../../db/database.ts'
import { notFound } from '../../lib/errors.ts'
import { isBrand, SCOPES } from '../tenancy/index.ts'
import { clientView } from '../oauth/index.ts'
import { field, html, type SafeHtml } from '../pages/index.ts'
import { refusalOf, type Console, type ConsoleKit, type ConsolePage, type Notes } from './console-kit.ts'
import { actionButton, csrfField, notes, textArea, textField } from './console.views.ts'

const lines = (value: string) =>
  value
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 50)

/** A value to copy: a read-only field (selectable without the script) and a Copy button the script shows. */
export function copyable(id: string, label: string, value: string): SafeHtml {
  return html`<div class="copy"><label for="${id}">${label}</label>
<input id="${id}" type="text" value="${value}" readonly class="code-value">
<button type="button" class="secondary small" data-copy="${id}" hidden>Copy ${label.toLowerCase()}</button></div>`
}

function clientCard(c: Console, client: OAuthClient): SafeHtml {
  const v = clientView(client)
  const base = `/console/tenants/${c.tenant.id}/apps/${encodeURIComponent(v.clientId)}`
  return html`<li class="client"><h3>${v.name} <span class="hint">${v.public ? 'public' : 'confidential'}</span></h3>
${copyable(`client-${client.id}`, 'Client id', v.clientId)}
<dl><dt>Redirect URIs</dt><dd>${v.redirectUris.join(', ') || 'none'}</dd><dt>CORS origins</dt><dd>${v.allowedOrigins.join(', ') || 'none'}</dd><dt>Scopes</dt><dd>${v.scopes.join(' ')}</dd></dl>
${editForm(c, base, client)}
${v.public ? '' : actionButton({ action: `${base}/rotate`, csrf: c.page.csrf, label: `New secret for ${v.name}` })}
${actionButton({ action: `${base}/delete`, csrf: c.page.csrf, label: `Delete ${v.name}`, kind: 'danger' })}</li>`
}

const scopeBoxes = (legend: string, chosen: readonly string[]) =>
  html`<fieldset><legend>${legend}</legend>
${SCOPES.map((s) => html`<label class="choice"><input type="checkbox" name="scopes" value="${s}"${chosen.includes(s) ? html` checked` : ''}> ${s}</label>`)}</fieldset>`

/** What a brand's admin may register (client-limits.ts checkBrandRedirectUris); the platform registers any. */
const redirectHint = (c: Console, hint: string) => (c.platformAdmin ? hint : `${hint} Only https, on this brand's approved domains.`)

/** The redirect URIs, CORS origins and scopes of a registered app, changed in place (PATCH /oauth/clients/{id}). */
function editForm(c: Console, base: string, client: OAuthClient): SafeHtml {
  const v = clientView(client)
  const id = `edit-${client.id}`
  return html`<details><summary>Edit ${v.name}</summary>
<form method="post" action="${base}/edit" class="stack narrow">${csrfField(c.page.csrf)}
${textArea({ name: 'redirectUris', id: `${id}-redirects`, label: `Redirect URIs of ${v.name}`, value: v.redirectUris.join('\n'), hint: redirectHint(c, 'One per line (exact match).') })}
${textArea({ name: 'allowedOrigins', id: `${id}-origins`, label: `CORS origins of ${v.name}`, value: client.allowed_origins?.join('\n') ?? '', hint: 'One per line; empty: the redirect URIs\' origins.' })}
${scopeBoxes(`Scopes of ${v.name}`, v.scopes)}
<button type="submit" class="secondary">Save ${v.name}</button></form></details>`
}

function createForm(c: Console): SafeHtml {
  return html`<h2>Register an app</h2>
<form method="post" action="/console/tenants/${c.tenant.id}/apps" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'name', label: 'App name', value: '', required: true, maxlength: 200 })}
${textArea({ name: 'redirectUris', label: 'Redirect URIs', value: '', hint: redirectHint(c, 'One per line: where the sign-in sends its code (exact match).') })}
${textArea({ name: 'allowedOrigins', label: 'CORS origins', value: '', hint: 'One per line, like https://app.example; empty: the redirect URIs\' origins.' })}
<fieldset><legend>Kind</legend>
<label class="choice"><input type="radio" name="kind" value="public" checked> Public (mobile or browser app, uses PKCE, no secret)</label>
<label class="choice"><input type="radio" name="kind" value="confidential"> Confidential (a server that keeps a secret)</label></fieldset>
${scopeBoxes('Scopes', SCOPES)}
<button type="submit">Register app</button></form>`
}

async function show(app: FastifyInstance, c: Console, n: Notes, extra: SafeHtml = html``): Promise<ConsolePage> {
  if (!c.platformAdmin && !(c.admin && isBrand(c.tenant))) {
    const who = isBrand(c.tenant) ? `the admins of ${c.tenant.name}` : "the platform's administrators"
    const body = html`<p class="notice info" role="status">The apps that sign people in to ${c.tenant.name} are registered by ${who}: ask them for a new app, a new redirect URI or a new secret.</p>`
    return { title: 'Apps', section: 'apps', body }
  }
  const clients = await app.services.clients.ofTenant(c.actor, c.tenant.id)
  const body = html`${notes(n)}${extra}
${clients.length ? html`<ul class="clients">${clients.map((client) => clientCard(c, client))}</ul>` : html`<p>No apps registered for ${c.tenant.name} yet.</p>`}
${createForm(c)}`
  return { title: 'Apps', section: 'apps', body, scripts: ['/console/console.js'] }
}

const clientParam = (request: FastifyRequest) => (request.params as { clientId: string }).clientId
const scopesOf = (request: FastifyRequest) => {
  const raw = (request.body as Record<string, unknown> | undefined)?.scopes
  return (Array.isArray(raw) ? raw : [raw]).filter((s): s is string => typeof s === 'string')
}

export function appRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { clients } = app.services
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(app, c, n)
  const params = { clientId: Type.String({ minLength: 1, maxLength: 100 }) }
  ck.get('/apps', "the tenant's OAuth clients", (c) => show(app, c, {}))

  ck.post('/apps', "register an OAuth client for the tenant (its brand's admins, platform administrators)", (c, request) => onForm(app, c, async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const { client, secret } = await clients.create(c.actor, {
      name: field(request, 'name').trim().slice(0, 200),
      redirectUris: lines(field(request, 'redirectUris')),
      public: field(request, 'kind') !== 'confidential',
      scopes: scopesOf(request),
      tenantId: c.tenant.id,
      ...(origins.length ? { allowedOrigins: origins } : {}),
    })
    const shown = secret
      ? html`<div class="notice ok" role="status"><p>${client.name} is registered. Its secret is shown once: keep it now.</p>${copyable('new-secret', 'Client secret', secret)}</div>`
      : html`<p class="notice ok" role="status">${client.name} is registered.</p>`
    return show(app, c, {}, shown)
  }), view)

  ck.post('/apps/:clientId/edit', "change a client's redirect URIs, CORS origins and scopes", (c, request) => onForm(app, c, async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const changed = await clients.update(c.actor, await ownClient(app, c, clientParam(request)), {
      redirectUris: lines(field(request, 'redirectUris')),
      allowedOrigins: origins.length ? origins : null,
      scopes: scopesOf(request),
    })
    return `${changed.name} is saved.`
  }), view, params)

  ck.post('/apps/:clientId/rotate', "give a confidential client a new secret (shown once)", async (c, request) => {
    const secret = await clients.rotateSecret(c.actor, await ownClient(app, c, clientParam(request)))
    return show(app, c, {}, html`<div class="notice ok" role="status"><p>The new secret is shown once; the old one stops working.</p>${copyable('new-secret', 'Client secret', secret)}</div>`)
  }, view, params)

  ck.post('/apps/:clientId/delete', 'delete a client (its sessions end)', async (c, request) => {
    await clients.remove(c.actor, await ownClient(app, c, clientParam(request)))
    return 'The app is deleted and every session it opened is ended.'
  }, view, params)
}

/**
 * A brand's limits refuse a field with 403 naming it (client-limits.ts: a redirect URI off the
 * brand's verified origins): shown on the form as a 400 is, since the person can fix it there.
 */
async function onForm(app: FastifyInstance, c: Console, act: () => Promise<string | ConsolePage>): Promise<string | ConsolePage> {
  try {
    return await act()
  } catch (error) {
    const refusal = refusalOf(error, true)
    if (!refusal || refusal.status !== 403) throw error
    return { ...(await show(app, c, { error: refusal.error })), status: refusal.status }
  }
}

/** A client of this tenant by id; another tenant's (or none) is a 404, as for a missing one. */
async function ownClient(app: FastifyInstance, c: Console, clientId: string): Promise<string> {
  const client = await app.services.clients.get(c.actor, clientId)
  if (client.tenant_id !== c.tenant.id) throw notFound('Client')
  return client.client_id
}
