/** The users module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import type { EmailService } from '../email/index.ts'
import type { MailLimits } from '../sessions/index.ts'
import type { Policy, TenantLeaving, TenantStore } from '../tenancy/index.ts'
import { PeopleService } from './people.service.ts'
import { peopleRoutes } from './people.routes.ts'
import { knownNetwork, pageSessionUser, sessionUser } from './account-sessions.repository.ts'
import { accountRoutes } from './accounts.routes.ts'
import { AccountsService } from './accounts.service.ts'
import { accountUnderPrefix, findOrSignUp, proveAddress } from './identity.repository.ts'
import { findUserByEmail, findUserById, membersQuery, purgeExpiredUserTokens, upgradePasswordHash, type NewUserInput } from './users.repository.ts'
import type { Executor } from '../../db/executor.ts'
import { userRoutes } from './users.routes.ts'

/**
 * The reads of accounts that the modules below this one are built with (tenancy's policy and
 * members list, the sessions' check and mail limits): they join accounts in their own
 * statements, so the wiring passes them in rather than those modules importing upwards.
 */
export const accountReads = { findUserById, membersQuery, sessionUser, knownNetwork }

/**
 * The account statements the modules above run inside their own transactions (oauth's password
 * grant and login code mail, the pages' sign-in and browser sessions): handed out by the factory,
 * so the face gives only the type (the outbox worker's wiring, which builds no module, builds it here).
 * Signing up joins the tenant per its rule through tenancy's store.
 */
export function accountStatements(tenants: TenantStore) {
  return {
    findUserByEmail,
    findUserById,
    upgradePasswordHash,
    knownNetwork,
    pageSessionUser,
    accountUnderPrefix,
    proveAddress,
    findOrSignUp: (trx: Executor, input: NewUserInput) => findOrSignUp(trx, tenants, input),
  }
}
export type AccountStore = ReturnType<typeof accountStatements>

export interface UsersDeps {
  db: DB
  config: Readonly<Config>
  log: Log
  clock: Clock
  email: EmailService
  policy: Policy
  mailLimits: MailLimits
  audit: AuditSink
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
  /** A person's tenants and roles (the person page). */
  leaving: TenantLeaving
  /** user.deleted (modules/webhooks). */
  events?: EventSink
}

export interface UsersModule {
  accounts: AccountsService
  /** A brand's people: a person, block and unblock. */
  people: PeopleService
  /** Finds, signs up and proves accounts inside another module's transaction. */
  store: AccountStore
  /** The current user, registration, confirmation, password reset and profile changes. */
  routes: FastifyPluginAsync
  /** Housekeeping: reset and confirmation tokens long expired. */
  sweep(at: Date): Promise<void>
}

export function createUsersModule(deps: UsersDeps): UsersModule {
  const accounts = new AccountsService(deps.db, deps.config, deps.email, deps.log, deps.policy, deps.mailLimits, deps.clock, deps.audit, deps.tenantStore, deps.events)
  const people = new PeopleService(deps.db, deps.policy, deps.clock, deps.audit, deps.tenantStore, deps.leaving, { email: deps.email, config: deps.config })
  return {
    accounts,
    people,
    store: accountStatements(deps.tenantStore),
    routes: async (app) => {
      await app.register(userRoutes, { accounts })
      await app.register(accountRoutes, { accounts })
      await app.register(peopleRoutes, { people })
    },
    sweep: (at) => purgeExpiredUserTokens(deps.db, at),
  }
}
