/**
 * The sign-in sessions of one person of the tenant (a member or a customer), for its admins:
 * when each was opened, through which app, from which network, and a button that ends it
 * (its tokens stop at once). MemberSessions (sessions module) asks the policy
 * (`members.manage` in this tenant) and finds only sessions of a person who belongs to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { Id } from '../../lib/scope.ts'
import type { Console, ConsoleKit, ConsoleServices, ConsolePage, Notes } from './console-kit.ts'
import { sessionsPage } from './sessions.views.ts'
import { unlessForbidden } from './console-reads.ts'
import { personName } from './person.views.ts'

const userParam = (request: FastifyRequest) => (request.params as { userId: number }).userId

async function show(s: ConsoleServices, c: Console, userId: number, n: Notes): Promise<ConsolePage> {
  const sessions = await s.memberSessions.list(c.actor, c.tenant.id, userId)
  // the person by name and address: a brand's person page reads them; another tenant's members are few
  const person = (await unlessForbidden(() => s.people.person(c.actor, c.tenant.id, userId))) ?? (await s.tenants.members(c.actor, c.tenant.id)).find((m) => m.id === userId)
  const who = person ? personName({ email: person.email, displayName: 'displayName' in person ? person.displayName : person.display_name }) : c.t.text('person.title')
  return sessionsPage(c, userId, who, sessions, n)
}

export function sessionRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const member = { userId: Id }
  ck.get('/people/members/:userId/sessions', "a person's open sign-in sessions (admins)", (c, request) => show(s, c, userParam(request), {}), member)
  ck.post(
    '/people/members/:userId/sessions/:sessionId/revoke',
    "end one of a person's sign-in sessions (its tokens stop at once)",
    async (c, request) => {
      const { sessionId } = request.params as { sessionId: string }
      await s.memberSessions.revoke(c.actor, c.tenant.id, userParam(request), sessionId)
      return c.t.text('sessions.ended')
    },
    (c, request, n) => show(s, c, userParam(request), n),
    // a session id is a UUID: anything else is a 400 here, never a cast error in the database
    { back: (_c, request) => `/people/members/${userParam(request)}/sessions`, params: { ...member, sessionId: Type.String({ format: 'uuid', maxLength: 36 }) } },
  )
}
