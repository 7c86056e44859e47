/**
 * Issuing tokens. A user login opens a session (the refresh token family); every access
 * token carries its id as `sid`, so revoking the session ends them all. Refresh tokens are
 * 256-bit random strings stored as SHA-256 hashes and rotated on every use.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Config } from '../../config.ts'
import type { OAuthClient } from '../../db/database.ts'
import { prepared } from '../../db/prepared.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import type { Executor } from '../../db/executor.ts'
import type { SessionStore } from '../sessions/index.ts'
import { issuerOf } from './issuers.ts'
import type { TokenIssuer } from './oidc.ts'
import { secondsAfter } from '../../lib/clock.ts'
import { liveSql, retriableSql, rotatableSql } from './refresh.rule.ts'

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token?: string
  scope?: string
  /** OpenID Connect, when the authorization asked for `openid`. */
  id_token?: string
}

/**
 * The access token lifetime for a token request. Long-lived tokens are a compatibility
 * setting for imported apps that never refresh and send `makeAccessTokenLongLasting: true`:
 * they get `long_lived_access_token_seconds` (e.g. 90 days) instead of the short default,
 * only when their client has the setting (off by default) and only when they ask.
 *
 * The trade-off: a JWT is checked by signature, so a stolen long-lived token is usable for
 * its whole lifetime unless something else stops it. Here that something is the session:
 * every user token carries `sid`, and every request checks that the session is still
 * active (plugins/auth.ts), so logging out, revoking the refresh token, a password reset
 * or deleting the client ends it at once, exactly like a short token. What is lost is the
 * self-expiry that limits an unnoticed theft to minutes; keep the setting for clients that
 * cannot refresh.
 */
export function accessTokenTtl(
  config: Readonly<Config>,
  client: Pick<OAuthClient, 'long_lived_access_token_seconds'>,
  params: Readonly<Record<string, string>>,
): number {
  const longLived = client.long_lived_access_token_seconds
  return longLived && params.makeAccessTokenLongLasting === 'true' ? longLived : config.accessTokenTtlSeconds
}

/**
 * An access token (RFC 9068). Its `iss` is the issuer the person signed in at: the tenant's
 * (`$PUBLIC_URL/tenants/{id}`) for a sign-in there, which `tid` repeats, so a resource
 * server validating against the issuer it discovered accepts it (oidc.ts issuerOf); `aud` is
 * always the platform, whose resource routes serve every issuer.
 */
export async function signAccessToken(
  issuer: TokenIssuer,
  claims: { sub: string; clientId: string; scope: string; sessionId?: string; tenantId?: number | null; ttlSeconds?: number },
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
    { issuer: issuerOf(issuer.config.publicUrl, claims.tenantId ?? null), expiresInSeconds: claims.ttlSeconds ?? issuer.config.accessTokenTtlSeconds },
  )
}

/** A presented refresh token with its session, looked up by hash (revocation, introspection); undefined when unknown. */
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

export async function insertRefreshToken(trx: Executor, sessionId: string, ttlSeconds: number, now: Date): Promise<string> {
  const token = randomToken(32)
  await trx
    .insertInto('refresh_tokens')
    .values({ token_hash: hashSecret(token), session_id: sessionId, expires_at: secondsAfter(now, ttlSeconds) })
    .execute()
  return token
}

/** A presented refresh token as the rotation read it, and whether the rotation happened. */
export interface Rotation {
  /** The presented token's row. */
  id: number
  session_id: string
  client_id: string
  user_id: number | null
  tenant_id: number | null
  scope: string
  used_at: Date | null
  expires_at: Date
  revoked_at: Date | null
  /** Why the session ended (`user_blocked`: its person was blocked), null while it stands. */
  revoked_reason: string | null
  /** The token was eligible and this statement marked it used and stored `successor`. */
  rotated: boolean
}

/**
 * A refresh in one statement, one round trip: it reads the presented token with its session,
 * and only when the token is eligible (refresh.rule.ts: the presenting client's, a user's, unused,
 * its session live, unexpired, the requested scope within the session's) marks it used and stores the
 * successor. The update matches only while `used_at is null`, so of concurrent rotations
 * exactly one writes; an ineligible token, or a loser, writes nothing. The row comes back
 * either way, so the grant can tell why nothing happened (reuse revokes the session, or a
 * retry rotates again: `rotateAgain`). The successor records its parent, which a retry needs.
 * Rotating one of several siblings (`rotateAgain` with `keep`: a concurrent refresh) retires the
 * others, so one line of the family goes on. Undefined when no token has that hash.
 */
