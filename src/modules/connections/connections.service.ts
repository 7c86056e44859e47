/**
 * Upstream connections, as their owners manage them: a brand's admins the brand's own
 * (`connections.manage`, brands only), platform administrators the platform's, offered at every
 * brand (`connections.managePlatform`). A connection is found only under its owner: another
 * brand's id answers 404, as an unknown one.
 *
 * Secrets (an OpenID client secret, Apple's private key) are sealed at rest under their row
 * (lib/secret-box.ts), bound to its id and purpose; no answer ever carries them back (the
 * admin typed them: that was their one showing), and no log line names them.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { ConnectionKind } from '../../db/connection-tables.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { APP_CODE, AppError, appErrors, notFound } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import { connectionsOf, deleteConnection, findConnection, insertConnection, sealContext, updateConnection, type ConnectionRow } from './connections.repository.ts'
import { appleClientSecret, appleKey, UpstreamFailure, type UpstreamClient } from './upstream.ts'

/** The issuers of the two named kinds (an `issuer` given with them replaces it: a test provider). */
export const PRESET_ISSUERS: Record<Exclude<ConnectionKind, 'oidc'>, string> = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' }
const DEFAULT_SCOPES: Record<ConnectionKind, string> = { oidc: 'openid email profile', google: 'openid email profile', apple: 'openid name email' }
const DEFAULT_NAMES: Record<ConnectionKind, string> = { oidc: 'OpenID', google: 'Google', apple: 'Apple' }

export interface ConnectionInput {
  kind: ConnectionKind
  name?: string
  issuer?: string
  clientId: string
  clientSecret?: string
  teamId?: string
  keyId?: string
  privateKey?: string
  scopes?: string[]
  /** Native apps' client ids accepted as the audience of a token exchange (an iOS bundle id, an Android client id). */
  appIds?: string[]
  enabled?: boolean
}

export type ConnectionChange = Partial<Omit<ConnectionInput, 'kind'>>

export interface ConnectionView {
  id: number
  tenantId: number | null
  kind: ConnectionKind
  name: string
  issuer: string
  clientId: string
  /** Whether a client secret (OpenID, Google) or a private key (Apple) is stored; never the value. */
  hasSecret: boolean
  teamId: string | null
  keyId: string | null
  scopes: string[]
  appIds: string[]
  enabled: boolean
  /** The redirect URI to register at the provider. */
  redirectUri: string
  createdAt: Date
  updatedAt: Date
}

export type TestResult = { ok: true; issuer: string; authorizationEndpoint: string; tokenEndpoint: string; keys: number } | { ok: false; problem: string }

const missing = (name: string) => appErrors.validation_failed(`${name}: is required for this kind`, [{ field: `body.${name}`, message: 'is required for this kind' }])

