/**
 * Signing keys for access tokens (ES256). Keys live in the database so every instance
 * signs and verifies with the same set. The newest unretired key signs; every key that is
 * kept verifies, so `trellis keys rotate` never invalidates a token that is still live.
 */
import { randomUUID } from 'node:crypto'
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyResult,
} from 'jose'
import type { DB } from '../../db/connect.ts'

const ALG = 'ES256'
/** How often an unknown `kid` may make an instance reload the key set from the database. */
const RELOAD_INTERVAL_MS = 5_000

interface LoadedKey {
  kid: string
  publicJwk: JWK
  verifyKey: CryptoKey | Uint8Array
  signKey: CryptoKey | Uint8Array | null
  retired: boolean
}

/** Adds a new signing key, which signs from then on; older keys stay for verification. */
export async function addSigningKey(db: DB): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true })
  const kid = randomUUID()
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG }
  await db
    .insertInto('signing_keys')
    .values({ kid, alg: ALG, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(publicJwk) })
    .execute()
  return kid
}

export class KeyStore {
  private keys: LoadedKey[] = []
  private lastLoad = 0

  constructor(private readonly db: DB) {}

  /** Loads the key set, creating the first key on a fresh database. */
  async init(): Promise<void> {
    await this.reload()
    if (!this.keys.some((k) => !k.retired)) {
      await addSigningKey(this.db)
      await this.reload()
    }
  }

  private async reload(): Promise<void> {
    const rows = await this.db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute()
    this.keys = await Promise.all(
      rows.map(async (row) => ({
        kid: row.kid,
        publicJwk: row.public_jwk as JWK,
        verifyKey: await importJWK(row.public_jwk as JWK, ALG),
        signKey: row.retired_at ? null : await importJWK(row.private_jwk as JWK, ALG),
        retired: row.retired_at !== null,
      })),
    )
    this.lastLoad = Date.now()
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.keys.map((k) => k.publicJwk) }
  }

  async sign(payload: JWTPayload, opts: { issuer: string; expiresInSeconds: number; typ?: string }): Promise<string> {
    const key = this.keys.find((k) => k.signKey)
    if (!key?.signKey) throw new Error('no signing key loaded')
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: opts.typ ?? 'at+jwt' })
      .setIssuer(opts.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + opts.expiresInSeconds)
      .setJti(payload.jti ?? randomUUID())
      .sign(key.signKey)
  }

  async verify(token: string, issuer: string): Promise<JWTVerifyResult> {
    return jwtVerify(
      token,
      async (header) => {
        let key = this.keys.find((k) => k.kid === header.kid)
        if (!key && Date.now() - this.lastLoad > RELOAD_INTERVAL_MS) {
          await this.reload()
          key = this.keys.find((k) => k.kid === header.kid)
        }
        if (!key) throw new Error('unknown key id')
        return key.verifyKey
      },
      { issuer, algorithms: [ALG], typ: 'at+jwt' },
    )
  }
}
