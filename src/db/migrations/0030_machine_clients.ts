import { sql, type Kysely } from 'kysely'

/**
 * Machine clients (docs/api.md "Machine clients"): an OAuth client marked `machine` is an
 * identity for automation, whose client_credentials tokens act as its owner would on the
 * admin API (the platform's, or one brand's admin), within its scopes. Every other client
 * keeps what it had: an app's client_credentials token never does what needs a person.
 * A machine client always has a secret: it signs in with nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table oauth_clients add column machine boolean not null default false
      check (not machine or not is_public);
  `.execute(db)
}
