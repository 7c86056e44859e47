/**
 * OAuth clients. A confidential client's secret is shown once at creation and stored only
 * as a SHA-256 hash (it is 256 random bits, so a slow hash adds nothing); it is compared
 * in constant time.
 */
import type { DB } from '../../db/connect.ts'
import type { OAuthClient } from '../../db/database.ts'
import { randomBytes } from 'node:crypto'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { appErrors, notFound, validationError, type ErrorDetail } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { keyset } from '../tenancy/index.ts'
import { SCOPES, type Actor } from '../tenancy/index.ts'
import type { Policy } from '../tenancy/index.ts'
import { findTenant, platformCount } from '../tenancy/index.ts'
import { revokeSessions } from '../sessions/index.ts'
import type { Clock } from '../../lib/clock.ts'
import { ClientsByRedirectUri } from './client-lookup.ts'
import { redirectUriProblem } from './redirect-uris.ts'

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'password'] as const
export type GrantType = (typeof GRANT_TYPES)[number]

export interface NewClientInput {
  name: string
  redirectUris: string[]
  public?: boolean
  grantTypes?: string[]
  scopes?: string[]
  /** The tenant that owns the client: its client_credentials tokens act for that tenant. */
  tenantId?: number | null
  /** A chosen client_id, for importing an app that has one built in; otherwise one is generated. */
  clientId?: string
  /**
   * The secret a confidential app already ships with (importing it keeps the app unchanged);
   * otherwise one is generated. Stored only as a hash, like a generated one.
   */
  clientSecret?: string
  /** Off (null/absent) by default; see tokens.ts `accessTokenTtl` for the trade-off. */
  longLivedAccessTokenSeconds?: number | null
  /** CORS: browser origins allowed to call the API for this client; default: its redirect URIs' origins. */
  allowedOrigins?: string[] | null
}

export interface ClientView {
  clientId: string
  name: string
  public: boolean
  redirectUris: string[]
  grantTypes: string[]
  scopes: string[]
  tenantId: number | null
  longLivedAccessTokenSeconds: number | null
  allowedOrigins: string[]
  createdAt: string
}

export function clientView(c: OAuthClient): ClientView {
  return {
    clientId: c.client_id,
    name: c.name,
    public: c.is_public,
    redirectUris: c.redirect_uris,
    grantTypes: c.grant_types,
    scopes: c.scopes,
    tenantId: c.tenant_id,
    longLivedAccessTokenSeconds: c.long_lived_access_token_seconds,
    allowedOrigins: allowedOrigins(c),
    createdAt: c.created_at.toISOString(),
  }
}

/** Exact URIs, or a wildcard at the very end of the fragment only (why: see redirect-uris.ts). */
function checkRedirectUri(uri: string, index: number): ErrorDetail | null {
  const problem = redirectUriProblem(uri)
  return problem ? { field: `body.redirectUris.${index}`, message: problem } : null
}

/** Client ids appear in URLs and logs: printable, URL-safe, and long enough not to be guessed by accident. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{8,100}$/
const MAX_LONG_LIVED_SECONDS = 365 * 86_400

/** The browser origins CORS allows for a client: its explicit list, or its redirect URIs' http(s) origins. */
export function allowedOrigins(c: Pick<OAuthClient, 'allowed_origins' | 'redirect_uris'>): string[] {
  if (c.allowed_origins) return c.allowed_origins
  const origins = new Set<string>()
  for (const uri of c.redirect_uris) {
    try {
      const url = new URL(uri)
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin)
    } catch {
      // not a URL: no origin
    }
  }
  return [...origins]
}

function checkOrigin(origin: string, index: number): ErrorDetail | null {
  const field = `body.allowedOrigins.${index}`
  try {
    const url = new URL(origin)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin) return null
  } catch {
    // reported below
  }
  return { field, message: 'must be an origin: scheme, host and optional port, like https://app.example (no path, no wildcard)' }
}

