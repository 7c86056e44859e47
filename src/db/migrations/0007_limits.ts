import { sql, type Kysely } from 'kysely'

/**
 * Where logins come from, for limits that target the attacker (modules/oauth/attempts.ts):
 * a login code remembers the address and network that asked for it, so that while its
 * client is under attack it redeems only from there; a session remembers the network it
 * was opened from, so the owner's usual networks are known when the account is attacked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table login_codes add column requested_address text;
    alter table login_codes add column requested_network text;
    alter table sessions add column network text;
    create index sessions_user_network on sessions (user_id, network) where network is not null;
  `.execute(db)
}
