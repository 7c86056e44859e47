/** The hosted pages' bodies: pure functions from what to show to markup, in the page's language (i18n.ts). */
import type { SupportedLocale } from '../../lib/locale.ts'
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { LOCALE_NAMES } from './i18n.ts'
import type { FormContext } from './page-context.ts'
import { notice } from './layout.ts'
import { passkeyReauth, passkeySection, type ListedPasskey } from './passkey-views.ts'
import type { OfferedConnection } from '../connections/index.ts'
import { providerButtons } from './upstream-views.ts'

export interface Form extends FormContext {
  error?: string | null
}

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

/** The sign-in's `ui_locales`, carried from step to step so that each keeps its language. */
const localeField = (uiLocales: string | null) => (uiLocales ? html`<input type="hidden" name="ui_locales" value="${uiLocales}">` : '')

export function emailStep(brand: Brand, f: Form & { requestId: string; appName: string | null; email?: string | null; passkey?: boolean; providers?: readonly OfferedConnection[] }): SafeHtml {
  const { t } = f
  return html`${providerButtons(brand, { ...f, providers: f.providers ?? [] })}${f.passkey ? passkeySignIn(brand, f) : ''}
<p>${f.appName ? t.t('signin.introApp', { app: f.appName }) : t.t('signin.intro')}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/email')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}">${localeField(f.uiLocales)}
<label for="email">${t.t('signin.email')}</label>
<input id="email" name="email" type="email" autocomplete="${f.passkey ? 'username webauthn' : 'email'}" inputmode="email" required maxlength="320" value="${f.email ?? ''}" autofocus>
<button type="submit">${t.t('signin.sendCode')}</button>
</form>`
}

/** The hosted pages' passkey script (passkey-pages.ts serves it). */
export const PASSKEY_SCRIPT = '/pages/passkey.js'

/** The passkey button of the sign-in page (pages/assets/passkey.js shows it where the browser has WebAuthn). */
function passkeySignIn(brand: Brand, f: Form & { requestId: string }): SafeHtml {
  return html`<div id="passkey-signin" class="stack" hidden data-options="${brandPath(brand, '/auth/oauth2/authorize/passkey/options')}" data-finish="${brandPath(brand, '/auth/oauth2/authorize/passkey')}" data-request="${f.requestId}" data-csrf="${f.csrf}" data-failed="${f.t.text('passkey.failed')}">
<button type="button" class="secondary">${f.t.t('signin.passkey')}</button>
<hr>
</div>`
}

export function codeStep(brand: Brand, f: Form & { requestId: string; email: string }): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('code.intro', { email: html`<strong>${f.email}</strong>` })}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/code')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}">${localeField(f.uiLocales)}
<label for="code">${t.t('code.label')}</label>
<p class="hint" id="code-hint">${t.t('code.hint')}</p>
<input id="code" name="code" type="text" class="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required maxlength="20" aria-describedby="code-hint" autofocus>
<button type="submit">${t.t('code.submit')}</button>
</form>
<hr>
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/email')}">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}"><input type="hidden" name="email" value="${f.email}">${localeField(f.uiLocales)}
<button type="submit" class="secondary">${t.t('code.resend')}</button>
</form>`
}

export function showCode(f: Pick<Form, 't'>, code: string): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('shown.intro')}</p>
<p class="shown-code" aria-label="${t.text('shown.label')}">${code}</p>
<p>${t.t('shown.after')}</p>`
}

export function message(text: string, kind: 'error' | 'ok' | 'info' = 'info', next?: { href: string; label: string }): SafeHtml {
  return html`${notice(kind, text)}${next ? html`<p><a class="button" href="${next.href}">${next.label}</a></p>` : ''}`
}

export function resetForm(brand: Brand, f: Form & { token: string }): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('reset.intro')}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/reset-password')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<label for="password">${t.t('reset.label')}</label>
<p class="hint" id="policy">${t.t('password.policy')}</p>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="256" aria-describedby="policy" autofocus>
<button type="submit">${t.t('reset.submit')}</button>
</form>`
}

export function forgotForm(brand: Brand, f: Form): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('forgot.intro')}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/forgot-password')}" class="stack">
${csrfField(f.csrf)}
<label for="email">${t.t('signin.email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" autofocus>
<button type="submit">${t.t('forgot.submit')}</button>
</form>`
}

