/** A person's tokens for a client, on a new session: what a grant registered from above (the connections module's token exchange) answers with. */
import type { OAuthClient } from '../../../db/database.ts'
import { accessTokenTtl, openSession, type TokenResponse, userTokenResponse } from '../tokens.repository.ts'
import type { GrantDeps } from './types.ts'

export async function issueUserTokens(
  deps: GrantDeps,
  s: { userId: number; client: OAuthClient; tenantId: number | null; scope: string; params: Readonly<Record<string, string>> },
): Promise<TokenResponse> {
  const clientId = s.client.client_id
  const session = await deps.db
    .transaction()
    .execute((trx) => openSession(trx, deps.sessions, deps.config.refreshTokenTtlSeconds, { userId: s.userId, clientId, tenantId: s.tenantId, scope: s.scope }, deps.clock.now()))
  return userTokenResponse(deps, { ...session, userId: s.userId, clientId, tenantId: s.tenantId, scope: s.scope, accessTtlSeconds: accessTokenTtl(deps.config, s.client, s.params) })
}
