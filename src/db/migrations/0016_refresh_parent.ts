/**
 * A refresh token remembers the token it was rotated from (`parent_id`), so a retried
 * refresh can be told from a replay: a client that lost the answer to a refresh presents the
 * just-rotated token again, and only while that token is the immediate parent of the live one
 * (and within REFRESH_REUSE_INTERVAL_SECONDS) is it rotated again instead of revoking the
 * session (src/modules/oauth/grants/refresh-token.ts).
 *
 * No foreign key: maintenance deletes expired tokens, parents first, and the link is read
 * only in the seconds after a rotation, while both rows exist. A session's first token, and
 * every token issued before this migration, has none.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_tokens add column parent_id integer`.execute(db)
}
