/**
 * The authorization endpoint's hosted flow, without HTTP: check the request, remember it
 * bound to the browser, email a login code, accept the code typed or the link clicked,
 * and answer where to send the browser. Threats and how they are met:
 *
 * Open redirects. Until client_id and redirect_uri are checked (exact match with a
 * registered URI) every error is shown on the page; only afterwards do errors go back to
 * the app (RFC 6749 4.1.2.1).
 *
 * A login finished in the wrong browser. The pending request stores the SHA-256 of the
 * browser cookie that started it; the email link finishes the login only in that browser.
 * Anywhere else it shows the code, for the person to type where they started, so a link
 * forwarded to or intercepted by someone else never logs the starter's app in for them.
 *
 * Guessing. A typed code is compared only with the one code mailed for this request (by
 * its HMAC, in constant time); wrong tries are counted per request (MAX_CODE_ATTEMPTS, then
 * a new code is needed) and per IP with the token endpoint's failure limit.
 *
 * Mix-up. The redirect carries `iss` (RFC 9207: the tenant's issuer under `/tenants/{id}`,
 * see ../oauth/oidc.ts issuerOf) and the app's `state`.
 *
 * The code the app receives is the login code itself, bound to the app's client,
 * redirect URI, PKCE challenge and scope, so the token endpoint redeems it as any login code.
 *
 * Single sign-on (sso.ts). A right code opens a page session for the account, which is
 * created there and then if the tenant's sign-up policy allows (the address is proven; the
 * token endpoint would create it anyway), so a later authorization in this browser passes
 * straight through.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuthorizationRequest, LoginCode, OAuthClient, User } from '../../db/database.ts'
import type { Clock } from '../../lib/clock.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import { safeEqual } from '../../lib/crypto.ts'
import { signupLocale } from '../../lib/locale.ts'
import { AppError, appErrors, OAUTH_CODE, type OAuthErrorCode, rateLimited } from '../../lib/errors.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import type { ClientsService } from '../oauth/index.ts'
import { hashLoginCode, MAX_CODE_ATTEMPTS, normalizeLoginCode } from '../oauth/index.ts'
import { issuerOf } from '../oauth/index.ts'
import type { CodeTarget, PasswordlessService } from '../oauth/index.ts'
import { checkAuthorization, pageError, type AuthorizeQuery, type PageError } from './authorize-params.ts'
import { completeAuthorization, countWrongCode, insertAuthorization, loadAuthorization, setAuthorizationEmail } from './authorization-requests.repository.ts'
import { PAGES_CLIENT, type PageSessions } from './page-sessions.ts'
import { passesThrough, passThrough, type SsoDeps } from './sso.ts'
import type { PageStores } from './stores.ts'

export { AUTHORIZATION_TTL_SECONDS } from './authorization-requests.repository.ts'

export type BeginResult =
  | PageError
  | { kind: 'redirect'; url: string }
  | { kind: 'ready'; request: AuthorizationRequest; client: OAuthClient; loginHint: string | null }

export interface Finished {
  redirect: string
  /** A new hosted-page sign-in (cookie value), when the address has an account. */
  sessionCookie: string | null
  /** The account signed in, and the tenant it is of (null: none, or the platform's). */
  userId: number | null
  tenantId: number | null
}

/** An authorization as the endpoint receives it: the query, the tenant it is under, the browser and its session cookie. */
export interface BeginInput {
  query: AuthorizeQuery
  tenantId: number | null
  browser: string
  sessionCookie: string | undefined
  ip: string
  /** The request's Accept-Language value; `ui_locales` in the query wins over it. */
  acceptLanguage?: string | null
}

export type LinkResult = { kind: 'finished'; finished: Finished } | { kind: 'show-code'; code: string }

const expired = () =>
  appErrors.authorization_expired()
const wrongCode = () => appErrors.wrong_code()

export function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri)
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value)
  return url.toString()
}

function displayCode(normalized: string): string {
  return `${normalized.slice(0, 5)}-${normalized.slice(5)}`
}

