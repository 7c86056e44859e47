/**
 * Checking the parameters of `GET /auth/oauth2/authorize` (RFC 6749 4.1.1, RFC 7636, OpenID
 * Connect Core 3.1.2.1). The order matters: client_id and redirect_uri first, and any fault
 * before both are known good is shown on the page, never sent to an unverified address.
 *
 * Accepted and ignored: `loginRedirectType=passwordless` (the only login this page offers,
 * sent by an existing app), `response_mode=query` (the only mode), scopes nobody here
 * defines, such as `my_scope` (../oauth/scopes.ts), `prompt=consent` (a client is
 * registered by the platform, so there is nothing more to agree to) and other prompt values. A scope the client may
 * not have goes back as `invalid_scope`.
 *
 * Single sign-on (sso.ts): `prompt=none` (answer without showing a page), `prompt=login` and
 * `prompt=select_account` (always ask for the address again), `max_age` (seconds).
 */
import type { OAuthClient } from '../../db/database.ts'
import { OAUTH_CODE, type OAuthErrorCode } from '../../lib/errors.ts'
import { normalizeMethod } from '../oauth/index.ts'
import { refusedScopeMessage, requestScope } from '../oauth/index.ts'
import { en, type PageMessageKey } from './locales/en.ts'

export type AuthorizeQuery = Record<string, unknown>

/** What the app asked of a browser session: answer silently (`none`), sign in again (`login`), or either. */
export type Prompt = 'none' | 'login' | null

export interface AuthorizeParams {
  redirectUri: string
  state: string | null
  /** The scope asked for, within the client's (null: its defaults). */
  scope: string | null
  nonce: string | null
  codeChallenge: string | null
  loginHint: string | null
  prompt: Prompt
  /** How long ago, at most, the person may have signed in (OpenID Connect max_age), in seconds. */
  maxAge: number | null
}

/** A fault shown on the page (never sent to an unverified address): its text's key in the pages' catalogs, and the English text. */
export interface PageError {
  kind: 'page-error'
  status: number
  key: PageMessageKey
  message: string
}

export type Checked =
  | PageError
  | { kind: 'redirect-error'; redirectUri: string; error: OAuthErrorCode; description: string; state: string | null }
  | { kind: 'ok'; client: OAuthClient; params: AuthorizeParams }

const LIMITS: Record<string, number> = { state: 2000, nonce: 500, login_hint: 320, scope: 2000, code_challenge: 256 }
const PROMPTS = ['none', 'login', 'select_account', 'consent']

export function pageError(key: PageMessageKey, status = 400): PageError {
  return { kind: 'page-error', status, key, message: en[key] }
}

/** A single string parameter; `null` when repeated (a request must not repeat one). */
function one(query: AuthorizeQuery, key: string): string | undefined | null {
  const value = query[key]
  if (value === undefined || value === '') return undefined
  return typeof value === 'string' ? value : null
}

function checkClient(query: AuthorizeQuery, client: OAuthClient | undefined): Checked | { redirectUri: string } {
  const clientId = one(query, 'client_id')
  if (clientId === undefined) return pageError('authorize.noClientId')
  if (clientId === null || !client) return pageError('authorize.unknownClient')
  const asked = one(query, 'redirect_uri')
  if (asked === null) return pageError('authorize.redirectTwice')
  if (asked === undefined) {
    // RFC 6749 3.1.2.3: it may be left out when exactly one is registered
    if (client.redirect_uris.length === 1 && client.redirect_uris[0]) return { redirectUri: client.redirect_uris[0] }
    return pageError('authorize.noRedirect')
  }
  if (!client.redirect_uris.includes(asked)) {
    return pageError('authorize.wrongRedirect')
  }
  return { redirectUri: asked }
}

/**
 * `prompt` (a space-separated list, OpenID Connect Core 3.1.2.1); a string is a fault to
 * report. Values this page does not know are ignored, as unknown parameters are.
 */