export class ConnectionsService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly policy: Policy,
    private readonly audit: AuditSink,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly upstream: UpstreamClient,
  ) {}

  /** The redirect URI every connection of this deployment sends people back to. */
  get callbackUri(): string {
    return `${this.config.publicUrl}/auth/upstream/callback`
  }

  view(row: ConnectionRow): ConnectionView {
    return {
      id: row.id,
      tenantId: row.tenant_id,
      kind: row.kind,
      name: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      hasSecret: (row.kind === 'apple' ? row.apple_private_key : row.client_secret) !== null,
      teamId: row.apple_team_id,
      keyId: row.apple_key_id,
      scopes: row.scopes.split(' '),
      appIds: row.app_ids,
      enabled: row.enabled,
      redirectUri: this.callbackUri,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  }

  private async allow(actor: Actor, tenantId: number | null): Promise<void> {
    if (tenantId === null) this.policy.authorizeAction(actor, 'connections.managePlatform')
    else await this.policy.authorize(actor, 'connections.manage', tenantId)
  }

  private async owned(actor: Actor, tenantId: number | null, id: number): Promise<ConnectionRow> {
    await this.allow(actor, tenantId)
    const row = await findConnection(this.db, id)
    if (!row || row.tenant_id !== tenantId) throw notFound('Connection')
    return row
  }

  private async checkIssuer(issuer: string): Promise<string> {
    let url: URL
    try {
      url = new URL(issuer)
    } catch {
      throw appErrors.invalid_issuer('is not a URL')
    }
    if (url.search || url.hash) throw appErrors.invalid_issuer('must have no query or fragment')
    try {
      await this.upstream.allowed(issuer)
    } catch (error) {
      if (error instanceof UpstreamFailure) throw appErrors.invalid_issuer(error.message.replace(`${issuer} `, ''))
      throw error
    }
    return issuer.replace(/\/$/, '') === url.origin ? url.origin : issuer
  }

  async list(actor: Actor, tenantId: number | null): Promise<ConnectionView[]> {
    await this.allow(actor, tenantId)
    return (await connectionsOf(this.db, tenantId)).map((row) => this.view(row))
  }

  async get(actor: Actor, tenantId: number | null, id: number): Promise<ConnectionView> {
    return this.view(await this.owned(actor, tenantId, id))
  }

  async create(actor: Actor, tenantId: number | null, input: ConnectionInput): Promise<ConnectionView> {
    await this.allow(actor, tenantId)
    if (input.kind === 'apple') {
      if (!input.teamId) throw missing('teamId')
      if (!input.keyId) throw missing('keyId')
      if (!input.privateKey) throw missing('privateKey')
      await appleKey(input.privateKey)
    } else if (!input.clientSecret) throw missing('clientSecret')
    const issuer = await this.checkIssuer(input.issuer ?? (input.kind === 'oidc' ? '' : PRESET_ISSUERS[input.kind]))
    const now = this.clock.now()
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertConnection(trx, {
        tenant_id: tenantId,
        kind: input.kind,
        name: input.name ?? DEFAULT_NAMES[input.kind],
        issuer,
        client_id: input.clientId,
        apple_team_id: input.kind === 'apple' ? (input.teamId ?? null) : null,
        apple_key_id: input.kind === 'apple' ? (input.keyId ?? null) : null,
        scopes: scopesOf(input.scopes, input.kind),
        app_ids: input.appIds ?? [],
        enabled: input.enabled ?? true,
        created_at: now,
        updated_at: now,
      })
      const sealed = this.sealed(inserted.id, input)
      const row = await updateConnection(trx, inserted.id, sealed)
      await this.record(trx, actor, row, 'connection.create', { kind: row.kind, issuer: row.issuer, clientId: row.client_id })
      return row
    })
    return this.view(row)
  }

  private sealed(id: number, input: ConnectionChange): { client_secret?: string; apple_private_key?: string } {
    return {
      ...(input.clientSecret ? { client_secret: this.box.seal(input.clientSecret, sealContext(id, 'secret')) } : {}),
      ...(input.privateKey ? { apple_private_key: this.box.seal(input.privateKey.trim(), sealContext(id, 'key')) } : {}),
    }
  }

  async update(actor: Actor, tenantId: number | null, id: number, change: ConnectionChange): Promise<ConnectionView> {
    const row = await this.owned(actor, tenantId, id)
    if (change.privateKey !== undefined) await appleKey(change.privateKey)
    const issuer = change.issuer === undefined ? undefined : await this.checkIssuer(change.issuer)
    const updated = await this.db.transaction().execute(async (trx) => {
      const next = await updateConnection(trx, id, {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(issuer !== undefined ? { issuer } : {}),
        ...(change.clientId !== undefined ? { client_id: change.clientId } : {}),
        ...(row.kind === 'apple' && change.teamId !== undefined ? { apple_team_id: change.teamId } : {}),
        ...(row.kind === 'apple' && change.keyId !== undefined ? { apple_key_id: change.keyId } : {}),
        ...(change.scopes !== undefined ? { scopes: scopesOf(change.scopes, row.kind) } : {}),
        ...(change.appIds !== undefined ? { app_ids: change.appIds } : {}),
        ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
        ...this.sealed(id, row.kind === 'apple' ? { privateKey: change.privateKey } : { clientSecret: change.clientSecret }),
        updated_at: this.clock.now(),
      })
      const fields = Object.keys(change).filter((k) => k !== 'clientSecret' && k !== 'privateKey')
      const secretChanged = change.clientSecret !== undefined || change.privateKey !== undefined
      await this.record(trx, actor, next, 'connection.update', { fields: fields.join(','), secretReplaced: secretChanged })
      return next
    })
    return this.view(updated)
  }

  async remove(actor: Actor, tenantId: number | null, id: number): Promise<void> {
    const row = await this.owned(actor, tenantId, id)
    await this.db.transaction().execute(async (trx) => {
      await deleteConnection(trx, id)
      await this.record(trx, actor, row, 'connection.delete', { kind: row.kind, issuer: row.issuer })
    })
  }

  /** "Test this connection": the discovery document and the keys, fetched now; for Apple, a client secret signed with the key. */
  async test(actor: Actor, tenantId: number | null, id: number): Promise<TestResult> {
    const row = await this.owned(actor, tenantId, id)
    try {
      const discovery = await this.upstream.discover(row.issuer, true)
      const keys = await this.upstream.keys(discovery, true)
      if (row.kind === 'apple') await this.clientSecret(row, discovery.issuer)
      return { ok: true, issuer: discovery.issuer, authorizationEndpoint: discovery.authorization_endpoint, tokenEndpoint: discovery.token_endpoint, keys: keys.keys.length }
    } catch (error) {
      if (error instanceof UpstreamFailure) return { ok: false, problem: error.message }
      if (error instanceof AppError && error.code === APP_CODE.invalid_apple_key) return { ok: false, problem: error.message }
      throw error
    }
  }

  /** The secret the token request authenticates with: the stored one, or Apple's JWT signed now. */
  async clientSecret(row: ConnectionRow, audience: string): Promise<string> {
    if (row.kind !== 'apple') return this.box.open(row.client_secret ?? '', sealContext(row.id, 'secret'))
    const privateKey = this.box.open(row.apple_private_key ?? '', sealContext(row.id, 'key'))
    return appleClientSecret({ teamId: row.apple_team_id ?? '', keyId: row.apple_key_id ?? '', privateKey, clientId: row.client_id, audience }, this.clock.now())
  }

  private async record(trx: Parameters<AuditSink['record']>[0], actor: Actor, row: ConnectionRow, action: string, summary: Record<string, string | boolean>) {
    await this.audit.record(trx, { actor: auditActor(actor), tenantId: row.tenant_id, action, target: { type: 'connection', id: row.id }, summary: summarize(summary, Object.keys(summary)) })
  }
}

/** The scopes asked for, `openid` always first, space-separated. */
function scopesOf(scopes: readonly string[] | undefined, kind: ConnectionKind): string {
  if (!scopes) return DEFAULT_SCOPES[kind]
  return ['openid', ...scopes.filter((s) => s !== 'openid')].join(' ')
}
