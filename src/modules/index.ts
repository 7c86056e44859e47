/**
 * The wiring: composes the modules' factories (each module builds its own services and binds its
 * routes to them, modules/<name>/index.ts) in the order their dependencies need, and registers
 * their routes in the order of the API document. It imports modules only through their faces.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Config } from '../config.ts'
import type { DB } from '../db/connect.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { systemClock, type Clock } from '../lib/clock.ts'
import { appSecret } from '../db/app-secrets.ts'
import { CursorCodec } from '../lib/pagination.ts'
import { Limits } from '../lib/rate-limit.ts'
import { registerMailDecisions } from './mail-decisions.ts'
import { maintenancePass, scheduleMaintenance, sweepsInOrder, type Purge } from './maintenance.ts'
import { scheduleCommands } from './schedule-commands.ts'
import { rewrapSecrets, type RewrapResult } from './secrets-at-rest.ts'
import { systemRoutes } from './system.routes.ts'
import { type AuditLog, type AuditModule, createAuditModule } from './audit/index.ts'
import { type ConnectionsModule, createConnectionsModule } from './connections/index.ts'
import { type ConsoleModule, createConsoleModule, type PlatformStatus } from './console/index.ts'
import { createDevicesModule, deviceRelease, type Devices, type DevicesModule } from './devices/index.ts'
import { createDialectsModule, type DialectsModule } from './dialects/index.ts'
import { checkEmailText, createEmailModule, type EmailModule, type EmailService, type OutboxService, type SenderVerification, type TenantEmailsService } from './email/index.ts'
import { clientReads, type ClientsService, type CorsOrigins, createOAuthModule, type KeyStore, type OAuthModule, type OAuthService, type PasswordlessService, type SigningKeysService } from './oauth/index.ts'
import { createPasskeysModule, type PasskeysModule, type PasskeysService } from './passkeys/index.ts'
import { createPrivacyModule, type AccountDeletion, type AccountExport, type PrivacyModule } from './privacy/index.ts'
import { type AuthorizeService, createPagesModule, type InvitationSignIn, type PageSessions, type PagesModule } from './pages/index.ts'
import { createSchedulesModule, type ScheduleRunner, type SchedulesModule, type SchedulesService } from './schedules/index.ts'
import { createSensorsModule, type SensorsModule, type SensorsService } from './sensors/index.ts'
import { createSessionsModule, type MemberSessions, type SessionsModule, type SessionsService } from './sessions/index.ts'
import { type AlgorithmsService, createSpacesModule, type SpacesModule, type SpacesService } from './spaces/index.ts'
import { type Actor, createTenancyAccess, createTenancyModule, type InvitationsService, type Policy, type SettingsHistory, type TenancyModule, type TenantsService, tenantLeaving } from './tenancy/index.ts'
import { accountErasure, accountReads, type AccountsService, createUsersModule, type UsersModule } from './users/index.ts'
import { createWebhooksModule, type WebhooksModule, type WebhooksService } from './webhooks/index.ts'

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
  passkeys: PasskeysService
  spaces: SpacesService
  algorithms: AlgorithmsService
  sensors: SensorsService
  accounts: AccountsService
  privacy: { deletion: AccountDeletion; exporter: AccountExport } // a person leaving, and their copy of their data
  schedules: SchedulesService
  webhooks: WebhooksService
  /** Fires due schedules (the server's timer; a test calls `tick(now)`). */
  scheduleRunner: ScheduleRunner
  devices: Devices
  senderVerification: SenderVerification
  pages: { authorize: AuthorizeService; sessions: PageSessions; invitations: InvitationSignIn; csrfKey: Buffer; platform: PlatformStatus }
  cors: CorsOrigins
  /** One housekeeping pass at `at`: every module's sweep in order (the timer runs one every ten minutes). */
  housekeeping(at: Date): Promise<void>
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
/** The services, and every module's routes bound to them, in the order they are registered. */
export interface Modules {
  services: Services
  routes: readonly FastifyPluginAsync[]
}

/**
 * One instance of each service. The server, the CLI and the dev seed all act through
 * these; `background: false` (the CLI) starts no email worker and no housekeeping timer.
 */
export async function createServices(deps: ServiceDeps, options: { background?: boolean } = {}): Promise<Services> {
  return (await createModules(deps, options)).services
}

/**
 * The modules, built bottom-up where they can be: a lower module that needs a higher one's
 * reads (tenancy the accounts and the clients, the sessions the accounts, sensors the devices'
 * release) is given them through its factory's dependencies, never by importing upwards.
 */
