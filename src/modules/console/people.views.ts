/** The people pages as markup: members and their roles, pending invitations, a brand's customers. */
import type { TenantRole } from '../../db/database.ts'
import type { Page } from '../../lib/pagination.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes, readOnly, select, textField } from './console.views.ts'
import type { Draft } from './forms.ts'
import type { ConsoleText } from './i18n.ts'

export type StaffRole = Exclude<TenantRole, 'customer'>
export const ROLES: readonly StaffRole[] = ['member', 'admin', 'owner']

/** The roles as a select lists them, in the page's language. */
const roleOptions = (t: ConsoleText) => ROLES.map((role) => [role, t.text(`roles.${role}`)] as const)

/** A refused people form as typed: the invitation form's (`memberId` null) or one member's role form. */
export type PeopleDraft = Draft & { memberId: number | null }

export interface MemberLine {
  id: number
  email: string
  display_name: string | null
  role: TenantRole
}

export interface PendingInvitation {
  id: number
  email: string
  role: string
  expiresAt: string
}

function members(c: Console, rows: MemberLine[], draft?: PeopleDraft): SafeHtml {
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/people/members`
  const manage = (m: MemberLine) => {
    const refused = draft && draft.memberId === m.id ? draft : undefined
    return c.admin
      ? html`<form method="post" action="${base}/${m.id}/role" class="inline">${csrfField(c.page.csrf)}
${select({ name: 'role', id: `role-${m.id}`, label: t.text('people.roleOf', { email: m.email }), value: refused?.typed.role ?? m.role, options: roleOptions(t), problem: refused?.problems.role })}
<button type="submit" class="secondary small">${t.text('people.changeRole')}</button></form>
${confirmLink({ href: `${base}/${m.id}/remove`, label: t.text('people.remove', { email: m.email }) })}
<a href="${base}/${m.id}/sessions">${t.text('people.sessionsOf', { email: m.email })}</a>
<a href="/console/tenants/${c.tenant.id}/person/${m.id}">${t.text('person.open', { email: m.email })}</a>`
      : html`${t.text(`role.${m.role}`)}`
  }
  return html`<h2>${t.text('people.members')}</h2><div class="scroll"><table><thead><tr><th scope="col">${t.text('people.person')}</th><th scope="col">${t.text('people.role')}</th></tr></thead><tbody>
${rows.map((m) => html`<tr><th scope="row">${m.display_name ?? m.email}<br><span class="hint">${m.email}</span></th><td class="actions">${manage(m)}</td></tr>`)}
</tbody></table></div>`
}

const ANY_ROLES: readonly string[] = [...ROLES, 'customer']
const isRole = (role: string): role is TenantRole => ANY_ROLES.includes(role)
const roleName = (t: ConsoleText, role: string) => (isRole(role) ? t.text(`role.${role}`) : role)

/** `pending` null: the section is left out (it is the admins'). */
function invitations(c: Console, pending: PendingInvitation[] | null, draft?: PeopleDraft): SafeHtml {
  if (!pending) return html``
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/people/invitations`
  // a refused invitation comes back as it was typed, with a sentence at each field
  const refused = draft?.memberId === null ? draft : undefined
  const form = html`<form method="post" action="${base}" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'email', label: t.text('people.inviteEmail'), value: refused?.typed.email ?? '', type: 'email', required: true, maxlength: 320, problem: refused?.problems.email })}
${select({ name: 'role', label: t.text('people.role'), value: refused?.typed.role ?? 'member', options: roleOptions(t), problem: refused?.problems.role })}
<button type="submit">${t.text('people.sendInvitation')}</button></form>`
  const list = pending.length
    ? html`<ul class="rows">${pending.map((i) => html`<li>${i.email} <span class="hint">${t.text('people.pending', { role: roleName(t, i.role), date: i.expiresAt.slice(0, 10) })}</span>
${actionButton({ action: `${base}/${i.id}/resend`, csrf: c.page.csrf, label: t.text('people.resend', { email: i.email }) })}
${actionButton({ action: `${base}/${i.id}/revoke`, csrf: c.page.csrf, label: t.text('people.revoke', { email: i.email }), kind: 'danger' })}</li>`)}</ul>`
    : html`<p>${t.text('people.noPending')}</p>`
  return html`<h2>${t.text('people.invitations')}</h2>${list}<h3>${t.text('people.invite')}</h3>${form}`
}

/** Accounts of the tenant's people deleted in the last 30 days, by the pseudonym the audit log names them by (`deleted` null: the admins' only). */
function deletedAccounts(c: Console, deleted: { pseudonym: string; at: string }[] | null): SafeHtml {
  if (!deleted) return html``
  const list = deleted.length
    ? html`<ul class="rows">${deleted.map((d) => html`<li><code>${d.pseudonym}</code> <span class="hint">${c.t.text('people.deletedAt', { at: d.at.slice(0, 16).replace('T', ' ') })}</span></li>`)}</ul>`
    : html`<p>${c.t.text('people.deletedNone')}</p>`
  return html`<h2>${c.t.text('people.deletedTitle')}</h2><p class="hint">${c.t.text('people.deletedHint')}</p>${list}`
}

export function peoplePage(c: Console, rows: MemberLine[], pending: PendingInvitation[] | null, n: Notes, deleted: { pseudonym: string; at: string }[] | null, draft?: PeopleDraft): ConsolePage {
  const body = html`${notes(n)}${c.admin ? '' : readOnly(c.t)}${members(c, rows, draft)}${invitations(c, pending, draft)}${deletedAccounts(c, deleted)}
<p><a href="/console/tenants/${c.tenant.id}/customers">${c.t.text('people.customersOf', { tenant: c.tenant.name })}</a></p>`
  return { title: c.t.text('people.title'), section: 'people', body }
}

/** `email`: the start of an address the list was searched by. */
export function customersPage(c: Console, email: string, page: Page<{ email: string; joinedAt: string; userId: number }>): ConsolePage {
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/customers`
  const link = (key: 'after' | 'before', cursor: string | null, label: string) =>
    cursor ? html`<a href="${base}?${new URLSearchParams({ email, [key]: cursor }).toString()}">${label}</a>` : html``
  const count = email ? t.t('customers.countStarting', { count: page.totalCount, email: html`<strong>${email}</strong>` }) : t.t('customers.count', { count: page.totalCount })
  const body = html`<form method="get" action="${base}" class="search">
${textField({ name: 'email', label: t.text('customers.search'), value: email, type: 'search', maxlength: 320 })}
<button type="submit" class="secondary">${t.text('customers.searchButton')}</button></form>
<p>${count}</p>
<ul class="rows">${page.edges.map(({ node }) => html`<li>${c.admin ? html`<a href="/console/tenants/${c.tenant.id}/person/${node.userId}">${node.email}</a>` : node.email} <span class="hint">${t.text('customers.since', { date: node.joinedAt.slice(0, 10) })}</span></li>`)}</ul>
<nav class="pager" aria-label="${t.text('customers.pages')}">${page.pageInfo.hasPreviousPage ? link('before', page.pageInfo.startCursor, t.text('customers.previous')) : ''} ${page.pageInfo.hasNextPage ? link('after', page.pageInfo.endCursor, t.text('customers.next')) : ''}</nav>`
  return { title: t.text('customers.title'), section: 'people', body }
}
