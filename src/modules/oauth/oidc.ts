/**
 * OpenID Connect on top of the login codes: an ID token when the authorization asked for
 * the `openid` scope, the userinfo claims, and the discovery document. ID tokens are
 * signed with the same ES256 keys as access tokens but typed `JWT`, so one can never be
 * presented as the other (access tokens are verified as `at+jwt`).
 */
import type { User } from '../../db/database.ts'
import type { TokenIssuer } from './tokens.ts'

export function wantsOpenId(scope: string | null | undefined): boolean {
  return (scope ?? '').split(' ').includes('openid')
}

/**
 * The scopes the authorization endpoint records. Only the OpenID Connect ones mean
 * anything there (what the access token may do is the client's registered scopes);
 * anything else, such as `my_scope` sent by an existing app, is ignored.
 */
export const OIDC_SCOPES = ['openid', 'email', 'profile'] as const

export function recordedScope(requested: string | undefined): string | null {
  const kept = [...new Set((requested ?? '').split(' ').filter((s) => (OIDC_SCOPES as readonly string[]).includes(s)))]
  return kept.length ? kept.join(' ') : null
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

export async function signIdToken(
  issuer: TokenIssuer,
  input: { user: User; clientId: string; nonce: string | null; authTime: Date; sessionId: string },
): Promise<string> {
  const { sub, email, email_verified } = userClaims(input.user)
  return issuer.keys.sign(
    {
      sub,
      aud: input.clientId,
      auth_time: Math.floor(input.authTime.getTime() / 1000),
      email,
      email_verified,
      sid: input.sessionId,
      ...(input.nonce ? { nonce: input.nonce } : {}),
    },
    { issuer: issuer.config.publicUrl, expiresInSeconds: issuer.config.accessTokenTtlSeconds, typ: 'JWT' },
  )
}
