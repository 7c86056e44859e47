/** The sign-in log as markup: a search by address, the attempts newest first, a pager. */
import type { Page } from '../../lib/pagination.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { SignInView } from '../oauth/index.ts'
import type { Console, ConsolePage } from './console-kit.ts'
import { textField } from './console.views.ts'
import { when } from './history.views.ts'
import type { ConsoleMessageKey } from './locales/en.ts'

const OUTCOMES: readonly string[] = ['code_sent', 'held_back', 'not_signed_up', 'code_wrong', 'code_expired', 'code_reused', 'signed_in', 'refreshed', 'refused_blocked']
const LIMITS: readonly string[] = ['per_address_network', 'per_address', 'per_address_known_network', 'per_sender']

/** Attempts as a table: when, the outcome (and the limit that held a code back), who, the app, the network. */
export function signInTable(c: Console, attempts: readonly SignInView[], appName: (clientId: string) => string): SafeHtml {
  const { t } = c
  const outcome = (r: SignInView) => {
    const said = OUTCOMES.includes(r.outcome) ? t.text(`outcome.${r.outcome}` as ConsoleMessageKey) : r.outcome
    return r.detail && LIMITS.includes(r.detail) ? html`${said} <span class="hint">(${t.text(`limit.${r.detail}` as ConsoleMessageKey)})</span>` : html`${said}`
  }
  const who = (r: SignInView) =>
    r.email === null ? html`<span class="hint">${t.text('signins.unknown')}</span>` : r.userId !== null ? html`<a href="/console/tenants/${c.tenant.id}/person/${r.userId}">${r.email}</a>` : html`${r.email}`
  const rows = attempts.map((r) => html`<tr><th scope="row">${when(r.at)}</th><td>${outcome(r)}</td><td>${who(r)}</td><td>${r.clientId ? appName(r.clientId) : '-'}</td><td>${r.network ?? '-'}</td></tr>`)
  return attempts.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">${t.text('signins.when')}</th><th scope="col">${t.text('signins.outcome')}</th><th scope="col">${t.text('signins.who')}</th><th scope="col">${t.text('signins.app')}</th><th scope="col">${t.text('signins.network')}</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>${t.text('signins.none')}</p>`
}

/** `email`: the start of an address the log was searched by. */
export function signInsPage(c: Console, email: string, page: Page<SignInView>, appName: (clientId: string) => string): ConsolePage {
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/sign-ins`
  const link = (key: 'after' | 'before', cursor: string | null, label: string) =>
    cursor ? html`<a href="${base}?${new URLSearchParams({ email, [key]: cursor }).toString()}">${label}</a>` : html``
  const body = html`<p>${t.text('signins.intro', { tenant: c.tenant.name })}</p>
<form method="get" action="${base}" class="search">
${textField({ name: 'email', label: t.text('signins.search'), value: email, type: 'search', maxlength: 320 })}
<button type="submit" class="secondary">${t.text('signins.searchButton')}</button></form>
<p>${t.text('signins.count', { count: page.totalCount })}</p>
${signInTable(c, page.edges.map((e) => e.node), appName)}
<nav class="pager" aria-label="${t.text('signins.pages')}">${page.pageInfo.hasPreviousPage ? link('before', page.pageInfo.startCursor, t.text('signins.previous')) : ''} ${page.pageInfo.hasNextPage ? link('after', page.pageInfo.endCursor, t.text('signins.next')) : ''}</nav>`
  return { title: t.text('signins.title'), section: 'signins', body }
}
