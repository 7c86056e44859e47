/** Wires services (one instance each per app) and registers every module's routes. */
import { registerMailDecisions } from './mail-decisions.ts'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import type { DB } from '../db/connect.ts'
import type { KeyStore } from './oauth/keys.service.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { systemClock, type Clock } from '../lib/clock.ts'
import { appSecret } from '../db/app-secrets.ts'
import { CursorCodec } from '../lib/pagination.ts'
import { Limits } from '../lib/rate-limit.ts'
import { Devices } from './devices/devices.ts'
import { releaseDevice } from './devices/registry.repository.ts'
import { deviceRoutes } from './devices/devices.routes.ts'
import { emqxRoutes } from './devices/emqx.routes.ts'
import { registryRoutes } from './devices/registry.routes.ts'
import { liveRoutes } from './devices/live.routes.ts'
import { EmailService } from './email/email.service.ts'
import { emailRoutes } from './email/email.routes.ts'
import { v5Routes } from './dialects/v5/index.ts'
import { mailboxRoutes } from './email/mailbox.routes.ts'
import { SenderVerification } from './email/sender-verification.service.ts'
import { OutboxService } from './email/outbox.service.ts'
import { senderVerificationRoutes } from './email/sender-verification.routes.ts'
import { checkEmailText } from './email/placeholders.ts'
import { scheduleMaintenance } from './maintenance.ts'
import { ClientsService } from './oauth/clients.service.ts'
import { SigningKeysService } from './oauth/signing-keys.service.ts'
import { rewrapSecrets, type RewrapResult } from './secrets-at-rest.ts'
import { clientRoutes } from './oauth/clients.routes.ts'
import { Attempts } from './oauth/attempts.ts'
import { MailLimits } from './sessions/mail-limits.ts'
import { passwordGrant } from './oauth/grants/password.ts'
import { OAuthService } from './oauth/oauth.service.ts'
import { oauthRoutes } from './oauth/oauth.routes.ts'
import { oidcRoutes } from './oauth/oidc.routes.ts'
import { CorsOrigins } from './oauth/origins.service.ts'
import { PasswordlessService } from './oauth/passwordless.service.ts'
import { SessionsService } from './sessions/sessions.service.ts'
import { MemberSessions } from './sessions/member-sessions.service.ts'
import { SchedulesService } from './schedules/schedules.service.ts'
import { scheduleRoutes } from './schedules/schedules.routes.ts'
import { AuthorizeService } from './pages/authorize.service.ts'
import { InvitationSignIn } from './pages/invitation-signin.ts'
import { PageSessions } from './pages/page-sessions.ts'
import { pagesRoutes } from './pages/pages.routes.ts'
import { consoleRoutes, PlatformStatus } from './console/index.ts'
import { SensorsService } from './sensors/sensors.service.ts'
import { spaceHasSensors } from './sensors/sensors.repository.ts'
import { sensorRoutes } from './sensors/sensors.routes.ts'
import { AlgorithmsService } from './spaces/algorithms.service.ts'
import { SpacesService } from './spaces/spaces.service.ts'
import { algorithmRoutes, spaceRoutes } from './spaces/spaces.routes.ts'
import { systemRoutes } from './system.routes.ts'
import { InvitationsService } from './tenancy/invitations.service.ts'
import { InvitationBudget } from './tenancy/invitation-budget.ts'
import { Policy } from './tenancy/policy.ts'
import type { Actor } from './tenancy/actor.ts'
import { TenantEmailsService } from './email/tenant-emails.ts'
import { TenantsService } from './tenancy/tenants.service.ts'
import { tenantRoutes } from './tenancy/tenants.routes.ts'
import { AccountsService } from './users/accounts.service.ts'
import { accountRoutes } from './users/accounts.routes.ts'
import { userRoutes } from './users/users.routes.ts'
import { findUserById, membersQuery } from './users/users.repository.ts'
import { knownNetwork, sessionUser } from './users/account-sessions.repository.ts'
import { clientTenant, tenantRedirectUris } from './oauth/oauth.repository.ts'
import { linkRulesOf } from './tenancy/link-origins.ts'
import { SettingsHistory } from './tenancy/settings-history.service.ts'
import { versionRoutes } from './tenancy/versions.routes.ts'
import { AuditLog } from './audit/audit.service.ts'
import { auditRoutes } from './audit/audit.routes.ts'

