/** The people pages as markup: members and their roles, pending invitations, a brand's customers. */
import type { TenantRole } from '../../db/database.ts'
import type { Page } from '../../lib/pagination.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes, readOnly, select, textField } from './console.views.ts'

export type StaffRole = Exclude<TenantRole, 'customer'>
export const ROLES: readonly (readonly [StaffRole, string])[] = [['member', 'Member'], ['admin', 'Admin'], ['owner', 'Owner']]

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

function members(c: Console, rows: MemberLine[]): SafeHtml {
  const base = `/console/tenants/${c.tenant.id}/people/members`
  const manage = (m: MemberLine) =>
    c.admin
      ? html`<form method="post" action="${base}/${m.id}/role" class="inline">${csrfField(c.page.csrf)}
${select({ name: 'role', id: `role-${m.id}`, label: `Role of ${m.email}`, value: m.role, options: ROLES })}
<button type="submit" class="secondary small">Change role</button></form>
${confirmLink({ href: `${base}/${m.id}/remove`, label: `Remove ${m.email}` })}
<a href="${base}/${m.id}/sessions">Sessions of ${m.email}</a>`
      : html`${m.role}`
  return html`<h2>Members</h2><div class="scroll"><table><thead><tr><th scope="col">Person</th><th scope="col">Role</th></tr></thead><tbody>
${rows.map((m) => html`<tr><th scope="row">${m.display_name ?? m.email}<br><span class="hint">${m.email}</span></th><td class="actions">${manage(m)}</td></tr>`)}
</tbody></table></div>`
}

/** `pending` null: the section is left out (it is the admins'). */
function invitations(c: Console, pending: PendingInvitation[] | null): SafeHtml {
  if (!pending) return html``
  const base = `/console/tenants/${c.tenant.id}/people/invitations`
  const form = html`<form method="post" action="${base}" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'email', label: 'Email address to invite', value: '', type: 'email', required: true, maxlength: 320 })}
${select({ name: 'role', label: 'Role', value: 'member', options: ROLES })}
<button type="submit">Send invitation</button></form>`
  const list = pending.length
    ? html`<ul class="rows">${pending.map((i) => html`<li>${i.email} <span class="hint">${i.role}, until ${i.expiresAt.slice(0, 10)}</span>
${actionButton({ action: `${base}/${i.id}/resend`, csrf: c.page.csrf, label: `Resend to ${i.email}` })}
${actionButton({ action: `${base}/${i.id}/revoke`, csrf: c.page.csrf, label: `Revoke ${i.email}`, kind: 'danger' })}</li>`)}</ul>`
    : html`<p>No pending invitations.</p>`
  return html`<h2>Invitations</h2>${list}<h3>Invite someone</h3>${form}`
}

/** Accounts of the tenant's people deleted in the last 30 days, by the pseudonym the audit log names them by (`deleted` null: the admins' only). */
function deletedAccounts(deleted: { pseudonym: string; at: string }[] | null): SafeHtml {
  if (!deleted) return html``
  const list = deleted.length
    ? html`<ul class="rows">${deleted.map((d) => html`<li><code>${d.pseudonym}</code> <span class="hint">deleted ${d.at.slice(0, 16).replace('T', ' ')} UTC</span></li>`)}</ul>`
    : html`<p>No account was deleted in the last 30 days.</p>`
  return html`<h2>Deleted accounts</h2><p class="hint">People who deleted their account in the last 30 days, by the pseudonym the audit log names them by: nothing else of them is kept.</p>${list}`
}

export function peoplePage(c: Console, rows: MemberLine[], pending: PendingInvitation[] | null, n: Notes, deleted: { pseudonym: string; at: string }[] | null): ConsolePage {
  const body = html`${notes(n)}${c.admin ? '' : readOnly}${members(c, rows)}${invitations(c, pending)}${deletedAccounts(deleted)}
<p><a href="/console/tenants/${c.tenant.id}/customers">Customers of ${c.tenant.name}</a></p>`
  return { title: 'People', section: 'people', body }
}

/** `email`: the start of an address the list was searched by. */
export function customersPage(c: Console, email: string, page: Page<{ email: string; joinedAt: string; userId: number }>): ConsolePage {
  const base = `/console/tenants/${c.tenant.id}/customers`
  const link = (key: 'after' | 'before', cursor: string | null, label: string) =>
    cursor ? html`<a href="${base}?${new URLSearchParams({ email, [key]: cursor }).toString()}">${label}</a>` : html``
  const body = html`<form method="get" action="${base}" class="search">
${textField({ name: 'email', label: 'Address starts with', value: email, type: 'search', maxlength: 320 })}
<button type="submit" class="secondary">Search</button></form>
<p>${page.totalCount} customers${email ? html` whose address starts with <strong>${email}</strong>` : ''}.</p>
<ul class="rows">${page.edges.map(({ node }) => html`<li>${node.email} <span class="hint">since ${node.joinedAt.slice(0, 10)}</span>${c.admin ? html` <a href="/console/tenants/${c.tenant.id}/people/members/${node.userId}/sessions">Sessions of ${node.email}</a>` : ''}</li>`)}</ul>
<nav class="pager" aria-label="Pages of customers">${page.pageInfo.hasPreviousPage ? link('before', page.pageInfo.startCursor, 'Previous page') : ''} ${page.pageInfo.hasNextPage ? link('after', page.pageInfo.endCursor, 'Next page') : ''}</nav>`
  return { title: 'Customers', section: 'people', body }
}
