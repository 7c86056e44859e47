/** A person's sign-in sessions as markup, each with a button that ends it. */
import { html, PAGES_CLIENT } from '../pages/index.ts'
import type { MemberSession } from '../sessions/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, notes } from './console.views.ts'
import { when } from './history.views.ts'

const appName = (clientId: string) => (clientId === PAGES_CLIENT ? 'the hosted pages and this console' : clientId)

export function sessionsPage(c: Console, userId: number, sessions: MemberSession[], n: Notes): ConsolePage {
  const base = `/console/tenants/${c.tenant.id}/people/members/${userId}/sessions`
  const rows = sessions.map(
    (s) => html`<tr><th scope="row">${when(s.createdAt.toISOString())}</th><td>${appName(s.clientId)}${s.id === c.session.sessionId ? html` <span class="hint">(this browser)</span>` : ''}</td><td>${s.network ?? '-'}</td>
<td>${actionButton({ action: `${base}/${s.id}/revoke`, csrf: c.page.csrf, label: `End the session opened ${when(s.createdAt.toISOString())}`, kind: 'danger' })}</td></tr>`,
  )
  const body = html`${notes(n)}<p><a href="/console/tenants/${c.tenant.id}/people">Back to people</a></p>
<h2>Sign-in sessions of person #${userId}</h2>
${sessions.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">Opened</th><th scope="col">App</th><th scope="col">Network</th><th scope="col">End it</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="hint">When each session was last used is not recorded.</p>`
    : html`<p>No open sessions.</p>`}`
  return { title: 'Sessions', section: 'people', body }
}
