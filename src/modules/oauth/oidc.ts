/**
 * OpenID Connect on top of the login codes: an ID token when the authorization asked for
 * the `openid` scope, the userinfo claims, and the discovery document. ID tokens are
 * signed with the same ES256 keys as access tokens but typed `JWT`, so one can never be
 * presented as the other (access tokens are verified as `at+jwt`).
 */
import type { User } from '../../db/database.ts'
import type { TokenIssuer } from './tokens.repository.ts'

/**
 * The issuer an authorization is made by. Each tenant has its own, `$PUBLIC_URL/tenants/{id}`,
 * with its own discovery document (oidc.routes.ts): an authorization under `/tenants/{id}`
 * names it in its response (`iss`, RFC 9207) and in the ID token, so an OpenID Connect
 * library pointed at a brand's issuer runs the brand's pages and accepts what comes back.
 * Without the prefix the issuer is the platform's, `$PUBLIC_URL`. Access tokens always name
 * the platform (`iss` and `aud`): the platform's resource routes are their one audience and
 * accept that one issuer, so a token verifies wherever it did before tenants had issuers.
 */
export function issuerOf(publicUrl: string, tenantId: number | null): string {
  return tenantId ? `${publicUrl}/tenants/${tenantId}` : publicUrl
}

/** The tenant an issuer names (undefined: not one of this service's issuers; null: the platform). */
export function tenantOfIssuer(publicUrl: string, issuer: unknown): number | null | undefined {
  if (issuer === publicUrl) return null
  if (typeof issuer !== 'string' || !issuer.startsWith(`${publicUrl}/tenants/`)) return undefined
  const id = issuer.slice(publicUrl.length + '/tenants/'.length)
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2147483647 ? Number(id) : undefined
}

export function userClaims(user: User) {
  return {
    sub: String(user.id),
    email: user.email,
    email_verified: user.email_confirmed_at !== null,
    name: user.display_name ?? user.username,
    preferred_username: user.username,
  }
}

export type UserClaims = Pick<ReturnType<typeof userClaims>, 'sub'> & Partial<ReturnType<typeof userClaims>>

/**
 * The claims a grant of `scopes` reveals (OpenID Connect Core 5.4): `sub` always, the address
 * with `email`, the names with `profile`. The `account` scope (the platform's own profile
 * routes) reveals all of them, as `GET /users/current` does.
 */
export function claimsFor(user: User, scopes: ReadonlySet<string> | null): UserClaims {
  const all = userClaims(user)
  if (scopes === null || scopes.has('account')) return all
  return {
    sub: all.sub,
    ...(scopes.has('email') ? { email: all.email, email_verified: all.email_verified } : {}),
    ...(scopes.has('profile') ? { name: all.name, preferred_username: all.preferred_username } : {}),
  }
}

export async function signIdToken(
  issuer: TokenIssuer,
  input: { user: User; clientId: string; scope: string; nonce: string | null; authTime: Date; sessionId: string; tenantId: number | null },
): Promise<string> {
  const scopes = new Set(input.scope.split(' '))
  const { sub, email, email_verified } = claimsFor(input.user, scopes)
  return issuer.keys.sign(
    {
      sub,
      aud: input.clientId,
      // when the person last proved the address: a typed code, or the sign-in a browser session stands on
      auth_time: Math.floor(input.authTime.getTime() / 1000),
      ...(email !== undefined ? { email, email_verified } : {}),
      sid: input.sessionId,
      ...(input.nonce ? { nonce: input.nonce } : {}),
    },
    { issuer: issuerOf(issuer.config.publicUrl, input.tenantId), expiresInSeconds: issuer.config.accessTokenTtlSeconds, typ: 'JWT' },
  )
}
