/**
 * Device state history without per-row checks, and without the raw last message.
 *
 * A state batch appends one history row per message (state.service.ts). Each row's two
 * foreign keys ran a trigger and a lookup of their own: at a few hundred messages a
 * statement, a third of what PostgreSQL spent per message (bench:devices). Both go:
 * - `tenant_id` repeats the sensor's tenant (a sensor's move takes its history along,
 *   registry.repository.ts), and a tenant's sensors already go with the tenant;
 * - `sensor_id`: history rows are written by two statements only, each for sensor rows it has
 *   just updated and so holds locked until it commits, so a sensor deleted meanwhile waits
 *   for them; deleting sensors then removes their history in one statement per delete (the
 *   trigger below, which a tenant's cascading delete of its sensors fires too), as the key's
 *   ON DELETE CASCADE did row by row.
 * `latest_raw` held each sensor's last message as the device sent it; nothing ever read it,
 * and writing it doubled the JSON a batch sends and parses.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sensor_history
      drop constraint sensor_history_sensor_id_fkey,
      drop constraint sensor_history_tenant_id_fkey;
    alter table sensors drop column latest_raw;
    create function sensor_history_follow_delete() returns trigger language plpgsql as $$
      begin
        delete from sensor_history h using gone where h.sensor_id = gone.id;
        return null;
      end $$;
    create trigger sensors_history_follow_delete after delete on sensors
      referencing old table as gone for each statement execute function sensor_history_follow_delete();
  `.execute(db)
}
