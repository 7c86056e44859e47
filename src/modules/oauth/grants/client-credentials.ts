/** The client_credentials grant: a confidential machine client, scoped to what it may have. */
import { oauthErrors } from '../../../lib/errors.ts'
import { signAccessToken } from '../tokens.repository.ts'
import { grantedScope } from '../scopes.ts'
import type { GrantHandler } from './types.ts'

export const clientCredentialsGrant: GrantHandler = async (deps, { client, params }) => {
  if (client.is_public) throw oauthErrors.unauthorized_client('Public clients cannot use client_credentials.')
  const scope = grantedScope(params.scope, client.scopes)
  if (scope === null) throw oauthErrors.invalid_scope(`This client may request only: ${client.scopes.join(' ') || '(no scopes)'}.`)
  const access = await signAccessToken(deps, { sub: client.client_id, clientId: client.client_id, scope })
  // No refresh token (RFC 6749 4.4.3): the client can always ask again.
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: deps.config.accessTokenTtlSeconds,
    ...(scope ? { scope } : {}),
  }
}
