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
 * Mix-up. The redirect carries `iss` (RFC 9207) and the app's `state`.
 *
 * The code the app receives is the login code itself, bound to the app's client,
 * redirect URI and PKCE challenge, so the token endpoint redeems it as any login code.
 */
import { proveAddress } from '../users/identity.ts'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuthorizationRequest, LoginCode, OAuthClient } from '../../db/database.ts'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { AppError, rateLimited } from '../../lib/errors.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import type { ClientsService } from '../oauth/clients.service.ts'
import { hashLoginCode, MAX_CODE_ATTEMPTS, normalizeLoginCode } from '../oauth/login-codes.ts'
import { recordedScope } from '../oauth/oidc.ts'
import type { CodeTarget, PasswordlessService } from '../oauth/passwordless.service.ts'
import { findUserByEmail } from '../users/users.repository.ts'
import { checkAuthorization, type AuthorizeQuery } from './authorize-params.ts'
import { PAGES_CLIENT, type PageSessions } from './page-sessions.ts'

/** How long a started sign-in may take, end to end. */
export const AUTHORIZATION_TTL_SECONDS = 30 * 60

export type BeginResult =
  | { kind: 'page-error'; status: number; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'ready'; request: AuthorizationRequest; client: OAuthClient; loginHint: string | null }

export interface Finished {
  redirect: string
  /** A new hosted-page sign-in (cookie value), when the address has an account. */
  sessionCookie: string | null
}

export type LinkResult = { kind: 'finished'; finished: Finished } | { kind: 'show-code'; code: string }

const expired = () =>
  new AppError(400, 'authorization_expired', 'This sign-in has expired or was started in another browser. Go back to the app and start again.')