export class AuthorizeService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly clients: ClientsService,
    private readonly passwordless: PasswordlessService,
    limits: Limits,
    private readonly codeKey: Buffer,
    private readonly sessions: PageSessions,
    private readonly clock: Clock,
    private readonly stores: PageStores,
    private readonly events: EventSink = NO_EVENTS,
    /** After an emailed code signed an account in to a request: links an upstream identity that waited for that proof (modules/connections). */
    private readonly afterCode?: (requestId: string, user: User, ip: string) => Promise<unknown>,
  ) {
    const mail = config.rateLimits.mailPerIp
    // every started sign-in is a row: ten times the address's mail budget (a person reloads, an app retries)
    this.starts = limits.bucket('authorize-start', { burst: mail.burst * 10, periodSeconds: mail.periodSeconds })
    this.typedCodes = limits.bucket('page-code-ip', config.rateLimits.failedTokenPerIp)
  }

  private readonly starts: Bucket
  private readonly typedCodes: Bucket
  private get ssoDeps(): SsoDeps {
    return { db: this.db, config: this.config, codeKey: this.codeKey, clock: this.clock, codes: this.stores.codes }
  }

  private prefix(tenantId: number | null): string {
    return tenantId ? `/tenants/${tenantId}` : ''
  }

  /**
   * Every started sign-in is a row, so starts are limited per IP (ten times the code
   * request limit: a person reloads, an app retries) to keep a flood from filling the table.
   */
  private async limitStarts(ip: string): Promise<void> {
    const taken = await this.starts.take(ip)
    if (!taken.ok) throw rateLimited(taken.retryAfter)
  }

  /**
   * Checks an authorization request; passes it straight through when this browser's session
   * may (sso.ts), else remembers it for this browser to sign in (`prompt=none`: login_required).
   */
  async begin(input: BeginInput): Promise<BeginResult> {
    const { tenantId, ip } = input
    if (tenantId && !(await this.stores.tenants.findTenant(this.db, tenantId))) {
      return pageError('authorize.unknownTenant', 404)
    }
    const checked = await checkAuthorization(input.query, (id) => this.clients.find(id))
    if (checked.kind === 'page-error') return checked
    const iss = issuerOf(this.config.publicUrl, tenantId)
    const back = (r: { redirectUri: string; state: string | null }, error: OAuthErrorCode, description: string): BeginResult => ({
      kind: 'redirect',
      url: withParams(r.redirectUri, { error, error_description: description, state: r.state, iss }),
    })
    if (checked.kind === 'redirect-error') return back(checked, checked.error, checked.description)
    const { client, params } = checked
    const sso = { tenantId, client, params }
    const session = params.prompt === 'login' ? null : await this.sessions.find(input.sessionCookie)
    const signedIn = passesThrough(session, sso, this.clock.now())
    // prompt=none never shows a page: a code, or login_required, or a busy signal
    if (!signedIn && params.prompt === 'none') return back(params, OAUTH_CODE.login_required, 'The person is not signed in here; send them to sign in without prompt=none.')
    try {
      await this.limitStarts(ip)
    } catch (error) {
      if (params.prompt === 'none' && error instanceof AppError) return back(params, OAUTH_CODE.temporarily_unavailable, error.message)
      throw error
    }
    if (signedIn) return { kind: 'redirect', url: await passThrough(this.ssoDeps, session, sso, ip) }
    const { redirectUri, state, scope, nonce, codeChallenge } = params
    const uiLocales = typeof input.query.ui_locales === 'string' ? input.query.ui_locales : null
    const locale = signupLocale({ explicit: uiLocales, acceptLanguage: input.acceptLanguage })
    const fields = { browser: input.browser, clientId: client.client_id, tenantId, redirectUri, state, scope, nonce, codeChallenge, locale }
    const request = await insertAuthorization(this.db, fields, this.clock.now())
    return { kind: 'ready', request, client, loginHint: params.loginHint }
  }

  /** A sign-in to Trellis's own pages (the account page, the console, the device page: `page`), no app involved. */
  async beginAccount(tenantId: number | null, browser: string, ip: string, page: '/account' | '/console' | '/device' = '/account'): Promise<AuthorizationRequest> {
    await this.limitStarts(ip)
    const redirectUri = `${this.config.publicUrl}${this.prefix(tenantId)}${page}`
    return insertAuthorization(this.db, { browser, clientId: null, redirectUri, tenantId }, this.clock.now())
  }

  /** The pending request, if it is this browser's and still open. */
  load(id: string, browser: string | undefined): Promise<AuthorizationRequest | null> {
    return loadAuthorization(this.db, id, browser, this.clock.now())
  }

  async clientName(request: AuthorizationRequest): Promise<string | null> {
    return request.client_id ? ((await this.clients.find(request.client_id))?.name ?? null) : null
  }

  /**
   * Emails a login code for the request; the answer is the same for every address. The
   * email's link carries the sign-in's `ui_locales`, so a code shown from it keeps the language.
   */
  async requestCode(id: string, browser: string | undefined, email: string, ip: string, uiLocales: string | null = null): Promise<AuthorizationRequest> {
    const request = await this.load(id, browser)
    if (!request) throw expired()
    const address = email.trim()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 320) {
      throw appErrors.invalid_email()
    }
    const pageLink = withParams(`${this.config.publicUrl}${this.prefix(request.tenant_id)}/auth/oauth2/authorize/link`, { request: request.id, ui_locales: uiLocales })
    const target: CodeTarget = request.client_id
      ? {
          clientId: request.client_id,
          redirectUri: request.redirect_uri,
          codeChallenge: request.code_challenge,
          codeChallengeMethod: request.code_challenge_method,
          scope: request.scope,
          nonce: request.nonce,
          pageLink,
          authorizationRequestId: request.id,
          locale: request.locale,
        }
      : // the account page and the console sign in an account that exists, and create none (finish);
        // the device page signs up by the brand's policy, as an app's sign-in does (signsUp);
        // the person at them is told when the address's mail is spent, not left waiting for an email
        { clientId: PAGES_CLIENT, redirectUri: request.redirect_uri, codeChallenge: null, codeChallengeMethod: null, pageLink, authorizationRequestId: request.id, locale: request.locale, ...(this.signsUp(request) ? {} : { signUp: false }), tellSpent: true }
    await this.passwordless.sendCode(target, address, request.tenant_id, ip)
    return setAuthorizationEmail(this.db, request.id, address.toLowerCase())
  }

  /** Checks a typed code against the one mailed for this request, counting wrong tries. */
  async enterCode(id: string, browser: string | undefined, typed: string, ip: string): Promise<Finished> {
    const request = await this.load(id, browser)
    if (!request?.email) throw expired()
    return this.verifyAndFinish(request, typed, ip)
  }

  /** The email's link: finishes in the browser that started, elsewhere shows the code. */
  async followLink(id: string, browser: string | undefined, code: string, ip: string): Promise<LinkResult> {
    const normalized = normalizeLoginCode(code)
    if (!normalized) throw appErrors.invalid_link()
    const request = await this.load(id, browser)
    if (!request?.email) return { kind: 'show-code', code: displayCode(normalized) }
    return { kind: 'finished', finished: await this.verifyAndFinish(request, normalized, ip) }
  }

  private async verifyAndFinish(request: AuthorizationRequest, typed: string, ip: string): Promise<Finished> {
    // a typed code costs a token of the address's budget, given back when the code is right
    const taken = await this.typedCodes.take(ip)
    if (!taken.ok) throw rateLimited(taken.retryAfter)
    if (request.failed_attempts >= MAX_CODE_ATTEMPTS) {
      throw appErrors.too_many_attempts()
    }
    // the code mailed for this request (the newest, if the address was given twice), to the address it shows
    const normalized = normalizeLoginCode(typed)
    const presented = hashLoginCode(this.codeKey, normalized ?? 'x')
    const code = await this.stores.codes.pendingCodeOfRequest(this.db, { id: request.id, email: request.email ?? '', now: this.clock.now() })
    if (!code || !normalized || !safeEqual(presented, code.code_hash)) {
      await countWrongCode(this.db, request.id)
      throw wrongCode()
    }
    await taken.refund()
    return this.finish(request, code, normalized, ip)
  }

  /**
   * The account the code was mailed for: the address's in the tenant the code was minted for
   * (the tenant the sign-in was asked under, or the platform by the prefix rule,
   * users/identity.repository.ts), as the exchange signs in. For an app's sign-in (and the device page's) it is created now when
   * the tenant's policy allows, so the browser session can begin with it (the token endpoint
   * finds it, as if it had made it).
   */
  /**
   * Whether this sign-in may make an account (by the tenant's sign-up policy): an app's, and the
   * device page's (the device authorization grant), whose person is there to sign in to an app
   * on a screen; the account page and the console only sign in an account that exists.
   */
  signsUp(request: AuthorizationRequest): boolean {
    return request.client_id !== null || request.redirect_uri === `${this.config.publicUrl}${this.prefix(request.tenant_id)}/device`
  }

  private async account(request: AuthorizationRequest, tenantId: number | null): Promise<User | undefined> {
    if (!request.email) return undefined
    const input = { email: request.email, tenantId, emailConfirmedAt: this.clock.now(), locale: request.locale }
    if (!this.signsUp(request)) return this.stores.accounts.findUserByEmail(this.db, input.email, input.tenantId)
    return this.db.transaction().execute(async (trx) => {
      const found = await this.stores.accounts.findOrSignUp(trx, input)
      if (found?.created) await this.events.record(trx, { type: 'user.created', tenantId: found.user.tenant_id, data: { userId: found.user.id, email: found.user.email } })
      return found?.user
    })
  }

  private async finish(request: AuthorizationRequest, code: Pick<LoginCode, 'id' | 'tenant_id'>, normalized: string, ip: string): Promise<Finished> {
    const now = this.clock.now()
    if (!(await completeAuthorization(this.db, request.id, now))) throw expired()
    const user = await this.account(request, code.tenant_id)
    // a blocked person (users' people.service.ts) begins no browser session and gets no code for an app
    if (user?.blocked_at) throw appErrors.account_blocked()
    // the address is proved now (a password set before this first proof is discarded); an account-page sign-in's code is used up here
    if (user) await this.stores.accounts.proveAddress(this.db, user, now)
    if (user && this.afterCode) await this.afterCode(request.id, user, ip)
    await this.stores.codes.markCodeSignedIn(this.db, code.id, { now, consume: !request.client_id })
    if (!request.client_id && !user) {
      throw appErrors.no_account()
    }
    // the browser session (single sign-on) begins at the same instant as the code's auth_time,
    // bound to the tenant of the account it signs in
    const session = user ? await this.sessions.create(user.id, code.tenant_id, now) : null
    const iss = issuerOf(this.config.publicUrl, request.tenant_id)
    const redirect = request.client_id ? withParams(request.redirect_uri, { code: displayCode(normalized), state: request.state, iss }) : request.redirect_uri
    return { redirect, sessionCookie: session?.cookie ?? null, userId: user?.id ?? null, tenantId: code.tenant_id }
  }
}
