/**
 * Every state a device sends rewrites its sensor row (latestData, online, last seen). With
 * pages filled to the brim, each new row version lands on another page and every index of
 * `sensors` gets an entry for it; with room left on the page PostgreSQL writes it there as a
 * heap-only tuple and leaves the indexes alone (none covers the columns a state changes).
 * Pages written from now on keep 30% free; existing ones follow as they are rewritten.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sensors set (fillfactor = 70)`.execute(db)
}
