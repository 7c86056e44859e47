import { sql, type Kysely } from 'kysely'

/**
 * A code request without client_id finds its client by redirect URI (oauth/client-lookup.service.ts):
 * `redirect_uris ?| array[...]` is answered from this index, not by reading every client.
 * The default jsonb operator class, because jsonb_path_ops has no `?|`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index oauth_clients_redirect_uris on oauth_clients using gin (redirect_uris)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index oauth_clients_redirect_uris`.execute(db)
}
