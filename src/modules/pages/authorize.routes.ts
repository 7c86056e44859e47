/** The hosted authorization page: `GET /auth/oauth2/authorize` and its form steps. */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AuthorizationRequest } from '../../db/database.ts'
import type { UpstreamSignIn } from '../connections/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuthorizeService, Finished } from './authorize.service.ts'
import { errorText, field, type PageContext, type PageKit } from './kit.ts'
import { PAGE_SESSION_TTL_SECONDS } from './page-sessions.ts'
import { cookieOptions, cspSource } from './security.ts'
import type { PasskeyPagesDeps } from './passkey-pages.ts'
import { passkeySuggestion } from './passkey-views.ts'
import { codeStep, emailStep, PASSKEY_SCRIPT, showCode } from './views.ts'

export function authorizeRoutes(app: FastifyInstance, kit: PageKit, authorize: AuthorizeService, modes: PasskeyPagesDeps['modes'], upstream?: UpstreamSignIn): void {
  const tenantOf = (params: unknown) => (params as { tenantId?: number }).tenantId ?? null

  const targets = (request: AuthorizationRequest | null) => [cspSource(request?.client_id ? request.redirect_uri : null)]

  async function emailPage(reply: FastifyReply, ctx: PageContext, request: AuthorizationRequest, opts: { error?: string; email?: string | null; status?: number } = {}) {
    const appName = await authorize.clientName(request)
    const passkey = (await modes.modeAt(request.tenant_id)) !== 'off'
    // an app's sign-in offers the brand's upstream providers (modules/connections); the form's redirect goes to each
    const providers = request.client_id && upstream ? await upstream.offered(request.tenant_id) : []
    return kit.send(reply, ctx, {
      title: ctx.t.text(request.client_id ? 'signin.title' : 'signin.titleAccount'),
      body: emailStep(ctx.brand, { ...ctx, requestId: request.id, appName, email: opts.email, error: opts.error, passkey, providers }),
      status: opts.status,
      formTargets: [...targets(request), ...providers.map((p) => p.origin)],
      scripts: passkey ? [PASSKEY_SCRIPT] : [],
    })
  }

  function codePage(reply: FastifyReply, ctx: PageContext, request: AuthorizationRequest, error?: string) {
    return kit.send(reply, ctx, {
      title: ctx.t.text('code.title'),
      body: codeStep(ctx.brand, { ...ctx, requestId: request.id, email: request.email ?? '', error }),
      status: error ? 400 : 200,
      formTargets: targets(request),
    })
  }

  /** Signed in by code: on to the app, or first, where the brand suggests passkeys and the person has none, the suggestion. */
  async function finish(reply: FastifyReply, ctx: PageContext, finished: Finished) {
    if (finished.sessionCookie) reply.setCookie(kit.names.session, finished.sessionCookie, cookieOptions(kit.names, PAGE_SESSION_TTL_SECONDS))
    if (finished.sessionCookie && finished.userId !== null && (await modes.suggestTo(finished.tenantId, finished.userId))) {
      reply.header('cache-control', 'no-store')
      return kit.send(reply, ctx, { title: ctx.t.text('suggest.title'), body: passkeySuggestion(ctx.brand, { ...ctx, next: finished.redirect }), scripts: [PASSKEY_SCRIPT] })
    }
    return reply.header('cache-control', 'no-store').redirect(finished.redirect, 303)
  }

  app.get('/auth/oauth2/authorize', { schema: { tags: ['pages'], summary: 'Authorization endpoint (RFC 6749): the hosted sign-in page; a browser signed in here goes straight back to the app (prompt, max_age)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const result = await authorize.begin({
      query: request.query as Record<string, unknown>,
      tenantId: tenantOf(request.params),
      browser: ctx.browser,
      sessionCookie: request.cookies[kit.names.session],
      ip: request.ip,
      acceptLanguage: request.headers['accept-language'] ?? null,
    })
    if (result.kind === 'page-error') return kit.error(reply, ctx.brand, ctx.t, result.status, ctx.t.text(result.key))
    if (result.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(result.url, 302)
    return emailPage(reply, ctx, result.request, { email: result.loginHint })
  })

  app.post('/auth/oauth2/authorize/email', { schema: { tags: ['pages'], summary: 'Hosted sign-in, step 1: email a login code (HTML form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const id = field(request, 'request')
    try {
      const updated = await authorize.requestCode(id, ctx.browser, field(request, 'email'), request.ip, ctx.uiLocales)
      return codePage(reply, ctx, updated)
    } catch (error) {
      const pending = await authorize.load(id, ctx.browser)
      if (!(error instanceof AppError) || !pending) throw error
      return emailPage(reply, ctx, pending, { error: errorText(ctx.t, error), email: field(request, 'email'), status: error.statusCode })
    }
  })

  app.post('/auth/oauth2/authorize/code', { schema: { tags: ['pages'], summary: 'Hosted sign-in, step 2: the typed code; redirects to the app (HTML form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const id = field(request, 'request')
    try {
      return await finish(reply, ctx, await authorize.enterCode(id, ctx.browser, field(request, 'code'), request.ip))
    } catch (error) {
      const pending = await authorize.load(id, ctx.browser)
      if (!(error instanceof AppError) || !pending?.email) throw error
      return codePage(reply, ctx, pending, errorText(ctx.t, error))
    }
  })

  app.get('/auth/oauth2/authorize/link', { schema: { tags: ['pages'], summary: "The email's sign-in link: finishes in the browser that started, else shows the code" } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const query = request.query as Record<string, unknown>
    const id = typeof query.request === 'string' ? query.request : ''
    const code = typeof query.code === 'string' ? query.code : ''
    const result = await authorize.followLink(id, request.cookies[kit.names.browser], code, request.ip)
    if (result.kind === 'finished') return finish(reply, ctx, result.finished)
    return kit.send(reply, ctx, { title: ctx.t.text('shown.title'), body: showCode(ctx, result.code) })
  })
}
