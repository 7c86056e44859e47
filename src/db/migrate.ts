import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import type { Database } from './database.ts'
import * as m0001 from './migrations/0001_foundation.ts'
import * as m0002 from './migrations/0002_email_outbox.ts'
import * as m0003 from './migrations/0003_oauth.ts'
import * as m0004 from './migrations/0004_spaces_sensors.ts'
import * as m0005 from './migrations/0005_accounts.ts'

/** Migrations are listed here, in order, so that they run the same from source and from a bundle. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_email_outbox': m0002,
  '0003_oauth': m0003,
  '0004_spaces_sensors': m0004,
  '0005_accounts': m0005,
}

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
