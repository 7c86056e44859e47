/**
 * Server-side keys shared by every instance (the login code HMAC key, the cursor signing
 * key): created once, on first use, in the database, sealed with the secrets key
 * (lib/secret-box.ts) so a copy of the database alone does not give them away.
 */
import { randomBytes } from 'node:crypto'
import { isSealed, rewrapRows, type SecretBox } from '../lib/secret-box.ts'
import type { DB } from './connect.ts'

const context = (name: string) => `app_secrets:${name}`

export async function appSecret(db: DB, name: string, box: SecretBox): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: box.seal(randomBytes(32).toString('base64url'), context(name)) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  const value = isSealed(row.value) ? box.open(row.value, context(name)) : row.value
  return Buffer.from(value, 'base64url')
}

/** Seals plaintext rows (from before encryption) and re-seals rows under a previous key. */
export async function rewrapAppSecrets(db: DB, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('app_secrets').select(['name', 'value']).execute()
  return rewrapRows(
    box,
    rows,
    (row) => row.value,
    (row, value) => box.rewrap(value, context(row.name)),
    (row, value, previous) => db.updateTable('app_secrets').set({ value }).where('name', '=', row.name).where('value', '=', previous).executeTakeFirst(),
  )
}
