/**
 * A tenant with spaces or sensors could not be deleted: its cascading delete removed the
 * tenant's counters and then the rows' own delete triggers counted them down, writing a
 * counter for a tenant that no longer existed (a foreign key violation, so the whole delete
 * failed). A counter of a deleted tenant is now left alone: the tenant's counters go with it.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function bump_counter(t integer, name text, delta integer) returns void language plpgsql as $$
    begin
      insert into tenant_counters (tenant_id, counter, count)
      select t, name, delta where exists (select 1 from tenants where id = t)
      on conflict (tenant_id, counter) do update set count = tenant_counters.count + delta;
    end $$;
  `.execute(db)
}
