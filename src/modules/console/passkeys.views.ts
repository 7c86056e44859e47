/** The passkeys page as markup: how the brand offers passkeys, and its native apps with the forms that add one. */
import { html, type SafeHtml } from '../pages/index.ts'
import type { NativeAppView, PasskeyMode } from '../passkeys/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, csrfField, notes, textField } from './console.views.ts'
import { when } from './webhooks.views.ts'

const base = (c: Console) => `/console/tenants/${c.tenant.id}/passkeys`
const MODES: PasskeyMode[] = ['offered', 'suggested', 'off']

function modeForm(c: Console, mode: PasskeyMode): SafeHtml {
  const { t } = c
  return html`<h2>${t.text('passkeys.modeTitle')}</h2>
<form method="post" action="${base(c)}/mode" class="stack narrow">${csrfField(c.page.csrf)}
<fieldset><legend>${t.text('passkeys.modeLegend', { tenant: c.tenant.name })}</legend>
${MODES.map((m) => html`<label class="choice"><input type="radio" name="mode" value="${m}"${m === mode ? html` checked` : ''}> ${t.text(`passkeys.mode.${m}`)}</label>`)}</fieldset>
<button type="submit">${t.text('passkeys.saveMode')}</button></form>`
}

function appRow(c: Console, a: NativeAppView): SafeHtml {
  const { t } = c
  return html`<tr><th scope="row"><code>${a.appId}</code></th><td>${t.text(a.platform === 'apple' ? 'passkeys.apple' : 'passkeys.android')}</td>
<td>${a.sha256Fingerprints.length ? html`${a.sha256Fingerprints.map((f) => html`<code class="wrap">${f}</code> `)}` : '-'}</td><td>${when(new Date(a.createdAt))}</td>
<td class="buttons">${actionButton({ action: `${base(c)}/apps/${a.id}/delete`, csrf: c.page.csrf, label: t.text('passkeys.removeApp', { app: a.appId }), kind: 'danger' })}</td></tr>`
}

function addForms(c: Console): SafeHtml {
  const { t } = c
  return html`<h3>${t.text('passkeys.addApple')}</h3>
<form method="post" action="${base(c)}/apps" class="stack narrow">${csrfField(c.page.csrf)}<input type="hidden" name="platform" value="apple">
${textField({ name: 'teamId', label: t.text('passkeys.teamId'), value: '', required: true, maxlength: 10, placeholder: 'ABCDE12345' })}
${textField({ name: 'bundleId', label: t.text('passkeys.bundleId'), value: '', required: true, maxlength: 155, placeholder: 'com.example.app' })}
<button type="submit">${t.text('passkeys.addAppButton')}</button></form>
<h3>${t.text('passkeys.addAndroid')}</h3>
<form method="post" action="${base(c)}/apps" class="stack narrow">${csrfField(c.page.csrf)}<input type="hidden" name="platform" value="android">
${textField({ name: 'packageName', label: t.text('passkeys.packageName'), value: '', required: true, maxlength: 255, placeholder: 'com.example.app' })}
<label for="f-fingerprints">${t.text('passkeys.fingerprints')}</label><p class="hint" id="f-fingerprints-hint">${t.text('passkeys.fingerprintsHint')}</p>
<textarea id="f-fingerprints" name="fingerprints" rows="3" required aria-describedby="f-fingerprints-hint" maxlength="1000"></textarea>
<button type="submit">${t.text('passkeys.addAppButton')}</button></form>`
}

/** Why a person sees no settings: a customer's tenant has none, a member asks the admins. */
export function noPasskeySettings(c: Console, brand: boolean): ConsolePage {
  const sentence = c.t.text(brand ? 'passkeys.ask' : 'passkeys.brandsOnly', { tenant: c.tenant.name })
  return { title: c.t.text('passkeys.title'), section: 'passkeys', body: html`<p class="notice info" role="status">${sentence}</p>` }
}

export function passkeysPage(c: Console, mode: PasskeyMode, apps: NativeAppView[], n: Notes): ConsolePage {
  const { t } = c
  const table = apps.length
    ? html`<table><thead><tr><th scope="col">${t.text('passkeys.appId')}</th><th scope="col">${t.text('passkeys.platform')}</th><th scope="col">${t.text('passkeys.fingerprints')}</th><th scope="col">${t.text('passkeys.added')}</th><th scope="col">${t.text('webhooks.actions')}</th></tr></thead>
<tbody>${apps.map((a) => appRow(c, a))}</tbody></table>`
    : html`<p>${t.text('passkeys.noApps', { tenant: c.tenant.name })}</p>`
  const body = html`${notes(n)}<p>${t.text('passkeys.intro')}</p>
${modeForm(c, mode)}
<h2>${t.text('passkeys.appsTitle')}</h2>
<p>${t.text('passkeys.appsIntro')}</p>
${table}
${addForms(c)}`
  return { title: t.text('passkeys.title'), section: 'passkeys', body }
}
