/**
 * The token endpoint as a small pipeline: read parameters -> authenticate the client ->
 * run the grant's handler (a map) -> count a failure, or refund a success. No request is
 * refused up front: a valid credential is judged on its own merit, and only the grants
 * that take a low-entropy secret (a login code, a password) narrow or refuse while their
 * failure budgets are spent (see attempts.ts). Revocation (RFC 7009) and introspection
 * (RFC 7662) live here too.
 */
import type { Log } from '../../lib/log.ts'
import type { Clock } from '../../lib/clock.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import { notFound, OAUTH_CODE, oauthErrors, OAuthError } from '../../lib/errors.ts'
import type { TenantStore } from '../tenancy/index.ts'
import { originOf } from '../../lib/network.ts'
import type { Attempts, TokenAttempt } from './attempts.ts'
import { authenticateClient, invalidClient, type AuthenticatedClient } from './client-auth.ts'
import type { ClientsService } from './clients.service.ts'
import { authorizationCodeGrant } from './grants/authorization-code.ts'
import { clientCredentialsGrant } from './grants/client-credentials.ts'
import { refreshTokenGrant } from './grants/refresh-token.ts'
import type { GrantDeps, GrantHandler } from './grants/types.ts'
import type { KeyStore } from './keys.service.ts'
import { authorizationServerMetadata, openidConfiguration } from './metadata.ts'
import { issuerOf, verifyAccessToken } from './oidc.ts'
import { revokeSessions } from '../sessions/index.ts'
import { findRefreshToken, type TokenResponse } from './tokens.repository.ts'

/** Parameters the endpoints read; anything else is ignored. */
const KNOWN = [
  'grant_type', 'code', 'code_verifier', 'redirect_uri', 'client_id', 'client_secret',
  'refresh_token', 'scope', 'username', 'password', 'token', 'token_type_hint', 'device_code',
  // RFC 8693 token exchange (modules/connections registers the grant)
  'subject_token', 'subject_token_type',
] as const
/**
 * Flags the existing apps send as a JSON boolean, or as text in a form; read as 'true' when
 * set. makeAccessTokenLongLasting: see tokens.repository.ts `accessTokenTtl`.
 */
const FLAGS = ['makeAccessTokenLongLasting'] as const

function readFlag(body: Record<string, unknown>, key: string): boolean {
  const value = body[key]
  if (value === undefined || value === null || value === false || value === 'false') return false
  if (value === true || value === 'true') return true
  throw oauthErrors.invalid_request(`${key} must be true or false.`)
}

export function readParams(body: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (body === null || typeof body !== 'object') return out
  for (const key of KNOWN) {
    const value = (body as Record<string, unknown>)[key]
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) throw oauthErrors.invalid_request(`${key} must appear once.`)
    if (typeof value !== 'string') throw oauthErrors.invalid_request(`${key} must be a string.`)
    out[key] = value
  }
  for (const flag of FLAGS) if (readFlag(body as Record<string, unknown>, flag)) out[flag] = 'true'
  return out
}

export interface Introspection {
  active: boolean
  token_type?: string
  scope?: string
  client_id?: string
  sub?: string
  aud?: string | string[]
  iss?: string
  exp?: number
  iat?: number
  jti?: string
}

export interface TokenRequest {
  body: unknown
  authorization: string | undefined
  ip: string
  /** How long ago the request arrived, in ms (defaults to 0): a request that arrived before a code or token was used lost a race. */
  elapsedMs?: number
}

