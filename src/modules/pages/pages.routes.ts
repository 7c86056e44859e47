/**
 * The hosted pages as one Fastify plugin: cookies, the stylesheet, an error handler that
 * answers with a page (never JSON), and every page route with and without the
 * `/tenants/{tenantId}` prefix (the prefix brands the page).
 */
import { readFileSync } from 'node:fs'
import cookie from '@fastify/cookie'
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { FALLBACK_LOCALE } from '../../lib/locale.ts'
import { registerScoped } from '../../lib/scope.ts'
import { accountRoutes } from './account.routes.ts'
import { consoleRoutes } from './console/console.routes.ts'
import { authorizeRoutes } from './authorize.routes.ts'
import { devRoutes } from './dev.routes.ts'
import { invitationRoutes } from './invitation.routes.ts'
import { senderVerificationRoutes } from './sender-verification.routes.ts'
import { translator, type Translator } from './i18n.ts'
import { errorText, PageKit } from './kit.ts'

const CSS = readFileSync(new URL('./pages.css', import.meta.url), 'utf8')

/** What a person reads for an error that no route turned into a sentence of its own. */
function sentence(t: Translator, error: FastifyError | AppError, requestId: string): { status: number; text: string } {
  if (error instanceof AppError) return { status: error.statusCode, text: errorText(t, error) }
  const status = error.statusCode ?? 500
  if (status === 413) return { status, text: t.text('error.tooLarge') }
  if (status >= 400 && status < 500) return { status, text: t.text('error.badRequest') }
  return { status: 500, text: t.text('error.server', { reference: requestId }) }
}

export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(cookie)
  const { pages } = app.services
  const kit = new PageKit(app, pages.csrfKey, pages.sessions)
  // one CSRF check for every form of the pages and the console, before any handler runs
  app.addHook('preHandler', async (request) => kit.guard(request))

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // the error's page speaks the request's language (a failing lookup must not hide the error)
    const t = translator((await kit.locale(request).catch(() => null))?.locale ?? FALLBACK_LOCALE)
    const { status, text } = sentence(t, error, request.id)
    if (status >= 500) request.log.error({ err: error }, 'hosted page failed')
    const tenant = await kit.tenant(request).catch(() => null)
    return kit.error(reply, await kit.brand(tenant), t, status, text)
  })

  app.get('/pages/pages.css', { schema: { tags: ['pages'], summary: "The hosted pages' stylesheet" } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  )

  if (app.config.env !== 'production') devRoutes(app, kit)

  const oidc = { db: app.db, keys: app.keys, clients: app.services.clients, config: app.config, clock: app.services.clock }
  // registerScoped checks the prefix's tenant id and reads it as a number, as on every other scoped route
  registerScoped(app, (scoped) => {
    authorizeRoutes(scoped, kit, pages.authorize)
    accountRoutes(scoped, kit, { sessions: pages.sessions, authorize: pages.authorize, oidc })
    invitationRoutes(scoped, kit, pages.sessions, pages.invitations)
  })
  // the link of a sender confirmation email: a platform address, never under a tenant's prefix
  senderVerificationRoutes(app, kit)
  consoleRoutes(app, kit, pages.sessions)
}
