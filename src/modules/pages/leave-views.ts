/** The hosted page that deletes an account: a confirmation, or first a fresh sign-in (leave.routes.ts). */
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { notice } from './layout.ts'
import type { FormContext } from './page-context.ts'

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

/** What deleting does, and a form that asks to be sure; without a recent sign-in, a form that signs in again instead. */
export function deletePage(brand: Brand, f: FormContext & { recent: boolean; error?: string | null }): SafeHtml {
  const { t } = f
  if (!f.recent) {
    return html`
<p>${t.t('delete.reauth')}</p>
<form method="post" action="${brandPath(brand, '/account/delete/reauth')}" class="stack">
${csrfField(f.csrf)}
<button type="submit">${t.t('delete.reauthSubmit')}</button>
</form>`
  }
  return html`
${notice('error', f.error)}
<p>${t.t('delete.intro')}</p>
<form method="post" action="${brandPath(brand, '/account/delete')}" class="stack">
${csrfField(f.csrf)}
<label><input type="checkbox" name="confirm" value="1" required> ${t.t('delete.confirm')}</label>
<button type="submit" class="danger">${t.t('delete.submit')}</button>
</form>`
}
