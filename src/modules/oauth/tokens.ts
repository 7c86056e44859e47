/**
 * Issuing tokens. A user login opens a session (the refresh token family); every access
 * token carries its id as `sid`, so revoking the session ends them all. Refresh tokens are
 * 256-bit random strings stored as SHA-256 hashes and rotated on every use.
 */
import { randomUUID } from 'node:crypto'
import type { Config } from '../../config.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import type { Executor } from '../users/users.repository.ts'
import type { KeyStore } from './keys.ts'

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token?: string
  scope?: string
}

export interface TokenIssuer {
  config: Readonly<Config>
  keys: KeyStore
}

export async function signAccessToken(
  issuer: TokenIssuer,
  claims: { sub: string; clientId: string; scope: string; sessionId?: string; tenantId?: number | null },
): Promise<string> {
  return issuer.keys.sign(
    {
      sub: claims.sub,
      aud: issuer.config.publicUrl,
      client_id: claims.clientId,
      scope: claims.scope,
      jti: randomUUID(),
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      ...(claims.tenantId ? { tid: claims.tenantId } : {}),
    },
    { issuer: issuer.config.publicUrl, expiresInSeconds: issuer.config.accessTokenTtlSeconds },
  )
}

/** A presented refresh token with its session, looked up by hash; undefined when unknown. */
export async function findRefreshToken(db: Executor, token: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.used_at',
      'refresh_tokens.expires_at',
      'refresh_tokens.created_at',
      'sessions.id as session_id',
      'sessions.client_id',
      'sessions.user_id',
      'sessions.tenant_id',
      'sessions.scope',
      'sessions.revoked_at',
    ])
    .where('refresh_tokens.token_hash', '=', hashSecret(token))
    .executeTakeFirst()
}

export async function insertRefreshToken(trx: Executor, sessionId: string, ttlSeconds: number): Promise<string> {
  const token = randomToken(32)
  await trx
    .insertInto('refresh_tokens')
    .values({ token_hash: hashSecret(token), session_id: sessionId, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .execute()
  return token
}

/** Opens a session for a user and returns its id and first refresh token. */
export async function openSession(
  trx: Executor,
  ttlSeconds: number,
  s: { userId: number; clientId: string; tenantId: number | null; scope: string },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID()
  await trx
    .insertInto('sessions')
    .values({ id: sessionId, user_id: s.userId, client_id: s.clientId, tenant_id: s.tenantId, scope: s.scope })
    .execute()
  return { sessionId, refreshToken: await insertRefreshToken(trx, sessionId, ttlSeconds) }
}

export async function userTokenResponse(
  issuer: TokenIssuer,
  s: { userId: number; clientId: string; tenantId: number | null; scope: string; sessionId: string; refreshToken: string },
): Promise<TokenResponse> {
  const access = await signAccessToken(issuer, {
    sub: String(s.userId),
    clientId: s.clientId,
    scope: s.scope,
    sessionId: s.sessionId,
    tenantId: s.tenantId,
  })
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: issuer.config.accessTokenTtlSeconds,
    refresh_token: s.refreshToken,
    ...(s.scope ? { scope: s.scope } : {}),
  }
}
