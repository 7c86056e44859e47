/**
 * What a token may do: the scopes a request asks for, within what its client may have.
 *
 * A person's token carries the scopes the app asked for, not all of its client's. The
 * `scope` parameter is read at the authorization endpoint, in the login code request and at
 * the token endpoint, each narrowing the one before:
 * - absent (or naming nothing this service knows): the client's registered scopes, its
 *   defaults, as before scopes were honoured;
 * - a scope the platform or the client defines but the client may not have: `invalid_scope`;
 * - a scope nobody here defines (`my_scope`, sent by an existing app) is ignored, as RFC 6749
 *   3.3 allows: asking for it can never get more than asking for nothing;
 * - the OpenID Connect scopes (`openid`, `email`, `profile`) are every client's to ask for
 *   with a person's sign-in; they are never among the defaults, so an ID token comes only
 *   when the app asks for `openid`.
 * A refresh keeps the scopes granted, or narrows them for that one access token (RFC 6749 6).
 */
import type { OAuthClient } from '../../db/database.ts'
import { SCOPES } from '../tenancy/index.ts'

export const OIDC_SCOPES = ['openid', 'email', 'profile'] as const

/** The distinct scopes a `scope` parameter names; none when it is absent or blank. */
export function requestedScopes(requested: string | null | undefined): string[] {
  return [...new Set((requested ?? '').split(' ').filter(Boolean))]
}

export function wantsOpenId(scope: string | null | undefined): boolean {
  return requestedScopes(scope).includes('openid')
}

/** The scopes a request asks for, checked against a set it must stay within (null: not within). */
export function grantedScope(requested: string | undefined, allowed: readonly string[]): string | null {
  const wanted = requestedScopes(requested)
  if (wanted.length === 0) return allowed.join(' ')
  return wanted.every((s) => allowed.includes(s)) ? wanted.join(' ') : null
}

/** A client's defaults: what its token carries when the app asks for nothing in particular. */
export function defaultScope(client: Pick<OAuthClient, 'scopes'>): string {
  return client.scopes.join(' ')
}

export type ScopeRequest =
  /** `scope` is the narrowed request, or null: nothing asked, the client's defaults apply. */
  | { ok: true; scope: string | null }
  | { ok: false; refused: string[] }

/** A person's sign-in asking for `requested`, by a client (see the top for the rules). */
export function requestScope(requested: string | null | undefined, client: Pick<OAuthClient, 'scopes'>): ScopeRequest {
  const allowed = new Set<string>([...client.scopes, ...OIDC_SCOPES])
  const known = new Set<string>([...allowed, ...SCOPES])
  const asked = requestedScopes(requested).filter((s) => known.has(s))
  const refused = asked.filter((s) => !allowed.has(s))
  if (refused.length) return { ok: false, refused }
  return { ok: true, scope: asked.length ? asked.join(' ') : null }
}

export function refusedScopeMessage(refused: readonly string[], client: Pick<OAuthClient, 'scopes'>): string {
  const may = [...client.scopes, ...OIDC_SCOPES].join(' ')
  return `This client may not have ${refused.join(' ')}; it may ask for: ${may}.`
}