export async function rotateRefreshToken(
  db: Executor,
  presented: { token: string; clientId: string; scopes: readonly string[]; now: Date; ttlSeconds: number; signInNetwork?: string | null },
): Promise<{ row: Rotation; successor: string } | undefined> {
  const successor = randomToken(32)
  const { now } = presented
  const result = await sql<Rotation>`${prepared('rotate_refresh_token')}
    with presented as (
      select r.id, r.parent_id, r.used_at, r.expires_at, s.id as session_id, s.client_id, s.user_id, s.tenant_id, s.scope, s.revoked_at, s.revoked_reason
      from refresh_tokens r join sessions s on s.id = r.session_id
      where r.token_hash = ${hashSecret(presented.token)}
    ), used as (
      update refresh_tokens set used_at = ${now}::timestamptz
      where used_at is null and id = (select t.id from presented t where ${rotatableSql(presented, 't')})
      returning id, session_id
    ), successor as (
      insert into refresh_tokens (token_hash, session_id, expires_at, parent_id)
      select ${hashSecret(successor)}, session_id, ${secondsAfter(now, presented.ttlSeconds)}::timestamptz, id from used
      returning id
    ), siblings as (
      update refresh_tokens set used_at = ${now}::timestamptz
      where used_at is null and parent_id = (select parent_id from presented) and exists (select 1 from used)
        and id <> (select id from presented) and session_id = (select session_id from presented)
      returning id
    ), refreshed as (
      -- the sign-in log's row (sign-ins.repository.ts), in the rotation's statement: no round trip of its own
      insert into sign_ins (at, tenant_id, user_id, email, client_id, network, outcome)
      select ${now}::timestamptz, u.tenant_id, u.id, lower(u.email), p.client_id, ${presented.signInNetwork ?? null}::text, 'refreshed'
      from presented p join users u on u.id = p.user_id where exists (select 1 from successor)
    )
    select id, session_id, client_id, user_id, tenant_id, scope, used_at, expires_at, revoked_at, revoked_reason, exists (select 1 from successor) as rotated
    from presented
  `.execute(db)
  const row = result.rows[0]
  return row && { row, successor }
}

/**
 * A retried refresh, rotated again from the token it presented (see grants/refresh-token.ts for
 * when and why). In one statement: the presented token is retriable (refresh.rule.ts: used
 * within the retry window that starts at `since`, by its session's client, the session live and
 * the scope within it), and its successor is still live (it is the immediate parent of the live
 * token). Then the successor is retired (marked used, so
 * whoever holds it and presents it later is a reuse) and a new one stored with the same parent.
 * `eligible` with nothing `rotated`: a concurrent retry retired that successor first.
 * With `keep` (a refresh concurrent with the rotation), the live successor is not retired: the
 * new one is its sibling, both live, and the first of them to be used retires the other.
 */
export async function rotateAgain(
  db: Executor,
  presented: { id: number; clientId: string; scopes: readonly string[]; since: Date | null; now: Date; ttlSeconds: number; keep?: boolean },
): Promise<{ eligible: boolean; rotated: boolean; successor: string }> {
  const successor = randomToken(32)
  const { now } = presented
  const result = await sql<{ eligible: boolean; rotated: boolean }>`
    with token as (
      select r.id, r.session_id, r.used_at, r.expires_at, s.client_id, s.user_id, s.revoked_at, s.scope
      from refresh_tokens r join sessions s on s.id = r.session_id
      where r.id = ${presented.id}
    ), presented as (
      select t.id, t.session_id from token t where ${retriableSql(presented, 't', presented.since)}
    ), live as (
      select c.id from refresh_tokens c join presented p on c.session_id = p.session_id and c.parent_id = p.id
      where ${liveSql(presented, 'c')}
    ), retired as (
      update refresh_tokens set used_at = ${now}::timestamptz
      where used_at is null and id in (select id from live) and not ${presented.keep === true}
      returning id
    ), successor as (
      insert into refresh_tokens (token_hash, session_id, expires_at, parent_id)
      select ${hashSecret(successor)}, p.session_id, ${secondsAfter(now, presented.ttlSeconds)}::timestamptz, p.id
      from presented p where exists (select 1 from ${presented.keep === true ? sql`live` : sql`retired`})
      returning id
    )
    select exists (select 1 from live) as eligible, exists (select 1 from successor) as rotated
  `.execute(db)
  const row = result.rows[0]
  return { eligible: row?.eligible ?? false, rotated: row?.rotated ?? false, successor }
}

/** Opens a session for a user and returns its id and first refresh token. */
export async function openSession(
  trx: Executor,
  sessions: SessionStore,
  ttlSeconds: number,
  s: { userId: number; clientId: string; tenantId: number | null; scope: string; network?: string; authTime?: Date },
  now: Date,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID()
  // auth_time: when the person proved the address (default now: a password just checked)
  await sessions.insertSession(trx, { id: sessionId, user_id: s.userId, client_id: s.clientId, tenant_id: s.tenantId, scope: s.scope, network: s.network ?? null, auth_time: s.authTime ?? now })
  return { sessionId, refreshToken: await insertRefreshToken(trx, sessionId, ttlSeconds, now) }
}

export async function userTokenResponse(
  issuer: TokenIssuer,
  s: { userId: number; clientId: string; tenantId: number | null; scope: string; sessionId: string; refreshToken: string; accessTtlSeconds?: number },
): Promise<TokenResponse> {
  const ttlSeconds = s.accessTtlSeconds ?? issuer.config.accessTokenTtlSeconds
  const access = await signAccessToken(issuer, {
    sub: String(s.userId),
    clientId: s.clientId,
    scope: s.scope,
    sessionId: s.sessionId,
    tenantId: s.tenantId,
    ttlSeconds,
  })
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ttlSeconds,
    refresh_token: s.refreshToken,
    ...(s.scope ? { scope: s.scope } : {}),
  }
}
