/** Wires services (one instance each per app) and registers every module's routes. */
import type { FastifyInstance } from 'fastify'
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
  /** Mail stays in the outbox and is shown at /dev/mailbox (no SMTP_URL, not production). */
  mailboxEnabled: boolean
  close(): Promise<void>
}

export async function createServices(app: FastifyInstance): Promise<Services> {
  const { db } = app
  return {
    sessions: new SessionsService(db),
    tenants: new TenantsService(db, () => null),
    clients: new ClientsService(db),
    mailboxEnabled: app.config.smtpUrl === null && app.config.env !== 'production',
    async close() {},
  }
}

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(tenantRoutes)
  await app.register(clientRoutes)
}
