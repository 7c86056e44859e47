/** How each brand offers passkeys (the passkeys module's `passkey_policies`). */
import type { Executor } from '../../db/executor.ts'

export type PasskeyMode = 'off' | 'offered' | 'suggested'

/** The brand's mode; a brand that never chose one offers passkeys. */
export async function passkeyModeOf(db: Executor, tenantId: number): Promise<PasskeyMode> {
  const row = await db.selectFrom('passkey_policies').select('mode').where('tenant_id', '=', tenantId).executeTakeFirst()
  return row?.mode ?? 'offered'
}

export async function savePasskeyMode(db: Executor, tenantId: number, mode: PasskeyMode, at: Date): Promise<void> {
  await db
    .insertInto('passkey_policies')
    .values({ tenant_id: tenantId, mode, updated_at: at })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ mode, updated_at: at }))
    .execute()
}
