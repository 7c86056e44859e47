/**
 * The platform's own sign-in providers in the console, offered at every brand (docs/api.md,
 * "Sign in with Apple, Google and other OpenID providers"): platform administrators list, add,
 * test, turn on or off and delete them, each one call of the connections service with no tenant
 * (policy.ts connections.managePlatform refuses anyone else, 403, as the API does). The page
 * sits beside the platform page; its forms post here and come back (post/redirect/get).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field, html, pageActor, type PageContext, type PageSession } from '../pages/index.ts'
import { isPlatform, type Actor } from '../tenancy/index.ts'
import { refusalOf, SIGNED_OUT, type ConsoleKit, type Notes } from './console-kit.ts'
import { confirmPage, notes } from './console.views.ts'
import { consoleTranslator, type ConsoleText } from './i18n.ts'
import { connectionOf } from './providers.routes.ts'
import { providersBody } from './providers.views.ts'

const BASE = '/console/platform/providers'

interface Opened {
  session: PageSession
  actor: Actor
  page: PageContext
  t: ConsoleText
}

export function platformProviderRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { connections } = ck.services

  async function open(request: FastifyRequest, reply: FastifyReply, session: PageSession): Promise<Opened> {
    const page = await ck.context(request, reply)
    return { session, actor: pageActor(session, request.ip), page, t: consoleTranslator(page.t.locale) }
  }

  async function render(reply: FastifyReply, o: Opened, n: Notes, status?: number) {
    const providers = await connections.list(o.actor, null)
    const intro = o.t.text('providers.platformIntro')
    const body = html`${notes(n)}${providersBody({ t: o.t, csrf: o.page.csrf, base: BASE }, providers, connections.callbackUri, intro, o.t.text('providers.platformNone'))}`
    return ck.send(reply, { page: o.page, session: o.session, tenant: null, platformAdmin: isPlatform(o.actor), t: o.t }, { title: o.t.text('providers.platformTitle'), section: 'platform', body, status })
  }

  app.get(BASE, { schema: { tags: ['pages'], summary: "Console: the platform's sign-in providers, offered at every brand (platform administrators)", response: SIGNED_OUT } }, async (request, reply) => {
    const session = await ck.session(request)
    if (!session) return reply.header('cache-control', 'no-store').redirect('/console', 303)
    const o = await open(request, reply, session)
    const left = ck.flash.take(request, reply, o.page.browser)
    return render(reply, o, left ? { notice: left } : {})
  })

  const ids = Type.Object({ connectionId: Id })
  const idOf = (request: FastifyRequest) => (request.params as { connectionId: number }).connectionId

  /** A form of the page: done, back to the page saying so; refused for its input, the page again with why. */
  function form(path: string, summary: string, act: (o: Opened, request: FastifyRequest) => Promise<string>) {
    app.post(`${BASE}${path}`, { schema: { tags: ['pages'], summary: `Console: ${summary} (form)`, ...(path.includes(':connectionId') ? { params: ids } : {}) } }, async (request, reply) => {
      const session = await ck.session(request)
      if (!session) throw appErrors.signed_out()
      const o = await open(request, reply, session)
      try {
        ck.flash.set(reply, o.page.browser, await act(o, request))
        return reply.header('cache-control', 'no-store').redirect(BASE, 303)
      } catch (error) {
        const refusal = refusalOf(error, o.page.t)
        if (!refusal) throw error
        return render(reply, o, { error: refusal.error }, refusal.status)
      }
    })
  }

  form('', 'add a sign-in provider for every brand (the secret or key is sealed, never shown again)', async (o, request) => {
    const added = await connections.create(o.actor, null, connectionOf(request))
    return o.t.text('providers.added', { name: added.name })
  })
  form('/:connectionId/test', "test one of the platform's sign-in providers", async (o, request) => {
    const result = await connections.test(o.actor, null, idOf(request))
    return result.ok ? o.t.text('providers.tested', { issuer: result.issuer, keys: result.keys }) : o.t.text('providers.testFailed', { problem: result.problem })
  })
  form('/:connectionId/enabled', "turn one of the platform's sign-in providers on or off", async (o, request) => {
    const changed = await connections.update(o.actor, null, idOf(request), { enabled: field(request, 'enabled') === 'true' })
    return o.t.text(changed.enabled ? 'providers.turnedOn' : 'providers.turnedOff', { name: changed.name })
  })
  form('/:connectionId/delete', "delete one of the platform's sign-in providers", async (o, request) => {
    const gone = await connections.get(o.actor, null, idOf(request))
    await connections.remove(o.actor, null, gone.id)
    return o.t.text('providers.deleted', { name: gone.name })
  })

  app.get(`${BASE}/:connectionId/delete`, { schema: { tags: ['pages'], summary: "Console: delete one of the platform's sign-in providers: the page that asks first", params: ids, response: SIGNED_OUT } }, async (request, reply) => {
    const session = await ck.session(request)
    if (!session) return reply.header('cache-control', 'no-store').redirect('/console', 303)
    const o = await open(request, reply, session)
    const name = { name: (await connections.get(o.actor, null, idOf(request))).name }
    const asked = confirmPage({ title: o.t.text('providers.deleteTitle', name), section: 'platform', sentence: o.t.text('providers.deleteSentence', name), button: o.t.text('providers.delete', name), csrf: o.page.csrf, action: `${BASE}/${idOf(request)}/delete`, cancel: BASE, t: o.t })
    return ck.send(reply, { page: o.page, session: o.session, tenant: null, platformAdmin: isPlatform(o.actor), t: o.t }, asked)
  })
}
