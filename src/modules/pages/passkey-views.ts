/**
 * The account page's passkeys (a list with rename and delete forms, and "add a passkey", which
 * pages/assets/passkey.js drives) and the page that suggests adding one after a sign-in by code.
 */
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { notice } from './layout.ts'
import type { FormContext } from './page-context.ts'

/** A passkey as the account page lists it (the passkeys module's view). */
export interface ListedPasskey {
  id: number
  name: string
  kind: string | null
  createdAt: string
  lastUsedAt: string | null
}

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

function day(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
}

/** The "add a passkey" button; `then`: where to go once added (the suggestion page's app), else say so here. */
function addButton(brand: Brand, f: FormContext, then: string | null): SafeHtml {
  return html`<div id="passkey-add" class="stack" hidden data-options="${brandPath(brand, '/account/passkeys/options')}" data-finish="${brandPath(brand, '/account/passkeys')}" data-csrf="${f.csrf}" data-failed="${f.t.text('passkey.failed')}" data-added="${f.t.text('account.passkeyAdded')}" data-then="${then ?? ''}">
<button type="button"${then ? '' : html` class="secondary"`}>${f.t.t('account.addPasskey')}</button>
</div>`
}

function listed(brand: Brand, f: FormContext, p: ListedPasskey): SafeHtml {
  const { t } = f
  const base = brandPath(brand, `/account/passkeys/${p.id}`)
  return html`<li class="stack">
<strong>${p.name}</strong>
<span class="hint">${p.kind ? html`${p.kind} · ` : ''}${t.t('account.passkeyCreated', { date: day(p.createdAt, t.locale) })} · ${p.lastUsedAt ? t.t('account.passkeyLastUsed', { date: day(p.lastUsedAt, t.locale) }) : t.t('account.passkeyNeverUsed')}</span>
<form method="post" action="${base}/rename" class="row">
${csrfField(f.csrf)}
<label for="passkey-name-${p.id}">${t.t('account.passkeyName', { name: p.name })}</label>
<input id="passkey-name-${p.id}" name="name" type="text" required maxlength="100" value="${p.name}">
<button type="submit" class="secondary">${t.t('account.renamePasskey')}</button>
</form>
<form method="post" action="${base}/delete">
${csrfField(f.csrf)}
<button type="submit" class="secondary" aria-label="${t.text('account.deletePasskeyNamed', { name: p.name })}">${t.t('account.deletePasskey')}</button>
</form>
</li>`
}

/** The account page's section: the person's passkeys, and a way to add one where the brand offers them. */
export function passkeySection(brand: Brand, f: FormContext & { passkeys: readonly ListedPasskey[]; offered: boolean }): SafeHtml {
  const { t } = f
  return html`<h2 id="passkeys">${t.t('account.passkeys')}</h2>
<p>${t.t('account.passkeysIntro')}</p>
${f.passkeys.length ? html`<ul class="plain stack">${f.passkeys.map((p) => listed(brand, f, p))}</ul>` : html`<p>${t.t('account.noPasskeys')}</p>`}
${f.offered ? addButton(brand, f, null) : ''}
<hr>`
}

/** The passkey changes that need a fresh sign-in: a form that signs out to sign in again. */
export function passkeyReauth(brand: Brand, f: FormContext): SafeHtml {
  return html`${notice('error', f.t.text('account.passkeyReauth'))}
<form method="post" action="${brandPath(brand, '/account/delete/reauth')}" class="stack">
${csrfField(f.csrf)}
<button type="submit">${f.t.t('delete.reauthSubmit')}</button>
</form>`
}

/** After a sign-in by code, where the brand suggests it: add a passkey, or go on to the app. */
export function passkeySuggestion(brand: Brand, f: FormContext & { next: string }): SafeHtml {
  const { t } = f
  return html`<p>${t.t('suggest.intro')}</p>
${addButton(brand, f, f.next)}
<p><a href="${f.next}">${t.t('suggest.notNow')}</a></p>`
}
