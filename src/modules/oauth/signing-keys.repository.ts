/**
 * The signing_keys table: keys as stored (private halves sealed under SECRETS_KEY, bound to
 * their kid; public halves in the clear) and the operator's operations on them. Each change
 * is announced so running instances reload at once (keys.service.ts follows the set).
 */
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { sql } from 'kysely'
import { poolOf, type DB } from '../../db/connect.ts'
import { isSealed, rewrapRows, type SecretBox } from '../../lib/secret-box.ts'
import type { Executor } from '../../db/executor.ts'

export const ALG = 'ES256'
/** The PostgreSQL NOTIFY channel a key change is announced on. */
export const KEYS_CHANNEL = 'trellis_signing_keys'

export interface SigningKeyInfo {
  kid: string
  createdAt: Date
  retiredAt: Date | null
  /** signing: the newest unretired key; verifying: still accepted; expired: retired and past its last token. */
  state: 'signing' | 'verifying' | 'expired'
}

/** Tells every instance listening on PostgreSQL that the key set changed. */
async function announce(db: DB, kid: string): Promise<void> {
  if (poolOf(db)) await sql`select pg_notify(${KEYS_CHANNEL}, ${kid})`.execute(db)
}

/** Private keys are sealed bound to their kid, so a sealed key copied to another row does not open. */
const context = (kid: string) => `signing_keys:${kid}`

export function privateJwk(box: SecretBox, kid: string, stored: string): JWK {
  return JSON.parse(isSealed(stored) ? box.open(stored, context(kid)) : stored) as JWK
}

/** Seals plaintext private keys (from before encryption) and re-seals keys under a previous key. */
export async function rewrapSigningKeys(db: DB, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute()
  return rewrapRows(
    box,
    rows,
    (row) => row.private_jwk,
    (row, value) => box.rewrap(value, context(row.kid)),
    (row, value, previous) => db.updateTable('signing_keys').set({ private_jwk: value }).where('kid', '=', row.kid).where('private_jwk', '=', previous).executeTakeFirst(),
  )
}

/** Called inside the change's transaction (its audit entry), so both commit or neither. */
export type KeyChangeHook = (trx: Executor, kid: string) => Promise<void>

/** Adds a new signing key, which signs from then on; older keys stay for verification. */
export async function addSigningKey(db: DB, box: SecretBox, recorded?: KeyChangeHook): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true })
  const kid = randomUUID()
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('signing_keys')
      .values({ kid, alg: ALG, private_jwk: box.seal(JSON.stringify(privateJwk), context(kid)), public_jwk: JSON.stringify(publicJwk) })
      .execute()
    await recorded?.(trx, kid)
  })
  await announce(db, kid)
  return kid
}

/** Every key, newest first, with what it does now. */
export async function listSigningKeys(db: DB, accessTokenTtlSeconds: number, now: Date): Promise<SigningKeyInfo[]> {
  const rows = await db.selectFrom('signing_keys').select(['kid', 'created_at', 'retired_at']).orderBy('created_at', 'desc').execute()
  let signer = false
  return rows.map((row) => {
    let state: SigningKeyInfo['state'] = 'verifying'
    if (!row.retired_at && !signer) {
      signer = true
      state = 'signing'
    } else if (row.retired_at && row.retired_at.getTime() + accessTokenTtlSeconds * 1000 <= now.getTime()) state = 'expired'
    return { kid: row.kid, createdAt: row.created_at, retiredAt: row.retired_at, state }
  })
}

export type RetireOutcome = 'retired' | 'unknown' | 'last_key' | 'already_retired'

/**
 * Retires a key: it stops signing now and verifies until its last token expires. Refused
 * for the last unretired key (nothing would sign); returns false for an unknown kid.
 */
export async function retireSigningKey(db: DB, kid: string, now: Date, recorded?: KeyChangeHook): Promise<RetireOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const keys = await trx.selectFrom('signing_keys').select(['kid', 'retired_at']).forUpdate().execute()
    const key = keys.find((k) => k.kid === kid)
    if (!key) return 'unknown' as const
    if (key.retired_at) return 'already_retired' as const
    if (!keys.some((k) => k.kid !== kid && !k.retired_at)) return 'last_key' as const
    await trx.updateTable('signing_keys').set({ retired_at: now }).where('kid', '=', kid).execute()
    await recorded?.(trx, kid)
    return 'retired' as const
  })
  if (outcome === 'retired') await announce(db, kid)
  return outcome
}