export function confirmForm(brand: Brand, f: Form & { token: string }): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('confirm.intro')}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/confirm-email')}">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<button type="submit">${t.t('confirm.submit')}</button>
</form>`
}

export function endSessionForm(brand: Brand, f: Form & { fields: Record<string, string> }): SafeHtml {
  const { t } = f
  return html`
<p>${t.t('endSession.question')}</p>
<form method="post" action="${brandPath(brand, '/auth/oauth2/logout')}">
${csrfField(f.csrf)}${Object.entries(f.fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
<button type="submit">${t.t('endSession.submit')}</button>
</form>`
}

/** The account page's language choice: each locale under its own name, the page's own selected. */
export function languageForm(brand: Brand, f: Form & { locales: readonly SupportedLocale[] }): SafeHtml {
  const { t } = f
  const options = f.locales.map(
    (locale) => html`<option value="${locale}" lang="${locale}"${locale === t.locale ? html` selected` : ''}>${LOCALE_NAMES[locale]}</option>`,
  )
  return html`<form method="post" action="${brandPath(brand, '/account/locale')}" class="stack">
${csrfField(f.csrf)}
<label for="locale">${t.t('account.language')}</label>
<select id="locale" name="locale">${options}</select>
<button type="submit">${t.t('account.saveLanguage')}</button>
</form>`
}

export interface AccountView {
  email: string
  displayName: string | null
  hasPassword: boolean
  locales: readonly SupportedLocale[]
  notice?: string | null
  passkeys: readonly ListedPasskey[]
  /** Whether the brand offers passkeys (else those made before are listed, to delete). */
  offered: boolean
  /** A passkey change asked for a fresh sign-in: the form that signs in again comes first. */
  reauth?: boolean
}

export function accountPage(brand: Brand, f: Form & AccountView): SafeHtml {
  const { t } = f
  const setByEmail = html`<a href="${brandPath(brand, '/forgot-password')}">${t.t('account.noPasswordLink')}</a>`
  return html`
${notice('ok', f.notice)}${notice('error', f.error)}${f.reauth ? passkeyReauth(brand, f) : ''}
<dl><dt>${t.t('account.email')}</dt><dd>${f.email}</dd></dl>
<form method="post" action="${brandPath(brand, '/account/profile')}" class="stack">
${csrfField(f.csrf)}
<label for="displayName">${t.t('account.displayName')}</label>
<input id="displayName" name="displayName" type="text" autocomplete="name" maxlength="200" value="${f.displayName ?? ''}">
<button type="submit">${t.t('account.saveName')}</button>
</form>
<hr>
${languageForm(brand, f)}
<hr>
<h2>${t.t('account.password')}</h2>
${
  f.hasPassword
    ? html`<form method="post" action="${brandPath(brand, '/account/password')}" class="stack">
${csrfField(f.csrf)}
<label for="currentPassword">${t.t('account.currentPassword')}</label>
<input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required maxlength="256">
<label for="newPassword">${t.t('account.newPassword')}</label>
<p class="hint" id="policy">${t.t('password.policy')}</p>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="10" maxlength="256" aria-describedby="policy">
<button type="submit">${t.t('account.changePassword')}</button>
</form>`
    : html`<p>${t.t('account.noPassword', { link: setByEmail })}</p>`
}
<hr>
${passkeySection(brand, f)}
<p><a href="${brandPath(brand, '/account/providers')}">${t.t('account.identities')}</a></p>
<h2>${t.t('account.yourData')}</h2>
<p>${t.t('account.exportIntro')}</p>
<p><a class="button secondary" href="${brandPath(brand, '/account/export')}" download="account.json">${t.t('account.export')}</a></p>
<p>${t.t('account.deleteIntro')} <a href="${brandPath(brand, '/account/delete')}">${t.t('account.deleteLink')}</a></p>
<hr>
<form method="post" action="${brandPath(brand, '/account/signout')}" class="stack">
${csrfField(f.csrf)}
<button type="submit" class="secondary" name="everywhere" value="0">${t.t('account.signOut')}</button>
<button type="submit" class="secondary" name="everywhere" value="1">${t.t('account.signOutEverywhere')}</button>
</form>`
}
