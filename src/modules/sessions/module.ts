/** The sessions module, built from its declared dependencies (modules/index.ts composes the factories). It has no routes. */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import type { Policy, TenantStore } from '../tenancy/index.ts'
import { MailLimits, type KnownNetwork } from './mail-limits.ts'
import { MemberSessions } from './member-sessions.service.ts'
import { SessionsService, type SessionLookups } from './sessions.service.ts'
import { insertSession, purgeExpiredSessions } from './sessions.repository.ts'

/**
 * The session statements other modules run inside their own transactions (oauth's token
 * statements, the pages' sign-in): handed out by the factory, so the face gives only the type.
 */
export const sessionStatements = { insertSession }
export type SessionStore = typeof sessionStatements

export interface SessionsDeps extends SessionLookups {
  db: DB
  config: Readonly<Config>
  clock: Clock
  limits: Limits
  policy: Policy
  audit: AuditSink
  /** Whether an address has signed in from a network before (the users module's): mail limits spare known networks. */
  knownNetwork: KnownNetwork
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
}

export interface SessionsModule {
  sessions: SessionsService
  /** Opens sessions inside another module's transaction. */
  store: SessionStore
  /** Budgets of mail sent per address and per network. */
  mailLimits: MailLimits
  /** The sign-in sessions of a tenant's people, for its admins. */
  memberSessions: MemberSessions
  /** Housekeeping: sessions long expired that no refresh token keeps (`hasRefreshTokens` comes from oauth). */
  sweep(at: Date, hasRefreshTokens: Parameters<typeof purgeExpiredSessions>[2]): Promise<void>
}

export function createSessionsModule(deps: SessionsDeps): SessionsModule {
  const { db, clock } = deps
  return {
    sessions: new SessionsService(db, { sessionUser: deps.sessionUser, clientTenant: deps.clientTenant }),
    store: sessionStatements,
    mailLimits: new MailLimits(db, deps.limits, deps.config, deps.knownNetwork),
    memberSessions: new MemberSessions(db, deps.policy, clock, deps.audit, deps.clientTenant, deps.tenantStore),
    sweep: (at, hasRefreshTokens) => purgeExpiredSessions(db, at, hasRefreshTokens),
  }
}
