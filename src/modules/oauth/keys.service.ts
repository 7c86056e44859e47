/**
 * Signing keys: ES256 for access tokens (and the ID tokens of clients that ask for ES256),
 * RS256 for ID tokens (the default: OpenID Connect Discovery 3 requires RS256, and libraries
 * that find no `id_token_signing_alg_values_supported` expect it). Keys live in the database
 * so every instance signs and verifies with the same set. Per algorithm, the newest unretired
 * key signs; every key that is kept verifies, so `trellis keys rotate` never invalidates a
 * token that is still live. A key verifies only tokens whose header names its own algorithm.
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
import { compactVerify, decodeJwt, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload, type JWTVerifyResult, type ProtectedHeaderParameters } from 'jose'
import { poolOf, type DB } from '../../db/connect.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/clock.ts'
import { appErrors } from '../../lib/errors.ts'
import { importSignKey, SIGNING_ALGS, signJws, type SignKey, type SigningAlg } from './jws.ts'
import { addSigningKey, algOf, generateSigningKeyPair, KEYS_CHANNEL, missingAlgs, privateJwk, type KeyPairSource } from './signing-keys.repository.ts'

/** How often an unknown `kid` may make an instance reload the key set from the database. */
const RELOAD_INTERVAL_MS = 5_000
/** How often every instance reloads the key set, notification or not. */
export const REFRESH_MS = 3_000
/** How many verified access tokens are remembered (see KeyStore.verify). */
const VERIFIED_CACHE_SIZE = 10_000

/** Which issuers a verification accepts: one, or any this predicate allows (the platform's and its tenants'). */
export type IssuerCheck = string | ((issuer: string) => boolean)

interface LoadedKey {
  kid: string
  alg: SigningAlg
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
    /** Where the first key of each algorithm comes from (tests reuse RSA material: a new RSA key costs 0.2 s of CPU). */
    private readonly firstKeyPairs: KeyPairSource = generateSigningKeyPair,
  ) {}

  private nowMs(): number {
    return this.clock.now().getTime()
  }

  /** Loads the key set, creating the first key of each algorithm where there is none, and starts following changes. */
  async init(): Promise<void> {
    const missing = await missingAlgs(this.db)
    for (const alg of missing) await addSigningKey(this.db, this.box, undefined, alg, this.firstKeyPairs)
    await this.reload()
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
        const alg = algOf(row.alg)
        const key = this.imported.get(id) ?? {
          kid: row.kid,
          alg,
          publicJwk: row.public_jwk as JWK,
          verifyKey: await importJWK(row.public_jwk as JWK, alg),
          ...(row.retired_at ? { signKey: null, unreadable: false } : await this.signKeyOf(row.kid, alg, row.private_jwk)),
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

  private async signKeyOf(kid: string, alg: SigningAlg, stored: string): Promise<{ signKey: SignKey | null; unreadable: boolean }> {
    let jwk: JWK
    try {
      jwk = privateJwk(this.box, kid, stored)
    } catch {
      return { signKey: null, unreadable: true }
    }
    return { signKey: await importSignKey(jwk, alg), unreadable: false }
  }

  /** The key that signs with `alg` now: the newest unretired one, or none (never an older one in its place). */
  private signer(alg: SigningAlg): LoadedKey | undefined {
    return this.keys.find((k) => !k.retired && k.alg === alg)
  }

  /** Why this instance cannot sign, or null: a current key is sealed under a SECRETS_KEY it does not have. */
  problem(): string | null {
    const current = SIGNING_ALGS.map((alg) => this.signer(alg)).find((k) => k?.unreadable)
    if (!current) return null
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

  /** Signs with the current key of `alg` (ES256 unless said: access tokens are ES256). */
  async sign(payload: JWTPayload, opts: { issuer: string; expiresInSeconds: number; typ?: string; alg?: SigningAlg }): Promise<string> {
    const alg = opts.alg ?? 'ES256'
    const key = this.signer(alg)
    if (!key?.signKey) throw appErrors.signing_key_unavailable()
    const now = Math.floor(this.nowMs() / 1000)
    const claims = { ...payload, iss: opts.issuer, iat: now, exp: now + opts.expiresInSeconds, jti: payload.jti ?? randomUUID() }
    return signJws(claims, { alg, kid: key.kid, typ: opts.typ ?? 'at+jwt' }, key.signKey)
  }

  /** The verifying key a header names, with its own algorithm; reloads the set (rate-limited) for an unknown kid. */
  private keyFor = async (header: ProtectedHeaderParameters): Promise<CryptoKey | Uint8Array> => {
    const find = () => this.verifying().find((k) => k.kid === header.kid)
    let key = find()
    if (!key && this.nowMs() - this.lastLoad > RELOAD_INTERVAL_MS) {
      await this.reload()
      key = find()
    }
    // a key verifies only what it signs: an RS256 key never stands in for an ES256 header, or back
    if (!key || key.alg !== header.alg) throw new Error('unknown key id')
    return key.verifyKey
  }

  /**
   * Verifies a token this service signed; `typ` keeps access and ID tokens apart (access
   * tokens are ES256 only; ID tokens either algorithm). `issuer` is the one issuer the token
   * must name, or a check that accepts any of this service's issuers. A token verified before
   * is answered from memory (by its exact text, so nothing but that token can hit) until it
   * expires or its key stops verifying: an app presents one access token on many requests,
   * and the signature check is the dearest part of each. Revocation is not cached here: the
   * caller checks the session on every request.
   */
  async verify(token: string, issuer: IssuerCheck, typ = 'at+jwt'): Promise<JWTVerifyResult> {
    const known = this.verified.get(token)
    if (known && known.typ === typ && known.expiresAtMs > this.nowMs() && this.verifying().some((k) => k.kid === known.kid)) {
      if (!accepts(issuer, known.result.payload.iss)) throw new Error('unexpected issuer')
      return known.result
    }
    const result = await jwtVerify(token, this.keyFor, {
      ...(typeof issuer === 'string' ? { issuer } : {}),
      algorithms: typ === 'at+jwt' ? ['ES256'] : [...SIGNING_ALGS],
      typ,
      // exp (and nbf) are judged on the injected clock, as the remembered answers above are
      currentDate: new Date(this.nowMs()),
    })
    if (!accepts(issuer, result.payload.iss)) throw new Error('unexpected issuer')
    this.remember(token, { result, typ, kid: result.protectedHeader.kid ?? '', expiresAtMs: (result.payload.exp ?? 0) * 1000 })
    return result
  }

  /**
   * An ID token this service signed, whether or not it has expired: OpenID Connect
   * RP-Initiated Logout 1.0 (2) asks the OP to accept an expired ID token as `id_token_hint`.
   * Signature (by a key that still verifies), `typ` and issuer are checked; the caller checks
   * the audience. Never remembered, and never accepted where a live token is needed.
   */
  async verifyExpiredAllowed(token: string, issuer: IssuerCheck): Promise<JWTPayload> {
    const { protectedHeader } = await compactVerify(token, this.keyFor, { algorithms: [...SIGNING_ALGS] })
    const payload = decodeJwt(token)
    if (protectedHeader.typ !== 'JWT' || !accepts(issuer, payload.iss)) throw new Error('not an ID token of this issuer')
    return payload
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

function accepts(issuer: IssuerCheck, iss: unknown): boolean {
  if (typeof iss !== 'string') return false
  return typeof issuer === 'string' ? iss === issuer : issuer(iss)
}