export async function createModules(deps: ServiceDeps, options: { background?: boolean } = {}): Promise<Modules> {
  const { db, config, keys, log, secretBox } = deps
  const clock = deps.clock ?? systemClock
  const background = options.background ?? true
  const limits = new Limits(config.redisUrl, config.redisKeyPrefix, log)
  await limits.ready()
  const codeKey = await appSecret(db, 'login_code_hmac', secretBox)
  const cursors = new CursorCodec(await appSecret(db, 'cursor_hmac', secretBox))
  const shared = { db, config, log, clock, cursors, limits }

  const access = createTenancyAccess({ db, config, findUserById: accountReads.findUserById, tenantRedirectUris: clientReads.tenantRedirectUris })
  const { policy, linkRules } = access
  const tenantStore = access.store
  const audit = createAuditModule({ ...shared, policy })
  const sessions = createSessionsModule({ ...shared, tenantStore, policy, audit: audit.audit, sessionUser: accountReads.sessionUser, clientTenant: clientReads.clientTenant, knownNetwork: accountReads.knownNetwork })
  const email = createEmailModule({ ...shared, tenantStore, secretBox, linkRules, policy, audit: audit.audit })
  const webhooks = createWebhooksModule({ db, clock, log, secretBox, policy, audit: audit.audit, allowPrivateTargets: config.webhookAllowPrivateTargets, email: email.email, members: accountReads.membersQuery })
  const withEvents = { ...shared, events: webhooks.events }
  const tenancy = createTenancyModule({
    ...withEvents,
    policy,
    linkRules,
    audit: audit.audit,
    checkEmailText,
    membersQuery: accountReads.membersQuery,
    senderVerification: email.senderVerification,
    email: email.email,
    mailBudgets: sessions.mailLimits,
    invitationBucket: limits.bucket('invite-user', config.rateLimits.invitationsPerInviter),
  })
  const users = createUsersModule({ ...withEvents, tenantStore, email: email.email, policy, mailLimits: sessions.mailLimits, audit: audit.audit, leaving: tenantLeaving })
  const oauth = createOAuthModule({
    ...withEvents, tenantStore, keys, secretBox, codeKey, policy, audit: audit.audit, linkRules, email: email.email, mailLimits: sessions.mailLimits,
    isSessionActive: sessions.sessions.isActive, accountStore: users.store, sessionStore: sessions.store,
  })
  registerMailDecisions(email.email, { db, config, log, codeKey, clock })
  const sensors = createSensorsModule({ ...withEvents, tenantStore, policy, audit: audit.audit, releaseDevice: deviceRelease(clock) })
  const passkeys = createPasskeysModule({ ...shared, policy, audit: audit.audit, codeKey, codes: oauth.codes, sessions: sessions.sessions, passwordless: oauth.passwordless, findUserById: accountReads.findUserById, email: email.email })
  const connections = createConnectionsModule({ ...withEvents, secretBox, policy, audit: audit.audit, accounts: users.store, findUserById: accountReads.findUserById, oauth: oauth.oauth, clients: oauth.clients })
  const spaces = createSpacesModule({ ...shared, tenantStore, policy, audit: audit.audit, contents: sensors.spaceContents })
  if (background && config.runWorker) for (const worker of [email.email, webhooks.deliveries]) worker.start()
  const devices = createDevicesModule({
    ...withEvents,
    config: config.mqtt,
    isSessionActive: sessions.sessions.isActive,
    policy,
    claimLimits: { perDevice: config.rateLimits.failedClaimPerDevice, perAccount: config.rateLimits.failedClaimPerAccount },
    scrypt: config.scrypt,
    audit: audit.audit,
    sensors: sensors.sensors,
    sensorStore: sensors.store,
    sessions: sessions.sessions,
  })
  // the broker (or the connection to an external one) belongs to the server, not to the CLI
  if (background) await devices.devices.start()
  const schedules = createSchedulesModule({ db, clock, log, sensors: sensors.sensors, commands: scheduleCommands(db, sensors.sensors, devices.devices), events: webhooks.events })
  const stopSchedules = background && config.runWorker ? schedules.runner.start() : () => {}
  const privacy = createPrivacyModule({ ...withEvents, tenantStore, policy, audit: audit.audit, auditErasure: audit.erasure, email: email.email, sensors: sensors.sensors, schedules: schedules.schedules, leaving: tenantLeaving, accounts: accountErasure, people: users.people, signIns: oauth.signIns, sessions: sessions.sessions, appName: async (clientId) => (await oauth.clients.find(clientId))?.name })
  const pages = await createPagesModule({
    ...withEvents, secretBox, keys, codeKey, clients: oauth.clients, passwordless: oauth.passwordless, tenants: tenancy.tenants, accounts: users.accounts,
    invitations: tenancy.invitations, senderVerification: email.senderVerification, sessions: sessions.sessions,
    stores: { codes: oauth.codes, accounts: users.store, sessions: sessions.store, tenants: tenantStore }, privacy: { deletion: privacy.deletion, exporter: privacy.exporter }, passkeys: passkeys.passkeys, passkeyModes: passkeys.modes, device: oauth.device, upstream: connections.signIn,
  })
  const sweeps = sweepsInOrder({ oauth, users, sessions, passkeys, connections, pages, email, audit, webhooks }, config.auditRetentionDays)
  const stopMaintenance = background ? scheduleMaintenance(log, clock, sweeps) : () => {}
  const dialects = createDialectsModule({ oauth: oauth.oauth, passwordless: oauth.passwordless, clients: oauth.clients, accounts: users.accounts, policy, tenants: tenancy.tenants, sensors: sensors.sensors })
  const consoleModule = createConsoleModule({
    clock, secretBox,
    platformReads: { signingKeysAt: oauth.signingKeysAt, outboxStats: email.outboxStats },
    services: {
      policy,
      tenants: tenancy.tenants,
      settingsHistory: tenancy.settingsHistory,
      invitations: tenancy.invitations,
      audit: audit.audit, auditErasure: audit.erasure,
      tenantEmails: email.tenantEmails,
      clients: oauth.clients,
      memberSessions: sessions.memberSessions, people: users.people, signIns: oauth.signIns, heldDevices: sensors.held, deletion: privacy.deletion,
      sensors: sensors.sensors,
      devices: devices.devices,
      webhooks: webhooks.webhooks,
      authorize: pages.authorize, passkeyModes: passkeys.modes, nativeApps: passkeys.nativeApps, connections: connections.connections,
    },
    csrfKey: pages.csrfKey,
    sessions: pages.sessions,
  })
  const built: Built = { db, secretBox, clock, limits, policy, audit, sessions, email, webhooks, tenancy, users, oauth, passkeys, connections, sensors, spaces, schedules, privacy, pages, devices, dialects, console: consoleModule }
  return { services: servicesOf(built, sweeps, () => [stopSchedules, stopMaintenance].forEach((stop) => stop())), routes: routesInOrder(built) }
}

