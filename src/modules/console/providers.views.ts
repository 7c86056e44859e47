/** The sign-in providers page as markup: a brand's connections with their buttons, and the forms that add one of each kind. */
import type { ConnectionView } from '../connections/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes, textArea, textField } from './console.views.ts'

/** What the page needs of its console: the texts, the form token, and where its forms post (a brand's page, or the platform's). */
export interface ProvidersPlace {
  t: Console['t']
  csrf: string
  base: string
}

function row(c: ProvidersPlace, p: ConnectionView): SafeHtml {
  const { t } = c
  const at = `${c.base}/${p.id}`
  const name = { name: p.name }
  return html`<tr><th scope="row">${p.name}</th><td>${p.kind}</td><td><code class="wrap">${p.issuer}</code></td><td><code class="wrap">${p.clientId}</code></td>
<td>${t.text(p.enabled ? 'providers.on' : 'providers.off')}</td>
<td class="buttons">${actionButton({ action: `${at}/test`, csrf: c.csrf, label: t.text('providers.test', name) })}
${actionButton({ action: `${at}/enabled`, csrf: c.csrf, label: t.text(p.enabled ? 'providers.disable' : 'providers.enable', name), fields: { enabled: p.enabled ? 'false' : 'true' } })}
${confirmLink({ href: `${at}/delete`, label: t.text('providers.delete', name) })}</td></tr>`
}

/** One form per kind: each asks for what its provider needs and nothing else. */
function addForms(c: ProvidersPlace): SafeHtml {
  const { t } = c
  const form = (kind: 'google' | 'apple' | 'oidc', fields: SafeHtml) => html`<details><summary>${t.text(`providers.add.${kind}`)}</summary>
<form method="post" action="${c.base}" class="stack narrow">${csrfField(c.csrf)}<input type="hidden" name="kind" value="${kind}">
${fields}<button type="submit">${t.text('providers.addButton')}</button></form></details>`
  const clientId = (kind: string) => textField({ name: 'clientId', id: `${kind}-client-id`, label: t.text('providers.clientId'), value: '', required: true, maxlength: 500, ...(kind === 'apple' ? { hint: t.text('providers.servicesId') } : {}) })
  const secret = (kind: string) => textField({ name: 'clientSecret', id: `${kind}-client-secret`, label: t.text('providers.clientSecret'), value: '', type: 'password', required: true, maxlength: 2000 })
  return html`${form('google', html`${clientId('google')}${secret('google')}`)}
${form('apple', html`${clientId('apple')}
${textField({ name: 'teamId', label: t.text('providers.teamId'), value: '', required: true, maxlength: 20 })}
${textField({ name: 'keyId', label: t.text('providers.keyId'), value: '', required: true, maxlength: 20 })}
${textArea({ name: 'privateKey', label: t.text('providers.privateKey'), value: '', hint: t.text('providers.privateKeyHint') })}`)}
${form('oidc', html`${textField({ name: 'name', label: t.text('providers.name'), value: '', required: true, maxlength: 60 })}
${textField({ name: 'issuer', label: t.text('providers.issuer'), value: '', type: 'url', required: true, maxlength: 500, placeholder: 'https://login.example.com' })}
${clientId('oidc')}${secret('oidc')}`)}`
}

export function noProviders(c: Console, brand: boolean): ConsolePage {
  const sentence = c.t.text(brand ? 'providers.ask' : 'providers.brandsOnly', { tenant: c.tenant.name })
  return { title: c.t.text('providers.title'), section: 'providers', body: html`<p class="notice info" role="status">${sentence}</p>` }
}

/** The providers, the redirect URI to register and the forms; `none`: the sentence for an empty list. */
export function providersBody(c: ProvidersPlace, providers: ConnectionView[], redirectUri: string, intro: string, none: string): SafeHtml {
  const { t } = c
  const table = providers.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">${t.text('providers.name')}</th><th scope="col">${t.text('providers.kind')}</th><th scope="col">${t.text('providers.issuer')}</th><th scope="col">${t.text('providers.clientId')}</th><th scope="col">${t.text('providers.state')}</th><th scope="col">${t.text('webhooks.actions')}</th></tr></thead>
<tbody>${providers.map((p) => row(c, p))}</tbody></table></div>`
    : html`<p>${none}</p>`
  return html`<p>${intro}</p>
<p>${t.t('providers.redirect', { uri: html`<code class="wrap">${redirectUri}</code>` })}</p>
${table}
<h2>${t.text('providers.addTitle')}</h2>
${addForms(c)}`
}

export function providersPage(c: Console, providers: ConnectionView[], redirectUri: string, n: Notes): ConsolePage {
  const place = { t: c.t, csrf: c.page.csrf, base: `/console/tenants/${c.tenant.id}/providers` }
  const body = html`${notes(n)}${providersBody(place, providers, redirectUri, c.t.text('providers.intro'), c.t.text('providers.none', { tenant: c.tenant.name }))}`
  return { title: c.t.text('providers.title'), section: 'providers', body }
}
