/** The brand page as markup: the look, sender and sign-up form beside the hosted sign-in page's preview. */
import type { SignupPolicy } from '../../db/database.ts'
import { emailStep, html, renderPage, translator, type Brand } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import type { Draft } from './forms.ts'
import type { ConsoleMessageKey } from './locales/en.ts'
import { csrfField, notes, readOnly, select, textField } from './console.views.ts'

const SIGNUP_LABELS: Record<SignupPolicy, ConsoleMessageKey> = {
  closed: 'brandPage.signupClosed',
  customers: 'brandPage.signupCustomers',
  members: 'brandPage.signupMembers',
}

/** The brand's form beside the preview frame; read-only for a member, or for a tenant that is not a brand. */
export function brandPage(c: Console, n: Notes, draft?: Draft): ConsolePage {
  const t = c.tenant
  const say = c.t
  const saved = t.email_config.template ?? {}
  // a refused form comes back as it was typed
  const typed = (name: string, value: string | null | undefined) => (draft ? (draft.typed[name] ?? '') : value)
  const problem = (name: string) => draft?.problems[name]
  const template = { buttonColor: typed('buttonColor', saved.buttonColor), textColor: typed('textColor', saved.textColor) }
  const brand = isBrand(t)
  const locked = !c.admin || !brand
  const base = `/console/tenants/${t.id}/brand`
  const why = !brand ? html`<p class="notice info" role="status">${say.text('brandPage.notBrand', { tenant: t.name })}</p>` : c.admin ? html`` : readOnly(say)
  const body = html`${notes(n)}${why}
<div class="split">
<form method="post" action="${base}" class="stack editor" id="brand-form" data-preview="${base}/preview">${csrfField(c.page.csrf)}
${textField({ name: 'name', label: say.text('brandPage.name'), value: typed('name', t.name), readonly: locked, required: true, maxlength: 200, problem: problem('name') })}
${textField({ name: 'logoUrl', label: say.text('brandPage.logoUrl'), value: typed('logoUrl', t.logo_url), type: 'url', readonly: locked, hint: say.text('brandPage.logoHint'), maxlength: 2000, problem: problem('logoUrl') })}
${textField({ name: 'buttonColor', label: say.text('brandPage.buttonColor'), value: template.buttonColor, readonly: locked, hint: say.text('brandPage.buttonHint'), maxlength: 7, problem: problem('buttonColor') })}
${textField({ name: 'textColor', label: say.text('brandPage.textColor'), value: template.textColor, readonly: locked, hint: say.text('brandPage.textHint'), maxlength: 7, problem: problem('textColor') })}
${textField({ name: 'senderEmail', label: say.text('brandPage.senderEmail'), value: typed('senderEmail', t.sender_email), type: 'email', readonly: locked, hint: say.text('brandPage.senderHint'), maxlength: 320, problem: problem('senderEmail') })}
${select({ name: 'signup', label: say.text('brandPage.signup'), value: typed('signup', t.signup) ?? t.signup, options: Object.entries(SIGNUP_LABELS).map(([value, key]) => [value, say.text(key)] as const), disabled: locked })}
${locked ? '' : html`<div class="buttons"><button type="submit">${say.text('brandPage.save')}</button>
<button type="submit" class="secondary" formaction="${base}/preview" formmethod="post" formtarget="brand-preview">${say.text('brandPage.preview')}</button></div>`}
</form>
<section class="preview" aria-labelledby="brand-preview-h"><h2 id="brand-preview-h">${say.text('brandPage.signInPage')}</h2>
<iframe name="brand-preview" id="brand-preview" title="${say.text('brandPage.frame')}" src="${base}/preview" sandbox></iframe></section>
</div>`
  return { title: say.text('brandPage.title'), section: 'brand', body, scripts: ['/console/console.js'] }
}

/** The hosted sign-in page in a brand's look, as the preview frame shows it: in English, its form inert. */
export function signInPreview(brand: Brand, nonce: string): string {
  const t = translator('en')
  const body = emailStep(brand, { csrf: '', requestId: '', appName: null, t, uiLocales: null })
  return renderPage({ brand, locale: t.locale, title: t.text('signin.titleAccount'), body, nonce })
}
