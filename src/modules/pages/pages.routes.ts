/**
 * The hosted sign-in and account pages as one Fastify plugin: cookies, CSRF and errors as
 * pages (page-plugin.ts), the stylesheet, and every page route with and without the
 * `/tenants/{tenantId}` prefix (the prefix brands the page). The console is a plugin of its
 * own (modules/console), built on the same kit.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { registerScoped } from '../../lib/scope.ts'
import { accountRoutes } from './account.routes.ts'
import { authorizeRoutes } from './authorize.routes.ts'
import { devRoutes } from './dev.routes.ts'
import { invitationRoutes } from './invitation.routes.ts'
import { senderVerificationRoutes } from './sender-verification.routes.ts'
import { PageKit } from './kit.ts'
import { servePages } from './page-plugin.ts'

const CSS = readFileSync(new URL('./pages.css', import.meta.url), 'utf8')

export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const { pages } = app.services
  const kit = new PageKit(app, pages.csrfKey, pages.sessions, app.services.tenants)
  await servePages(app, kit)

  app.get('/pages/pages.css', { schema: { tags: ['pages'], summary: "The hosted pages' stylesheet" } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  )

  if (app.config.env !== 'production') devRoutes(app, kit)

  const oidc = { sessions: app.services.sessions, keys: app.keys, clients: app.services.clients, config: app.config, clock: app.services.clock }
  // registerScoped checks the prefix's tenant id and reads it as a number, as on every other scoped route
  registerScoped(app, (scoped) => {
    authorizeRoutes(scoped, kit, pages.authorize)
    accountRoutes(scoped, kit, { sessions: pages.sessions, authorize: pages.authorize, oidc })
    invitationRoutes(scoped, kit, pages.sessions, pages.invitations)
  })
  // the link of a sender confirmation email: a platform address, never under a tenant's prefix
  senderVerificationRoutes(app, kit)
}
