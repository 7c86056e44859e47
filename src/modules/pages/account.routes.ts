/**
 * Hosted account pages: the targets of the default emails' links (confirm email, reset
 * password, forgot password), the signed-in account page, and OpenID Connect sign-out.
 * Each calls the accounts service; no rule lives here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_CODE, AppError, appErrors } from '../../lib/errors.ts'
import { PASSWORD_POLICY, RESET_REQUESTED_MESSAGE } from '../users/index.ts'
import { brandPath } from './brand.ts'
import type { AuthorizeService } from './authorize.service.ts'
import { endSession, type EndSessionDeps } from './end-session.ts'
import { field, type PageContext, type PageKit } from './kit.ts'
import type { PageSessions } from './page-sessions.ts'
import { cookieOptions, cspSource } from './security.ts'
import { accountPage, confirmForm, emailStep, endSessionForm, forgotForm, message, resetForm } from './views.ts'

function queryToken(request: FastifyRequest): string {
  const token = (request.query as Record<string, unknown>).token
  return typeof token === 'string' && token.length <= 200 ? token : ''
}

const tenantOf = (request: FastifyRequest) => (request.params as { tenantId?: number }).tenantId

export function accountRoutes(app: FastifyInstance, kit: PageKit, sessions: PageSessions, authorize: AuthorizeService, oidc: EndSessionDeps): void {
  emailLinkPages(app, kit)
  accountPages(app, kit, sessions, authorize)
  endSessionPages(app, kit, sessions, oidc)
}

/** The pages the default emails' buttons open. */
function emailLinkPages(app: FastifyInstance, kit: PageKit): void {
  const accounts = app.services.accounts
  const badLink = (ctx: PageContext, what: string) =>
    message(`This link is invalid, expired or already used. ${what}`, 'error', { href: brandPath(ctx.brand, '/forgot-password'), label: 'Reset my password' })

  app.get('/confirm-email', { schema: { tags: ['pages'], summary: 'Page: confirm an email address (link of the confirmation email)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = queryToken(request)
    if (!token) return kit.send(reply, ctx, { title: 'Confirm your email address', body: message('This link is missing its token. Open the link from the email again.', 'error'), status: 400 })
    return kit.send(reply, ctx, { title: 'Confirm your email address', body: confirmForm(ctx.brand, { csrf: ctx.csrf, token }) })
  })

  app.post('/confirm-email', { schema: { tags: ['pages'], summary: 'Page: confirm an email address (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const ctx = await kit.context(request, reply)
    try {
      await accounts.confirmEmail(field(request, 'token'))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return kit.send(reply, ctx, { title: 'Confirm your email address', body: message('This confirmation link is invalid, expired or already used. Sign in to get a new one.', 'error'), status: 400 })
    }
    return kit.send(reply, ctx, { title: 'Email address confirmed', body: message('Thank you: your email address is confirmed.', 'ok') })
  })

  app.get('/reset-password', { schema: { tags: ['pages'], summary: 'Page: choose a new password (link of the reset email)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = queryToken(request)
    if (!token) return kit.send(reply, ctx, { title: 'Choose a new password', body: badLink(ctx, 'Ask for a new one.'), status: 400 })
    return kit.send(reply, ctx, { title: 'Choose a new password', body: resetForm(ctx.brand, { csrf: ctx.csrf, token, policy: PASSWORD_POLICY }) })
  })

  app.post('/reset-password', { schema: { tags: ['pages'], summary: 'Page: set the new password (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const ctx = await kit.context(request, reply)
    const token = field(request, 'token')
    try {
      await accounts.resetPassword(token, field(request, 'password'), tenantOf(request))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      if (error.code === APP_CODE.invalid_token) return kit.send(reply, ctx, { title: 'Choose a new password', body: badLink(ctx, 'Ask for a new one.'), status: 400 })
      const body = resetForm(ctx.brand, { csrf: ctx.csrf, token, policy: PASSWORD_POLICY, error: `The new password ${error.details?.[0]?.message ?? 'is not allowed'}.` })
      return kit.send(reply, ctx, { title: 'Choose a new password', body, status: 400 })
    }
    return kit.send(reply, ctx, { title: 'Password changed', body: message('Your password is changed. You have been signed out everywhere else; sign in again with the new password.', 'ok') })
  })

  app.get('/forgot-password', { schema: { tags: ['pages'], summary: 'Page: ask for a password reset link' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    return kit.send(reply, ctx, { title: 'Reset your password', body: forgotForm(ctx.brand, { csrf: ctx.csrf }) })
  })

  app.post('/forgot-password', { schema: { tags: ['pages'], summary: 'Page: email a password reset link (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const ctx = await kit.context(request, reply)
    const email = field(request, 'email').trim()
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) {
      return kit.send(reply, ctx, { title: 'Reset your password', body: forgotForm(ctx.brand, { csrf: ctx.csrf, error: 'Enter an email address like name@example.com.' }), status: 400 })
    }
    await accounts.forgotPassword(email, tenantOf(request), request.ip)
    return kit.send(reply, ctx, { title: 'Check your inbox', body: message(RESET_REQUESTED_MESSAGE, 'ok') })
  })
}

function accountPages(app: FastifyInstance, kit: PageKit, sessions: PageSessions, authorize: AuthorizeService): void {
  const accounts = app.services.accounts

  async function show(reply: FastifyReply, ctx: PageContext, request: FastifyRequest, opts: { notice?: string; error?: string; status?: number } = {}) {
    const session = await sessions.find(request.cookies[kit.names.session])
    if (!session) {
      const pending = await authorize.beginAccount(tenantOf(request) ?? null, ctx.browser, request.ip)
      const body = emailStep(ctx.brand, { csrf: ctx.csrf, requestId: pending.id, appName: null })
      return kit.send(reply, ctx, { title: 'Sign in to your account', body })
    }
    const { user } = session
    const body = accountPage(ctx.brand, {
      csrf: ctx.csrf,
      email: user.email,
      displayName: user.display_name,
      hasPassword: user.password_hash !== null,
      policy: PASSWORD_POLICY,
      ...opts,
    })
    return kit.send(reply, ctx, { title: 'Your account', body, status: opts.status })
  }

  async function signedIn(request: FastifyRequest) {
    const session = await sessions.find(request.cookies[kit.names.session])
    if (!session) throw appErrors.signed_out()
    return session
  }

  app.get('/account', { schema: { tags: ['pages'], summary: 'Page: the signed-in account (sign-in by code when signed out)' } }, async (request, reply) => show(reply, await kit.context(request, reply), request))

  app.post('/account/profile', { schema: { tags: ['pages'], summary: 'Page: change the display name (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const { user } = await signedIn(request)
    const name = field(request, 'displayName').trim().slice(0, 200)
    await accounts.updateProfileOf(user.id, { displayName: name || null })
    return show(reply, await kit.context(request, reply), request, { notice: 'Your name is saved.' })
  })

  app.post('/account/password', { schema: { tags: ['pages'], summary: 'Page: change the password (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const session = await signedIn(request)
    const ctx = await kit.context(request, reply)
    try {
      await accounts.changePasswordOf(session.user, session.sessionId, field(request, 'currentPassword'), field(request, 'newPassword'))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const detail = error.details?.[0]
      const text = detail?.field === 'body.currentPassword' ? 'The current password is not right.' : `The new password ${detail?.message ?? 'is not allowed'}.`
      return show(reply, ctx, request, { error: text, status: 400 })
    }
    return show(reply, ctx, request, { notice: 'Your password is changed. Your other sessions were signed out.' })
  })

  app.post('/account/signout', { schema: { tags: ['pages'], summary: 'Page: sign out here or everywhere (form)' } }, async (request, reply) => {
    kit.checkCsrf(request)
    const session = await signedIn(request)
    if (field(request, 'everywhere') === '1') await sessions.signOutEverywhere(session.user.id)
    else await sessions.signOut(session.sessionId)
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    const ctx = await kit.context(request, reply)
    const text = field(request, 'everywhere') === '1' ? 'You are signed out on every device and app.' : 'You are signed out.'
    return kit.send(reply, ctx, { title: 'Signed out', body: message(text, 'ok') })
  })
}

function endSessionPages(app: FastifyInstance, kit: PageKit, sessions: PageSessions, oidc: EndSessionDeps): void {
  const KEYS = ['id_token_hint', 'post_logout_redirect_uri', 'state', 'client_id'] as const
  const pick = (source: unknown) => {
    const out: Record<string, string> = {}
    for (const key of KEYS) {
      const value = ((source ?? {}) as Record<string, unknown>)[key]
      if (typeof value === 'string' && value.length <= 4000) out[key] = value
    }
    return out
  }
  const confirm = async (request: FastifyRequest, reply: FastifyReply, source: unknown) => {
    const ctx = await kit.context(request, reply)
    const fields = pick(source)
    const formTargets = [cspSource(fields.post_logout_redirect_uri ?? null)]
    return kit.send(reply, ctx, { title: 'Sign out', body: endSessionForm(ctx.brand, { csrf: ctx.csrf, fields }), formTargets })
  }

  app.get('/auth/oauth2/logout', { schema: { tags: ['pages'], summary: 'OpenID Connect end_session_endpoint: asks to sign out' } }, async (request, reply) => confirm(request, reply, request.query))

  app.post('/auth/oauth2/logout', { schema: { tags: ['pages'], summary: 'OpenID Connect end_session_endpoint: signs out, returns to a registered post_logout_redirect_uri' } }, async (request, reply) => {
    const fields = pick(request.body)
    // an app may POST here directly (OpenID Connect allows it): without our token, ask first
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body._csrf !== 'string') return confirm(request, reply, request.body)
    kit.checkCsrf(request)
    const session = await sessions.find(request.cookies[kit.names.session])
    if (session) await sessions.signOut(session.sessionId)
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    const target = await endSession(oidc, {
      idTokenHint: fields.id_token_hint,
      clientId: fields.client_id,
      postLogoutRedirectUri: fields.post_logout_redirect_uri,
      state: fields.state,
    })
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 303)
    const ctx = await kit.context(request, reply)
    return kit.send(reply, ctx, { title: 'Signed out', body: message('You are signed out.', 'ok') })
  })
}