function readPrompt(value: string | undefined): Prompt | string {
  const values = new Set((value ?? '').split(' ').filter((v) => PROMPTS.includes(v)))
  if (values.has('none')) return values.size === 1 ? 'none' : 'prompt=none cannot be combined with other values.'
  return values.has('login') || values.has('select_account') ? 'login' : null
}

function readMaxAge(value: string | undefined): number | null | string {
  if (value === undefined) return null
  return /^[0-9]{1,9}$/.test(value) ? Number(value) : 'max_age must be a whole number of seconds.'
}

/** The parameters after client, redirect URI, response type and PKCE are known good. */
function readRest(query: AuthorizeQuery, client: OAuthClient, fail: (error: OAuthErrorCode, description: string) => Checked): Checked | Omit<AuthorizeParams, 'redirectUri' | 'state' | 'codeChallenge'> {
  const responseMode = one(query, 'response_mode')
  if (responseMode && responseMode !== 'query') return fail(OAUTH_CODE.invalid_request, 'Only response_mode=query is supported.')
  const prompt = readPrompt(one(query, 'prompt') ?? undefined)
  if (prompt !== null && prompt !== 'none' && prompt !== 'login') return fail(OAUTH_CODE.invalid_request, prompt)
  const maxAge = readMaxAge(one(query, 'max_age') ?? undefined)
  if (typeof maxAge === 'string') return fail(OAUTH_CODE.invalid_request, maxAge)
  const scope = requestScope(one(query, 'scope'), client)
  if (!scope.ok) return fail(OAUTH_CODE.invalid_scope, refusedScopeMessage(scope.refused, client))
  return { scope: scope.scope, nonce: one(query, 'nonce') ?? null, loginHint: one(query, 'login_hint') ?? null, prompt, maxAge }
}

export async function checkAuthorization(
  query: AuthorizeQuery,
  findClient: (id: string) => Promise<OAuthClient | undefined>,
): Promise<Checked> {
  const clientId = one(query, 'client_id')
  const client = typeof clientId === 'string' ? await findClient(clientId) : undefined
  const checkedClient = checkClient(query, client)
  if ('kind' in checkedClient) return checkedClient
  const { redirectUri } = checkedClient
  const stateRaw = one(query, 'state')
  const state = typeof stateRaw === 'string' ? stateRaw : null
  const fail = (error: OAuthErrorCode, description: string): Checked => ({ kind: 'redirect-error', redirectUri, error, description, state })
  if (!client) return pageError('authorize.unknownClient')

  for (const key of ['response_type', 'state', 'scope', 'nonce', 'code_challenge', 'code_challenge_method', 'login_hint', 'prompt', 'max_age']) {
    if (one(query, key) === null) return fail(OAUTH_CODE.invalid_request, `${key} must appear once.`)
    const value = one(query, key)
    if (value && value.length > (LIMITS[key] ?? 100)) return fail(OAUTH_CODE.invalid_request, `${key} is too long.`)
  }
  const responseType = one(query, 'response_type')
  if (!responseType) return fail(OAUTH_CODE.invalid_request, 'response_type is required.')
  if (responseType !== 'code') return fail(OAUTH_CODE.unsupported_response_type, 'Only response_type=code is supported.')
  if (!client.grant_types.includes('authorization_code')) return fail(OAUTH_CODE.unauthorized_client, 'This client may not use the authorization code flow.')
  const challenge = one(query, 'code_challenge') ?? null
  if (challenge) {
    if (normalizeMethod(one(query, 'code_challenge_method')) !== 'S256') {
      return fail(OAUTH_CODE.invalid_request, 'code_challenge_method must be S256.')
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return fail(OAUTH_CODE.invalid_request, 'code_challenge must be a base64url SHA-256 (43 characters).')
  } else if (client.is_public) {
    return fail(OAUTH_CODE.invalid_request, 'Public clients must use PKCE (code_challenge with S256).')
  }
  const rest = readRest(query, client, fail)
  if ('kind' in rest) return rest
  return { kind: 'ok', client, params: { redirectUri, state, codeChallenge: challenge, ...rest } }
}
