/**
 * Signing keys for access tokens (ES256). Keys live in the database so every instance
 * signs and verifies with the same set. The newest unretired key signs; every key that is
 * kept verifies, so `trellis keys rotate` never invalidates a token that is still live.
 * Private keys are stored sealed with the secrets key (lib/secret-box.ts): a copy of the
 * database alone cannot sign tokens.
 * A retired key stops signing at once and verifies until the last token it signed has
 * expired (retired_at + the access token lifetime).
 *
 * Every instance reloads the set within seconds of a change: on PostgreSQL a change sends
 * NOTIFY on KEYS_CHANNEL, which every instance LISTENs to; on both databases a short
 * periodic refresh (REFRESH_MS) covers a missed notification or a lost listener.
 *
 * A fleet during a SECRETS_KEY rotation: an instance still on the old SECRETS_KEY cannot
 * unseal a signing key made under the new one. Public keys are stored in the clear, so it
 * still verifies every instance's tokens; it never falls back to signing with an older key,
 * and `problem()` says why (/ready answers 503 with it, and the app logs it once a minute)
 * until it is restarted with the fleet's key.
 */
import { randomUUID } from 'node:crypto'
import { importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload, type JWTVerifyResult } from 'jose'
import { poolOf, type DB } from '../../db/connect.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/clock.ts'
import { appErrors } from '../../lib/errors.ts'
import { importSignKey, signEs256, type SignKey } from './jws.ts'
import { addSigningKey, ALG, KEYS_CHANNEL, privateJwk } from './signing-keys.repository.ts'

/** How often an unknown `kid` may make an instance reload the key set from the database. */
const RELOAD_INTERVAL_MS = 5_000
/** How often every instance reloads the key set, notification or not. */
export const REFRESH_MS = 3_000
/** How many verified access tokens are remembered (see KeyStore.verify). */
const VERIFIED_CACHE_SIZE = 10_000

interface LoadedKey {
  kid: string
  publicJwk: JWK
  verifyKey: CryptoKey | Uint8Array
  /** Imported once per key (and kept across reloads): signing never parses a JWK. */
  signKey: SignKey | null
  /** An unretired key whose private half this instance's SECRETS_KEY cannot unseal. */
  unreadable: boolean
  retired: boolean
  /** When a retired key stops verifying (ms since epoch); null while it signs. */
  verifiesUntil: number | null
}

interface Verified {
  result: JWTVerifyResult
  issuer: string
  typ: string
  kid: string
  expiresAtMs: number
}

export class KeyStore {
  private keys: LoadedKey[] = []
  /** Imported keys by kid and state: a reload imports (and unseals) only keys it has not seen. */
  private imported = new Map<string, LoadedKey>()
  /** Tokens verified before, by their exact text (see verify). */
  private readonly verified = new Map<string, Verified>()
  private lastLoad = 0
  private timer: NodeJS.Timeout | null = null
  private stopListening: (() => Promise<void>) | null = null
  private reloading: Promise<void> | null = null
  private readonly reloadListeners = new Set<() => void>()

  constructor(
    private readonly db: DB,
    private readonly box: SecretBox,
    /** How long a retired key keeps verifying: the access token lifetime. */
    private readonly accessTokenTtlSeconds: number,
    /** What retirement and token lifetimes are measured against (lib/clock.ts). */
    private readonly clock: Clock,
  ) {}

  private nowMs(): number {
    return this.clock.now().getTime()
  }

  /** Loads the key set, creating the first key on a fresh database, and starts following changes. */
  async init(): Promise<void> {
    await this.reload()
    if (!this.keys.some((k) => !k.retired)) {
      await addSigningKey(this.db, this.box)
      await this.reload()
    }
    this.timer = setInterval(() => void this.reload().catch(() => {}), REFRESH_MS)
    this.timer.unref()
    await this.listen()
  }

