import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import type { Database } from './database.ts'
import * as m0001 from './migrations/0001_foundation.ts'
import * as m0002 from './migrations/0002_email_outbox.ts'
import * as m0003 from './migrations/0003_oauth.ts'
import * as m0004 from './migrations/0004_spaces_sensors.ts'
import * as m0005 from './migrations/0005_accounts.ts'
import * as m0006 from './migrations/0006_tenancy.ts'
import * as m0010 from './migrations/0010_import.ts'
import * as m0007 from './migrations/0007_limits.ts'
import * as m0009 from './migrations/0009_devices.ts'
import * as m0008 from './migrations/0008_mail_secrets.ts'
import * as m0011 from './migrations/0011_pages.ts'
import * as m0012 from './migrations/0012_mail_jobs.ts'
import * as m0013 from './migrations/0013_brands.ts'
import * as m0014 from './migrations/0014_device_identity.ts'
import * as m0015 from './migrations/0015_client_redirect_index.ts'
import * as m0016 from './migrations/0016_refresh_parent.ts'
import * as m0017 from './migrations/0017_locales.ts'
import * as m0018 from './migrations/0018_audit.ts'
import * as m0021 from './migrations/0021_sensors_fillfactor.ts'
import * as m0022 from './migrations/0022_audit_no_delete.ts'
import * as m0023 from './migrations/0023_counters_on_tenant_delete.ts'
import * as m0024 from './migrations/0024_history_without_row_checks.ts'
import * as m0025 from './migrations/0025_device_handover.ts'
import * as m0028 from './migrations/0028_id_token_alg.ts'
import * as m0029 from './migrations/0029_schedule_runs.ts'
import * as m0030 from './migrations/0030_machine_clients.ts'
import * as m0031 from './migrations/0031_account_deletion.ts'
import * as m0033 from './migrations/0033_webhooks.ts'
import * as m0036 from './migrations/0036_passkeys.ts'
import * as m0037 from './migrations/0037_native_apps.ts'
import * as m0038 from './migrations/0038_device_authorizations.ts'
import * as m0040 from './migrations/0040_sign_ins.ts'
import * as m0042 from './migrations/0042_connections.ts'
import * as m0043 from './migrations/0043_upstream_native.ts'
import * as m0044 from './migrations/0044_passkey_policies.ts'

/** Migrations are listed here, in order, so that they run the same from source and from a bundle. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_email_outbox': m0002,
  '0003_oauth': m0003,
  '0004_spaces_sensors': m0004,
  '0005_accounts': m0005,
  '0006_tenancy': m0006,
  '0010_import': m0010,
  '0007_limits': m0007,
  '0009_devices': m0009,
  '0008_mail_secrets': m0008,
  '0011_pages': m0011,
  '0012_mail_jobs': m0012,
  '0013_brands': m0013,
  '0014_device_identity': m0014,
  '0015_client_redirect_index': m0015,
  '0016_refresh_parent': m0016,
  '0017_locales': m0017,
  '0018_audit': m0018,
  '0021_sensors_fillfactor': m0021,
  '0022_audit_no_delete': m0022,
  '0023_counters_on_tenant_delete': m0023,
  '0024_history_without_row_checks': m0024,
  '0025_device_handover': m0025,
  '0028_id_token_alg': m0028,
  '0029_schedule_runs': m0029,
  '0030_machine_clients': m0030,
  '0031_account_deletion': m0031,
  '0033_webhooks': m0033,
  '0036_passkeys': m0036,
  '0037_native_apps': m0037,
  '0038_device_authorizations': m0038,
  '0040_sign_ins': m0040,
  '0042_connections': m0042,
  '0043_upstream_native': m0043,
  '0044_passkey_policies': m0044,
}

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // the migrator first lists every column of every table to find its own two (a quarter of a
  // second at each start); a database that already has exactly this build's migrations is read in one statement
  const applied = await appliedMigrations(db)
  if (applied && upToDate(applied)) return []
  const migrator = new Migrator({ db, provider: new StaticProvider() })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

export interface MigrationState {
  name: string
  /** When it was applied; null while pending. */
  appliedAt: Date | null
}

/** Every migration this build knows, in order, and whether the database has it (reads only). */
export async function migrationStatus(db: Kysely<Database>): Promise<MigrationState[]> {
  const applied = await appliedMigrations(db)
  if (applied && upToDate(applied)) return Object.keys(migrations).sort((a, b) => a.localeCompare(b)).map((name) => ({ name, appliedAt: applied.get(name) ?? null })) // in the migrator's order
  const migrator = new Migrator({ db, provider: new StaticProvider() })
  return (await migrator.getMigrations()).map((m) => ({ name: m.name, appliedAt: m.executedAt ?? null }))
}

/** Refuses a database that is behind this build: one line naming what is pending (MIGRATE_ON_START=false). */
export async function requireMigrated(db: Kysely<Database>): Promise<void> {
  const pending = (await migrationStatus(db)).filter((m) => m.appliedAt === null).map((m) => m.name)
  if (pending.length > 0) {
    throw new DatabaseBehindError(`the database is behind this release: ${pending.length} migration(s) pending (${pending.join(', ')}); run \`trellis migrate\` first, or start with MIGRATE_ON_START=true`)
  }
}

export class DatabaseBehindError extends Error {}

/** Migrates up (or down) to a named migration; the upgrade test starts from an older schema with it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() })
  const { error } = await migrator.migrateTo(name)
  if (error) throw error instanceof Error ? error : new Error(String(error))
}

/** The migrations a database has, with when each ran; null when it has none yet (no migration table). */
async function appliedMigrations(db: Kysely<Database>): Promise<Map<string, Date> | null> {
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db)
  if (!table.rows[0]?.present) return null
  const rows = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(db)
  return new Map(rows.rows.map((row) => [row.name, new Date(row.timestamp)]))
}

/** Exactly this build's migrations: none pending, none this build does not know (the migrator reports those). */
function upToDate(applied: ReadonlyMap<string, Date>): boolean {
  const known = Object.keys(migrations)
  return applied.size === known.length && known.every((name) => applied.has(name))
}
