/**
 * OAuth clients. A confidential client's secret is shown once at creation and stored only
 * as a SHA-256 hash (it is 256 random bits, so a slow hash adds nothing); it is compared
 * in constant time.
 */
import type { DB } from '../../db/connect.ts'
import type { OAuthClient } from '../../db/database.ts'
import { randomBytes } from 'node:crypto'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { AppError, appErrors, notFound } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { keyset } from '../../db/query-kit.ts'
import { auditActor, isPlatform, MACHINE_SCOPES, SCOPES, type Actor } from '../tenancy/index.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Policy } from '../tenancy/index.ts'
import { verifiedOrigins, type LinkRules, type TenantStore } from '../tenancy/index.ts'
import { revokeSessions } from '../sessions/index.ts'
import type { Clock } from '../../lib/clock.ts'
import { ClientsByRedirectUri } from './client-lookup.service.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'

import { clientView, validateClientInput, type ClientChange, type NewClientInput } from './client-input.ts'
import { checkBrandClientFields, checkBrandRedirectUris } from './client-limits.ts'

export * from './client-input.ts'

/** How long a client row read by the token endpoint may be reused (see ClientsService.find). */
export const CLIENT_CACHE_MS = 5_000
const CLIENT_CACHE_SIZE = 1_000

export class ClientsService {
  /** Recently read clients (or their absence): the token endpoint reads one on every request. */
  private readonly cache: TtlCache<OAuthClient | undefined>
  /** The client a code request without client_id means (client-lookup.service.ts), cached alike. */
  readonly byRedirectUri: ClientsByRedirectUri

  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    /** What the caches' ages are measured by (lib/clock.ts): a test that moves time moves them too. */
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    /** What a brand's admin may point a client's redirect URIs at (client-limits.ts checkBrandRedirectUris). */
    private readonly linkRules: LinkRules,
    /** Tenants and the platform's counters (tenancy's store). */
    private readonly tenancy: TenantStore,
    /** Told when clients are added or removed (the CORS origin cache listens). */
    private readonly onChange: () => void = () => {},
  ) {
    this.cache = new TtlCache(clock, CLIENT_CACHE_MS, CLIENT_CACHE_SIZE)
    this.byRedirectUri = new ClientsByRedirectUri(db, new TtlCache(clock, CLIENT_CACHE_MS, CLIENT_CACHE_SIZE))
  }

  /**
   * Creates a client (platform administrators, a brand's admins for their brand: policy.ts
   * manageClients; the CLI, the dev seed); returns the row and, for a confidential client,
   * the secret (shown once). Without `scopes` a client gets every scope: an app acting for
   * its users, limited by their roles. A machine client (policy.ts manageMachines: a person
   * makes it) gets every machine scope its maker holds.
   */
  async create(actor: Actor, input: NewClientInput): Promise<{ client: OAuthClient; secret: string | null }> {
    const machine = input.machine === true
    if (machine) await this.policy.manageMachines(actor, input.tenantId ?? null)
    else await this.policy.manageClients(actor, input.tenantId ?? null)
    if (!isPlatform(actor)) checkBrandClientFields(input)
    validateClientInput(input)
    const scopes = heldScopes(actor, input.scopes, machine)
    const tenant = input.tenantId != null ? await this.tenancy.findTenant(this.db, input.tenantId) : null
    if (input.tenantId != null && !tenant) throw appErrors.invalid_tenant()
    // a brand admin's client always has a tenant (policy.ts manageClients)
    if (!isPlatform(actor) && tenant) checkBrandRedirectUris(input.redirectUris, await verifiedOrigins(this.db, tenant, this.linkRules), this.linkRules)
    const isPublic = input.public ?? false
    const secret = isPublic ? null : (input.clientSecret ?? randomToken(32))
    const defaultGrants = machine ? ['client_credentials'] : ['authorization_code', 'refresh_token']
    if (input.clientId !== undefined && (await this.load(input.clientId))) {
      throw appErrors.client_id_taken(input.clientId)
    }
    const client = await this.db.transaction().execute(async (trx) => {
      const row = await trx
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
          scopes: JSON.stringify([...new Set(scopes)]),
          tenant_id: input.tenantId ?? null,
          long_lived_access_token_seconds: input.longLivedAccessTokenSeconds ?? null,
          allowed_origins: input.allowedOrigins ? JSON.stringify([...new Set(input.allowedOrigins)]) : null,
          ...(input.idTokenSignedResponseAlg ? { id_token_signed_response_alg: input.idTokenSignedResponseAlg } : {}),
          machine,
        })
        // two concurrent imports of one id: the unique index decides, the loser gets the same 409
        .onConflict((oc) => oc.column('client_id').doNothing())
        .returningAll()
        .executeTakeFirst()
      if (!row) throw appErrors.client_id_taken(input.clientId ?? '')
      // named, never shown: the secret (given or generated) is not in the summary at all
      const shown = { name: input.name, public: isPublic, machine, tenantId: row.tenant_id, redirectUris: input.redirectUris, grantTypes: input.grantTypes, scopes: input.scopes }
      const summary = summarize(shown, ['name', 'public', 'machine', 'tenantId'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action: 'client.create', target: { type: 'client', id: row.client_id }, summary })
      return row
    })
    this.changed()
    return { client, secret }
  }

  /** At most 100, oldest first (platform administrators: every tenant's and the platform's own). */
  async list(actor: Actor): Promise<OAuthClient[]> {
    this.policy.authorizeAction(actor, 'clients.manage')
    return this.db.selectFrom('oauth_clients').selectAll().orderBy('id').limit(100).execute()
  }

  /** Every client, oldest first (the CLI's list, which has no pages). */
  async all(actor: Actor): Promise<OAuthClient[]> {
    this.policy.authorizeAction(actor, 'clients.manage')
    return this.db.selectFrom('oauth_clients').selectAll().orderBy('id').execute()
  }

  /** The clients of one tenant, oldest first, at most 100 (its brand's admins, or the platform). */
  async ofTenant(actor: Actor, tenantId: number): Promise<OAuthClient[]> {
    await this.policy.manageClients(actor, tenantId)
    return this.db.selectFrom('oauth_clients').selectAll().where('tenant_id', '=', tenantId).orderBy('id').limit(100).execute()
  }

  async page(actor: Actor, query: PageQuery) {
    this.policy.authorizeAction(actor, 'clients.manage')
    const req = this.cursors.request('clients', 'all', query)
    const source = keyset(() => this.db.selectFrom('oauth_clients').selectAll(), () => this.tenancy.platformCount(this.db, 'clients'))
    return paginate(this.cursors, 'clients', 'all', req, source, clientView)
  }

  async get(actor: Actor, clientId: string): Promise<OAuthClient> {
    return this.managed(actor, clientId)
  }

  /**
   * Changes a client's name, redirect URIs, CORS origins, scopes or ID token algorithm, checked as at creation;
   * never its tenant, kind or grants. Seen at once by this process (the caches are cleared).
   */
  async update(actor: Actor, clientId: string, change: ClientChange): Promise<OAuthClient> {
    const client = await this.managed(actor, clientId)
    if (!isPlatform(actor)) checkBrandClientFields({ scopes: change.scopes })
    if (change.scopes) heldScopes(actor, change.scopes, client.machine)
    const allowedOrigins = change.allowedOrigins === undefined ? client.allowed_origins : change.allowedOrigins
    validateClientInput({
      name: change.name ?? client.name,
      redirectUris: change.redirectUris ?? client.redirect_uris,
      public: client.is_public,
      grantTypes: client.grant_types,
      ...(change.scopes ? { scopes: change.scopes } : {}),
      ...(allowedOrigins ? { allowedOrigins } : {}),
      machine: client.machine,
    })
    if (!isPlatform(actor) && change.redirectUris) await this.checkBrandRedirects(client, change.redirectUris)
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('oauth_clients')
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.redirectUris ? { redirect_uris: JSON.stringify(change.redirectUris) } : {}),
          ...(change.scopes ? { scopes: JSON.stringify([...new Set(change.scopes)]) } : {}),
          ...(change.allowedOrigins !== undefined ? { allowed_origins: change.allowedOrigins ? JSON.stringify([...new Set(change.allowedOrigins)]) : null } : {}),
          ...(change.idTokenSignedResponseAlg ? { id_token_signed_response_alg: change.idTokenSignedResponseAlg } : {}),
        })
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirst()
      if (!row) throw notFound('Client')
      const summary = summarize({ ...change }, ['name'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action: 'client.update', target: { type: 'client', id: clientId }, summary })
      return row
    })
    this.changed()
    return updated
  }

  /** A brand admin's new redirect URIs, judged against the origins verified before the change; the client's present ones stand. */
  private async checkBrandRedirects(client: OAuthClient, uris: readonly string[]): Promise<void> {
    const tenant = client.tenant_id === null ? undefined : await this.tenancy.findTenant(this.db, client.tenant_id)
    if (!tenant) throw notFound('Client')
    checkBrandRedirectUris(uris, await verifiedOrigins(this.db, tenant, this.linkRules), this.linkRules, client.redirect_uris)
  }

  async remove(actor: Actor, clientId: string): Promise<void> {
    await this.managed(actor, clientId)
    await this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('oauth_clients').where('client_id', '=', clientId).returning(['tenant_id', 'name']).executeTakeFirst()
      if (!deleted) throw notFound('Client')
      const summary = summarize({ name: deleted.name }, ['name'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: deleted.tenant_id, action: 'client.delete', target: { type: 'client', id: clientId }, summary })
      await revokeSessions(trx, { clientId }, 'client_deleted', this.clock.now())
    })
    this.changed()
  }

  /**
   * Gives a confidential client a new secret and returns it (shown once). This process sees
   * it at once; other instances within CLIENT_CACHE_MS (`find` retries a refusal fresh).
   */
  async rotateSecret(actor: Actor, clientId: string): Promise<string> {
    const client = await this.managed(actor, clientId)
    if (client.is_public) throw appErrors.public_client()
    const secret = randomToken(32)
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('oauth_clients').set({ secret_hash: hashSecret(secret) }).where('client_id', '=', clientId).execute()
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: client.tenant_id, action: 'client.secret.rotate', target: { type: 'client', id: clientId } })
    })
    this.changed()
    return secret
  }

  /**
   * A client the actor may manage (policy.ts manageClients). A client without a tenant, or of
   * a tenant the actor has no role in, is a 404 for anyone but the platform, as a missing one.
   */
  private async managed(actor: Actor, clientId: string): Promise<OAuthClient> {
    this.policy.authorizeAction(actor, isPlatform(actor) ? 'clients.manage' : 'clients.manageOwn')
    const client = await this.load(clientId)
    if (!client || (client.tenant_id === null && !isPlatform(actor))) throw notFound('Client')
    try {
      await this.policy.manageClients(actor, client.tenant_id)
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw notFound('Client')
      throw error
    }
    // after the check above, so that a machine token learns nothing of clients it may not see
    if (client.machine) await this.policy.manageMachines(actor, client.tenant_id)
    return client
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
    return this.cache.get(clientId, () => this.load(clientId), fresh)
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

/**
 * The scopes a client made or changed by `actor` holds: those asked for, or by default every
 * scope (for a machine client, every machine scope). A maker never hands out more than it
 * holds: when a machine token makes any client, or a person makes a machine client through a
 * token, the platform's scopes it asks for must be among the token's own (403 naming the
 * others), and the default is cut down to them. A person on the console or the hosted pages,
 * and the operator, hold every scope.
 */
function heldScopes(actor: Actor, asked: readonly string[] | undefined, machine: boolean): string[] {
  const held = actor.kind === 'client' || (machine && actor.kind === 'user') ? actor.scopes : null
  if (asked === undefined) return [...(machine ? MACHINE_SCOPES : SCOPES)].filter((scope) => held === null || held.has(scope))
  const beyond = asked.filter((scope) => (SCOPES as readonly string[]).includes(scope) && held !== null && !held.has(scope))
  if (beyond.length) {
    const message = `may hold only scopes this token holds; not ${beyond.join(', ')}`
    throw appErrors.forbidden('A client may not hold more than its maker.', [{ field: 'body.scopes', message }])
  }
  return [...asked]
}
