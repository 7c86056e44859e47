/** Wires services (one instance each per app) and registers every module's routes. */
import type { FastifyInstance } from 'fastify'
import { EmailService } from './email/email.service.ts'
import { emailRoutes } from './email/email.routes.ts'
import { mailboxRoutes } from './email/mailbox.routes.ts'
import { checkEmailText } from './email/placeholders.ts'
import { ClientsService } from './oauth/clients.service.ts'
import { clientRoutes } from './oauth/clients.routes.ts'
import { SessionsService } from './oauth/sessions.ts'
import { systemRoutes } from './system.routes.ts'
import { TenantsService } from './tenants/tenants.service.ts'
import { tenantRoutes } from './tenants/tenants.routes.ts'

export interface Services {
  sessions: SessionsService
  tenants: TenantsService
  clients: ClientsService
  email: EmailService
  /** Mail stays in the outbox and is shown at /dev/mailbox (no SMTP_URL, not production). */
  mailboxEnabled: boolean
  close(): Promise<void>
}

export async function createServices(app: FastifyInstance): Promise<Services> {
  const { db, config } = app
  const email = new EmailService(db, config, app.log)
  if (config.runWorker) email.start()
  return {
    sessions: new SessionsService(db),
    tenants: new TenantsService(db, checkEmailText),
    clients: new ClientsService(db),
    email,
    mailboxEnabled: email.mailboxEnabled,
    async close() {
      await email.close()
    },
  }
}

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(tenantRoutes)
  await app.register(clientRoutes)
  await app.register(emailRoutes)
  if (app.services.mailboxEnabled) await app.register(mailboxRoutes)
}
