/**
 * What every console page needs: the signed-in person (the hosted pages' browser session),
 * their Actor, the tenant the page is about and their role in it, and one way to answer.
 *
 * A console page is one more caller of the services, never a shortcut: the Actor is the
 * page session's person (pageActor), the tenant is read through TenantsService.load (the
 * policy answers 404 to a person with no role in it, exactly as the API does), and every
 * change calls the same service method as the API route. What a page shows or hides by
 * role is presentation only; the service decides. Every POST carries the CSRF token of the
 * hosted pages (security.ts) and is refused without it before anything else runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type, { type Static, type TProperties, type TSchema } from 'typebox'
import Value from 'typebox/value'
import type { Tenant, TenantRole } from '../../db/database.ts'
import { AppError, appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { HtmlPage } from '../../lib/schemas.ts'
import { isBrand, isPlatform, type InvitationsService, type Policy, roleAtLeast, type SettingsHistory, type TenantsService, type UserActor } from '../tenancy/index.ts'
import type { AuditErasure, AuditLog } from '../audit/index.ts'
import type { TenantEmailsService } from '../email/index.ts'
import type { ClientsService, SignInLog } from '../oauth/index.ts'
import type { PeopleService } from '../users/index.ts'
import type { AccountDeletion } from '../privacy/index.ts'
import type { HeldDevices } from '../sensors/index.ts'
import type { MemberSessions } from '../sessions/index.ts'
import type { SensorsService } from '../sensors/index.ts'
import type { Devices } from '../devices/index.ts'
import type { WebhooksService } from '../webhooks/index.ts'
import type { NativeAppsService, PasskeyPolicyService } from '../passkeys/index.ts'
import type { ConnectionsService } from '../connections/index.ts'
import type { PlatformStatus } from './platform-status.service.ts'
import { type AuthorizeService, brandOf, errorText, html, newNonce, notice, pageActor, type PageContext, pageHeaders, type PageKit, type PageSession, type PageSessions, type SafeHtml, type Translator } from '../pages/index.ts'
import { confirmPage, renderConsole, type Section } from './console.views.ts'
import type { Flash } from './flash.ts'
import type { ShownOnce } from './shown-once.ts'
import { consoleTranslator, type ConsoleText } from './i18n.ts'

export interface Console {
  page: PageContext
  session: PageSession
  actor: UserActor
  tenant: Tenant
  /** The person's role in the tenant (owner for platform administrators). */
  role: TenantRole
  /** Whether the role reaches `admin`: pages show their forms, or read-only views. */
  admin: boolean
  platformAdmin: boolean
  /** The console's texts in the language of the request (i18n.ts). */
  t: ConsoleText
}

export interface ConsolePage {
  title: string
  section: Section
  body: SafeHtml
  status?: number
  scripts?: string[]
  /** A page that shows a secret: no cache keeps it (shown-once.ts). */
  noStore?: boolean
}

/**
 * A form done that goes on to another page of the tenant than its section's (a path under
 * the tenant's, like `/apps/secret`), where what it made is shown (post/redirect/get).
 */
export interface Onward {
  onward: string
}

/** What a POST shows when its service refuses the input: the section's page with the sentence. */
export interface Refusal {
  error: string
  status: number
}

/**
 * Where a form's outcome is shown: the page (a path under the tenant's, like `/apps`) its
 * successful POST redirects to, with the form's own path parameters.
 */
export interface FormOptions {
  back: string | ((c: Console, request: FastifyRequest) => string)
  params?: TProperties
}

/** What a confirmation page asks: the sentence naming what will happen, and the button that does it. */
export interface Confirmation {
  title: string
  section: Section
  sentence: string
  button: string
}

/** A sentence for the top of a page after a form: what was done, or why not. */
export interface Notes {
  notice?: string
  error?: string
}
const SCHEMA = { tags: ['pages'] }
/** A console page: the page, or for a signed-out browser a redirect to the sign-in. */
export const SIGNED_OUT = { 200: HtmlPage, 303: Type.Null({ description: 'Signed out: to /console, which signs the browser in and comes back' }) }

/** The services the console's pages call: the same the API's routes call. */
export interface ConsoleServices {
  policy: Policy
  tenants: TenantsService
  settingsHistory: SettingsHistory
  invitations: InvitationsService
  audit: AuditLog
  /** The accounts of a brand's people deleted lately, by pseudonym (the people page). */
  auditErasure: AuditErasure
  tenantEmails: TenantEmailsService
  clients: ClientsService
  memberSessions: MemberSessions
  /** A brand's people (the person page: block, unblock), its sign-in log, the devices a person holds, and an admin's deletion of a person. */
  people: PeopleService
  signIns: SignInLog
  heldDevices: HeldDevices
  deletion: AccountDeletion
  sensors: SensorsService
  devices: Devices
  /** A brand's webhook endpoints and their delivery logs (the webhooks page). */
  webhooks: WebhooksService
  /** The hosted pages' authorization: the console signs a person in through it (an emailed code or a passkey). */
  authorize: AuthorizeService
  /** How a brand offers passkeys, and its native apps (the passkeys page). */
  passkeyModes: PasskeyPolicyService
  nativeApps: NativeAppsService
  /** A brand's upstream sign-in providers (the sign-in providers page). */
  connections: ConnectionsService
  platform: PlatformStatus
}

