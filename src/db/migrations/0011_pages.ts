import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- CORS: the origins a client's browser code runs on; null means the origins of its redirect URIs
    alter table oauth_clients add column allowed_origins jsonb;

    -- OpenID Connect: what the authorization asked for, and when the person proved the address
    alter table login_codes add column scope text;
    alter table login_codes add column nonce text;
    alter table login_codes add column auth_time timestamptz;

    -- hosted-page sign-in: the browser cookie's hash (the cookie holds an opaque random id)
    alter table sessions add column cookie_hash text unique;
    alter table sessions add column expires_at timestamptz;

    -- a pending authorization on the hosted page, bound to the browser that started it
    create table authorization_requests (
      id text primary key,
      browser_hash text not null,
      -- null: a sign-in to the hosted account page itself, not to an app
      client_id text,
      redirect_uri text not null,
      state text,
      scope text,
      nonce text,
      code_challenge text,
      code_challenge_method text check (code_challenge_method in ('S256', 'plain')),
      tenant_id integer references tenants(id) on delete cascade,
      email text,
      login_code_id integer references login_codes(id) on delete set null,
      failed_attempts integer not null default 0,
      expires_at timestamptz not null,
      completed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index authorization_requests_expiry on authorization_requests (expires_at);
  `.execute(db)
}