const wrongCode = () => new AppError(400, 'wrong_code', 'That code is not right. Check the email and try again.')

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
  ) {
    const mail = config.rateLimits.mailPerIp
    // every started sign-in is a row: ten times the address's mail budget (a person reloads, an app retries)
    this.starts = limits.bucket('authorize-start', { burst: mail.burst * 10, periodSeconds: mail.periodSeconds })
    this.typedCodes = limits.bucket('page-code-ip', config.rateLimits.failedTokenPerIp)
  }

  private readonly starts: Bucket
  private readonly typedCodes: Bucket

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

  /** Checks an authorization request and, when it is sound, remembers it for this browser. */
  async begin(query: AuthorizeQuery, tenantId: number | null, browser: string, ip: string): Promise<BeginResult> {
    if (tenantId && !(await this.db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst())) {
      return { kind: 'page-error', status: 404, message: 'This sign-in page does not exist. Check the address, or go back to the app.' }
    }
    const checked = await checkAuthorization(query, (id) => this.clients.find(id))
    if (checked.kind !== 'ok') {
      if (checked.kind === 'page-error') return checked
      const { redirectUri, error, description, state } = checked
      return { kind: 'redirect', url: withParams(redirectUri, { error, error_description: description, state, iss: this.config.publicUrl }) }
    }
    const { client, params } = checked
    await this.limitStarts(ip)
    const request = await this.db
      .insertInto('authorization_requests')
      .values({
        id: randomToken(16),
        browser_hash: hashSecret(browser),
        client_id: client.client_id,
        redirect_uri: params.redirectUri,
        state: params.state,
        scope: recordedScope(params.scope),
        nonce: params.nonce,
        code_challenge: params.codeChallenge,
        code_challenge_method: params.codeChallenge ? 'S256' : null,
        tenant_id: tenantId,
        expires_at: new Date(Date.now() + AUTHORIZATION_TTL_SECONDS * 1000),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { kind: 'ready', request, client, loginHint: params.loginHint }
  }

  /** A sign-in to the hosted account page itself (no app involved). */
  async beginAccount(tenantId: number | null, browser: string, ip: string): Promise<AuthorizationRequest> {
    await this.limitStarts(ip)
    return this.db
      .insertInto('authorization_requests')
      .values({
        id: randomToken(16),
        browser_hash: hashSecret(browser),
        client_id: null,
        redirect_uri: `${this.config.publicUrl}${this.prefix(tenantId)}/account`,
        tenant_id: tenantId,
        expires_at: new Date(Date.now() + AUTHORIZATION_TTL_SECONDS * 1000),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /** The pending request, if it is this browser's and still open. */
  async load(id: string, browser: string | undefined): Promise<AuthorizationRequest | null> {
    if (!browser || id.length > 64) return null
    const row = await this.db.selectFrom('authorization_requests').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || row.completed_at || row.expires_at.getTime() <= Date.now()) return null
    return safeEqual(row.browser_hash, hashSecret(browser)) ? row : null
  }

  async clientName(request: AuthorizationRequest): Promise<string | null> {
    return request.client_id ? ((await this.clients.find(request.client_id))?.name ?? null) : null
  }

  /** Emails a login code for the request; the answer is the same for every address. */
  async requestCode(id: string, browser: string | undefined, email: string, ip: string): Promise<AuthorizationRequest> {
    const request = await this.load(id, browser)
    if (!request) throw expired()
    const address = email.trim()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 320) {
      throw new AppError(400, 'invalid_email', 'Enter an email address like name@example.com.')
    }
    const pageLink = withParams(`${this.config.publicUrl}${this.prefix(request.tenant_id)}/auth/oauth2/authorize/link`, { request: request.id })
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
        }
      : { clientId: PAGES_CLIENT, redirectUri: request.redirect_uri, codeChallenge: null, codeChallengeMethod: null, pageLink, authorizationRequestId: request.id }
    await this.passwordless.sendCode(target, address, request.tenant_id, ip)
    return this.db
      .updateTable('authorization_requests')
      .set({ email: address.toLowerCase(), failed_attempts: 0 })
      .where('id', '=', request.id)
      .returningAll()
      .executeTakeFirstOrThrow()
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
    if (!normalized) throw new AppError(400, 'invalid_link', 'This link is damaged. Type the code from the email instead.')
    const request = await this.load(id, browser)
    if (!request?.email) return { kind: 'show-code', code: displayCode(normalized) }
    return { kind: 'finished', finished: await this.verifyAndFinish(request, normalized, ip) }
  }

  private async verifyAndFinish(request: AuthorizationRequest, typed: string, ip: string): Promise<Finished> {
    // a typed code costs a token of the address's budget, given back when the code is right
    const taken = await this.typedCodes.take(ip)
    if (!taken.ok) throw rateLimited(taken.retryAfter)
    if (request.failed_attempts >= MAX_CODE_ATTEMPTS) {
      throw new AppError(400, 'too_many_attempts', 'Too many wrong codes. Ask for a new code below.')
    }
    // the code mailed for this request (the newest, if the address was given twice), to the address it shows
    const normalized = normalizeLoginCode(typed)
    const presented = hashLoginCode(this.codeKey, normalized ?? 'x')
    const code = await this.db
      .selectFrom('login_codes')
      .selectAll()
      .where('authorization_request_id', '=', request.id)
      .where('email', '=', request.email ?? '')
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (!code || !normalized || !safeEqual(presented, code.code_hash)) {
      await this.db
        .updateTable('authorization_requests')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', request.id)
        .execute()
      throw wrongCode()
    }
    await taken.refund()
    return this.finish(request, code, normalized)
  }

  private async finish(request: AuthorizationRequest, code: Pick<LoginCode, 'id' | 'tenant_id'>, normalized: string): Promise<Finished> {
    const done = await this.db
      .updateTable('authorization_requests')
      .set({ completed_at: new Date() })
      .where('id', '=', request.id)
      .where('completed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!done) throw expired()
    // the account the code was mailed for: the address's in the tenant the sign-in was asked
    // under, or its platform account (the prefix rule, users/identity.ts), as the exchange signs in
    const user = request.email ? await findUserByEmail(this.db, request.email, code.tenant_id) : undefined
    // the address is proved now (a password set before this first proof is discarded); an account-page sign-in's code is used up here
    if (user) await proveAddress(this.db, user)
    await this.db
      .updateTable('login_codes')
      .set(request.client_id ? { auth_time: new Date() } : { auth_time: new Date(), consumed_at: new Date() })
      .where('id', '=', code.id)
      .execute()
    if (!request.client_id && !user) {
      throw new AppError(400, 'no_account', 'There is no account for this address yet. Sign in to an app first to create one.')
    }
    const session = user ? await this.sessions.create(user.id, code.tenant_id) : null
    const redirect = request.client_id
      ? withParams(request.redirect_uri, { code: displayCode(normalized), state: request.state, iss: this.config.publicUrl })
      : request.redirect_uri
    return { redirect, sessionCookie: session?.cookie ?? null }
  }
}
