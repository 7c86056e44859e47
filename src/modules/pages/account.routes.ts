/**
 * Hosted account pages: the targets of the default emails' links (confirm email, reset
 * password, forgot password), the signed-in account page, and OpenID Connect sign-out.
 * Each calls the accounts service; no rule lives here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_CODE, AppError, appErrors } from '../../lib/errors.ts'
import { SUPPORTED_LOCALES } from '../../lib/locale.ts'
import type { PasskeysService } from '../passkeys/index.ts'
import type { AccountsService } from '../users/index.ts'
import { brandPath } from './brand.ts'
import type { AuthorizeService } from './authorize.service.ts'
import { endSession, type EndSessionDeps } from './end-session.ts'
import { isSupportedLocale } from './i18n.ts'
import { errorText, field, type PageContext, type PageKit } from './kit.ts'
import { pageActor, type PageSessions } from './page-sessions.ts'
import type { PasskeyPagesDeps } from './passkey-pages.ts'
import { cookieOptions, cspSource } from './security.ts'
import { accountPage, confirmForm, emailStep, endSessionForm, forgotForm, message, PASSKEY_SCRIPT, resetForm } from './views.ts'

function queryToken(request: FastifyRequest): string {
  const token = (request.query as Record<string, unknown>).token
  return typeof token === 'string' && token.length <= 200 ? token : ''
}

const tenantOf = (request: FastifyRequest) => (request.params as { tenantId?: number }).tenantId

export interface AccountPageDeps {
  accounts: AccountsService
  sessions: PageSessions
  authorize: AuthorizeService
  oidc: EndSessionDeps
  /** The account's passkeys, listed, renamed and deleted on its page. */
  passkeys: Pick<PasskeysService, 'list' | 'rename' | 'remove'>
  modes: PasskeyPagesDeps['modes']
}

export function accountRoutes(app: FastifyInstance, kit: PageKit, deps: AccountPageDeps): void {
  const { sessions, oidc } = deps
  emailLinkPages(app, kit, deps.accounts)
  accountPages(app, kit, deps)
  endSessionPages(app, kit, sessions, oidc)
}