export class OAuthService {
  private readonly grants: Record<string, GrantHandler> = {
    authorization_code: authorizationCodeGrant,
    refresh_token: refreshTokenGrant,
    client_credentials: clientCredentialsGrant,
  }
  private readonly deps: GrantDeps

  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    keys: KeyStore,
    private readonly clients: ClientsService,
    private readonly attempts: Attempts,
    log: Log,
    codeKey: Buffer,
    private readonly isSessionActive: (sessionId: string) => Promise<boolean>,
    clock: Clock,
    stores: Pick<GrantDeps, 'accounts' | 'sessions' | 'signIns'>,
    private readonly tenancy: TenantStore,
    events: EventSink = NO_EVENTS,
  ) {
    this.deps = { db, config, keys, log, codeKey, clock, ...stores, events }
  }

  /** Adds a grant handler (the accounts module adds `password`). */
  registerGrant(name: string, handler: GrantHandler): void {
    this.grants[name] = handler
  }

  grantTypes(): string[] {
    return Object.keys(this.grants)
  }

  /** Failures that count against the budgets: a wrong code, token, password or client secret. */
  private static isFailure(error: unknown): boolean {
    return error instanceof OAuthError && (error.error === OAUTH_CODE.invalid_grant || error.error === OAUTH_CODE.invalid_client)
  }

  async token(req: TokenRequest): Promise<TokenResponse> {
    // on the app's clock: how long ago the request arrived, before the clock's now
    const now = this.deps.clock.now()
    const started = new Date(now.getTime() - Math.max(0, req.elapsedMs ?? 0))
    const params = readParams(req.body)
    const attempt = this.attempts.forRequest(originOf(req.ip))
    let clientId = params.client_id
    try {
      // before any grant runs: a code must not be redeemed by an instance that then cannot sign (keys.service.ts)
      if (this.deps.keys.problem()) throw oauthErrors.temporarily_unavailable('This instance cannot sign tokens now; try again.', { retryAfter: 5 })
      const grantType = params.grant_type
      if (!grantType) throw oauthErrors.invalid_request('grant_type is required.')
      const { client } = await authenticateClient(this.clients, params, req.authorization)
      clientId = client.client_id
      const handler = Object.hasOwn(this.grants, grantType) ? this.grants[grantType] : undefined
      if (!handler) throw oauthErrors.unsupported_grant_type(`grant_type ${grantType} is not supported.`)
      if (!client.grant_types.includes(grantType)) {
        throw oauthErrors.unauthorized_client(`This client may not use the ${grantType} grant.`)
      }
      const response = await handler(this.deps, { client, params, ip: req.ip, attempt, started })
      await attempt.succeeded()
      return response
    } catch (error) {
      if (OAuthService.isFailure(error)) await attempt.failed(clientId)
      throw error
    }
  }

  private async authenticate(req: TokenRequest): Promise<{ params: Record<string, string> } & AuthenticatedClient> {
    const params = readParams(req.body)
    try {
      return { params, ...(await authenticateClient(this.clients, params, req.authorization)) }
    } catch (error) {
      if (OAuthService.isFailure(error)) await this.failedElsewhere(req.ip, params.client_id)
      throw error
    }
  }

  private failedElsewhere(ip: string, clientId: string | undefined): Promise<void> {
    const attempt: TokenAttempt = this.attempts.forRequest(originOf(ip))
    return attempt.failed(clientId)
  }

  /** RFC 7009: revoking either token of a session ends the session. Unknown tokens are not an error. */
  async revoke(req: TokenRequest): Promise<void> {
    const { params, client } = await this.authenticate(req)
    if (!params.token) throw oauthErrors.invalid_request('token is required.')
    const owner = await this.sessionOf(params.token)
    // A client may revoke only its own tokens; others' are silently left alone (RFC 7009 2.1).
    if (owner?.clientId === client.client_id) await revokeSessions(this.db, { sessionId: owner.sessionId }, 'revoked_by_client', this.deps.clock.now())
  }

  /** The session a refresh or access token belongs to, and the client it was issued to. */
  private async sessionOf(token: string): Promise<{ sessionId: string; clientId: string } | null> {
    const refresh = await findRefreshToken(this.db, token)
    if (refresh) return { sessionId: refresh.session_id, clientId: refresh.client_id }
    try {
      const { payload } = await verifyAccessToken(this.deps.keys, this.config.publicUrl, token)
      return typeof payload.sid === 'string' && typeof payload.client_id === 'string'
        ? { sessionId: payload.sid, clientId: payload.client_id }
        : null
    } catch {
      return null
    }
  }

  /**
   * RFC 7662, for confidential clients (resource servers). A request without client
   * authentication, or from a public client (which has none), is 401 invalid_client with
   * the Basic challenge (RFC 7662 2.1, RFC 6749 5.2): nobody learns about a token unauthenticated.
   */
  async introspect(req: TokenRequest): Promise<Introspection> {
    const presented = readParams(req.body)
    if (presented.client_id === undefined && !/^Basic\s/i.test(req.authorization ?? '')) {
      throw invalidClient('Introspection needs client authentication (client_secret_basic or client_secret_post).')
    }
    const { params, client } = await this.authenticate(req)
    if (client.is_public) throw invalidClient('Only confidential clients may introspect tokens.')
    if (!params.token) throw oauthErrors.invalid_request('token is required.')
    const inactive = { active: false }
    if (params.token_type_hint !== 'refresh_token') {
      const access = await this.introspectAccess(params.token)
      if (access) return access
    }
    return (await this.introspectRefresh(params.token)) ?? inactive
  }

  private async introspectAccess(token: string): Promise<Introspection | null> {
    let payload
    try {
      ;({ payload } = await verifyAccessToken(this.deps.keys, this.config.publicUrl, token))
    } catch {
      return null
    }
    if (typeof payload.sid === 'string' && !(await this.isSessionActive(payload.sid))) return { active: false }
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    return {
      active: true,
      token_type: 'Bearer',
      scope: str(payload.scope),
      client_id: str(payload.client_id),
      sub: payload.sub,
      aud: payload.aud,
      iss: payload.iss,
      exp: payload.exp,
      iat: payload.iat,
      jti: payload.jti,
    }
  }

  private async introspectRefresh(token: string): Promise<Introspection | null> {
    const row = await findRefreshToken(this.db, token)
    if (!row) return null
    if (row.used_at || row.revoked_at || row.expires_at.getTime() <= this.deps.clock.now().getTime()) return { active: false }
    return {
      active: true,
      token_type: 'refresh_token',
      scope: row.scope,
      client_id: row.client_id,
      sub: String(row.user_id),
      // the issuer the session was signed in at, as its access tokens name it
      iss: issuerOf(this.config.publicUrl, row.tenant_id),
      exp: Math.floor(row.expires_at.getTime() / 1000),
      iat: Math.floor(row.created_at.getTime() / 1000),
    }
  }

  /** RFC 8414 metadata of the platform's issuer, or of a tenant's (404 for a tenant that does not exist). */
  async metadata(tenantId: number | null = null) {
    await this.issuerExists(tenantId)
    return authorizationServerMetadata(this.config, this.grantTypes(), tenantId)
  }

  /** OpenID Connect Discovery 1.0: the same issuer's metadata plus what OpenID Connect adds. */
  async openidConfiguration(tenantId: number | null = null) {
    await this.issuerExists(tenantId)
    return openidConfiguration(this.config, this.grantTypes(), tenantId)
  }

  private async issuerExists(tenantId: number | null): Promise<void> {
    if (tenantId !== null && !(await this.tenancy.findTenant(this.db, tenantId))) throw notFound('Tenant')
  }
}
