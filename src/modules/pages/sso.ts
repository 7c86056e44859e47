/**
 * Single sign-on at the hosted pages. A browser that signed in on the hosted pages keeps a
 * page session (page-sessions.ts); a later authorization in that browser, by the same app
 * or another, passes straight through to the app with a fresh code, without asking for the
 * address or mailing a code. `prompt=login` (or `select_account`) asks again anyway;
 * `prompt=none` never shows a page: a code when the session passes, else `login_required`
 * (OpenID Connect Core 3.1.2.6). Threats and how they are met:
 *
 * One brand's session signing a person in at another. The session is bound to the tenant it
 * was signed in under and to that tenant's account of the address; it passes through only an
 * authorization under the same tenant (without a prefix: the platform), for that account, by
 * an app of that tenant or of the platform. Anywhere else the person signs in as if there
 * were no session (`prompt=none`: `login_required`); signing in there replaces the cookie.
 *
 * A stale or ended session. Only a live row counts: not revoked (signing out, signing out
 * everywhere, a password reset, the end-session endpoint, a revoked session) and before its
 * absolute expiry, both read on the injected clock. `max_age` compares that clock with the
 * session's auth_time: signed in more than max_age seconds ago, the person signs in again.
 *
 * Probing accounts with prompt=none. The answer depends only on this browser's session: a
 * code for its own account, or `login_required`. A `login_hint` naming another address
 * answers `login_required` too, without looking that address up.
 *
 * Forged navigation. A pass-through sends a code only to a redirect URI registered for the
 * client, bound to the app's PKCE challenge, with the app's state: a site that sends someone's
 * browser here gets nothing it can redeem unless it is the app. The cookie is HttpOnly and
 * SameSite=Lax: a top-level navigation carries it (the redirect flow, prompt=none included),
 * a cross-site frame, fetch or POST does not.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { OAuthClient } from '../../db/database.ts'
import type { Clock } from '../../lib/clock.ts'
import { originOf } from '../../lib/network.ts'
import { loginCodeExpiresAt, type LoginCodeStore } from '../oauth/index.ts'
import { issuerOf } from '../oauth/index.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import type { AuthorizeParams } from './authorize-params.ts'
import type { PageSession } from './page-sessions.ts'

export interface SsoDeps {
  db: DB
  config: Readonly<Config>
  codeKey: Buffer
  clock: Clock
  codes: LoginCodeStore
}

/** The authorization a browser session is asked to pass through. */
export interface SsoRequest {
  tenantId: number | null
  client: OAuthClient
  params: AuthorizeParams
}

/** Whether this browser's session signs the person in to this authorization without a new code. */
export function passesThrough(session: PageSession | null, request: SsoRequest, now: Date): session is PageSession {
  if (!session || request.params.prompt === 'login') return false
  const { tenantId, client, params } = request
  // bound to the tenant and to the tenant's account: one brand's session never signs in at another
  if (session.tenantId !== tenantId || session.user.tenant_id !== tenantId) return false
  if (client.tenant_id !== null && client.tenant_id !== tenantId) return false
  if (params.loginHint !== null && normalizeEmail(params.loginHint) !== normalizeEmail(session.user.email)) return false
  return params.maxAge === null || now.getTime() - session.authTime.getTime() <= params.maxAge * 1000
}

/**
 * A fresh code for the session's account, as if it had been mailed and typed: bound to the
 * app's client, redirect URI, PKCE challenge and scope, carrying the session's auth_time,
 * redeemed by the token endpoint like any login code. Returns where to send the browser.
 */
export async function passThrough(deps: SsoDeps, session: PageSession, request: SsoRequest, ip: string): Promise<string> {
  const { client, params, tenantId } = request
  const origin = originOf(ip)
  const expiresAt = loginCodeExpiresAt(deps.clock.now(), deps.config)
  const code = await deps.codes.insertUniqueCode(deps.db, deps.codeKey, expiresAt, {
    client_id: client.client_id,
    redirect_uri: params.redirectUri,
    code_challenge: params.codeChallenge,
    code_challenge_method: params.codeChallenge ? 'S256' : null,
    scope: params.scope,
    nonce: params.nonce,
    email: normalizeEmail(session.user.email),
    tenant_id: tenantId,
    auth_time: session.authTime,
    requested_address: origin.address,
    requested_network: origin.network,
  })
  const url = new URL(params.redirectUri)
  url.searchParams.set('code', code)
  if (params.state) url.searchParams.set('state', params.state)
  url.searchParams.set('iss', issuerOf(deps.config.publicUrl, tenantId))
  return url.toString()
}