export function validateClientInput(input: NewClientInput): void {
  const details: ErrorDetail[] = []
  input.allowedOrigins?.forEach((origin, i) => {
    const problem = checkOrigin(origin, i)
    if (problem) details.push(problem)
  })
  input.redirectUris.forEach((uri, i) => {
    const problem = checkRedirectUri(uri, i)
    if (problem) details.push(problem)
  })
  // one or more, for every client that signs people in (authorization_code, the default); a
  // machine client (client_credentials only) may have none
  const grants = input.grantTypes?.length ? input.grantTypes : ['authorization_code']
  if (input.redirectUris.length === 0 && grants.includes('authorization_code')) {
    details.push({ field: 'body.redirectUris', message: 'must hold at least one URI for a client that uses authorization_code' })
  }
  if (input.clientId !== undefined && !CLIENT_ID.test(input.clientId)) {
    details.push({ field: 'body.clientId', message: 'must be 8 to 100 characters of A-Z a-z 0-9 . _ ~ -' })
  }
  if (input.clientSecret !== undefined && (input.public || !/^[\x21-\x7E]{16,200}$/.test(input.clientSecret))) {
    details.push({ field: 'body.clientSecret', message: input.public ? 'public clients have no secret' : 'must be 16 to 200 printable characters without spaces' })
  }
  const longLived = input.longLivedAccessTokenSeconds
  if (longLived !== undefined && longLived !== null && (!Number.isInteger(longLived) || longLived < 60 || longLived > MAX_LONG_LIVED_SECONDS)) {
    details.push({ field: 'body.longLivedAccessTokenSeconds', message: `must be a whole number of seconds from 60 to ${MAX_LONG_LIVED_SECONDS}` })
  }
  const isPublic = input.public ?? false
  for (const grant of input.grantTypes ?? []) {
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      details.push({ field: 'body.grantTypes', message: `"${grant}" is not one of ${GRANT_TYPES.join(', ')}` })
    } else if (grant === 'client_credentials' && isPublic) {
      details.push({ field: 'body.grantTypes', message: 'client_credentials needs a confidential client' })
    }
  }
  for (const scope of input.scopes ?? []) {
    if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope)) details.push({ field: 'body.scopes', message: `"${scope}" is not a valid scope token` })
  }
  if (details.length) throw validationError(details)
}

/** How long a client row read by the token endpoint may be reused (see ClientsService.find). */
export const CLIENT_CACHE_MS = 5_000
const CLIENT_CACHE_SIZE = 1_000

