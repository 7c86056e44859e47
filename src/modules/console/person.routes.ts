/**
 * A person's page in the console (a brand's admins for the brand's people; the platform for
 * all): who they are, where they sign in from (the sign-in log), their tenants and roles, the
 * devices they hold, their open sessions (end one or all), and block, unblock and delete. Every
 * read and action is a service call the policy decides (users' PeopleService, the sign-in log,
 * MemberSessions, the privacy module's deletion); each action is audited there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { AppError } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import type { Console, ConsoleKit, ConsoleServices, ConsolePage, Notes } from './console-kit.ts'
import { personPage } from './person.views.ts'

const userParam = (request: FastifyRequest) => (request.params as { userId: number }).userId

/** A read the policy may refuse for this person (403, or 404 for no role in the tenant): null, and the page leaves it out. */
async function unlessRefused<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null
    throw error
  }
}

async function show(s: ConsoleServices, c: Console, userId: number, n: Notes): Promise<ConsolePage> {
  const person = await s.people.person(c.actor, c.tenant.id, userId)
  const [summary, devices, sessions, manageable] = await Promise.all([
    s.signIns.summaryFor(c.actor, c.tenant.id, { tenantId: person.tenantId, email: person.email }),
    s.heldDevices.of(c.actor, c.tenant.id, person.tenants.map((x) => x.id)),
    unlessRefused(() => s.memberSessions.list(c.actor, c.tenant.id, userId)),
    unlessRefused(() => s.people.manageable(c.actor, c.tenant.id, userId)).then((u) => u !== null),
  ])
  const names = new Map<string, string>()
  for (const clientId of new Set([...summary.apps.map((a) => a.clientId), ...(sessions ?? []).map((x) => x.clientId)])) {
    const client = await s.clients.find(clientId)
    names.set(clientId, client ? `${client.name} (${clientId})` : clientId)
  }
  return personPage(c, { person, summary, devices, sessions, manageable, appName: (id) => names.get(id) ?? id }, n)
}

export function personRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const params = { userId: Id }
  const back = { back: (_c: Console, request: FastifyRequest) => `/person/${userParam(request)}`, params }
  const view = (c: Console, request: FastifyRequest, n: Notes) => show(s, c, userParam(request), n)
  ck.get('/person/:userId', "a person's page: who they are, where they sign in, their tenants, devices and sessions", (c, request) => show(s, c, userParam(request), {}), params)

  ck.post('/person/:userId/block', 'block a person: every session ends, no sign-in or refresh until unblocked', async (c, request) => {
    const person = await s.people.block(c.actor, c.tenant.id, userParam(request))
    return c.t.text('person.blockedDone', { email: person.email })
  }, view, back)
  ck.post('/person/:userId/unblock', 'unblock a person', async (c, request) => {
    const person = await s.people.unblock(c.actor, c.tenant.id, userParam(request))
    return c.t.text('person.unblockedDone', { email: person.email })
  }, view, back)

  ck.post('/person/:userId/confirmation', 'send the address confirmation again (an account not yet confirmed)', async (c, request) => {
    const person = await s.people.person(c.actor, c.tenant.id, userParam(request))
    const sent = await s.people.resendConfirmation(c.actor, c.tenant.id, person.id)
    return c.t.text(sent ? 'person.confirmationSent' : 'person.alreadyConfirmed', { email: person.email })
  }, view, back)
  ck.post('/person/:userId/sessions/:sessionId/end', "end one of a person's sessions (its tokens stop at once)", async (c, request) => {
    const { sessionId } = request.params as { sessionId: string }
    await s.memberSessions.revoke(c.actor, c.tenant.id, userParam(request), sessionId)
    return c.t.text('sessions.ended')
  }, view, { ...back, params: { ...params, sessionId: Type.String({ format: 'uuid', maxLength: 36 }) } })
  ck.post('/person/:userId/sessions/end-all', "end every session of a person that is the brand's", async (c, request) => {
    const userId = userParam(request)
    const person = await s.people.person(c.actor, c.tenant.id, userId)
    for (const session of await s.memberSessions.list(c.actor, c.tenant.id, userId)) await s.memberSessions.revoke(c.actor, c.tenant.id, userId, session.id)
    return c.t.text('person.endedAll', { email: person.email })
  }, view, back)

  const deleting = { back: '/customers', params }
  ck.confirm('/person/:userId/delete', "delete a person's account", async (c, request) => {
    const person = await s.people.manageable(c.actor, c.tenant.id, userParam(request))
    return { title: c.t.text('person.deleteTitle', { email: person.email }), section: 'people', sentence: c.t.text('person.deleteSentence', { email: person.email }), button: c.t.text('person.delete', { email: person.email }) }
  }, deleting)
  ck.post('/person/:userId/delete', "delete a person's account (as their own deletion does)", async (c, request) => {
    const done = await s.deletion.deletePerson(c.actor, c.tenant.id, userParam(request))
    return c.t.text('person.deleted', { pseudonym: done.pseudonym })
  }, view, deleting)
}
