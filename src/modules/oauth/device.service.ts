/**
 * The device authorization grant without HTTP (RFC 8628; the threats: device-codes.ts): the
 * device authorization endpoint's answer, and what the hosted page asks of a user code and
 * decides with it. The token endpoint's side is grants/device-code.ts.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { notFound, OAuthError, OAUTH_CODE, oauthErrors, rateLimited } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import type { TenantStore } from '../tenancy/index.ts'
import type { Attempts } from './attempts.ts'
import { authenticateClient } from './client-auth.ts'
import type { ClientsService } from './clients.service.ts'
import { DEVICE_CODE_TTL_SECONDS, DEVICE_GRANT, displayUserCode, hashUserCode, normalizeUserCode, POLL_INTERVAL_SECONDS } from './device-codes.ts'
import { decideDeviceAuthorization, insertDeviceAuthorization, pendingByUserCode } from './device.repository.ts'
import { issuerOf } from './issuers.ts'
import { readParams } from './oauth.service.ts'
import { defaultScope, refusedScopeMessage, requestScope } from './scopes.ts'

/** RFC 8628 3.2: what the device shows and polls with. */
export interface DeviceAuthorizationResponse {
  device_code: string
  user_code: string
  verification_uri: string
  verification_uri_complete: string
  expires_in: number
  interval: number
}

/** A pending request as the hosted page shows it for the person to decide on. */
export interface PendingDevice {
  userCode: string
  appName: string
  scopes: string[]
}

/** The person deciding: the account of the page session and the tenant that session was signed in under. */
export interface DeviceDecider {
  userId: number
  userTenantId: number | null
  sessionTenantId: number | null
  authTime: Date
}

export class DeviceService {
  private readonly starts: Bucket
  private readonly typedPerAddress: Bucket
  private readonly typedPerAccount: Bucket

  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly clients: ClientsService,
    private readonly attempts: Attempts,
    limits: Limits,
    private readonly codeKey: Buffer,
    private readonly clock: Clock,
    private readonly tenancy: TenantStore,
  ) {
    const mail = config.rateLimits.mailPerIp
    // every request is a row: as many as the hosted sign-in's starts
    this.starts = limits.bucket('device-start', { burst: mail.burst * 10, periodSeconds: mail.periodSeconds })
    this.typedPerAddress = limits.bucket('device-code-ip', config.rateLimits.failedTokenPerIp)
    this.typedPerAccount = limits.bucket('device-code-account', config.rateLimits.failedTokenPerIp)
  }

  /** POST /auth/oauth2/device_authorization at the platform's issuer (tenantId null) or a tenant's. */
  async authorize(req: { body: unknown; authorization: string | undefined; ip: string }, tenantId: number | null): Promise<DeviceAuthorizationResponse> {
    const params = readParams(req.body)
    let client
    try {
      ;({ client } = await authenticateClient(this.clients, params, req.authorization))
    } catch (error) {
      if (error instanceof OAuthError && error.error === OAUTH_CODE.invalid_client) await this.attempts.forRequest(originOf(req.ip)).failed(params.client_id)
      throw error
    }
    if (!client.grant_types.includes(DEVICE_GRANT)) throw oauthErrors.unauthorized_client('This client may not use the device authorization grant.')
    // a tenant's client signs people in at its own tenant's issuer only
    if (client.tenant_id !== null && client.tenant_id !== tenantId) throw oauthErrors.unauthorized_client("This client belongs to another issuer: use its tenant's device authorization endpoint.")
    if (tenantId !== null && !(await this.tenancy.findTenant(this.db, tenantId))) throw notFound('Tenant')
    const asked = requestScope(params.scope, client)
    if (!asked.ok) throw oauthErrors.invalid_scope(refusedScopeMessage(asked.refused, client))
    const taken = await this.starts.take(req.ip)
    if (!taken.ok) throw oauthErrors.rate_limited(`Too many device requests from this address; try again in ${taken.retryAfter} seconds.`, { retryAfter: taken.retryAfter })
    const scope = asked.scope ?? defaultScope(client)
    const { deviceCode, userCode } = await insertDeviceAuthorization(this.db, this.codeKey, { clientId: client.client_id, tenantId, scope }, this.clock.now())
    const shown = displayUserCode(userCode)
    const verificationUri = `${issuerOf(this.config.publicUrl, tenantId)}/device`
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(shown)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    }
  }

  /**
   * The pending request a typed user code names at this issuer, for a person signed in there;
   * null when none. A wrong code costs a token of the address's and of the account's budget
   * (a right one gives them back); a spent budget is 429.
   */
  private async find(typed: string, tenantId: number | null, decider: DeviceDecider, ip: string) {
    const byAddress = await this.typedPerAddress.take(ip)
    const byAccount = await this.typedPerAccount.take(String(decider.userId))
    if (!byAddress.ok || !byAccount.ok) throw rateLimited(Math.max(byAddress.retryAfter, byAccount.retryAfter))
    const normalized = normalizeUserCode(typed)
    const row = normalized ? await pendingByUserCode(this.db, hashUserCode(this.codeKey, normalized), tenantId, this.clock.now()) : undefined
    const client = row ? await this.clients.find(row.client_id) : undefined
    if (!row || !client || !normalized) return null
    await Promise.all([byAddress.refund(), byAccount.refund()])
    return { row, client, normalized }
  }

  /** Whether a page session may decide at this issuer: an account of its tenant, signed in under it. */
  mayDecide(decider: DeviceDecider, tenantId: number | null): boolean {
    return decider.sessionTenantId === tenantId && decider.userTenantId === tenantId
  }

  /** What the page shows for a typed user code: the app and the scopes it asks, or null (unknown, used or expired). */
  async pending(typed: string, tenantId: number | null, decider: DeviceDecider, ip: string): Promise<PendingDevice | null> {
    if (!this.mayDecide(decider, tenantId)) return null
    const found = await this.find(typed, tenantId, decider, ip)
    if (!found) return null
    return this.shown(found)
  }

  /** The person's decision on the request a user code names: what was decided on, or null when the code no longer names a pending request. */
  async decide(typed: string, tenantId: number | null, decider: DeviceDecider, approved: boolean, ip: string): Promise<PendingDevice | null> {
    if (!this.mayDecide(decider, tenantId)) return null
    const found = await this.find(typed, tenantId, decider, ip)
    if (!found) return null
    const decided = await decideDeviceAuthorization(this.db, found.row.id, { approved, userId: decider.userId, authTime: decider.authTime, now: this.clock.now() })
    return decided ? this.shown(found) : null
  }

  private shown(found: { row: { scope: string }; client: { name: string }; normalized: string }): PendingDevice {
    return { userCode: displayUserCode(found.normalized), appName: found.client.name, scopes: found.row.scope.split(' ').filter(Boolean) }
  }
}
