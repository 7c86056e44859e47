/** What every hosted page route needs: the brand, its language, a nonce, the browser id, its CSRF token. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Tenant } from '../../db/database.ts'
import { appErrors, type AppError } from '../../lib/errors.ts'
import type { SupportedLocale } from '../../lib/locale.ts'
import { brandOf, type Brand } from './brand.ts'
import type { SafeHtml } from './html.ts'
import { accountLocaleOf, cleanUiLocales, PAGE_CATALOGS, pageLocale, translator, type PageMessageKey, type Translator } from './i18n.ts'
import { renderPage } from './layout.ts'
import type { PageSessions } from './page-sessions.ts'
import { browserId, cookieNames, csrfToken, csrfValid, cspSource, newNonce, pageHeaders, type CookieNames } from './security.ts'
import { message } from './views.ts'
import type { PageContext } from './page-context.ts'
export type { FormContext, PageContext } from './page-context.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'own': the route checks the CSRF token itself, when one is sent (see PageKit.guard). */
    csrf?: 'own'
  }
}

/** The tenant reads every page makes (modules/tenancy): the tenant a prefix names, and the brand whose look it wears. */
export interface PageTenants {
  find(tenantId: number): Promise<Tenant | undefined>
  lookOf(tenant: Tenant): Promise<Tenant>
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export class PageKit {
  readonly names: CookieNames

  constructor(
    private readonly app: FastifyInstance,
    private readonly csrfKey: Buffer,
    private readonly sessions: PageSessions,
    private readonly tenants: PageTenants,
  ) {
    this.names = cookieNames(app.config.publicUrl)
  }

  async tenant(request: FastifyRequest): Promise<Tenant | null> {
    const id = (request.params as { tenantId?: number }).tenantId
    if (!id) return null
    const tenant = await this.tenants.find(id)
    if (!tenant) throw appErrors.not_found('This page does not exist. Check the address in your email or app.')
    return tenant
  }

  /**
   * A page's look under a tenant: its brand's name, logo and colours (a tenant that is not a
   * brand lends none of its own: tenancy/brands.ts), with links kept under the tenant's prefix.
   */
  async brand(tenant: Tenant | null): Promise<Brand> {
    if (!tenant) return brandOf(null)
    return { ...brandOf(await this.tenants.lookOf(tenant)), tenantId: tenant.id }
  }

  /**
   * The language of the page for this request (i18n.ts): `ui_locales` in the query (the
   * authorization request) or in the form (carried on from it), the page session's account,
   * Accept-Language. `chosen` (a locale the person just picked) wins over all of them.
   */
  async locale(request: FastifyRequest, chosen?: SupportedLocale): Promise<{ locale: SupportedLocale; uiLocales: string | null }> {
    const body = (request.body ?? {}) as Record<string, unknown>
    const uiLocales = cleanUiLocales((request.query as Record<string, unknown> | undefined)?.ui_locales) ?? cleanUiLocales(body.ui_locales)
    if (chosen) return { locale: chosen, uiLocales }
    const acceptLanguage = request.headers['accept-language'] ?? null
    // the account's choice is looked up only when the request did not name a language itself
    const session = uiLocales ? null : await this.sessions.find(request.cookies[this.names.session])
    return { locale: pageLocale({ uiLocales, accountLocale: session ? accountLocaleOf(session.user) : null, acceptLanguage }), uiLocales }
  }

  async context(request: FastifyRequest, reply: FastifyReply, chosen?: SupportedLocale): Promise<PageContext> {
    const brand = await this.brand(await this.tenant(request))
    const { locale, uiLocales } = await this.locale(request, chosen)
    return { brand, nonce: newNonce(), ...this.token(request, reply), names: this.names, t: translator(locale), uiLocales }
  }

  /** The browser's id and its CSRF token, for a page drawn without the context (an error's). */
  token(request: FastifyRequest, reply: FastifyReply): { browser: string; csrf: string } {
    const browser = browserId(request, reply, this.names)
    return { browser, csrf: csrfToken(this.csrfKey, browser) }
  }

  /**
   * Every state-changing request of the pages and the console passes here before its handler
   * (the preHandler hook each of their plugins installs: page-plugin.ts), so no form can
   * forget it; a route that an app may post to without the form (OpenID Connect's logout,
   * which then only asks) says `config: { csrf: 'own' }`.
   */
  guard(request: FastifyRequest): void {
    if (!STATE_CHANGING.has(request.method)) return
    if (request.routeOptions.config.csrf === 'own') return
    this.checkCsrf(request)
  }

  /** Refuses a POST whose CSRF token does not match its browser cookie. */
  checkCsrf(request: FastifyRequest): void {
    const body = (request.body ?? {}) as Record<string, unknown>
    if (!csrfValid(this.csrfKey, request.cookies[this.names.browser], body._csrf)) {
      throw appErrors.csrf_failed()
    }
  }

  send(
    reply: FastifyReply,
    ctx: PageContext,
    page: { title: string; body: SafeHtml; status?: number; formTargets?: (string | null)[]; scripts?: string[] },
  ): FastifyReply {
    // the tenant's logo may live on its own http origin (a dev setup): allow exactly that one
    pageHeaders(reply, ctx.nonce, { formTargets: page.formTargets ?? [], imageOrigin: cspSource(ctx.brand.logoUrl) })
    return reply
      .code(page.status ?? 200)
      .send(renderPage({ brand: ctx.brand, locale: ctx.t.locale, title: page.title, body: page.body, nonce: ctx.nonce, scripts: page.scripts }))
  }

  /** An error as a page: a sentence a person understands, never JSON. */
  error(reply: FastifyReply, brand: Brand, t: Translator, status: number, text: string): FastifyReply {
    const nonce = newNonce()
    pageHeaders(reply, nonce, { imageOrigin: cspSource(brand.logoUrl) })
    return reply.code(status).send(renderPage({ brand, locale: t.locale, title: t.text('error.title'), body: message(text, 'error'), nonce }))
  }
}

/**
 * A catalog error in the page's language: its code's text when the pages' catalogs have one
 * (`errors.<code>`), else the catalog's own English sentence.
 */
export function errorText(t: Translator, error: AppError): string {
  const key = `errors.${error.code}`
  if (!isPageKey(key)) return error.message
  const seconds = Number(error.headers?.['retry-after'] ?? 0)
  return t.text(key, { seconds, minutes: Math.ceil(seconds / 60) })
}

const PAGE_KEYS = PAGE_CATALOGS.en

function isPageKey(key: string): key is PageMessageKey {
  return Object.hasOwn(PAGE_KEYS, key)
}

/** Form fields are text; anything else (a repeated field) reads as missing. */
export function field(request: FastifyRequest, name: string): string {
  const value = ((request.body ?? {}) as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}