export class ConsoleKit {
  constructor(
    readonly app: FastifyInstance,
    readonly kit: PageKit,
    readonly sessions: PageSessions,
    readonly services: ConsoleServices,
    readonly flash: Flash,
    readonly shownOnce: ShownOnce,
  ) {}

  async session(request: FastifyRequest): Promise<PageSession | null> {
    return this.sessions.find(request.cookies[this.kit.names.session])
  }

  /** The console's own look: the platform's default theme, whatever tenant is open. */
  async context(request: FastifyRequest, reply: FastifyReply): Promise<PageContext> {
    const page = await this.kit.context(request, reply)
    return { ...page, brand: brandOf(null) }
  }

  /** The signed-in person and the tenant of the URL; 401 signed out, 404 for a tenant they have no role in. */
  async open(request: FastifyRequest, reply: FastifyReply, known?: PageSession): Promise<Console> {
    const session = known ?? (await this.session(request))
    if (!session) throw appErrors.signed_out()
    const actor = pageActor(session, request.ip)
    const tenantId = (request.params as { tenantId: number }).tenantId
    const tenant = await this.services.tenants.load(actor, tenantId)
    const role = (await this.services.policy.roleIn(actor, tenantId)) ?? 'member'
    const page = await this.context(request, reply)
    return { page, session, actor, tenant, role, admin: roleAtLeast(role, 'admin'), platformAdmin: isPlatform(actor), t: consoleTranslator(page.t.locale) }
  }

  send(reply: FastifyReply, c: Pick<Console, 'session' | 'platformAdmin' | 't'> & { page: Pick<PageContext, 'nonce' | 'csrf'>; tenant: Tenant | null }, out: ConsolePage): FastifyReply {
    pageHeaders(reply, c.page.nonce, { frames: true })
    if (out.noStore) reply.header('cache-control', 'no-store')
    return reply.code(out.status ?? 200).send(
      renderConsole({
        title: out.title,
        section: out.section,
        body: out.body,
        nonce: c.page.nonce,
        csrf: c.page.csrf,
        email: c.session.user.email,
        tenant: c.tenant ? { id: c.tenant.id, name: c.tenant.name, brand: isBrand(c.tenant) } : null,
        platformAdmin: c.platformAdmin,
        scripts: out.scripts,
        t: c.t,
      }),
    )
  }

  /**
   * An error of a console URL as a page in the console's layout, for a signed-in person: the
   * sentence, and the way back to the tenant open (if they may see it) or to the console's
   * home. Signed out (no header to draw), it is null and the hosted pages' error page answers.
   */
  async errorPage(request: FastifyRequest, reply: FastifyReply, status: number, text: string, t: Translator): Promise<FastifyReply | null> {
    const session = await this.session(request)
    if (!session) return null
    const actor = pageActor(session, request.ip)
    // the tenant of the URL, also where no route read it (a page that does not exist under it)
    const tenantId = Number(/^\/console\/tenants\/(\d{1,10})(?:[/?]|$)/.exec(request.url)?.[1] ?? 0)
    const tenant = Value.Check(Id, tenantId) ? await this.services.tenants.load(actor, tenantId).catch(() => null) : null
    const page = { nonce: newNonce(), csrf: this.kit.token(request, reply).csrf }
    const ct = consoleTranslator(t.locale)
    const back = tenant ? html`<a href="/console/tenants/${tenant.id}">${ct.text('shell.backTo', { tenant: tenant.name })}</a>` : html`<a href="/console">${ct.text('shell.backHome')}</a>`
    const body = html`${notice('error', text)}<p>${back}</p>`
    return this.send(reply, { page, session, tenant, platformAdmin: isPlatform(actor), t: ct }, { title: t.text('error.title'), section: tenant ? 'overview' : 'tenants', body, status })
  }

  /** A page about one tenant (`/console/tenants/:tenantId/...`); signed out, the browser goes to sign in. */
  get(path: string, summary: string, show: (c: Console, request: FastifyRequest, reply: FastifyReply) => Promise<ConsolePage>, params: TProperties = {}): void {
    this.app.get(`/console/tenants/:tenantId${path}`, { schema: { ...SCHEMA, summary: `Console: ${summary}`, params: Type.Object({ tenantId: Id, ...params }), response: SIGNED_OUT } }, async (request, reply) => {
      const session = await this.session(request)
      if (!session) return reply.header('cache-control', 'no-store').redirect('/console', 303)
      const c = await this.open(request, reply, session)
      const out = await show(c, request, reply)
      // the sentence a form left on its way here (post/redirect/get: flash.ts)
      const left = this.flash.take(request, reply, c.page.browser)
      return this.send(reply, c, left ? { ...out, body: html`${notice('ok', left)}${out.body}` } : out)
    })
  }

