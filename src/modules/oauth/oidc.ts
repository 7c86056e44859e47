/**
 * OpenID Connect on top of the login codes: an ID token when the authorization asked for
 * the `openid` scope, the userinfo claims, and the discovery document. ID tokens are signed
 * RS256 (or ES256, the client's `id_token_signed_response_alg`) and typed `JWT`; access
 * tokens are ES256 and typed `at+jwt`, and each is verified as its own type only, so one can
 * never be presented as the other.
 */
import type { JWTVerifyResult } from 'jose'
import type { Config } from '../../config.ts'
import type { OAuthClient, User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { lookOfId } from '../tenancy/index.ts'
import type { KeyStore } from './keys.service.ts'
import { issuerOf, tenantOfIssuer } from './issuers.ts'

/** What signs the tokens of an authorization: the configuration they name and the key store. */
export interface TokenIssuer {
  config: Readonly<Config>
  keys: KeyStore
}

export { issuerOf, tenantOfIssuer } from './issuers.ts'

/**
 * Verifies an access token of any of this service's issuers. Its `iss` must be the issuer of
 * the tenant it was issued for (`tid`), or the platform's (every token before tenant issuers
 * named it): a token issued at tenant A's issuer never passes as one of tenant B's.
 */
export async function verifyAccessToken(keys: KeyStore, publicUrl: string, token: string): Promise<JWTVerifyResult> {
  const result = await keys.verify(token, (iss) => tenantOfIssuer(publicUrl, iss) !== undefined)
  const issuedAt = tenantOfIssuer(publicUrl, result.payload.iss)
  const tid = typeof result.payload.tid === 'number' ? result.payload.tid : null
  if (issuedAt !== null && issuedAt !== tid) throw new Error('the issuer is not the tenant the token was issued for')
  return result
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

/**
 * Which tenant signed the person in: `tenant_id`, the tenant whose issuer it was, and
 * `brand_id`, the brand whose look that sign-in wore (the tenant itself when it is a brand).
 * Neither at the platform's issuer.
 */
async function tenantClaims(db: Executor, tenantId: number | null): Promise<{ tenant_id?: number; brand_id?: number }> {
  if (tenantId === null) return {}
  const brand = await lookOfId(db, tenantId)
  return { tenant_id: tenantId, ...(brand ? { brand_id: brand.id } : {}) }
}

export async function signIdToken(
  issuer: TokenIssuer & { db: Executor },
  input: {
    user: User
    client: Pick<OAuthClient, 'client_id' | 'id_token_signed_response_alg'>
    scope: string
    nonce: string | null
    authTime: Date
    sessionId: string
    tenantId: number | null
  },
): Promise<string> {
  const scopes = new Set(input.scope.split(' '))
  const { sub, email, email_verified } = claimsFor(input.user, scopes)
  return issuer.keys.sign(
    {
      sub,
      aud: input.client.client_id,
      // when the person last proved the address: a typed code, or the sign-in a browser session stands on
      auth_time: Math.floor(input.authTime.getTime() / 1000),
      ...(email !== undefined ? { email, email_verified } : {}),
      sid: input.sessionId,
      ...(input.nonce ? { nonce: input.nonce } : {}),
      ...(await tenantClaims(issuer.db, input.tenantId)),
    },
    {
      issuer: issuerOf(issuer.config.publicUrl, input.tenantId),
      expiresInSeconds: issuer.config.accessTokenTtlSeconds,
      typ: 'JWT',
      alg: input.client.id_token_signed_response_alg,
    },
  )
}