/** The pages the default emails' buttons open. */
function emailLinkPages(app: FastifyInstance, kit: PageKit, accounts: AccountsService): void {
  const badLink = (ctx: PageContext) =>
    message(ctx.t.text('reset.badLink'), 'error', { href: brandPath(ctx.brand, '/forgot-password'), label: ctx.t.text('reset.badLinkAction') })

  app.get('/confirm-email', { schema: { tags: ['pages'], summary: 'Page: confirm an email address (link of the confirmation email)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = queryToken(request)
    const title = ctx.t.text('confirm.title')
    if (!token) return kit.send(reply, ctx, { title, body: message(ctx.t.text('confirm.noToken'), 'error'), status: 400 })
    return kit.send(reply, ctx, { title, body: confirmForm(ctx.brand, { ...ctx, token }) })
  })

  app.post('/confirm-email', { schema: { tags: ['pages'], summary: 'Page: confirm an email address (form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    try {
      await accounts.confirmEmail(field(request, 'token'))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return kit.send(reply, ctx, { title: ctx.t.text('confirm.title'), body: message(ctx.t.text('confirm.invalid'), 'error'), status: 400 })
    }
    return kit.send(reply, ctx, { title: ctx.t.text('confirm.doneTitle'), body: message(ctx.t.text('confirm.done'), 'ok') })
  })

  app.get('/reset-password', { schema: { tags: ['pages'], summary: 'Page: choose a new password (link of the reset email)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = queryToken(request)
    const title = ctx.t.text('reset.title')
    if (!token) return kit.send(reply, ctx, { title, body: badLink(ctx), status: 400 })
    return kit.send(reply, ctx, { title, body: resetForm(ctx.brand, { ...ctx, token }) })
  })

  app.post('/reset-password', { schema: { tags: ['pages'], summary: 'Page: set the new password (form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = field(request, 'token')
    try {
      await accounts.resetPassword(token, field(request, 'password'), tenantOf(request))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const title = ctx.t.text('reset.title')
      if (error.code === APP_CODE.invalid_token) return kit.send(reply, ctx, { title, body: badLink(ctx), status: 400 })
      const body = resetForm(ctx.brand, { ...ctx, token, error: rejectedPassword(ctx, error) })
      return kit.send(reply, ctx, { title, body, status: 400 })
    }
    return kit.send(reply, ctx, { title: ctx.t.text('reset.doneTitle'), body: message(ctx.t.text('reset.done'), 'ok') })
  })

  app.get('/forgot-password', { schema: { tags: ['pages'], summary: 'Page: ask for a password reset link' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    return kit.send(reply, ctx, { title: ctx.t.text('forgot.title'), body: forgotForm(ctx.brand, ctx) })
  })

  app.post('/forgot-password', { schema: { tags: ['pages'], summary: 'Page: email a password reset link (form)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const email = field(request, 'email').trim()
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) {
      return kit.send(reply, ctx, { title: ctx.t.text('forgot.title'), body: forgotForm(ctx.brand, { ...ctx, error: ctx.t.text('errors.invalid_email') }), status: 400 })
    }
    await accounts.forgotPassword(email, tenantOf(request), request.ip)
    return kit.send(reply, ctx, { title: ctx.t.text('forgot.sentTitle'), body: message(ctx.t.text('forgot.sent'), 'ok') })
  })
}

/** Why a new password was refused, in the page's language (English names the rule it broke). */
function rejectedPassword(ctx: PageContext, error: AppError): string {
  return ctx.t.text('password.rejected', { reason: error.details?.[0]?.message ?? 'is not allowed' })
}

type Shown = { notice?: string; error?: string; status?: number; reauth?: boolean }

/** The account page (or, signed out, its sign-in) and the signed-in check its forms share. */
function accountView(kit: PageKit, deps: AccountPageDeps) {
  const { sessions, authorize } = deps

  async function show(reply: FastifyReply, ctx: PageContext, request: FastifyRequest, opts: Shown = {}) {
    const session = await sessions.find(request.cookies[kit.names.session])
    if (!session) {
      const pending = await authorize.beginAccount(tenantOf(request) ?? null, ctx.browser, request.ip)
      const passkey = (await deps.modes.modeAt(pending.tenant_id)) !== 'off'
      const body = emailStep(ctx.brand, { ...ctx, requestId: pending.id, appName: null, passkey })
      return kit.send(reply, ctx, { title: ctx.t.text('signin.titleAccount'), body, scripts: passkey ? [PASSKEY_SCRIPT] : [] })
    }
    const { user } = session
    const body = accountPage(ctx.brand, {
      ...ctx,
      email: user.email,
      displayName: user.display_name,
      hasPassword: user.password_hash !== null,
      locales: SUPPORTED_LOCALES,
      passkeys: await deps.passkeys.list(pageActor(session, request.ip)),
      offered: (await deps.modes.modeAt(user.tenant_id)) !== 'off',
      ...opts,
    })
    return kit.send(reply, ctx, { title: ctx.t.text('account.title'), body, status: opts.status, scripts: [PASSKEY_SCRIPT] })
  }

  async function signedIn(request: FastifyRequest) {
    const session = await sessions.find(request.cookies[kit.names.session])
    if (!session) throw appErrors.signed_out()
    return session
  }

  return { show, signedIn }
}

function accountPages(app: FastifyInstance, kit: PageKit, deps: AccountPageDeps): void {
  const { accounts, sessions } = deps
  const { show, signedIn } = accountView(kit, deps)
  languagePage(app, kit, deps)

  app.get('/account', { schema: { tags: ['pages'], summary: 'Page: the signed-in account (sign-in by code when signed out)' } }, async (request, reply) => show(reply, await kit.context(request, reply), request))

  app.post('/account/profile', { schema: { tags: ['pages'], summary: 'Page: change the display name (form)' } }, async (request, reply) => {
    const { user } = await signedIn(request)
    const name = field(request, 'displayName').trim().slice(0, 200)
    await accounts.updateProfileOf(user.id, { displayName: name || null })
    const ctx = await kit.context(request, reply)
    return show(reply, ctx, request, { notice: ctx.t.text('account.nameSaved') })
  })

  app.post('/account/password', { schema: { tags: ['pages'], summary: 'Page: change the password (form)' } }, async (request, reply) => {
    const session = await signedIn(request)
    const ctx = await kit.context(request, reply)
    try {
      await accounts.changePasswordOf(session.user, session.sessionId, field(request, 'currentPassword'), field(request, 'newPassword'))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const wrongCurrent = error.details?.[0]?.field === 'body.currentPassword'
      return show(reply, ctx, request, { error: wrongCurrent ? ctx.t.text('account.wrongCurrent') : rejectedPassword(ctx, error), status: 400 })
    }
    return show(reply, ctx, request, { notice: ctx.t.text('account.passwordChanged') })
  })

  passkeyForms(app, kit, deps)

  app.post('/account/signout', { schema: { tags: ['pages'], summary: 'Page: sign out here or everywhere (form)' } }, async (request, reply) => {
    const session = await signedIn(request)
    // the answer keeps the language of the session that ends
    const ctx = await kit.context(request, reply)
    if (field(request, 'everywhere') === '1') await sessions.signOutEverywhere(session.user.id)
    else await sessions.signOut(session.sessionId)
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    const text = ctx.t.text(field(request, 'everywhere') === '1' ? 'signout.everywhere' : 'signout.done')
    return kit.send(reply, ctx, { title: ctx.t.text('signout.title'), body: message(text, 'ok') })
  })
}

/** Renaming and deleting a passkey (both after a fresh sign-in, as the API asks). */
function passkeyForms(app: FastifyInstance, kit: PageKit, deps: AccountPageDeps): void {
  const { show, signedIn } = accountView(kit, deps)
  const Params = { type: 'object', properties: { passkeyId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['passkeyId'] } as const
  const change = (path: string, summary: string, act: (actor: ReturnType<typeof pageActor>, id: number, request: FastifyRequest) => Promise<unknown>, done: 'account.passkeyRenamed' | 'account.passkeyDeleted') =>
    app.post(path, { schema: { tags: ['pages'], summary, params: Params } }, async (request, reply) => {
      const session = await signedIn(request)
      const ctx = await kit.context(request, reply)
      try {
        await act(pageActor(session, request.ip), (request.params as { passkeyId: number }).passkeyId, request)
      } catch (error) {
        if (error instanceof AppError && error.code === APP_CODE.insufficient_user_authentication) return show(reply, ctx, request, { reauth: true, status: 401 })
        if (error instanceof AppError && error.statusCode < 500) return show(reply, ctx, request, { error: errorText(ctx.t, error), status: error.statusCode })
        throw error
      }
      return show(reply, ctx, request, { notice: ctx.t.text(done) })
    })
  change('/account/passkeys/:passkeyId/rename', 'Page: rename a passkey (form)', (actor, id, request) => deps.passkeys.rename(actor, id, field(request, 'name').trim().slice(0, 100) || 'Passkey'), 'account.passkeyRenamed')
  change('/account/passkeys/:passkeyId/delete', 'Page: delete a passkey (form)', (actor, id) => deps.passkeys.remove(actor, id), 'account.passkeyDeleted')
}

/** The account's language: the selector's form, answered in the language picked. */
function languagePage(app: FastifyInstance, kit: PageKit, deps: AccountPageDeps): void {
  const { show, signedIn } = accountView(kit, deps)

  app.post('/account/locale', { schema: { tags: ['pages'], summary: "Page: choose the account's language (form)" } }, async (request, reply) => {
    const { user } = await signedIn(request)
    const locale = field(request, 'locale')
    if (!isSupportedLocale(locale)) {
      const ctx = await kit.context(request, reply)
      return show(reply, ctx, request, { error: ctx.t.text('error.badRequest'), status: 400 })
    }
    await deps.accounts.updateProfileOf(user.id, { locale })
    // the answer is already in the language picked
    const ctx = await kit.context(request, reply, locale)
    return show(reply, ctx, request, { notice: ctx.t.text('account.languageSaved') })
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
    return kit.send(reply, ctx, { title: ctx.t.text('endSession.title'), body: endSessionForm(ctx.brand, { ...ctx, fields }), formTargets })
  }

  app.get('/auth/oauth2/logout', { schema: { tags: ['pages'], summary: 'OpenID Connect end_session_endpoint: asks to sign out' } }, async (request, reply) => confirm(request, reply, request.query))

  app.post('/auth/oauth2/logout', { config: { csrf: 'own' }, schema: { tags: ['pages'], summary: 'OpenID Connect end_session_endpoint: signs out, returns to a registered post_logout_redirect_uri' } }, async (request, reply) => {
    const fields = pick(request.body)
    // an app may POST here directly (OpenID Connect allows it): without our token, ask first
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body._csrf !== 'string') return confirm(request, reply, request.body)
    kit.checkCsrf(request)
    const session = await sessions.find(request.cookies[kit.names.session])
    // the answer keeps the language of the session that ends
    const ctx = await kit.context(request, reply)
    if (session) await sessions.signOut(session.sessionId)
    reply.clearCookie(kit.names.session, cookieOptions(kit.names))
    const target = await endSession(oidc, {
      idTokenHint: fields.id_token_hint,
      clientId: fields.client_id,
      postLogoutRedirectUri: fields.post_logout_redirect_uri,
      state: fields.state,
    })
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 303)
    return kit.send(reply, ctx, { title: ctx.t.text('signout.title'), body: message(ctx.t.text('signout.done'), 'ok') })
  })
}
