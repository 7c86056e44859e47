import { sql, type Kysely } from 'kysely'

/**
 * ID tokens in RS256 by default (OpenID Connect Discovery 3 requires it; libraries that
 * discover through RFC 8414 metadata expect it), with each client's choice of ES256 kept
 * as `id_token_signed_response_alg` (OpenID Connect Dynamic Client Registration 2). The
 * RS256 signing keys themselves are rows of signing_keys (its alg column); the first one
 * is made when an instance starts (oauth/keys.service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table oauth_clients add column id_token_signed_response_alg text not null default 'RS256'
      check (id_token_signed_response_alg in ('RS256', 'ES256'));
  `.execute(db)
}
