/**
 * The sign-in page's provider buttons (modules/connections), each drawn by its provider's rules
 * without any third-party asset: Google's (white, a grey #747775 border, #1F1F1F text, its
 * four-colour "G", "Continue with Google"), Apple's (black with white text and the Apple logo,
 * "Continue with Apple"), and any other provider as a plain secondary button with its name.
 */
import type { OfferedConnection } from '../connections/index.ts'
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import type { FormContext } from './page-context.ts'

const GOOGLE_G = html`<svg class="provider-logo" aria-hidden="true" viewBox="0 0 48 48" width="18" height="18"><path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/><path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/><path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/><path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/></svg>`
const APPLE_LOGO = html`<svg class="provider-logo" aria-hidden="true" viewBox="0 0 814 1000" width="16" height="18"><path fill="#fff" d="M788 341c-6 4-108 62-108 190 0 149 130 201 134 203-1 3-21 72-69 142-43 62-87 123-156 123s-87-40-166-40c-77 0-105 42-168 42s-107-58-157-128C40 791 0 672 0 559 0 378 118 282 234 282c62 0 113 41 152 41 37 0 95-43 165-43 27 0 123 2 187 61zM549 174c29-35 50-83 50-131 0-7-1-13-2-19-47 2-104 32-138 72-27 31-52 79-52 128 0 7 1 15 2 17 3 1 8 1 13 1 43 0 97-29 127-68z"/></svg>`

/** One form per provider: posting it begins the round trip for this sign-in request. */
export function providerButtons(brand: Brand, f: FormContext & { requestId: string; providers: readonly OfferedConnection[] }): SafeHtml | '' {
  if (f.providers.length === 0) return ''
  const button = (p: OfferedConnection) => {
    const label = f.t.t('signin.continueWith', { provider: p.name })
    if (p.kind === 'google') return html`<button type="submit" class="provider provider-google">${GOOGLE_G}<span>${label}</span></button>`
    if (p.kind === 'apple') return html`<button type="submit" class="provider provider-apple">${APPLE_LOGO}<span>${label}</span></button>`
    return html`<button type="submit" class="secondary provider">${label}</button>`
  }
  const forms = f.providers.map(
    (p) => html`<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/upstream')}">
<input type="hidden" name="_csrf" value="${f.csrf}"><input type="hidden" name="request" value="${f.requestId}"><input type="hidden" name="connection" value="${String(p.id)}">
${button(p)}
</form>`,
  )
  return html`<div class="stack providers">${forms}</div>
<hr>`
}
