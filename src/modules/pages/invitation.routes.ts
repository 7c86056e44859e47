/**
 * The invitation email's link: `GET /invitations/accept?token=…` shows what the invitation
 * offers; signed out, "Sign in to accept" emails the invited address a code
 * (`POST /invitations/accept/signin`) and the sign-in returns here; signed in as the invited
 * address, `POST /invitations/accept/confirm` accepts. The JSON API's
 * `POST /invitations/accept` (Bearer) is another route on the same path and stays as it is.
 * Every rule lives in InvitationsService; this file only shows its answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_CODE, AppError } from '../../lib/errors.ts'
import type { InvitationsService } from '../tenancy/index.ts'
import { pageActor, type PageSession, type PageSessions } from './page-sessions.ts'
import { AUTHORIZATION_TTL_SECONDS } from './authorize.service.ts'
import type { InvitationSignIn } from './invitation-signin.ts'
import { invitationPage, joinedPage, type Viewer } from './invitation-views.ts'
import { field, type PageContext, type PageKit } from './kit.ts'
import { cookieOptions } from './security.ts'
import { codeStep, message } from './views.ts'

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/
const wellFormed = (value: unknown): string => (typeof value === 'string' && TOKEN.test(value) ? value : '')

export function invitationRoutes(app: FastifyInstance, kit: PageKit, sessions: PageSessions, signIn: InvitationSignIn, invitations: InvitationsService): void {

  /** The invitation behind a token, with the page context branded as its tenant; null when it is not pending. */
  async function load(request: FastifyRequest, reply: FastifyReply, token: string) {
    const ctx = await kit.context(request, reply)
    if (!token) return { ctx, invitation: null }
    try {
      const invitation = await invitations.preview(token)
      const tenant = await signIn.tenant(invitation.tenantId)
      // dates on the page read in the inviting tenant's zone, as its emails do
      return { ctx: { ...ctx, brand: await kit.brand(tenant ?? null) }, invitation: { ...invitation, timeZone: tenant?.time_zone ?? 'UTC' } }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== APP_CODE.invalid_token) throw error
      return { ctx, invitation: null }
    }
  }

  function invalid(reply: FastifyReply, ctx: PageContext, status = 400) {
    reply.clearCookie(kit.names.invitation, cookieOptions(kit.names))
    return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body: message(ctx.t.text('invitation.invalid'), 'error'), status })
  }

  function viewerOf(session: PageSession | null, invitedEmail: string): Viewer {
    if (!session) return { kind: 'signed-out' }
    const email = session.user.email
    return email.toLowerCase() === invitedEmail.toLowerCase() ? { kind: 'invitee', email } : { kind: 'other', email }
  }

  app.get('/invitations/accept', { schema: { tags: ['pages'], summary: 'Page: an invitation (link of the invitation email); sign in and accept from here' } }, async (request, reply) => {
    // the link's token; back from the sign-in, the one this browser kept
    const token = wellFormed((request.query as Record<string, unknown>).token) || wellFormed(request.cookies[kit.names.invitation])
    const { ctx, invitation } = await load(request, reply, token)
    if (!token) {
      return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body: message(ctx.t.text('invitation.noToken'), 'error'), status: 400 })
    }
    if (!invitation) return invalid(reply, ctx)
    const viewer = viewerOf(await sessions.find(request.cookies[kit.names.session]), invitation.email)
    return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body: invitationPage(ctx.brand, { ...ctx, token, invitation, viewer }) })
  })

  app.post('/invitations/accept/signin', { schema: { tags: ['pages'], summary: 'Page: sign in as the invited address (signs out another account first); emails it a code (form)' } }, async (request, reply) => {
    const token = wellFormed(field(request, 'token'))
    const { ctx, invitation } = await load(request, reply, token)
    if (!invitation) return invalid(reply, ctx)
    const session = await sessions.find(request.cookies[kit.names.session])
    const viewer = viewerOf(session, invitation.email)
    if (viewer.kind === 'invitee') {
      return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body: invitationPage(ctx.brand, { ...ctx, token, invitation, viewer }) })
    }
    // the person asked to continue as the invited address: this browser's other sign-in ends
    if (session) {
      await sessions.signOut(session.sessionId)
      reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    }
    const pending = await signIn.begin({ tenantId: invitation.tenantId, email: invitation.email }, ctx.browser, request.ip, request.headers['accept-language'] ?? null)
    reply.setCookie(kit.names.invitation, token, cookieOptions(kit.names, AUTHORIZATION_TTL_SECONDS))
    return kit.send(reply, ctx, { title: ctx.t.text('code.title'), body: codeStep(ctx.brand, { ...ctx, requestId: pending.id, email: invitation.email }) })
  })

  app.post('/invitations/accept/confirm', { schema: { tags: ['pages'], summary: 'Page: accept the invitation as the signed-in invited address (form)' } }, async (request, reply) => {
    const token = wellFormed(field(request, 'token'))
    const { ctx, invitation } = await load(request, reply, token)
    if (!invitation) return invalid(reply, ctx)
    const session = await sessions.find(request.cookies[kit.names.session])
    if (!session) {
      const body = invitationPage(ctx.brand, { ...ctx, token, invitation, viewer: { kind: 'signed-out' } })
      return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body, status: 401 })
    }
    try {
      const joined = await invitations.accept(pageActor(session, request.ip), token)
      reply.clearCookie(kit.names.invitation, cookieOptions(kit.names))
      const title = ctx.t.text('invitation.joinedTitle', { tenant: invitation.tenantName })
      return kit.send(reply, ctx, { title, body: joinedPage(ctx.brand, { t: ctx.t, tenantName: invitation.tenantName, role: joined.role }) })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      if (error.code === APP_CODE.invalid_token) return invalid(reply, ctx)
      if (error.code !== APP_CODE.invitation_email_mismatch) throw error
      const viewer: Viewer = { kind: 'other', email: session.user.email }
      return kit.send(reply, ctx, { title: ctx.t.text('invitation.title'), body: invitationPage(ctx.brand, { ...ctx, token, invitation, viewer }), status: 403 })
    }
  })
}
