/** What every hosted page route needs: the brand, a nonce, the browser id, its CSRF token. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Tenant } from '../../db/database.ts'
import { appErrors } from '../../lib/errors.ts'
import { brandOf, type Brand } from './brand.ts'
import { findTenant, lookOf } from '../tenancy/index.ts'
import type { SafeHtml } from './html.ts'
import { renderPage } from './layout.ts'
import { browserId, cookieNames, csrfToken, csrfValid, cspSource, newNonce, pageHeaders, type CookieNames } from './security.ts'
import { message } from './views.ts'

export interface PageContext {
  brand: Brand
  nonce: string
  browser: string
  csrf: string
  names: CookieNames
}

export class PageKit {
  readonly names: CookieNames

  constructor(
    private readonly app: FastifyInstance,
    private readonly csrfKey: Buffer,
  ) {
    this.names = cookieNames(app.config.publicUrl)
  }

  async tenant(request: FastifyRequest): Promise<Tenant | null> {
    const id = (request.params as { tenantId?: number }).tenantId
    if (!id) return null
    const tenant = await findTenant(this.app.db, id)
    if (!tenant) throw appErrors.not_found('This page does not exist. Check the address in your email or app.')
    return tenant
  }

  /**
   * A page's look under a tenant: its brand's name, logo and colours (a tenant that is not a
   * brand lends none of its own: tenancy/brands.ts), with links kept under the tenant's prefix.
   */
  async brand(tenant: Tenant | null): Promise<Brand> {
    if (!tenant) return brandOf(null)
    return { ...brandOf(await lookOf(this.app.db, tenant)), tenantId: tenant.id }
  }

  async context(request: FastifyRequest, reply: FastifyReply): Promise<PageContext> {
    const brand = await this.brand(await this.tenant(request))
    const browser = browserId(request, reply, this.names)
    return { brand, nonce: newNonce(), browser, csrf: csrfToken(this.csrfKey, browser), names: this.names }
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
    pageHeaders(reply, ctx.nonce, page.formTargets, cspSource(ctx.brand.logoUrl))
    return reply
      .code(page.status ?? 200)
      .send(renderPage({ brand: ctx.brand, title: page.title, body: page.body, nonce: ctx.nonce, scripts: page.scripts }))
  }

  /** An error as a page: a sentence a person understands, never JSON. */
  error(reply: FastifyReply, brand: Brand, status: number, text: string): FastifyReply {
    const nonce = newNonce()
    pageHeaders(reply, nonce, [], cspSource(brand.logoUrl))
    return reply.code(status).send(renderPage({ brand, title: 'Something is not right', body: message(text, 'error'), nonce }))
  }
}

/** Form fields are text; anything else (a repeated field) reads as missing. */
export function field(request: FastifyRequest, name: string): string {
  const value = ((request.body ?? {}) as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}
