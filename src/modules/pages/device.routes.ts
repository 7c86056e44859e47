/**
 * The device authorization grant's hosted page (RFC 8628 3.3; the threats:
 * ../oauth/device-codes.ts): `GET /device` is the verification URI. Signed out (or signed in at
 * another issuer), the person signs in the way the hosted sign-in offers (a code by email, a
 * passkey) and comes back here; the user code that came in the link waits meanwhile in an
 * HttpOnly cookie of this browser. Signed in, they type the code (or find it filled in), see the
 * app, the account, the scopes and the code, and allow or deny. Every rule lives in
 * DeviceService; this file only shows its answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { DeviceDecider, DeviceService } from '../oauth/index.ts'
import type { UpstreamSignIn } from '../connections/index.ts'
import type { PasskeyPagesDeps } from './passkey-pages.ts'
import type { AuthorizeService } from './authorize.service.ts'
import { AUTHORIZATION_TTL_SECONDS } from './authorize.service.ts'
import { deviceConfirm, deviceEntry } from './device-views.ts'
import { html } from './html.ts'
import { errorText, field, type PageContext, type PageKit } from './kit.ts'
import type { PageSession, PageSessions } from './page-sessions.ts'
import { cookieOptions } from './security.ts'
import { emailStep, message, PASSKEY_SCRIPT } from './views.ts'

export interface DevicePageDeps {
  device: DeviceService
  sessions: PageSessions
  authorize: AuthorizeService
  /** How the brand offers passkeys: the sign-in offers one unless it turned them off. */
  modes: PasskeyPagesDeps['modes']
  /** The brand's upstream providers, offered on the sign-in as at an app's (modules/connections). */
  upstream?: UpstreamSignIn
}

/** A user code as it may be typed (letters, spaces, dashes), or '' */
const wellFormed = (value: unknown): string => (typeof value === 'string' && /^[A-Za-z -]{1,20}$/.test(value) ? value : '')

const tenantOf = (request: FastifyRequest) => (request.params as { tenantId?: number }).tenantId ?? null

const deciderOf = (session: PageSession): DeviceDecider => ({
  userId: session.user.id,
  userTenantId: session.user.tenant_id,
  sessionTenantId: session.tenantId,
  authTime: session.authTime,
})

export function deviceRoutes(app: FastifyInstance, kit: PageKit, deps: DevicePageDeps): void {
  const { device, sessions, authorize } = deps

  /** The page session that may decide at this issuer, or null (signed out, or signed in at another issuer). */
  async function signedIn(request: FastifyRequest): Promise<PageSession | null> {
    const session = await sessions.find(request.cookies[kit.names.session])
    return session && device.mayDecide(deciderOf(session), tenantOf(request)) ? session : null
  }

  /** The hosted sign-in, returning here; the code waits in this browser's cookie. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, ctx: PageContext, code: string) {
    if (code) reply.setCookie(kit.names.device, code, cookieOptions(kit.names, AUTHORIZATION_TTL_SECONDS))
    const pending = await authorize.beginAccount(tenantOf(request), ctx.browser, request.ip, '/device')
    const passkey = (await deps.modes.modeAt(pending.tenant_id)) !== 'off'
    const providers = deps.upstream ? await deps.upstream.offered(pending.tenant_id) : []
    const body = html`<p>${ctx.t.t('device.signInIntro')}</p>${emailStep(ctx.brand, { ...ctx, requestId: pending.id, appName: null, passkey, providers })}`
    return kit.send(reply, ctx, { title: ctx.t.text('device.title'), body, scripts: passkey ? [PASSKEY_SCRIPT] : [], formTargets: providers.map((p) => p.origin) })
  }

  function entry(reply: FastifyReply, ctx: PageContext, code: string, error?: string, status?: number) {
    return kit.send(reply, ctx, { title: ctx.t.text('device.title'), body: deviceEntry(ctx.brand, { ...ctx, code, error }), status })
  }

  /** The question for a typed code, or the form again with why not. */
  async function ask(request: FastifyRequest, reply: FastifyReply, ctx: PageContext, session: PageSession, code: string) {
    if (!code) return entry(reply, ctx, '')
    try {
      const pending = await device.pending(code, tenantOf(request), deciderOf(session), request.ip)
      if (!pending) return entry(reply, ctx, code, ctx.t.text('device.unknownCode'), 400)
      const body = deviceConfirm(ctx.brand, { ...ctx, pending, email: session.user.email })
      return kit.send(reply, ctx, { title: ctx.t.text('device.confirmTitle', { app: pending.appName }), body })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return entry(reply, ctx, code, errorText(ctx.t, error), error.statusCode)
    }
  }

  app.get('/device', { schema: { tags: ['pages'], summary: 'Page: the verification URI of the device authorization grant (RFC 8628); ?user_code= fills the code in' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const linked = wellFormed((request.query as Record<string, unknown>).user_code)
    const session = await signedIn(request)
    if (!session) return signIn(request, reply, ctx, linked)
    // back from the sign-in: the code this browser kept
    const kept = wellFormed(request.cookies[kit.names.device])
    if (request.cookies[kit.names.device] !== undefined) reply.clearCookie(kit.names.device, cookieOptions(kit.names))
    return ask(request, reply, ctx, session, linked || kept)
  })

  app.post('/device', { schema: { tags: ['pages'], summary: 'Page: the typed user code; shows the app and its scopes to allow or deny (form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const code = wellFormed(field(request, 'user_code'))
    const session = await signedIn(request)
    if (!session) return signIn(request, reply, ctx, code)
    if (!code) return entry(reply, ctx, '', ctx.t.text('device.unknownCode'), 400)
    return ask(request, reply, ctx, session, code)
  })

  app.post('/device/decision', { schema: { tags: ['pages'], summary: 'Page: allow or deny the device (form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const code = wellFormed(field(request, 'user_code'))
    const session = await signedIn(request)
    if (!session) return signIn(request, reply, ctx, code)
    const decision = field(request, 'decision')
    if (decision !== 'approve' && decision !== 'deny') return kit.error(reply, ctx.brand, ctx.t, 400, ctx.t.text('error.badRequest'))
    try {
      const decided = await device.decide(code, tenantOf(request), deciderOf(session), decision === 'approve', request.ip)
      if (!decided) return entry(reply, ctx, code, ctx.t.text('device.unknownCode'), 400)
      const text = ctx.t.text(decision === 'approve' ? 'device.approved' : 'device.denied', { app: decided.appName })
      return kit.send(reply, ctx, { title: ctx.t.text('device.title'), body: message(text, 'ok') })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return entry(reply, ctx, code, errorText(ctx.t, error), error.statusCode)
    }
  })
}
