/**
 * A device changes hands cleanly (modules/devices/registry.service.ts has the threat model):
 * - `factory_mqtt`: whether the factory password still brings the device in over MQTT. On
 *   until its holder issues credentials or switches it off; a release switches it off.
 * - `labels_void`: set by a release. From then on the claim code printed on the box and the
 *   factory password prove nothing (the seller has read both); only a transfer code does.
 * - `transfer_hash`: scrypt of the one-time transfer code the holder made for the next holder.
 * - `holder_epoch`: counts claims, releases and moves. It is part of what every MQTT session
 *   proved (device-auth.service.ts), so a change of holder ends every session made before it.
 * Existing rows keep their factory password on: a migration must not strand firmware that
 * connects with it; the holder sees it and can switch it off.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table devices
      add column factory_mqtt boolean not null default true,
      add column labels_void boolean not null default false,
      add column transfer_hash text,
      add column holder_epoch integer not null default 0;
    drop trigger devices_credentials on devices;
    -- new or dropped credentials, or a change of holder, end the device's current MQTT session ('k')
    create trigger devices_credentials
      after update of password_hash, factory_hash, allow_anonymous, factory_mqtt, holder_epoch on devices
      for each row when (old.password_hash is distinct from new.password_hash or old.factory_hash is distinct from new.factory_hash
        or old.allow_anonymous is distinct from new.allow_anonymous or old.factory_mqtt is distinct from new.factory_mqtt
        or old.holder_epoch is distinct from new.holder_epoch)
      execute function announce_access_change();
  `.execute(db)
}
