/**
 * People in the console: members and their roles, invitations (send, resend, revoke), and a
 * brand's customers (search by address, a page at a time). Members read the lists; changes
 * are the admins' (owners' for owners), decided by the tenancy services as on the API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field } from '../pages/index.ts'
import type { Console, ConsoleKit, ConsoleServices, ConsolePage, Notes } from './console-kit.ts'
import { customersPage, peoplePage, ROLES, type StaffRole } from './people.views.ts'


function roleOf(request: FastifyRequest): StaffRole {
  const role = field(request, 'role')
  const known = ROLES.find(([r]) => r === role)
  if (!known) throw appErrors.validation_failed('Choose a role: member, admin or owner.', [{ field: 'body.role', message: 'must be member, admin or owner' }])
  return known[0]
}

const idParam = (request: FastifyRequest, name: string) => (request.params as Record<string, number>)[name] ?? 0

/** A member (not a customer) of the tenant, as the people page lists them; anyone else is a 404. */
async function memberOf(s: ConsoleServices, c: Console, userId: number) {
  const found = (await s.tenants.members(c.actor, c.tenant.id)).find((m) => m.id === userId && m.role !== 'customer')
  if (!found) throw appErrors.not_found('No member with this id in this tenant.')
  return found
}

async function show(s: ConsoleServices, c: Console, n: Notes): Promise<ConsolePage> {
  const members = (await s.tenants.members(c.actor, c.tenant.id)).filter((m) => m.role !== 'customer')
  if (!c.admin) return peoplePage(c, members, null, n, null)
  const rows = await s.invitations.list(c.actor, c.tenant.id)
  const pending = rows.map((i) => s.invitations.view(i)).filter((i) => i.status === 'pending')
  return peoplePage(c, members, pending, n, await s.auditErasure.deletedAccounts(c.actor, c.tenant.id))
}

async function customers(s: ConsoleServices, c: Console, request: FastifyRequest): Promise<ConsolePage> {
  const q = request.query as Record<string, unknown>
  const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string).slice(0, 320) : '')
  const email = text('email')
  const query = { limit: 25, ...(text('after') ? { after: text('after') } : {}), ...(text('before') ? { before: text('before') } : {}) }
  return customersPage(c, email, await s.tenants.customersPage(c.actor, c.tenant.id, query, email))
}

export function peopleRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  const { invitations: invites, tenants } = ck.services
  ck.get('/people', 'members, roles and invitations', (c) => show(s, c, {}))
  ck.get('/customers', 'customers, searched by address, a page at a time', (c, request) => customers(s, c, request))

  ck.post('/people/invitations', 'invite someone by email', async (c, request) => {
    const sent = await invites.invite(c.actor, c.tenant.id, { email: field(request, 'email').trim(), role: roleOf(request) })
    return `An invitation is on its way to ${sent.email}.`
  }, view, { back: '/people' })

  const invitation = { invitationId: Id }
  ck.post('/people/invitations/:invitationId/revoke', 'revoke an invitation', async (c, request) => {
    await invites.revoke(c.actor, c.tenant.id, idParam(request, 'invitationId'))
    return 'The invitation is revoked: its link no longer works.'
  }, view, { back: '/people', params: invitation })

  ck.post('/people/invitations/:invitationId/resend', 'send an invitation again (a new link; the old one stops working)', async (c, request) => {
    const old = (await invites.list(c.actor, c.tenant.id)).find((i) => i.id === idParam(request, 'invitationId'))
    if (!old || invites.view(old).status !== 'pending') throw appErrors.not_found('No pending invitation with this id.')
    const sent = await invites.invite(c.actor, c.tenant.id, { email: old.email, role: old.role as StaffRole })
    return `A new invitation is on its way to ${sent.email}.`
  }, view, { back: '/people', params: invitation })

  const member = { userId: Id }
  ck.post('/people/members/:userId/role', "change a member's role", async (c, request) => {
    const changed = await tenants.changeRole(c.actor, c.tenant.id, idParam(request, 'userId'), roleOf(request))
    return `${changed.email} is now ${changed.role}.`
  }, view, { back: '/people', params: member })

  const removing = { back: '/people', params: member }
  ck.confirm('/people/members/:userId/remove', 'remove a member', async (c, request) => {
    const who = await memberOf(s, c, idParam(request, 'userId'))
    return {
      title: `Remove ${who.email}?`,
      section: 'people',
      sentence: `${who.email} will no longer be ${who.role} of ${c.tenant.name}: the console and the tenant's data are closed to them from now on. Their account stays; an invitation brings them back.`,
      button: `Remove ${who.email}`,
    }
  }, removing)
  ck.post('/people/members/:userId/remove', 'remove a member', async (c, request) => {
    const who = await memberOf(s, c, idParam(request, 'userId'))
    await tenants.removeMember(c.actor, c.tenant.id, who.id)
    return `${who.email} is removed from ${c.tenant.name}.`
  }, view, removing)
}
