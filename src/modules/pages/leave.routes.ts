/**
 * Leaving on the hosted pages, per brand and without the app (the web address app stores ask
 * for): a copy of one's data, and the account's deletion after a confirmation and a recent
 * sign-in. Each calls the privacy module's services; no rule lives here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_CODE, AppError } from '../../lib/errors.ts'
import Type from 'typebox'
import { HtmlPage } from '../../lib/schemas.ts'
import { AccountExportSchema, type AccountDeletion, type AccountExport } from '../privacy/index.ts'
import { brandPath } from './brand.ts'
import { field, type PageContext, type PageKit } from './kit.ts'
import { deletePage } from './leave-views.ts'
import { pageActor, type PageSession, type PageSessions } from './page-sessions.ts'
import { cookieOptions } from './security.ts'
import { message } from './views.ts'

export interface LeavePageDeps {
  sessions: PageSessions
  deletion: AccountDeletion
  exporter: AccountExport
}

/** A page, or (signed out) a redirect to the account page's sign-in. */
const PAGE = { 200: HtmlPage, 303: Type.Null({ description: 'Signed out: to the account page, which signs the browser in' }) }

const tenantOf = (request: FastifyRequest) => (request.params as { tenantId?: number }).tenantId ?? null

/** The tenants a refused deletion names (the error's details: `tenants.<id>`, the name). */
const namedTenants = (error: AppError) => (error.details ?? []).map((d) => d.message).join(', ')

export function leaveRoutes(app: FastifyInstance, kit: PageKit, deps: LeavePageDeps): void {
  const { sessions, deletion } = deps
  const signedIn = async (request: FastifyRequest) => sessions.find(request.cookies[kit.names.session])
  const toAccount = (reply: FastifyReply, ctx: PageContext) => reply.header('cache-control', 'no-store').redirect(brandPath(ctx.brand, '/account'), 303)
  const show = (reply: FastifyReply, ctx: PageContext, session: PageSession, opts: { error?: string; status?: number } = {}) =>
    kit.send(reply, ctx, { title: ctx.t.text('delete.title'), body: deletePage(ctx.brand, { ...ctx, recent: deletion.isRecent(session.authTime), error: opts.error }), status: opts.status })

  const exportSchema = { tags: ['pages'], summary: "Page: download a copy of the signed-in person's data (JSON, as GET /users/current/export)", response: { 200: AccountExportSchema, 303: PAGE[303] } }
  app.get('/account/export', { schema: exportSchema }, async (request, reply) => {
    const session = await signedIn(request)
    if (!session) return toAccount(reply, await kit.context(request, reply))
    const document = await deps.exporter.exportCurrent(pageActor(session, request.ip))
    return reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="account.json"').send(document)
  })

  app.get('/account/delete', { schema: { tags: ['pages'], summary: 'Page: delete the account (asks to confirm; a fresh sign-in first)', response: PAGE } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const session = await signedIn(request)
    return session ? show(reply, ctx, session) : toAccount(reply, ctx)
  })

  app.post('/account/delete', { schema: { tags: ['pages'], summary: 'Page: delete the account (form)', response: PAGE } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const session = await signedIn(request)
    if (!session) return toAccount(reply, ctx)
    if (!deletion.isRecent(session.authTime)) return show(reply, ctx, session, { status: 401 })
    if (field(request, 'confirm') !== '1') return show(reply, ctx, session, { error: ctx.t.text('delete.notConfirmed'), status: 400 })
    try {
      await deletion.deleteAccount(pageActor(session, request.ip), session.user.id, tenantOf(request))
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== APP_CODE.sole_owner) throw error
      return show(reply, ctx, session, { error: ctx.t.text('delete.soleOwner', { tenants: namedTenants(error) }), status: 409 })
    }
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    return kit.send(reply, ctx, { title: ctx.t.text('delete.doneTitle'), body: message(ctx.t.text('delete.done', { email: session.user.email }), 'ok') })
  })

  app.post('/account/delete/reauth', { schema: { tags: ['pages'], summary: 'Page: sign out, to sign in again before deleting the account (form)', response: { 303: Type.Null({ description: 'To the account page, signed out, to sign in again' }) } } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const session = await signedIn(request)
    if (session) await sessions.signOut(session.sessionId)
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    // the sign-in that follows speaks the language of this page
    const target = `${brandPath(ctx.brand, '/account')}?${new URLSearchParams({ ui_locales: ctx.t.locale }).toString()}`
    return reply.header('cache-control', 'no-store').redirect(target, 303)
  })
}