  /**
   * The first step of a destructive form: a page (GET, at the form's own path) that names
   * what will happen, with the one button that does it and a way back. The form it posts
   * is registered with `post` as any other.
   */
  confirm(path: string, summary: string, ask: (c: Console, request: FastifyRequest) => Promise<Confirmation>, options: FormOptions): void {
    this.get(
      path,
      `${summary}: the page that asks first`,
      async (c, request) => {
        const question = await ask(c, request)
        const section = await this.sectionOf(c, request, options)
        // the form posts to this page's own path, where the action is registered
        return confirmPage({ ...question, t: c.t, csrf: c.page.csrf, action: request.url.split('?')[0] ?? '', cancel: `/console/tenants/${c.tenant.id}${section}` })
      },
      options.params,
    )
  }

  private async sectionOf(c: Console, request: FastifyRequest, options: FormOptions): Promise<string> {
    return typeof options.back === 'string' ? options.back : options.back(c, request)
  }

  /**
   * A form of one tenant's page: CSRF first, then `act` (one service call). Done, it answers
   * 303 to the section's page (`options.back`), which shows its sentence once (flash.ts), so
   * a reload never sends the form again. A refusal of the input (4xx other than 401/403/404)
   * shows the page again with the reason and the status; anything else is the console's
   * error page. An `act` may go on to another page of the tenant instead (`Onward`: the page
   * that shows a secret once, shown-once.ts); `reply` is there for it to leave the secret.
   */
  post(
    path: string,
    summary: string,
    act: (c: Console, request: FastifyRequest, reply: FastifyReply) => Promise<string | ConsolePage | Onward>,
    show: (c: Console, request: FastifyRequest, notes: Notes) => Promise<ConsolePage>,
    options: FormOptions,
  ): void {
    const params = options.params ?? {}
    this.app.post(`/console/tenants/:tenantId${path}`, { schema: { ...SCHEMA, summary: `Console: ${summary} (form)`, params: Type.Object({ tenantId: Id, ...params }) } }, async (request, reply) => {
      const session = await this.session(request)
      if (!session) throw appErrors.signed_out()
      const c = await this.open(request, reply, session)
      try {
        const done = await act(c, request, reply)
        if (typeof done !== 'string' && 'onward' in done) return reply.header('cache-control', 'no-store').redirect(`/console/tenants/${c.tenant.id}${done.onward}`, 303)
        if (typeof done !== 'string') return this.send(reply.header('cache-control', 'no-store'), c, done)
        this.flash.set(reply, c.page.browser, done)
        return reply.header('cache-control', 'no-store').redirect(`/console/tenants/${c.tenant.id}${await this.sectionOf(c, request, options)}`, 303)
      } catch (error) {
        const refusal = refusalOf(error, c.page.t)
        if (!refusal) throw error
        return this.send(reply, c, { ...(await show(c, request, { error: refusal.error })), status: refusal.status })
      }
    })
  }
}

/**
 * An input the service refused, as a sentence naming the fields; null for anything else. The
 * sentence is in the page's language where the hosted pages' catalogs have its code's
 * (`errors.<code>`, like a rate limit's), else the catalog's own.
 * `fieldForbidden`: a 403 naming fields (a value this person may not give) is such a refusal too.
 */
export function refusalOf(error: unknown, t: Translator, fieldForbidden = false): Refusal | null {
  if (!(error instanceof AppError)) return null
  const forbiddenField = fieldForbidden && error.statusCode === 403 && (error.details?.length ?? 0) > 0
  if (!forbiddenField && (error.statusCode < 400 || error.statusCode >= 500 || [401, 403, 404].includes(error.statusCode))) return null
  const message = errorText(t, error)
  const details = (error.details ?? []).map((d) => `${d.field.replace(/^body\./, '')} ${d.message}`)
  return { error: details.length ? `${message} ${details.join('; ')}.` : message, status: error.statusCode }
}

/** The form's values checked against the API's own schema (400 naming each field); NoInfer: S is the schema's alone, which spares the type checker seconds. */
export function checked<S extends TSchema>(schema: S, value: unknown): NoInfer<Static<S>> {
  const errors = [...Value.Errors(schema, value)]
  if (errors.length) {
    const details = errors.map((e) => ({ field: e.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'form', message: e.message }))
    throw appErrors.validation_failed('Some fields need another look:', details)
  }
  return value as Static<S>
}
