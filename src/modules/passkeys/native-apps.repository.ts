/** The brands' native apps (the passkeys module's `native_apps`). */
import type { Selectable } from 'kysely'
import type { NativeAppsTable } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

export type NativeAppRow = Selectable<NativeAppsTable>

export async function nativeAppsOf(db: Executor, tenantId: number): Promise<NativeAppRow[]> {
  return db.selectFrom('native_apps').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute()
}

/** Every brand's apps of one platform, for the association files. */
export async function allNativeApps(db: Executor, platform: 'apple' | 'android'): Promise<NativeAppRow[]> {
  return db.selectFrom('native_apps').selectAll().where('platform', '=', platform).orderBy('id').execute()
}

export async function insertNativeApp(db: Executor, row: { tenantId: number; platform: 'apple' | 'android'; appId: string; fingerprints: string[]; createdAt: Date }): Promise<NativeAppRow | undefined> {
  return db
    .insertInto('native_apps')
    .values({ tenant_id: row.tenantId, platform: row.platform, app_id: row.appId, fingerprints: row.fingerprints, created_at: row.createdAt })
    .onConflict((oc) => oc.columns(['tenant_id', 'platform', 'app_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

export async function deleteNativeApp(db: Executor, tenantId: number, id: number): Promise<NativeAppRow | undefined> {
  return db.deleteFrom('native_apps').where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst()
}
