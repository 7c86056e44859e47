/**
 * The tenancy module, built from its declared dependencies. Two steps, because it sits at the
 * bottom: its access rules (the policy, the link rules) are what the modules above are built
 * with, and its services are built once those modules' mail and audit log exist.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { User } from '../../db/database.ts'
import type { AuditSink, AuditTrails } from '../../lib/audit.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { Bucket } from '../../lib/rate-limit.ts'
import type { TextCheck } from './email-config.ts'
import { InvitationBudget, type MailBudgets } from './invitation-budget.ts'
import { InvitationsService, type InvitationMail } from './invitations.service.ts'
import { linkRulesOf, type LinkRules, type TenantRedirectUris } from './link-origins.ts'
import { Policy } from './policy.ts'
import { SettingsHistory } from './settings-history.service.ts'
import { counted, whereTenant } from './resource-scope.repository.ts'
import { joinOnSignup } from './signup.repository.ts'
import { addMembership, findTenant, membershipRole, platformCount, tenantsOfUser, type MembersQuery } from './tenants.repository.ts'
import { tenantRoutes } from './tenants.routes.ts'
import { TenantsService, type SenderEmailHook } from './tenants.service.ts'
import { versionRoutes } from './versions.routes.ts'

/**
 * The tenancy statements the modules above run in their own queries and transactions: a
 * tenant's row, memberships, the platform's counters, a newcomer joining per the sign-up rule,
 * and a list's tenant filter and total. Built with the access rules (createTenancyAccess) and
 * handed out by it, so the face gives only the type (the outbox worker's wiring, which builds
 * no module, takes it here).
 */
export const tenantStatements = { findTenant, tenantsOfUser, membershipRole, addMembership, joinOnSignup, platformCount, whereTenant, counted }
export type TenantStore = typeof tenantStatements

export interface TenancyAccessDeps {
  db: DB
  config: Readonly<Config>
  /** Loads an account by id (the users module's, above this one). */
  findUserById: (db: Executor, userId: number) => Promise<User | undefined>
  /** A tenant's clients' redirect URIs (the oauth module's, above this one): the origins its links may use. */
  tenantRedirectUris: TenantRedirectUris
}

export interface TenancyAccess {
  policy: Policy
  linkRules: LinkRules
  /** Tenants, memberships and a list's tenant filter, for the modules above. */
  store: TenantStore
}

export function createTenancyAccess(deps: TenancyAccessDeps): TenancyAccess {
  return { policy: new Policy(deps.db, deps.findUserById), linkRules: linkRulesOf(deps.config, deps.tenantRedirectUris), store: tenantStatements }
}

export interface TenancyDeps extends Omit<TenancyAccess, 'store'> {
  db: DB
  config: Readonly<Config>
  clock: Clock
  cursors: CursorCodec
  audit: AuditSink & AuditTrails
  /** member.added and member.removed (modules/webhooks, above this one). */
  events?: EventSink
  /** Checks a tenant's email texts (the email module's placeholders). */
  checkEmailText: TextCheck
  /** A tenant's members with their accounts (the users module's query). */
  membersQuery: MembersQuery
  /** Asks a new sender address to confirm itself (the email module's sender verification). */
  senderVerification: SenderEmailHook
  /** Sends invitations (the email module). */
  email: InvitationMail
  /** The mail budgets an invitation spends (sessions' mail limits). */
  mailBudgets: MailBudgets
  /** Invitations per inviter. */
  invitationBucket: Bucket
}

export interface TenancyModule {
  tenants: TenantsService
  settingsHistory: SettingsHistory
  invitations: InvitationsService
  /** Tenants, members, invitations, and versions of tenants' settings. */
  routes: FastifyPluginAsync
}

export function createTenancyModule(deps: TenancyDeps): TenancyModule {
  const { db, config, clock, cursors, policy, audit } = deps
  const settingsHistory = new SettingsHistory(db, policy, cursors, clock, audit)
  const tenants = new TenantsService(db, deps.checkEmailText, policy, cursors, deps.linkRules, clock, deps.membersQuery, deps.senderVerification, settingsHistory, deps.events)
  const invitations = new InvitationsService(db, config, deps.email, policy, cursors, clock, audit, new InvitationBudget(deps.mailBudgets, deps.invitationBucket), deps.membersQuery, deps.events)
  return {
    tenants,
    settingsHistory,
    invitations,
    routes: async (app) => {
      await app.register(tenantRoutes, { tenants, invitations })
      await app.register(versionRoutes, { tenants, settingsHistory })
    },
  }
}
