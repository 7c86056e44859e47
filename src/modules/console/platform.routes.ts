/**
 * The platform page of the console, for platform administrators only (the policy's
 * `platform.inspect`; anyone else gets the same 403 as the API would give): every tenant,
 * the token signing keys and what each does now, and the email outbox's figures. Keys are
 * rotated and failed mail re-driven with the CLI (`trellis keys rotate`, `trellis outbox retry`).
 */
import type { FastifyInstance } from 'fastify'
import { isPlatform } from '../tenancy/index.ts'
import { pageActor } from '../pages/index.ts'
import { SIGNED_OUT, type ConsoleKit } from './console-kit.ts'
import { platformPage } from './platform.views.ts'
import { consoleTranslator } from './i18n.ts'
import { shownOf, tenantsAsked } from './tenant-finder.ts'

export function platformRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { platform } = ck.services
  app.get('/console/platform', { schema: { tags: ['pages'], summary: 'Console: tenants, signing keys and outbox status (platform administrators)', response: SIGNED_OUT } }, async (request, reply) => {
    const session = await ck.session(request)
    if (!session) return reply.header('cache-control', 'no-store').redirect('/console', 303)
    const actor = pageActor(session, request.ip)
    const find = tenantsAsked(request)
    const figures = await platform.inspect(actor, find)
    const page = await ck.context(request, reply)
    const t = consoleTranslator(page.t.locale)
    return ck.send(reply, { page, session, tenant: null, platformAdmin: isPlatform(actor), t }, platformPage(t, figures, shownOf('/console/platform', find, figures.tenants)))
  })
}
