/** The oauth module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { EmailService } from '../email/index.ts'
import type { MailLimits, SessionStore } from '../sessions/index.ts'
import type { LinkRules, Policy, TenantStore } from '../tenancy/index.ts'
import type { AccountStore } from '../users/index.ts'
import { Attempts } from './attempts.ts'
import { clientRoutes } from './clients.routes.ts'
import { ClientsService } from './clients.service.ts'
import { DEVICE_GRANT } from './device-codes.ts'
import { purgeExpiredDeviceAuthorizations } from './device.repository.ts'
import { deviceRoutes } from './device.routes.ts'
import { DeviceService } from './device.service.ts'
import { deviceCodeGrant } from './grants/device-code.ts'
import { passwordGrant } from './grants/password.ts'
import type { KeyStore } from './keys.service.ts'
import { insertUniqueCode } from './login-code-job.repository.ts'
import { clientTenant, hasRefreshTokens, markCodeSignedIn, pendingCodeOfRequest, purgeExpiredLoginCodes, purgeExpiredRefreshTokens, tenantRedirectUris } from './oauth.repository.ts'
import { oauthRoutes } from './oauth.routes.ts'
import { OAuthService } from './oauth.service.ts'
import { oidcRoutes } from './oidc.routes.ts'
import { CorsOrigins } from './origins.service.ts'
import { PasswordlessService } from './passwordless.service.ts'
import { listSigningKeys, type SigningKeyInfo } from './signing-keys.repository.ts'
import { SigningKeysService } from './signing-keys.service.ts'
import { signInRoutes } from './sign-ins.routes.ts'
import { SignInLog } from './sign-ins.service.ts'

/**
 * The reads of clients that the modules below this one are built with (tenancy's link rules,
 * the sessions' check of a machine token): the wiring passes them in.
 */
export const clientReads = { clientTenant, tenantRedirectUris }

/**
 * The login code statements the hosted pages run in their own sign-in (a code drawn for a
 * browser session passing through, the code a typed one is checked against, its mark once
 * signed in): handed out by the factory, so the face gives only the type.
 */
const loginCodeStatements = { insertUniqueCode, pendingCodeOfRequest, markCodeSignedIn }
export type LoginCodeStore = typeof loginCodeStatements

export interface OAuthDeps {
  db: DB
  config: Readonly<Config>
  log: Log
  clock: Clock
  cursors: CursorCodec
  keys: KeyStore
  secretBox: SecretBox
  limits: Limits
  /** The key login codes are hashed with (db/app-secrets.ts). */
  codeKey: Buffer
  policy: Policy
  audit: AuditSink
  linkRules: LinkRules
  email: EmailService
  mailLimits: MailLimits
  /** Whether a session still stands (the sessions module): a refresh needs a live one. */
  isSessionActive: (sessionId: string) => Promise<boolean>
  /** The users module's accounts (the password grant) and the sessions module's statements (a grant opens a session). */
  accountStore: AccountStore
  sessionStore: SessionStore
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
  /** user.created for an account the token exchange signs up (modules/webhooks). */
  events?: EventSink
}

export interface OAuthModule {
  clients: ClientsService
  signingKeys: SigningKeysService
  oauth: OAuthService
  passwordless: PasswordlessService
  /** The device authorization grant's endpoint and the hosted page's user codes (RFC 8628). */
  device: DeviceService
  /** The sign-in log: every attempt and its outcome, written where it is decided (sign-ins.service.ts). */
  signIns: SignInLog
  /** Login codes drawn, found and marked in the hosted pages' sign-in. */
  codes: LoginCodeStore
  /** The origins browsers may call from (the clients' redirect origins). */
  cors: CorsOrigins
  /** Clients of the platform and of tenants: registered before the emails' routes (the order of the API document). */
  clientRoutes: FastifyPluginAsync
  /** The token endpoint and its neighbours, the login code, server metadata and OpenID Connect. */
  routes: FastifyPluginAsync
  /** Every signing key with what it does at `now` (the console's platform page, which asks the platform policy first). */
  signingKeysAt(now: Date): Promise<SigningKeyInfo[]>
  /** Housekeeping: login codes and device authorizations long expired. */
  sweepLoginCodes(at: Date): Promise<void>
  /** Housekeeping: refresh tokens long expired (before the sessions' sweep, which keeps a session that still has some). */
  sweepRefreshTokens(at: Date): Promise<void>
  /** Whether a session still has refresh tokens, as SQL the sessions' sweep puts in its statement. */
  hasRefreshTokens: typeof hasRefreshTokens
}

export function createOAuthModule(deps: OAuthDeps): OAuthModule {
  const { db, config, log, clock, policy, audit } = deps
  const cors = new CorsOrigins(db, clock, deps.tenantStore)
  const clients = new ClientsService(db, policy, deps.cursors, clock, audit, deps.linkRules, deps.tenantStore, () => cors.invalidate())
  const attempts = new Attempts(deps.limits, config)
  const signIns = new SignInLog(db, policy, deps.cursors, clock)
  const stores = { accounts: deps.accountStore, sessions: deps.sessionStore, signIns }
  const oauth = new OAuthService(db, config, deps.keys, clients, attempts, log, deps.codeKey, deps.isSessionActive, clock, stores, deps.tenantStore, deps.events)
  oauth.registerGrant('password', passwordGrant)
  oauth.registerGrant(DEVICE_GRANT, deviceCodeGrant)
  const device = new DeviceService(db, config, clients, attempts, deps.limits, deps.codeKey, clock, deps.tenantStore)
  const passwordless = new PasswordlessService(clients, deps.email, deps.mailLimits, log, db, signIns)
  return {
    clients,
    signingKeys: new SigningKeysService(db, deps.secretBox, policy, audit, clock, config.accessTokenTtlSeconds),
    oauth,
    passwordless,
    device,
    signIns,
    codes: loginCodeStatements,
    cors,
    clientRoutes: async (app) => {
      await app.register(clientRoutes, { clients })
    },
    routes: async (app) => {
      await app.register(oauthRoutes, { oauth, passwordless })
      await app.register(oidcRoutes, { oauth, policy })
      await app.register(deviceRoutes, { device })
      await app.register(signInRoutes, { signIns })
    },
    signingKeysAt: (now) => listSigningKeys(db, config.accessTokenTtlSeconds, now),
    sweepLoginCodes: async (at) => {
      await purgeExpiredLoginCodes(db, at)
      await purgeExpiredDeviceAuthorizations(db, at)
    },
    sweepRefreshTokens: (at) => purgeExpiredRefreshTokens(db, at),
    hasRefreshTokens,
  }
}