export interface Services {
  /** The time every service decides by (lib/clock.ts). */
  clock: Clock
  policy: Policy
  sessions: SessionsService
  /** The sign-in sessions of a tenant's people, for its admins (the console's people pages). */
  memberSessions: MemberSessions
  tenants: TenantsService
  /** Versions of tenants' email settings and branding. */
  settingsHistory: SettingsHistory
  /** The audit log of admin actions (every service records through it). */
  audit: AuditLog
  invitations: InvitationsService
  tenantEmails: TenantEmailsService
  clients: ClientsService
  /** The operator's signing keys (list, rotate, retire). */
  signingKeys: SigningKeysService
  /** `trellis secrets rewrap`: every stored secret sealed under SECRETS_KEY, audited. */
  secrets: { rewrap(actor: Actor): Promise<RewrapResult> }
  /** `trellis outbox list|retry`: the outbox seen and failed mail queued again, by the platform. */
  outbox: OutboxService
  email: EmailService
  limits: Limits
  oauth: OAuthService
  passwordless: PasswordlessService
  spaces: SpacesService
  algorithms: AlgorithmsService
  sensors: SensorsService
  accounts: AccountsService
  schedules: SchedulesService
  devices: Devices
  senderVerification: SenderVerification
  pages: { authorize: AuthorizeService; sessions: PageSessions; invitations: InvitationSignIn; csrfKey: Buffer; platform: PlatformStatus }
  cors: CorsOrigins
  close(): Promise<void>
}

export interface ServiceDeps {
  db: DB
  config: Readonly<Config>
  keys: KeyStore
  log: FastifyBaseLogger
  /** Seals secrets at rest (HMAC keys, codes in the outbox): see lib/secret-box.ts. */
  secretBox: SecretBox
  /** Time for every decision that depends on it (lib/clock.ts); the system clock unless a test moves it. */
  clock?: Clock
}

/**
 * One instance of each service. The server, the CLI and the dev seed all act through
 * these; `background: false` (the CLI) starts no email worker and no housekeeping timer.
 */
