/** The passkeys module's tables: credentials, the accounts' opaque handles, and the ceremonies in flight. */
import { randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { WebauthnChallengesTable, WebauthnCredentialsTable } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

export type CredentialRow = Selectable<WebauthnCredentialsTable>
export type ChallengeRow = Selectable<WebauthnChallengesTable>

/** The account's handle for authenticators: 32 random bytes drawn once, never the address nor the id. */
export async function userHandle(db: Executor, userId: number): Promise<string> {
  await db
    .insertInto('webauthn_user_handles')
    .values({ user_id: userId, handle: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
  const row = await db.selectFrom('webauthn_user_handles').select('handle').where('user_id', '=', userId).executeTakeFirstOrThrow()
  return row.handle
}

export async function insertChallenge(db: Executor, row: { challengeHash: string; purpose: 'register' | 'signin'; userId: number | null; tenantId: number | null; sessionId: string | null; codeTarget: unknown; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge_hash: row.challengeHash,
      purpose: row.purpose,
      user_id: row.userId,
      tenant_id: row.tenantId,
      session_id: row.sessionId,
      code_target: row.codeTarget === null ? null : JSON.stringify(row.codeTarget),
      expires_at: row.expiresAt,
    })
    .execute()
}

/** Consumes a ceremony's challenge once: of concurrent presentations exactly one gets the row, and only before it expires. */
export async function consumeChallenge(db: Executor, challengeHash: string, purpose: 'register' | 'signin', now: Date): Promise<ChallengeRow | undefined> {
  return db
    .updateTable('webauthn_challenges')
    .set({ consumed_at: now })
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

export async function purgeChallenges(db: Executor, at: Date): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', at).execute()
}

export async function credentialsOf(db: Executor, userId: number): Promise<CredentialRow[]> {
  return db.selectFrom('webauthn_credentials').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

/** A credential with its account's handle (null: none drawn yet), in one read at each sign-in. */
export async function credentialById(db: Executor, credentialId: string): Promise<(CredentialRow & { handle: string | null }) | undefined> {
  return db
    .selectFrom('webauthn_credentials as c')
    .leftJoin('webauthn_user_handles as h', 'h.user_id', 'c.user_id')
    .selectAll('c')
    .select('h.handle')
    .where('c.credential_id', '=', credentialId)
    .executeTakeFirst()
}

export async function insertCredential(
  db: Executor,
  row: { userId: number; tenantId: number | null; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; aaguid: string; name: string; createdAt: Date },
): Promise<CredentialRow | undefined> {
  return db
    .insertInto('webauthn_credentials')
    .values({
      user_id: row.userId,
      tenant_id: row.tenantId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      aaguid: row.aaguid,
      name: row.name,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/**
 * Records a use: the new counter only if it moved forward from the one verified against (a
 * concurrent use of a cloned key loses), or both are zero (an authenticator without a counter).
 */
export async function recordUse(db: Executor, id: number, verifiedCounter: string, newCounter: number, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('webauthn_credentials')
    .set({ counter: newCounter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', verifiedCounter)
    .executeTakeFirst()
  return updated.numUpdatedRows === 1n
}

export async function renameCredential(db: Executor, userId: number, id: number, name: string): Promise<CredentialRow | undefined> {
  return db.updateTable('webauthn_credentials').set({ name }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst()
}

export async function deleteCredential(db: Executor, userId: number, id: number): Promise<CredentialRow | undefined> {
  return db.deleteFrom('webauthn_credentials').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst()
}
