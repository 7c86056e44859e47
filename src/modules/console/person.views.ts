/** A person's page as markup: who they are, where they sign in, their tenants, devices and sessions, and what an admin may do. */
import { html, PAGES_CLIENT, type SafeHtml } from '../pages/index.ts'
import type { HeldDevice } from '../sensors/index.ts'
import type { MemberSession } from '../sessions/index.ts'
import type { Person } from '../users/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, notes } from './console.views.ts'
import { when } from './history.views.ts'

export interface PersonReads {
  person: Person
  summary: { lastSignIn: Date | null; apps: { clientId: string; last: Date }[]; networks: { network: string; last: Date }[] }
  devices: HeldDevice[]
  /** null: the person has no role in the tenant, so no sessions of theirs are the brand's to show. */
  sessions: MemberSession[] | null
  /** Whether this console may block, unblock and delete them (an account of the brand; any, for the platform). */
  manageable: boolean
  /** Apps by client id, named. */
  appName: (clientId: string) => string
}

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString())
/** A person as the console names them: their name and address, never a bare number. */
export const personName = (p: Pick<Person, 'displayName' | 'email'>) => (p.displayName ? `${p.displayName} <${p.email}>` : p.email)

function facts(c: Console, p: Person, r: PersonReads): SafeHtml {
  const { t } = c
  const row = (label: string, value: string | SafeHtml) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`
  return html`<div class="scroll"><table><tbody>
${row(t.text('person.address'), p.email)}
${row(t.text('person.name'), p.displayName ?? t.text('person.none'))}
${row(t.text('person.username'), p.username)}
${row(t.text('person.locale'), p.locale ?? t.text('person.none'))}
${row(t.text('person.signedUp'), when(p.createdAt))}
${row(t.text('person.confirmed'), p.emailConfirmedAt ? when(p.emailConfirmedAt) : t.text('person.notConfirmed'))}
${row(t.text('person.lastSignIn'), r.summary.lastSignIn ? when(iso(r.summary.lastSignIn)) : t.text('person.never'))}
</tbody></table></div>`
}

function whereFrom(c: Console, r: PersonReads): SafeHtml {
  const { t } = c
  const list = (items: { label: string; last: Date }[]) =>
    items.length ? html`<ul class="rows">${items.map((i) => html`<li>${i.label} <span class="hint">${t.text('person.lastUse', { at: when(iso(i.last)) })}</span></li>`)}</ul>` : html`<p>${t.text('person.noneYet')}</p>`
  return html`<h3>${t.text('person.apps')}</h3>${list(r.summary.apps.map((a) => ({ label: r.appName(a.clientId), last: a.last })))}
<h3>${t.text('person.networks')}</h3>${list(r.summary.networks.map((n) => ({ label: n.network, last: n.last })))}`
}

function tenants(c: Console, p: Person): SafeHtml {
  const { t } = c
  const items = p.tenants.map((x) => html`<li>${x.name} <span class="hint">${t.text(`role.${x.role}`)}</span></li>`)
  return html`<h3>${t.text('person.tenants')}</h3>${items.length ? html`<ul class="rows">${items}</ul>` : html`<p>${t.text('person.noTenants')}</p>`}`
}

function devices(c: Console, list: HeldDevice[]): SafeHtml {
  const { t } = c
  if (!list.length) return html`<h3>${t.text('person.devices')}</h3><p>${t.text('person.noDevices')}</p>`
  const rows = list.map((d) => html`<tr><th scope="row">${d.name} <span class="hint">${d.deviceId}</span></th><td>${d.type}</td><td>${t.text(d.online ? 'person.online' : 'person.offline')}</td><td>${d.lastSeenAt ? when(d.lastSeenAt) : t.text('person.none')}</td></tr>`)
  return html`<h3>${t.text('person.devices')}</h3><div class="scroll"><table><thead><tr><th scope="col">${t.text('person.device')}</th><th scope="col">${t.text('person.deviceType')}</th><th scope="col">${t.text('person.online')}</th><th scope="col">${t.text('person.lastSeen')}</th></tr></thead><tbody>${rows}</tbody></table></div>`
}

function sessions(c: Console, p: Person, r: PersonReads, base: string): SafeHtml {
  const { t } = c
  if (r.sessions === null) return html``
  const appName = (clientId: string) => (clientId === PAGES_CLIENT ? t.text('sessions.pages') : r.appName(clientId))
  const rows = r.sessions.map(
    (s) => html`<tr><th scope="row">${when(s.createdAt.toISOString())}</th><td>${appName(s.clientId)}</td><td>${s.network ?? '-'}</td>
<td>${actionButton({ action: `${base}/sessions/${s.id}/end`, csrf: c.page.csrf, label: t.text('sessions.end', { when: when(s.createdAt.toISOString()) }), kind: 'danger' })}</td></tr>`,
  )
  const table = r.sessions.length
    ? html`<div class="scroll"><table><thead><tr><th scope="col">${t.text('sessions.opened')}</th><th scope="col">${t.text('sessions.app')}</th><th scope="col">${t.text('sessions.network')}</th><th scope="col">${t.text('sessions.endIt')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${actionButton({ action: `${base}/sessions/end-all`, csrf: c.page.csrf, label: t.text('person.endAll', { email: p.email }), kind: 'danger' })}`
    : html`<p>${t.text('sessions.none')}</p>`
  return html`<h3>${t.text('person.sessions')}</h3>${table}`
}

function actions(c: Console, p: Person, r: PersonReads, base: string): SafeHtml {
  const { t } = c
  if (!r.manageable) return html`<h3>${t.text('person.actions')}</h3><p class="hint">${t.text('person.notOwn')}</p>`
  const email = { email: p.email }
  const block = p.blockedAt
    ? actionButton({ action: `${base}/unblock`, csrf: c.page.csrf, label: t.text('person.unblock', email), kind: 'secondary' })
    : actionButton({ action: `${base}/block`, csrf: c.page.csrf, label: t.text('person.block', email), kind: 'danger' })
  const confirm = p.emailConfirmedAt ? html`` : actionButton({ action: `${base}/confirmation`, csrf: c.page.csrf, label: t.text('person.resendConfirmation', email), kind: 'secondary' })
  return html`<h3>${t.text('person.actions')}</h3><p class="hint">${t.text('person.blockHint')}</p>${block}${confirm}
<p>${confirmLink({ href: `${base}/delete`, label: t.text('person.delete', email) })}</p>`
}

export function personPage(c: Console, r: PersonReads, n: Notes): ConsolePage {
  const { t } = c
  const p = r.person
  const base = `/console/tenants/${c.tenant.id}/person/${p.id}`
  const blocked = p.blockedAt ? html`<p class="notice error" role="status">${t.text('person.blocked', { at: when(p.blockedAt) })}</p>` : html``
  const log = `/console/tenants/${c.tenant.id}/sign-ins?${new URLSearchParams({ email: p.email }).toString()}`
  const body = html`${notes(n)}<p><a href="/console/tenants/${c.tenant.id}/customers">${t.text('person.back')}</a></p>
<h2>${personName(p)}</h2>${blocked}${facts(c, p, r)}${whereFrom(c, r)}
<p><a href="${log}">${t.text('person.signIns', { email: p.email })}</a></p>
${tenants(c, p)}${devices(c, r.devices)}${sessions(c, p, r, base)}${actions(c, p, r, base)}`
  return { title: `${t.text('person.title')}: ${p.email}`, section: 'people', body }
}
