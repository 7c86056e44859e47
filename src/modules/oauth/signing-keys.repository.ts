/**
 * The signing_keys table: keys as stored (private halves sealed under SECRETS_KEY, bound to
 * their kid; public halves in the clear) and the operator's operations on them. Each change
 * is announced so running instances reload at once (keys.service.ts follows the set).
 */
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, type GenerateKeyPairResult, type JWK } from 'jose'
import { sql } from 'kysely'
import { poolOf, type DB } from '../../db/connect.ts'
import { isSealed, rewrapRows, type SecretBox } from '../../lib/secret-box.ts'
import type { Executor } from '../../db/executor.ts'
import { SIGNING_ALGS, type SigningAlg } from './jws.ts'

/** The PostgreSQL NOTIFY channel a key change is announced on. */
export const KEYS_CHANNEL = 'trellis_signing_keys'

export interface SigningKeyInfo {
  kid: string
  alg: SigningAlg
  createdAt: Date
  retiredAt: Date | null
  /** signing: the newest unretired key of its algorithm; verifying: still accepted; expired: retired and past its last token. */
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

/** Where a new key's material comes from. */
export type KeyPairSource = (alg: SigningAlg) => Promise<GenerateKeyPairResult>

/** A new key pair of `alg` (an RSA one costs about 0.2 s of CPU). */
export const generateSigningKeyPair: KeyPairSource = (alg) => generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) })

/** Called inside the change's transaction (its audit entry), so both commit or neither. */
export type KeyChangeHook = (trx: Executor, kid: string) => Promise<void>

/**
 * Adds a new signing key of `alg`, which signs from then on what that algorithm signs; older
 * keys stay for verification. RSA keys are 2048 bits (RFC 7518 3.3's minimum, what every
 * OpenID Connect library accepts).
 */
export async function addSigningKey(db: DB, box: SecretBox, recorded?: KeyChangeHook, alg: SigningAlg = 'ES256', newKeyPair: KeyPairSource = generateSigningKeyPair): Promise<string> {
  const { privateKey, publicKey } = await newKeyPair(alg)
  const kid = randomUUID()
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('signing_keys')
      .values({ kid, alg, private_jwk: box.seal(JSON.stringify(privateJwk), context(kid)), public_jwk: JSON.stringify(publicJwk) })
      .execute()
    await recorded?.(trx, kid)
  })
  await announce(db, kid)
  return kid
}

/** A stored key's algorithm: rows from before RS256 keys are all ES256. */
export const algOf = (alg: string): SigningAlg => (alg === 'RS256' ? 'RS256' : 'ES256')

/** Every key, newest first, with what it does now (one signing key per algorithm). */
export async function listSigningKeys(db: DB, accessTokenTtlSeconds: number, now: Date): Promise<SigningKeyInfo[]> {
  const rows = await db.selectFrom('signing_keys').select(['kid', 'alg', 'created_at', 'retired_at']).orderBy('created_at', 'desc').execute()
  const signers = new Set<SigningAlg>()
  return rows.map((row) => {
    const alg = algOf(row.alg)
    let state: SigningKeyInfo['state'] = 'verifying'
    if (!row.retired_at && !signers.has(alg)) {
      signers.add(alg)
      state = 'signing'
    } else if (row.retired_at && row.retired_at.getTime() + accessTokenTtlSeconds * 1000 <= now.getTime()) state = 'expired'
    return { kid: row.kid, alg, createdAt: row.created_at, retiredAt: row.retired_at, state }
  })
}

/** The algorithms without an unretired key (a fresh database, or one from before RS256 keys). */
export async function missingAlgs(db: DB): Promise<SigningAlg[]> {
  const rows = await db.selectFrom('signing_keys').select('alg').where('retired_at', 'is', null).execute()
  return SIGNING_ALGS.filter((alg) => !rows.some((row) => algOf(row.alg) === alg))
}

export type RetireOutcome = 'retired' | 'unknown' | 'last_key' | 'already_retired'

/**
 * Retires a key: it stops signing now and verifies until its last token expires. Refused
 * for the last unretired key of its algorithm (nothing would sign what it signs).
 */
export async function retireSigningKey(db: DB, kid: string, now: Date, recorded?: KeyChangeHook): Promise<RetireOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const keys = await trx.selectFrom('signing_keys').select(['kid', 'alg', 'retired_at']).forUpdate().execute()
    const key = keys.find((k) => k.kid === kid)
    if (!key) return 'unknown' as const
    if (key.retired_at) return 'already_retired' as const
    if (!keys.some((k) => k.kid !== kid && !k.retired_at && algOf(k.alg) === algOf(key.alg))) return 'last_key' as const
    await trx.updateTable('signing_keys').set({ retired_at: now }).where('kid', '=', kid).execute()
    await recorded?.(trx, kid)
    return 'retired' as const
  })
  if (outcome === 'retired') await announce(db, kid)
  return outcome
}
