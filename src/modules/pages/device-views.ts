/** The device page's bodies (device.routes.ts): pure functions from what to show to markup. */
import type { PendingDevice } from '../oauth/index.ts'
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { notice } from './layout.ts'
import type { Form } from './views.ts'

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

/** The user code form, filled in when the person arrived with one. */
export function deviceEntry(brand: Brand, f: Form & { code?: string }): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('device.enterIntro')}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/device')}" class="stack">
${csrfField(f.csrf)}
<label for="user_code">${t.t('device.codeLabel')}</label>
<p class="hint" id="user-code-hint">${t.t('device.codeHint')}</p>
<input id="user_code" name="user_code" type="text" class="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="20" aria-describedby="user-code-hint" value="${f.code ?? ''}" autofocus>
<button type="submit">${t.t('device.continue')}</button>
</form>`
}

/**
 * The question: which app, for which account of which brand, asking what, with which code; and
 * the warning against a code someone else sent (device-codes.ts "Phishing").
 */
export function deviceConfirm(brand: Brand, f: Form & { pending: PendingDevice; email: string }): SafeHtml {
  const { t, pending } = f
  const app = html`<strong>${pending.appName}</strong>`
  const scopes = pending.scopes.length
    ? html`<p>${t.t('device.scopesIntro')}</p><ul class="scopes">${pending.scopes.map((s) => html`<li><code>${s}</code></li>`)}</ul>`
    : html`<p>${t.t('device.noScopes')}</p>`
  const decision = (value: 'approve' | 'deny', label: SafeHtml, secondary: boolean) => html`<form method="post" action="${brandPath(brand, '/device/decision')}">
${csrfField(f.csrf)}<input type="hidden" name="user_code" value="${pending.userCode}"><input type="hidden" name="decision" value="${value}">
<button type="submit"${secondary ? html` class="secondary"` : ''}>${label}</button>
</form>`
  return html`
<p>${t.t('device.confirmIntro', { app, brand: brand.name, email: f.email })}</p>
${scopes}
<p class="shown-code" aria-label="${t.text('device.codeLabel')}">${pending.userCode}</p>
${notice('info', t.text('device.phishing'))}
<div class="stack">
${decision('approve', t.t('device.approve'), false)}
${decision('deny', t.t('device.deny'), true)}
</div>`
}