export class ClientsService {
  /** Recently read clients (or their absence): the token endpoint reads one on every request. */
  private readonly cache = new Map<string, { client: OAuthClient | undefined; at: number }>()
  /** The client a code request without client_id means (client-lookup.ts), cached alike. */
  readonly byRedirectUri: ClientsByRedirectUri

  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    /** What the caches' ages are measured by (lib/clock.ts): a test that moves time moves them too. */
    private readonly clock: Clock,
    /** Told when clients are added or removed (the CORS origin cache listens). */
    private readonly onChange: () => void = () => {},
  ) {
    this.byRedirectUri = new ClientsByRedirectUri(db, CLIENT_CACHE_MS, clock)
  }

  /**
   * Creates a client (platform administrators, the CLI, the dev seed); returns the row and,
   * for a confidential client, the secret (shown once). Without `scopes` a client gets
   * every scope: an app acting for its users, limited by their roles.
   */
  async create(actor: Actor, input: NewClientInput): Promise<{ client: OAuthClient; secret: string | null }> {
    this.policy.authorizeAction(actor, 'clients.manage')
    validateClientInput(input)
    if (input.tenantId != null && !(await findTenant(this.db, input.tenantId))) {
      throw appErrors.invalid_tenant()
    }
    const isPublic = input.public ?? false
    const secret = isPublic ? null : (input.clientSecret ?? randomToken(32))
    const defaultGrants = ['authorization_code', 'refresh_token']
    if (input.clientId !== undefined && (await this.load(input.clientId))) {
      throw appErrors.client_id_taken(input.clientId)
    }
    const client = await this.db
      .insertInto('oauth_clients')
      .values({
        // Hex, not base64url: a generated id never starts with '-', so it is safe as a shell
        // argument (`trellis clients rotate-secret $ID`), in a URL and in HTTP Basic.
        client_id: input.clientId ?? randomBytes(16).toString('hex'),
        secret_hash: secret ? hashSecret(secret) : null,
        name: input.name,
        is_public: isPublic,
        redirect_uris: JSON.stringify(input.redirectUris),
        grant_types: JSON.stringify(input.grantTypes?.length ? [...new Set(input.grantTypes)] : defaultGrants),
        scopes: JSON.stringify([...new Set(input.scopes ?? SCOPES)]),
        tenant_id: input.tenantId ?? null,
        long_lived_access_token_seconds: input.longLivedAccessTokenSeconds ?? null,
        allowed_origins: input.allowedOrigins ? JSON.stringify([...new Set(input.allowedOrigins)]) : null,
      })
      // two concurrent imports of one id: the unique index decides, the loser gets the same 409
      .onConflict((oc) => oc.column('client_id').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!client) throw appErrors.client_id_taken(input.clientId ?? '')
    this.changed()
    return { client, secret }
  }

  /** At most 100, oldest first. */
  async list(actor: Actor): Promise<OAuthClient[]> {
    this.policy.authorizeAction(actor, 'clients.manage')
    return this.db.selectFrom('oauth_clients').selectAll().orderBy('id').limit(100).execute()
  }

  /** Every client, oldest first (the CLI's list, which has no pages). */
  async all(actor: Actor): Promise<OAuthClient[]> {
    this.policy.authorizeAction(actor, 'clients.manage')
    return this.db.selectFrom('oauth_clients').selectAll().orderBy('id').execute()
  }

  async page(actor: Actor, query: PageQuery) {
    this.policy.authorizeAction(actor, 'clients.manage')
    const req = this.cursors.request('clients', 'all', query)
    const source = keyset(() => this.db.selectFrom('oauth_clients').selectAll(), () => platformCount(this.db, 'clients'))
    return paginate(this.cursors, 'clients', 'all', req, source, clientView)
  }

  async get(actor: Actor, clientId: string): Promise<OAuthClient> {
    this.policy.authorizeAction(actor, 'clients.manage')
    const client = await this.load(clientId)
    if (!client) throw notFound('Client')
    return client
  }

  async remove(actor: Actor, clientId: string): Promise<void> {
    this.policy.authorizeAction(actor, 'clients.manage')
    const result = await this.db.deleteFrom('oauth_clients').where('client_id', '=', clientId).executeTakeFirst()
    if (!result.numDeletedRows) throw notFound('Client')
    this.changed()
    await revokeSessions(this.db, { clientId }, 'client_deleted', this.clock.now())
  }

  /**
   * Gives a confidential client a new secret and returns it (shown once). This process sees
   * it at once; other instances within CLIENT_CACHE_MS (`find` retries a refusal fresh).
   */
  async rotateSecret(actor: Actor, clientId: string): Promise<string> {
    this.policy.authorizeAction(actor, 'clients.manage')
    const client = await this.load(clientId)
    if (!client) throw notFound('Client')
    if (client.is_public) throw appErrors.public_client()
    const secret = randomToken(32)
    await this.db.updateTable('oauth_clients').set({ secret_hash: hashSecret(secret) }).where('client_id', '=', clientId).execute()
    this.changed()
    return secret
  }

  /**
   * A client as the login and token endpoints see it: read at most every CLIENT_CACHE_MS.
   * A change made through this process (create, remove) is seen at once; one made by
   * another instance or the CLI (a rotated secret, a deleted client) within 5 seconds.
   * Tokens do not wait for that: a deleted client's sessions are revoked in the database,
   * and every request checks its session or, for a machine token, its client row.
   * `fresh` reads the row now (client authentication retries a refusal with it, so a new
   * client or a new secret works at once; only the old secret lingers).
   */
  async find(clientId: string, fresh = false): Promise<OAuthClient | undefined> {
    const now = this.clock.now().getTime()
    const hit = this.cache.get(clientId)
    if (hit && !fresh && now - hit.at < CLIENT_CACHE_MS) return hit.client
    const client = await this.load(clientId)
    this.cache.delete(clientId)
    if (this.cache.size >= CLIENT_CACHE_SIZE) {
      const oldest = this.cache.keys().next()
      if (!oldest.done) this.cache.delete(oldest.value)
    }
    this.cache.set(clientId, { client, at: now })
    return client
  }

  /** The client as stored now (administration reads and writes). */
  private load(clientId: string): Promise<OAuthClient | undefined> {
    return this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst()
  }

  private changed(): void {
    this.cache.clear()
    this.byRedirectUri.clear()
    this.onChange()
  }

  /** Constant-time check of a presented secret against the stored hash. */
  verifySecret(client: OAuthClient, secret: string): boolean {
    if (!client.secret_hash) return false
    return safeEqual(hashSecret(secret), client.secret_hash)
  }
}