  /** On PostgreSQL, a dedicated connection LISTENs for key changes from any instance. */
  private async listen(): Promise<void> {
    const pool = poolOf(this.db)
    if (!pool) return
    const client = await pool.connect()
    client.on('notification', (msg) => {
      if (msg.channel === KEYS_CHANNEL) void this.reload().catch(() => {})
    })
    // a broken listener is replaced by the periodic refresh; the error must not end the process
    client.on('error', () => {})
    await client.query(`LISTEN ${KEYS_CHANNEL}`)
    this.stopListening = async () => {
      await client.query(`UNLISTEN ${KEYS_CHANNEL}`).catch(() => {})
      client.release()
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.stopListening?.()
    this.stopListening = null
  }

  /** Calls `fn` after every reload (tests wait on it instead of sleeping). */
  onReload(fn: () => void): () => void {
    this.reloadListeners.add(fn)
    return () => this.reloadListeners.delete(fn)
  }

  /** Reloads the key set; concurrent calls share one query. */
  reload(): Promise<void> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = null
    })
    return this.reloading
  }

  private async load(): Promise<void> {
    const rows = await this.db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute()
    const ttlMs = this.accessTokenTtlSeconds * 1000
    const imported = new Map<string, LoadedKey>()
    this.keys = await Promise.all(
      rows.map(async (row) => {
        const id = `${row.kid} ${row.retired_at?.getTime() ?? ''}`
        const key = this.imported.get(id) ?? {
          kid: row.kid,
          publicJwk: row.public_jwk as JWK,
          verifyKey: await importJWK(row.public_jwk as JWK, ALG),
          ...(row.retired_at ? { signKey: null, unreadable: false } : await this.signKeyOf(row.kid, row.private_jwk)),
          retired: row.retired_at !== null,
          verifiesUntil: row.retired_at ? row.retired_at.getTime() + ttlMs : null,
        }
        imported.set(id, key)
        return key
      }),
    )
    this.imported = imported
    this.lastLoad = this.nowMs()
    for (const fn of this.reloadListeners) fn()
  }

  private async signKeyOf(kid: string, stored: string): Promise<{ signKey: SignKey | null; unreadable: boolean }> {
    let jwk: JWK
    try {
      jwk = privateJwk(this.box, kid, stored)
    } catch {
      return { signKey: null, unreadable: true }
    }
    return { signKey: await importSignKey(jwk), unreadable: false }
  }

  /** Why this instance cannot sign, or null: the current key is sealed under a SECRETS_KEY it does not have. */
  problem(): string | null {
    const current = this.keys.find((k) => !k.retired)
    if (!current?.unreadable) return null
    return `the current signing key ${current.kid} cannot be unsealed with this instance's SECRETS_KEY (stale or wrong): it verifies tokens but signs none; restart it with the fleet's SECRETS_KEY`
  }

  /** Keys that verify now: unretired ones, and retired ones until their last token expires. */
  private verifying(): LoadedKey[] {
    const now = this.nowMs()
    return this.keys.filter((k) => k.verifiesUntil === null || k.verifiesUntil > now)
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.verifying().map((k) => k.publicJwk) }
  }

  async sign(payload: JWTPayload, opts: { issuer: string; expiresInSeconds: number; typ?: string }): Promise<string> {
    // the newest unretired key, or none: never an older one in its place
    const key = this.keys.find((k) => !k.retired)
    if (!key?.signKey) throw appErrors.signing_key_unavailable()
    const now = Math.floor(this.nowMs() / 1000)
    const claims = { ...payload, iss: opts.issuer, iat: now, exp: now + opts.expiresInSeconds, jti: payload.jti ?? randomUUID() }
    return signEs256(claims, { kid: key.kid, typ: opts.typ ?? 'at+jwt' }, key.signKey)
  }

  /**
   * Verifies a token this service signed; `typ` keeps access and ID tokens apart. A token
   * verified before is answered from memory (by its exact text, so nothing but that token
   * can hit) until it expires or its key stops verifying: an app presents one access token
   * on many requests, and the signature check is the dearest part of each. Revocation is
   * not cached here: the caller checks the session on every request.
   */
  async verify(token: string, issuer: string, typ = 'at+jwt'): Promise<JWTVerifyResult> {
    const known = this.verified.get(token)
    if (known && known.issuer === issuer && known.typ === typ && known.expiresAtMs > this.nowMs() && this.verifying().some((k) => k.kid === known.kid)) {
      return known.result
    }
    const result = await jwtVerify(
      token,
      async (header) => {
        let key = this.verifying().find((k) => k.kid === header.kid)
        if (!key && this.nowMs() - this.lastLoad > RELOAD_INTERVAL_MS) {
          await this.reload()
          key = this.verifying().find((k) => k.kid === header.kid)
        }
        if (!key) throw new Error('unknown key id')
        return key.verifyKey
      },
      // exp (and nbf) are judged on the injected clock, as the remembered answers above are
      { issuer, algorithms: [ALG], typ, currentDate: new Date(this.nowMs()) },
    )
    this.remember(token, { result, issuer, typ, kid: result.protectedHeader.kid ?? '', expiresAtMs: (result.payload.exp ?? 0) * 1000 })
    return result
  }

  private remember(token: string, entry: Verified): void {
    if (!entry.expiresAtMs) return
    this.verified.delete(token)
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next()
      if (!oldest.done) this.verified.delete(oldest.value)
    }
    this.verified.set(token, entry)
  }
}