export async function createServices(deps: ServiceDeps, options: { background?: boolean } = {}): Promise<Services> {
  const { db, config, keys, log, secretBox } = deps
  const clock = deps.clock ?? systemClock
  const background = options.background ?? true
  const linkRules = linkRulesOf(config, tenantRedirectUris)
  const email = new EmailService(db, config, log, secretBox, clock, linkRules)
  const senderVerification = new SenderVerification(db, config, email, clock)
  const limits = new Limits(config.redisUrl, config.redisKeyPrefix, log)
  await limits.ready()
  const mailLimits = new MailLimits(db, limits, config, knownNetwork)
  const policy = new Policy(db, findUserById)
  const sessions = new SessionsService(db, { sessionUser, clientTenant })
  const cors = new CorsOrigins(db, clock)
  const codeKey = await appSecret(db, 'login_code_hmac', secretBox)
  const cursors = new CursorCodec(await appSecret(db, 'cursor_hmac', secretBox))
  const audit = new AuditLog(db, policy, cursors, clock)
  const settingsHistory = new SettingsHistory(db, policy, cursors, clock, audit)
  const clients = new ClientsService(db, policy, cursors, clock, audit, linkRules, () => cors.invalidate())
  const sensors = new SensorsService(db, cursors, policy, clock, audit, (trx, deviceRef) => releaseDevice(trx, deviceRef, clock.now()))
  const spaces = new SpacesService(db, cursors, policy, clock, {
    hasSensors: spaceHasSensors,
    deleteSensorsIn: (trx, spaceIds, actor) => sensors.removeInSpaces(trx, actor, spaceIds),
  })
  const oauth = new OAuthService(db, config, keys, clients, new Attempts(limits, config), log, codeKey, sessions.isActive, clock)
  oauth.registerGrant('password', passwordGrant)
  registerMailDecisions(email, { db, config, log, codeKey, clock })
  const passwordless = new PasswordlessService(clients, email, mailLimits, log)
  const pageSessions = new PageSessions(db, clock)
  const authorize = new AuthorizeService(db, config, clients, passwordless, limits, codeKey, pageSessions, clock)
  const tenants = new TenantsService(db, checkEmailText, policy, cursors, linkRules, clock, membersQuery, senderVerification, settingsHistory)
  const pages = {
    platform: new PlatformStatus(db, policy, tenants, clock, config.accessTokenTtlSeconds),
    sessions: pageSessions,
    authorize,
    invitations: new InvitationSignIn(db, config, authorize, limits, clock),
    csrfKey: await appSecret(db, 'pages_csrf_hmac', secretBox),
  }
  if (background && config.runWorker) email.start()
  const stopMaintenance = background ? scheduleMaintenance(db, log, clock, [(at) => audit.purge(at, config.auditRetentionDays)]) : () => {}
  const devices = new Devices({
    db,
    config: config.mqtt,
    cursors,
    log,
    isSessionActive: sessions.isActive,
    policy,
    limits,
    claimLimits: { perDevice: config.rateLimits.failedClaimPerDevice, perAccount: config.rateLimits.failedClaimPerAccount },
    scrypt: config.scrypt,
    audit,
    clock,
  })
  // the broker (or the connection to an external one) belongs to the server, not to the CLI
  if (background) await devices.start()
  return {
    clock,
    policy,
    sessions,
    memberSessions: new MemberSessions(db, policy, clock, audit, clientTenant),
    tenants,
    settingsHistory,
    audit,
    invitations: new InvitationsService(db, config, email, policy, cursors, clock, audit, new InvitationBudget(mailLimits, limits.bucket('invite-user', config.rateLimits.invitationsPerInviter))),
    tenantEmails: new TenantEmailsService(db, email, policy, config.publicUrl),
    clients,
    signingKeys: new SigningKeysService(db, secretBox, policy, audit, clock, config.accessTokenTtlSeconds),
    secrets: { rewrap: (actor) => rewrapSecrets(db, secretBox, audit, actor) },
    outbox: new OutboxService(db, policy, audit, clock),
    email,
    limits,
    oauth,
    passwordless,
    spaces,
    algorithms: new AlgorithmsService(db, spaces, policy, cursors, clock, audit),
    sensors,
    accounts: new AccountsService(db, config, email, log, policy, mailLimits, clock, audit),
    schedules: new SchedulesService(db),
    devices,
    senderVerification,
    pages,
    cors,
    async close() {
      stopMaintenance()
      await devices.close()
      await email.close()
      await limits.close()
    },
  }
}

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(tenantRoutes)
  await app.register(versionRoutes)
  await app.register(auditRoutes)
  await app.register(clientRoutes)
  await app.register(emailRoutes)
  await app.register(oauthRoutes)
  await app.register(oidcRoutes)
  await app.register(userRoutes)
  await app.register(accountRoutes)
  await app.register(algorithmRoutes)
  await app.register(spaceRoutes)
  await app.register(sensorRoutes)
  await app.register(scheduleRoutes)
  await app.register(deviceRoutes)
  await app.register(registryRoutes)
  await app.register(liveRoutes)
  await app.register(emqxRoutes)
  await app.register(v5Routes)
  await app.register(senderVerificationRoutes)
  await app.register(pagesRoutes)
  // the admin console: a plugin of its own on the pages' kit (its own cookies, CSRF hook and error pages)
  await app.register(consoleRoutes)
  if (app.services.email.mailboxEnabled) await app.register(mailboxRoutes)
}
