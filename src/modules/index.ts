/** Wires services (one instance each per app) and registers every module's routes. */
import type { FastifyInstance } from 'fastify'
import { appSecret } from '../db/app-secrets.ts'
import { CursorCodec } from '../lib/pagination.ts'
import { createLimiter, type Limiter } from '../lib/rate-limit.ts'
import { EmailService } from './email/email.service.ts'
import { emailRoutes } from './email/email.routes.ts'
import { mailboxRoutes } from './email/mailbox.routes.ts'
import { checkEmailText } from './email/placeholders.ts'
import { scheduleMaintenance } from './maintenance.ts'
import { ClientsService } from './oauth/clients.service.ts'
import { clientRoutes } from './oauth/clients.routes.ts'
import { passwordGrant } from './oauth/grants/password.ts'
import { OAuthService } from './oauth/oauth.service.ts'
import { oauthRoutes } from './oauth/oauth.routes.ts'
import { PasswordlessService } from './oauth/passwordless.service.ts'
import { SessionsService } from './oauth/sessions.ts'
import { SensorsService } from './sensors/sensors.service.ts'
import { sensorRoutes } from './sensors/sensors.routes.ts'
import { AlgorithmsService } from './spaces/algorithms.service.ts'
import { SpacesService } from './spaces/spaces.service.ts'
import { algorithmRoutes, spaceRoutes } from './spaces/spaces.routes.ts'
import { systemRoutes } from './system.routes.ts'
import { TenantsService } from './tenants/tenants.service.ts'
import { tenantRoutes } from './tenants/tenants.routes.ts'
import { AccountsService } from './users/accounts.service.ts'
import { accountRoutes } from './users/accounts.routes.ts'
import { userRoutes } from './users/users.routes.ts'

export interface Services {
  sessions: SessionsService
  tenants: TenantsService
  clients: ClientsService
  email: EmailService
  limiter: Limiter
  oauth: OAuthService
  passwordless: PasswordlessService
  spaces: SpacesService
  algorithms: AlgorithmsService
  sensors: SensorsService
  accounts: AccountsService
  close(): Promise<void>
}

export async function createServices(app: FastifyInstance): Promise<Services> {
  const { db, config, keys, log } = app
  const email = new EmailService(db, config, log)
  const limiter = createLimiter(config.redisUrl, config.redisKeyPrefix)
  const sessions = new SessionsService(db)
  const clients = new ClientsService(db)
  const codeKey = await appSecret(db, 'login_code_hmac')
  const cursors = new CursorCodec(await appSecret(db, 'cursor_hmac'))
  const spaces = new SpacesService(db, cursors)
  const oauth = new OAuthService(db, config, keys, clients, limiter, log, codeKey, sessions.isActive)
  oauth.registerGrant('password', passwordGrant)
  if (config.runWorker) email.start()
  const stopMaintenance = scheduleMaintenance(db, log)
  return {
    sessions,
    tenants: new TenantsService(db, checkEmailText),
    clients,
    email,
    limiter,
    oauth,
    passwordless: new PasswordlessService(db, config, clients, email, limiter, log, codeKey),
    spaces,
    algorithms: new AlgorithmsService(db, spaces),
    sensors: new SensorsService(db, cursors),
    accounts: new AccountsService(db, config, email, log),
    async close() {
      stopMaintenance()
      await email.close()
      await limiter.close()
    },
  }
}

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(tenantRoutes)
  await app.register(clientRoutes)
  await app.register(emailRoutes)
  await app.register(oauthRoutes)
  await app.register(userRoutes)
  await app.register(accountRoutes)
  await app.register(algorithmRoutes)
  await app.register(spaceRoutes)
  await app.register(sensorRoutes)
  if (app.services.email.mailboxEnabled) await app.register(mailboxRoutes)
}
