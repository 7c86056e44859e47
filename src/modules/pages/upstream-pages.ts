/**
 * Upstream providers on the hosted pages (modules/connections does the protocol): the sign-in
 * page's buttons begin a round trip for the page's own authorization request; the provider's
 * answer comes back to the one callback URI and ends as every sign-in ends (finishSignedIn: a
 * page session and the app's own authorization code), or, when the address must be proven
 * first, at the emailed-code step of the same request, whose code links the identity
 * (AuthorizeService's afterCode). The account page lists the linked providers and unlinks one.
 *
 * Apple answers with a cross-site POST (response_mode=form_post), which carries no SameSite=Lax
 * cookie; that POST only keeps Apple's `user` field and redirects (303) to the same callback as
 * a GET, a top-level navigation that carries the browser cookie the round trip is bound to.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import Type from 'typebox'
import { appErrors } from '../../lib/errors.ts'
import { HtmlPage } from '../../lib/schemas.ts'
import type { UpstreamSignIn } from '../connections/index.ts'
import { brandPath } from './brand.ts'
import { html } from './html.ts'
import { field, type PageContext, type PageKit } from './kit.ts'
import { notice } from './layout.ts'
import { PAGE_SESSION_TTL_SECONDS } from './page-sessions.ts'
import { finishSignedIn, type PasskeyPagesDeps } from './passkey-pages.ts'
import { cookieOptions, cspSource } from './security.ts'
import { codeStep, message } from './views.ts'

export interface UpstreamPagesDeps extends PasskeyPagesDeps {
  upstream: UpstreamSignIn
}

const toProvider = { 303: Type.Null({ description: "To the provider's authorization endpoint" }) }
const back = { 200: HtmlPage, 303: Type.Null({ description: "To the app's redirect URI with its code, or to the emailed-code step" }) }
const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function upstreamPageRoutes(app: FastifyInstance, kit: PageKit, deps: UpstreamPagesDeps): void {
  const { authorize, upstream, sessions } = deps

  app.post('/auth/oauth2/authorize/upstream', { schema: { tags: ['pages'], summary: "Hosted sign-in with a brand's provider: begins the round trip (HTML form; redirects to the provider)", response: toProvider } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const pending = await authorize.load(field(request, 'request'), ctx.browser)
    // a provider may make an account: only where the sign-in may (an app's, the device page's)
    if (!pending || !authorize.signsUp(pending)) throw appErrors.authorization_expired()
    const url = await upstream.start({ requestId: pending.id, tenantId: pending.tenant_id, browser: ctx.browser, connectionId: Number(field(request, 'connection')) })
    return reply.header('cache-control', 'no-store').redirect(url, 303)
  })

  app.get('/auth/oauth2/authorize/upstream/code', { schema: { tags: ['pages'], summary: 'Hosted sign-in with a provider: the address is proven with an emailed code before the provider is linked' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const query = request.query as Record<string, unknown>
    const pending = await authorize.load(text(query.request), ctx.browser)
    if (!pending?.email) throw appErrors.authorization_expired()
    const provider = (await upstream.offered(pending.tenant_id)).find((p) => String(p.id) === text(query.connection))?.name ?? '…'
    const body = html`${notice('info', ctx.t.text('upstream.prove', { provider }))}${codeStep(ctx.brand, { ...ctx, requestId: pending.id, email: pending.email })}`
    return kit.send(reply, ctx, { title: ctx.t.text('code.title'), body, formTargets: [cspSource(pending.client_id ? pending.redirect_uri : null)] })
  })

  const signedIn = async (ctx: PageContext, cookie: string | undefined) => {
    const session = await sessions.find(cookie)
    if (!session) throw appErrors.signed_out()
    return session
  }

  const providersPage = async (reply: FastifyReply, ctx: PageContext, userId: number, done?: string) => {
    const linked = await upstream.identities(userId)
    const rows = linked.map(
      (i) => html`<li><strong>${i.name}</strong>${i.email ? html` (${i.email})` : ''}
<form method="post" action="${brandPath(ctx.brand, '/account/providers/unlink')}"><input type="hidden" name="_csrf" value="${ctx.csrf}"><input type="hidden" name="identity" value="${String(i.id)}">
<button type="submit" class="secondary">${ctx.t.t('account.unlink', { provider: i.name })}</button></form></li>`,
    )
    const list = linked.length ? html`<ul class="stack">${rows}</ul>` : message(ctx.t.text('account.noIdentities'))
    const body = html`${done ? notice('ok', done) : ''}${list}<p><a href="${brandPath(ctx.brand, '/account')}">${ctx.t.t('account.title')}</a></p>`
    return kit.send(reply, ctx, { title: ctx.t.text('account.identities'), body })
  }

  app.get('/account/providers', { schema: { tags: ['pages'], summary: 'Account page: the providers linked to the account' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const session = await signedIn(ctx, request.cookies[kit.names.session])
    return providersPage(reply, ctx, session.user.id)
  })

  app.post('/account/providers/unlink', { schema: { tags: ['pages'], summary: 'Account page: unlink a provider while another way in remains (HTML form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const session = await signedIn(ctx, request.cookies[kit.names.session])
    await upstream.unlink(session.user, Number(field(request, 'identity')), request.ip)
    return providersPage(reply, ctx, session.user.id, ctx.t.text('account.unlinked'))
  })
}

export function upstreamCallbackRoutes(app: FastifyInstance, kit: PageKit, deps: UpstreamPagesDeps): void {
  const { authorize, upstream } = deps

  app.get('/auth/upstream/callback', { schema: { tags: ['pages'], summary: "The providers' redirect URI: finishes the sign-in, or asks for the emailed code first", response: back } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const query = request.query as Record<string, unknown>
    const outcome = await upstream.callback({ state: text(query.state), code: text(query.code), error: text(query.error), browser: ctx.browser, ip: request.ip })
    const pending = await authorize.load(outcome.requestId, ctx.browser)
    if (!pending) throw appErrors.authorization_expired()
    const prefix = pending.tenant_id ? `/tenants/${pending.tenant_id}` : ''
    if (outcome.kind === 'prove') {
      await authorize.requestCode(pending.id, ctx.browser, outcome.email, request.ip)
      const next = `${prefix}/auth/oauth2/authorize/upstream/code?${new URLSearchParams({ request: pending.id, connection: String(outcome.connectionId) }).toString()}`
      return reply.header('cache-control', 'no-store').redirect(next, 303)
    }
    const finished = await finishSignedIn(deps, pending, outcome.user, request.ip)
    if (finished.sessionCookie) reply.setCookie(kit.names.session, finished.sessionCookie, cookieOptions(kit.names, PAGE_SESSION_TTL_SECONDS))
    return reply.header('cache-control', 'no-store').redirect(finished.redirect, 303)
  })

  app.post('/auth/upstream/callback', { config: { csrf: 'own' }, schema: { tags: ['pages'], summary: "Apple's form_post answer: keeps the name it sends once, then the same callback as a GET", response: { 303: Type.Null({ description: 'To GET /auth/upstream/callback' }) } } }, async (request, reply) => {
    const state = field(request, 'state')
    if (state && field(request, 'user')) await upstream.keepUser(state, field(request, 'user'))
    const params = new URLSearchParams({ state, code: field(request, 'code'), error: field(request, 'error') })
    return reply.header('cache-control', 'no-store').redirect(`/auth/upstream/callback?${params.toString()}`, 303)
  })
}
