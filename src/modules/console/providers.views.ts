/** The sign-in providers page as markup: a brand's connections with their buttons, and the forms that add one of each kind. */
import type { ConnectionView } from '../connections/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes, textArea, textField } from './console.views.ts'

const base = (c: Console) => `/console/tenants/${c.tenant.id}/providers`

function row(c: Console, p: ConnectionView): SafeHtml {
  const { t } = c
  const at = `${base(c)}/${p.id}`
  const name = { name: p.name }
  return html`<tr><th scope="row">${p.name}</th><td>${p.kind}</td><td><code class="wrap">${p.issuer}</code></td><td><code class="wrap">${p.clientId}</code></td>
<td>${t.text(p.enabled ? 'providers.on' : 'providers.off')}</td>
<td class="buttons">${actionButton({ action: `${at}/test`, csrf: c.page.csrf, label: t.text('providers.test', name) })}
${actionButton({ action: `${at}/enabled`, csrf: c.page.csrf, label: t.text(p.enabled ? 'providers.disable' : 'providers.enable', name), fields: { enabled: p.enabled ? 'false' : 'true' } })}
${confirmLink({ href: `${at}/delete`, label: t.text('providers.delete', name) })}</td></tr>`
}

/** One form per kind: each asks for what its provider needs and nothing else. */
function addForms(c: Console): SafeHtml {
  const { t } = c
  const form = (kind: 'google' | 'apple' | 'oidc', fields: SafeHtml) => html`<details><summary>${t.text(`providers.add.${kind}`)}</summary>
<form method="post" action="${base(c)}" class="stack narrow">${csrfField(c.page.csrf)}<input type="hidden" name="kind" value="${kind}">
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

export function providersPage(c: Console, providers: ConnectionView[], redirectUri: string, n: Notes): ConsolePage {
  const { t } = c
  const table = providers.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">${t.text('providers.name')}</th><th scope="col">${t.text('providers.kind')}</th><th scope="col">${t.text('providers.issuer')}</th><th scope="col">${t.text('providers.clientId')}</th><th scope="col">${t.text('providers.state')}</th><th scope="col">${t.text('webhooks.actions')}</th></tr></thead>
<tbody>${providers.map((p) => row(c, p))}</tbody></table></div>`
    : html`<p>${t.text('providers.none', { tenant: c.tenant.name })}</p>`
  const body = html`${notes(n)}<p>${t.text('providers.intro')}</p>
<p>${t.t('providers.redirect', { uri: html`<code class="wrap">${redirectUri}</code>` })}</p>
${table}
<h2>${t.text('providers.addTitle')}</h2>
${addForms(c)}`
  return { title: t.text('providers.title'), section: 'providers', body }
}
