import { sql, type Kysely } from 'kysely'

/**
 * Native sign-in through an upstream provider (modules/connections, RFC 8693 token exchange):
 * the app ids a connection accepts as an ID token's audience besides its web client id (an iOS
 * bundle id, an Android client id), and the nonces Trellis hands apps before they ask the
 * provider: single-use, bound to the client, stored as their SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table upstream_connections add column app_ids text[] not null default '{}';

    create table upstream_nonces (
      -- SHA-256 of the nonce, hex (an app may put either the nonce or this hash in its request to the provider)
      nonce_hash text primary key,
      client_id text not null references oauth_clients(client_id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index upstream_nonces_expiry on upstream_nonces (expires_at);
  `.execute(db)
}
