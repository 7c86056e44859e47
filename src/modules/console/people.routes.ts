/**
 * People in the console: members and their roles, invitations (send, resend, revoke), and a
 * brand's customers (search by address, a page at a time). Members read the lists; changes
 * are the admins' (owners' for owners), decided by the tenancy services as on the API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field } from '../pages/index.ts'
import { ChangeRoleBody, InviteBody } from '../tenancy/index.ts'
import { checked, refusalOf, type Console, type ConsoleKit, type ConsoleServices, type ConsolePage, type Notes } from './console-kit.ts'
import { hasProblems, problemsOf } from './forms.ts'
import type { ConsoleMessageKey } from './locales/en.ts'
import { customersPage, peoplePage, type PeopleDraft, type StaffRole } from './people.views.ts'

const PEOPLE_FIELDS = ['email', 'role'] as const
/** The form's field of a value the schema checks (`/email`: email). */
const peopleField = (path: string): string | undefined => PEOPLE_FIELDS.find((name) => path === `/${name}`)
const sentence = (name: string): ConsoleMessageKey => (name === 'email' ? 'invitation.email' : 'invitation.role')

const idParam = (request: FastifyRequest, name: string) => (request.params as Record<string, number>)[name] ?? 0

/** A member (not a customer) of the tenant, as the people page lists them; anyone else is a 404. */
async function memberOf(s: ConsoleServices, c: Console, userId: number) {
  const found = (await s.tenants.members(c.actor, c.tenant.id)).find((m) => m.id === userId && m.role !== 'customer')
  if (!found) throw appErrors.not_found('No member with this id in this tenant.')
  return found
}

async function show(s: ConsoleServices, c: Console, n: Notes, draft?: PeopleDraft): Promise<ConsolePage> {
  const members = (await s.tenants.members(c.actor, c.tenant.id)).filter((m) => m.role !== 'customer')
  if (!c.admin) return peoplePage(c, members, null, n, null, draft)
  const rows = await s.invitations.list(c.actor, c.tenant.id)
  const pending = rows.map((i) => s.invitations.view(i)).filter((i) => i.status === 'pending')
  return peoplePage(c, members, pending, n, await s.auditErasure.deletedAccounts(c.actor, c.tenant.id), draft)
}

/**
 * A people form (`memberId` null: the invitation, else that member's role) checked against
 * the API's own schema: refused, the page again as typed with a sentence at each field
 * (forms.ts); a refusal of the service for the form as a whole is said at the top, the form
 * still as typed.
 */
async function onForm<T>(s: ConsoleServices, c: Console, typed: Record<string, string>, memberId: number | null, schema: typeof InviteBody | typeof ChangeRoleBody, act: () => Promise<T>): Promise<T | ConsolePage> {
  const problems = problemsOf(c.t, schema, typed, peopleField, sentence)
  if (hasProblems(problems)) return { ...(await show(s, c, { error: c.t.text('form.refused') }, { typed, problems, memberId })), status: 400 }
  try {
    return await act()
  } catch (error) {
    const refusal = refusalOf(error, c.page.t)
    if (!refusal) throw error
    return { ...(await show(s, c, { error: refusal.error }, { typed, problems: {}, memberId })), status: refusal.status }
  }
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
    const typed = { email: field(request, 'email').trim(), role: field(request, 'role') }
    return onForm(s, c, typed, null, InviteBody, async () => {
      const input = checked(InviteBody, typed)
      // an address with a pending invitation gets a new one in its place: the page says so
      const pending = (await invites.list(c.actor, c.tenant.id)).some((i) => i.email === input.email.toLowerCase() && invites.view(i).status === 'pending')
      const sent = await invites.invite(c.actor, c.tenant.id, input)
      return c.t.text(pending ? 'people.invitedAgain' : 'people.invited', { email: sent.email })
    })
  }, view, { back: '/people' })

  const invitation = { invitationId: Id }
  ck.post('/people/invitations/:invitationId/revoke', 'revoke an invitation', async (c, request) => {
    await invites.revoke(c.actor, c.tenant.id, idParam(request, 'invitationId'))
    return c.t.text('people.revoked')
  }, view, { back: '/people', params: invitation })

  ck.post('/people/invitations/:invitationId/resend', 'send an invitation again (a new link; the old one stops working)', async (c, request) => {
    const old = (await invites.list(c.actor, c.tenant.id)).find((i) => i.id === idParam(request, 'invitationId'))
    if (!old || invites.view(old).status !== 'pending') throw appErrors.not_found('No pending invitation with this id.')
    const sent = await invites.invite(c.actor, c.tenant.id, { email: old.email, role: old.role as StaffRole })
    return c.t.text('people.resent', { email: sent.email })
  }, view, { back: '/people', params: invitation })

  const member = { userId: Id }
  ck.post('/people/members/:userId/role', "change a member's role", async (c, request) => {
    const typed = { role: field(request, 'role') }
    return onForm(s, c, typed, idParam(request, 'userId'), ChangeRoleBody, async () => {
      const changed = await tenants.changeRole(c.actor, c.tenant.id, idParam(request, 'userId'), checked(ChangeRoleBody, typed).role)
      return c.t.text('people.roleChanged', { email: changed.email, role: c.t.text(`role.${changed.role}`) })
    })
  }, view, { back: '/people', params: member })

  const removing = { back: '/people', params: member }
  ck.confirm('/people/members/:userId/remove', 'remove a member', async (c, request) => {
    const who = await memberOf(s, c, idParam(request, 'userId'))
    const email = { email: who.email }
    return {
      title: c.t.text('people.removeTitle', email),
      section: 'people',
      sentence: c.t.text('people.removeSentence', { ...email, role: c.t.text(`role.${who.role}`), tenant: c.tenant.name }),
      button: c.t.text('people.remove', email),
    }
  }, removing)
  ck.post('/people/members/:userId/remove', 'remove a member', async (c, request) => {
    const who = await memberOf(s, c, idParam(request, 'userId'))
    await tenants.removeMember(c.actor, c.tenant.id, who.id)
    return c.t.text('people.removed', { email: who.email, tenant: c.tenant.name })
  }, view, removing)
}
