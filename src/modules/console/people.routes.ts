/**
 * People in the console: members and their roles, invitations (send, resend, revoke), and a
 * brand's customers (search by address, a page at a time). Members read the lists; changes
 * are the admins' (owners' for owners), decided by the tenancy services as on the API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TenantRole } from '../../db/database.ts'
import { appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field, html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsoleKit, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, csrfField, notes, readOnly, select, textField } from './console.views.ts'

type StaffRole = Exclude<TenantRole, 'customer'>
const ROLES: readonly (readonly [StaffRole, string])[] = [['member', 'Member'], ['admin', 'Admin'], ['owner', 'Owner']]

function roleOf(request: FastifyRequest): StaffRole {
  const role = field(request, 'role')
  const known = ROLES.find(([r]) => r === role)
  if (!known) throw appErrors.validation_failed('Choose a role: member, admin or owner.', [{ field: 'body.role', message: 'must be member, admin or owner' }])
  return known[0]
}

const idParam = (request: FastifyRequest, name: string) => (request.params as Record<string, number>)[name] ?? 0

async function members(app: FastifyInstance, c: Console): Promise<SafeHtml> {
  const rows = (await app.services.tenants.members(c.actor, c.tenant.id)).filter((m) => m.role !== 'customer')
  const base = `/console/tenants/${c.tenant.id}/people/members`
  const manage = (m: (typeof rows)[number]) =>
    c.admin
      ? html`<form method="post" action="${base}/${m.id}/role" class="inline">${csrfField(c.page.csrf)}
${select({ name: 'role', id: `role-${m.id}`, label: `Role of ${m.email}`, value: m.role, options: ROLES })}
<button type="submit" class="secondary small">Change role</button></form>
${actionButton({ action: `${base}/${m.id}/remove`, csrf: c.page.csrf, label: `Remove ${m.email}`, kind: 'danger' })}
<a href="${base}/${m.id}/sessions">Sessions of ${m.email}</a>`
      : html`${m.role}`
  return html`<h2>Members</h2><div class="scroll"><table><thead><tr><th scope="col">Person</th><th scope="col">Role</th></tr></thead><tbody>
${rows.map((m) => html`<tr><th scope="row">${m.display_name ?? m.email}<br><span class="hint">${m.email}</span></th><td class="actions">${manage(m)}</td></tr>`)}
</tbody></table></div>`
}

async function invitations(app: FastifyInstance, c: Console): Promise<SafeHtml> {
  if (!c.admin) return html``
  const rows = await app.services.invitations.list(c.actor, c.tenant.id)
  const base = `/console/tenants/${c.tenant.id}/people/invitations`
  const pending = rows.map((i) => app.services.invitations.view(i)).filter((i) => i.status === 'pending')
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

async function show(app: FastifyInstance, c: Console, n: Notes): Promise<ConsolePage> {
  const body = html`${notes(n)}${c.admin ? '' : readOnly}${await members(app, c)}${await invitations(app, c)}
<p><a href="/console/tenants/${c.tenant.id}/customers">Customers of ${c.tenant.name}</a></p>`
  return { title: 'People', section: 'people', body }
}

async function customers(app: FastifyInstance, c: Console, request: FastifyRequest): Promise<ConsolePage> {
  const q = request.query as Record<string, unknown>
  const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string).slice(0, 320) : '')
  const email = text('email')
  const query = { limit: 25, ...(text('after') ? { after: text('after') } : {}), ...(text('before') ? { before: text('before') } : {}) }
  const page = await app.services.tenants.customersPage(c.actor, c.tenant.id, query, email)
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

export function peopleRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(app, c, n)
  const { invitations: invites, tenants } = app.services
  ck.get('/people', 'members, roles and invitations', (c) => show(app, c, {}))
  ck.get('/customers', 'customers, searched by address, a page at a time', (c, request) => customers(app, c, request))

  ck.post('/people/invitations', 'invite someone by email', async (c, request) => {
    const sent = await invites.invite(c.actor, c.tenant.id, { email: field(request, 'email').trim(), role: roleOf(request) })
    return `An invitation is on its way to ${sent.email}.`
  }, view)

  const invitation = { invitationId: Id }
  ck.post('/people/invitations/:invitationId/revoke', 'revoke an invitation', async (c, request) => {
    await invites.revoke(c.actor, c.tenant.id, idParam(request, 'invitationId'))
    return 'The invitation is revoked: its link no longer works.'
  }, view, invitation)

  ck.post('/people/invitations/:invitationId/resend', 'send an invitation again (a new link; the old one stops working)', async (c, request) => {
    const old = (await invites.list(c.actor, c.tenant.id)).find((i) => i.id === idParam(request, 'invitationId'))
    if (!old || invites.view(old).status !== 'pending') throw appErrors.not_found('No pending invitation with this id.')
    const sent = await invites.invite(c.actor, c.tenant.id, { email: old.email, role: old.role as StaffRole })
    return `A new invitation is on its way to ${sent.email}.`
  }, view, invitation)

  const member = { userId: Id }
  ck.post('/people/members/:userId/role', "change a member's role", async (c, request) => {
    const changed = await tenants.changeRole(c.actor, c.tenant.id, idParam(request, 'userId'), roleOf(request))
    return `${changed.email} is now ${changed.role}.`
  }, view, member)

  ck.post('/people/members/:userId/remove', 'remove a member', async (c, request) => {
    await tenants.removeMember(c.actor, c.tenant.id, idParam(request, 'userId'))
    return 'The member is removed.'
  }, view, member)
}