/** Every module, built: what the services and the routes are taken from. */
interface Built {
  db: DB
  secretBox: SecretBox
  clock: Clock
  limits: Limits
  policy: Policy
  audit: AuditModule
  sessions: SessionsModule
  email: EmailModule
  webhooks: WebhooksModule
  tenancy: TenancyModule
  users: UsersModule
  oauth: OAuthModule
  passkeys: PasskeysModule; connections: ConnectionsModule
  sensors: SensorsModule
  spaces: SpacesModule
  schedules: SchedulesModule
  privacy: PrivacyModule
  pages: PagesModule
  devices: DevicesModule
  dialects: DialectsModule
  console: ConsoleModule
}

/** The services the server, the CLI and the tests act through, taken from the modules. */
function servicesOf(m: Built, sweeps: readonly Purge[], stopTimers: () => void): Services {
  const { db, secretBox, clock, limits, policy, audit, sessions, email, webhooks, tenancy, users, oauth, sensors, spaces, schedules, pages, devices } = m
  return {
    clock,
    policy,
    sessions: sessions.sessions,
    memberSessions: sessions.memberSessions,
    tenants: tenancy.tenants,
    settingsHistory: tenancy.settingsHistory,
    audit: audit.audit,
    invitations: tenancy.invitations,
    tenantEmails: email.tenantEmails,
    clients: oauth.clients,
    signingKeys: oauth.signingKeys,
    secrets: { rewrap: (actor) => rewrapSecrets(db, secretBox, audit.audit, actor) },
    outbox: email.outbox,
    email: email.email,
    limits,
    oauth: oauth.oauth,
    passwordless: oauth.passwordless,
    passkeys: m.passkeys.passkeys,
    spaces: spaces.spaces,
    algorithms: spaces.algorithms,
    sensors: sensors.sensors,
    accounts: users.accounts,
    privacy: { deletion: m.privacy.deletion, exporter: m.privacy.exporter },
    schedules: schedules.schedules,
    webhooks: webhooks.webhooks,
    scheduleRunner: schedules.runner,
    devices: devices.devices,
    senderVerification: email.senderVerification,
    pages: { authorize: pages.authorize, sessions: pages.sessions, invitations: pages.invitations, csrfKey: pages.csrfKey, platform: m.console.platform },
    cors: oauth.cors,
    housekeeping: (at) => maintenancePass(at, sweeps),
    async close() {
      stopTimers()
      await devices.devices.close()
      await Promise.all([email.email.close(), webhooks.deliveries.stop()])
      await limits.close()
    },
  }
}

/** Every module's routes, in the order they are registered. */
function routesInOrder(m: Built): FastifyPluginAsync[] {
  // the order of the API document (clients/typescript/openapi.json): the console after the pages
  return [
    async (app: FastifyInstance) => {
      await app.register(systemRoutes, { limits: m.limits })
    },
    m.tenancy.routes,
    m.audit.routes,
    m.oauth.clientRoutes,
    m.email.routes,
    m.oauth.routes,
    m.users.routes,
    m.passkeys.routes, m.connections.routes,
    m.privacy.routes,
    m.spaces.routes,
    m.sensors.routes,
    m.devices.ownershipRoutes,
    m.schedules.routes,
    m.devices.routes,
    m.webhooks.routes,
    m.dialects.routes,
    m.email.senderRoutes,
    m.pages.routes,
    m.console.routes,
    ...(m.email.mailboxRoutes ? [m.email.mailboxRoutes] : []),
  ]
}

/** Registers every module's routes, each a plugin of its own, in the order given. */
export async function registerModules(app: FastifyInstance, modules: Pick<Modules, 'routes'>): Promise<void> {
  for (const routes of modules.routes) await app.register(routes)
}
