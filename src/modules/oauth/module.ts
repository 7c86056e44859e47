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
import type { MailLimits } from '../sessions/index.ts'
import type { LinkRules, Policy } from '../tenancy/index.ts'
import { Attempts } from './attempts.ts'
import { clientRoutes } from './clients.routes.ts'
import { ClientsService } from './clients.service.ts'
import { passwordGrant } from './grants/password.ts'
import type { KeyStore } from './keys.service.ts'
import { clientTenant, hasRefreshTokens, purgeExpiredLoginCodes, purgeExpiredRefreshTokens, tenantRedirectUris } from './oauth.repository.ts'
import { oauthRoutes } from './oauth.routes.ts'
import { OAuthService } from './oauth.service.ts'
import { oidcRoutes } from './oidc.routes.ts'
import { CorsOrigins } from './origins.service.ts'
import { PasswordlessService } from './passwordless.service.ts'
import { SigningKeysService } from './signing-keys.service.ts'

/**
 * The reads of clients that the modules below this one are built with (tenancy's link rules,
 * the sessions' check of a machine token): the wiring passes them in.
 */
export const clientReads = { clientTenant, tenantRedirectUris }

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
  /** user.created for an account the token exchange signs up (modules/webhooks). */
  events?: EventSink
}

export interface OAuthModule {
  clients: ClientsService
  signingKeys: SigningKeysService
  oauth: OAuthService
  passwordless: PasswordlessService
  /** The origins browsers may call from (the clients' redirect origins). */
  cors: CorsOrigins
  /** Clients of the platform and of tenants: registered before the emails' routes (the order of the API document). */
  clientRoutes: FastifyPluginAsync
  /** The token endpoint and its neighbours, the login code, server metadata and OpenID Connect. */
  routes: FastifyPluginAsync
  /** Housekeeping: login codes long expired. */
  sweepLoginCodes(at: Date): Promise<void>
  /** Housekeeping: refresh tokens long expired (before the sessions' sweep, which keeps a session that still has some). */
  sweepRefreshTokens(at: Date): Promise<void>
  /** Whether a session still has refresh tokens, as SQL the sessions' sweep puts in its statement. */
  hasRefreshTokens: typeof hasRefreshTokens
}

export function createOAuthModule(deps: OAuthDeps): OAuthModule {
  const { db, config, log, clock, policy, audit } = deps
  const cors = new CorsOrigins(db, clock)
  const clients = new ClientsService(db, policy, deps.cursors, clock, audit, deps.linkRules, () => cors.invalidate())
  const oauth = new OAuthService(db, config, deps.keys, clients, new Attempts(deps.limits, config), log, deps.codeKey, deps.isSessionActive, clock, deps.events)
  oauth.registerGrant('password', passwordGrant)
  const passwordless = new PasswordlessService(clients, deps.email, deps.mailLimits, log)
  return {
    clients,
    signingKeys: new SigningKeysService(db, deps.secretBox, policy, audit, clock, config.accessTokenTtlSeconds),
    oauth,
    passwordless,
    cors,
    clientRoutes: async (app) => {
      await app.register(clientRoutes, { clients })
    },
    routes: async (app) => {
      await app.register(oauthRoutes, { oauth, passwordless })
      await app.register(oidcRoutes, { oauth, policy })
    },
    sweepLoginCodes: (at) => purgeExpiredLoginCodes(db, at),
    sweepRefreshTokens: (at) => purgeExpiredRefreshTokens(db, at),
    hasRefreshTokens,
  }
}
