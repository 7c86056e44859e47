/**
 * The hosted pages as one Fastify plugin: cookies, the stylesheet, an error handler that
 * answers with a page (never JSON), and every page route with and without the
 * `/tenants/{tenantId}` prefix (the prefix brands the page).
 */
import { readFileSync } from 'node:fs'
import cookie from '@fastify/cookie'
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { registerScoped } from '../../lib/scope.ts'
import { accountRoutes } from './account.routes.ts'
import { consoleRoutes } from './console/console.routes.ts'
import { authorizeRoutes } from './authorize.routes.ts'
import { devRoutes } from './dev.routes.ts'
import { invitationRoutes } from './invitation.routes.ts'
import { PageKit } from './kit.ts'

const CSS = readFileSync(new URL('./pages.css', import.meta.url), 'utf8')

/** What a person reads for an error that no route turned into a sentence of its own. */
function sentence(error: FastifyError | AppError, requestId: string): { status: number; text: string } {
  if (error instanceof AppError) return { status: error.statusCode, text: error.message }
  const status = error.statusCode ?? 500
  if (status === 413) return { status, text: 'What you sent is too large.' }
  if (status >= 400 && status < 500) return { status, text: 'This page could not understand what was sent. Go back and try again.' }
  return { status: 500, text: `Something went wrong on our side. Try again in a moment; if it keeps happening, quote reference ${requestId}.` }
}

export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(cookie)
  const { pages } = app.services
  const kit = new PageKit(app, pages.csrfKey)

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, text } = sentence(error, request.id)
    if (status >= 500) request.log.error({ err: error }, 'hosted page failed')
    const tenant = await kit.tenant(request).catch(() => null)
    return kit.error(reply, await kit.brand(tenant), status, text)
  })

  app.get('/pages/pages.css', { schema: { tags: ['pages'], summary: "The hosted pages' stylesheet" } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  )

  if (app.config.env !== 'production') devRoutes(app, kit)

  const oidc = { db: app.db, keys: app.keys, clients: app.services.clients, config: app.config, clock: app.services.clock }
  // registerScoped checks the prefix's tenant id and reads it as a number, as on every other scoped route
  registerScoped(app, (scoped) => {
    authorizeRoutes(scoped, kit, pages.authorize)
    accountRoutes(scoped, kit, pages.sessions, pages.authorize, oidc)
    invitationRoutes(scoped, kit, pages.sessions, pages.invitations)
  })
  consoleRoutes(app, kit, pages.sessions)
}
