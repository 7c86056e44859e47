/** The passkeys module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import type { EmailService } from '../email/index.ts'
import type { LoginCodeStore, PasswordlessService } from '../oauth/index.ts'
import type { SessionsService } from '../sessions/index.ts'
import type { Policy } from '../tenancy/index.ts'
import { nativeAppRoutes } from './native-apps.routes.ts'
import { NativeAppsService } from './native-apps.service.ts'
import { PasskeyPolicyService } from './passkey-policy.ts'
import { purgeChallenges } from './passkeys.repository.ts'
import { passkeyRoutes } from './passkeys.routes.ts'
import { PasskeysService } from './passkeys.service.ts'

export interface PasskeysModuleDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  limits: Limits
  policy: Policy
  audit: AuditSink
  /** The key login codes are hashed with, and oauth's statements that draw one. */
  codeKey: Buffer
  codes: LoginCodeStore
  /** When a session's person last proved who they are (the recent sign-in rule). */
  sessions: Pick<SessionsService, 'authTime'>
  /** Checks an app's request as for a mailed code. */
  passwordless: Pick<PasswordlessService, 'codeTarget'>
  /** The users module's read of an account. */
  findUserById: (db: DB, userId: number) => Promise<User | undefined>
  /** Notices of passkeys added and deleted. */
  email: Pick<EmailService, 'send' | 'wake'>
}

export interface PasskeysModule {
  passkeys: PasskeysService
  /** The brands' native apps, and the association files built from them. */
  nativeApps: NativeAppsService
  /** How each brand offers passkeys. */
  modes: PasskeyPolicyService
  /** Registering, listing, renaming and deleting passkeys; signing in with one. */
  routes: FastifyPluginAsync
  /** Housekeeping: ceremonies past their expiry. */
  sweep(at: Date): Promise<void>
}

export function createPasskeysModule(deps: PasskeysModuleDeps): PasskeysModule {
  const nativeApps = new NativeAppsService(deps.db, deps.policy, deps.clock, deps.audit)
  const modes = new PasskeyPolicyService(deps.db, deps.policy, deps.clock, deps.audit)
  const passkeys = new PasskeysService({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    policy: deps.policy,
    audit: deps.audit,
    codeKey: deps.codeKey,
    codes: deps.codes,
    sessions: deps.sessions,
    failures: deps.limits.bucket('passkey-fail-addr', deps.config.rateLimits.failedTokenPerIp),
    // every set of sign-in options is a row: as many as hosted sign-ins may start (ten times the address's mail budget)
    starts: deps.limits.bucket('passkey-start', { burst: deps.config.rateLimits.mailPerIp.burst * 10, periodSeconds: deps.config.rateLimits.mailPerIp.periodSeconds }),
    codeTarget: (input) => deps.passwordless.codeTarget(input),
    findUserById: deps.findUserById,
    nativeOrigins: () => nativeApps.androidOrigins(),
    modeAt: (tenantId) => modes.modeAt(tenantId),
    email: deps.email,
  })
  return {
    passkeys,
    nativeApps,
    modes,
    routes: async (app) => {
      await app.register(passkeyRoutes, { passkeys })
      await app.register(nativeAppRoutes, { nativeApps, modes })
    },
    sweep: (at) => purgeChallenges(deps.db, at),
  }
}
