/**
 * Server-side keys shared by every instance (the login code HMAC key, the cursor signing
 * key): created once, on first use, in the database.
 */
import { randomBytes } from 'node:crypto'
import type { DB } from './connect.ts'

export async function appSecret(db: DB, name: string): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return Buffer.from(row.value, 'base64url')
}
