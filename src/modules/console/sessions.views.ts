/** A person's sign-in sessions as markup, each with a button that ends it. */
import { html, PAGES_CLIENT } from '../pages/index.ts'
import type { MemberSession } from '../sessions/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, notes } from './console.views.ts'
import { when } from './history.views.ts'

export function sessionsPage(c: Console, userId: number, who: string, sessions: MemberSession[], n: Notes): ConsolePage {
  const { t } = c
  const appName = (clientId: string) => (clientId === PAGES_CLIENT ? t.text('sessions.pages') : clientId)
  const base = `/console/tenants/${c.tenant.id}/people/members/${userId}/sessions`
  const rows = sessions.map(
    (s) => html`<tr><th scope="row">${when(s.createdAt.toISOString())}</th><td>${appName(s.clientId)}${s.id === c.session.sessionId ? html` <span class="hint">${t.text('sessions.thisBrowser')}</span>` : ''}</td><td>${s.network ?? '-'}</td>
<td>${actionButton({ action: `${base}/${s.id}/revoke`, csrf: c.page.csrf, label: t.text('sessions.end', { when: when(s.createdAt.toISOString()) }), kind: 'danger' })}</td></tr>`,
  )
  const body = html`${notes(n)}<p><a href="/console/tenants/${c.tenant.id}/people">${t.text('sessions.back')}</a></p>
<h2>${t.text('sessions.of', { who })}</h2>
${sessions.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">${t.text('sessions.opened')}</th><th scope="col">${t.text('sessions.app')}</th><th scope="col">${t.text('sessions.network')}</th><th scope="col">${t.text('sessions.endIt')}</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="hint">${t.text('sessions.lastUsed')}</p>`
    : html`<p>${t.text('sessions.none')}</p>`}`
  return { title: t.text('sessions.title'), section: 'people', body }
}
