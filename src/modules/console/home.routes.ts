/**
 * The console's front door: sign-in (through the hosted login of the platform, or of a brand
 * under its `/tenants/{id}` prefix), the tenant picker and a tenant's overview. Signed
 * out, `/console` shows the hosted sign-in, which comes back here.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Tenant, TenantRole } from '../../db/database.ts'
import { registerScoped } from '../../lib/scope.ts'
import { emailStep, pageActor, PASSKEY_SCRIPT, type PageSession } from '../pages/index.ts'
import { isPlatform } from '../tenancy/index.ts'
import { SIGNED_OUT, type ConsoleKit } from './console-kit.ts'
import { deviceCounts } from './devices.routes.ts'
import { overview, tenantPicker } from './home.views.ts'
import { shownOf, tenantsAsked } from './tenant-finder.ts'
import { consoleTranslator } from './i18n.ts'

const asset = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
const CSS = asset('console.css')
const JS = asset('assets/console.js')

export function homeRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  app.get('/console/console.css', { schema: { tags: ['pages'], summary: "The console's stylesheet" } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  )
  app.get('/console/console.js', { schema: { tags: ['pages'], summary: "The console's script: live previews (the pages work without it)" } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JS),
  )

  registerScoped(app, (scoped) => {
    scoped.get('/console', { schema: { tags: ['pages'], summary: 'Console: sign in, then pick a tenant (under a brand\'s prefix, its hosted login)', response: SIGNED_OUT } }, async (request, reply) => {
      const session = await ck.session(request)
      if (!session) return signIn(ck, request, reply)
      return picker(ck, request, reply, session)
    })
  })

  ck.get('', 'a tenant at a glance', async (c) => {
    const counts = await deviceCounts(s, c)
    const members = await s.tenants.members(c.actor, c.tenant.id)
    const staff = members.filter((m) => m.role !== 'customer').length
    return overview(c, counts, staff)
  })
}

async function signIn(ck: ConsoleKit, request: FastifyRequest, reply: FastifyReply) {
  const tenantId = (request.params as { tenantId?: number }).tenantId ?? null
  const ctx = await ck.kit.context(request, reply)
  const pending = await ck.services.authorize.beginAccount(tenantId, ctx.browser, request.ip, '/console')
  // a brand's admin signs in with a passkey too, where the brand offers them
  const passkey = (await ck.services.passkeyModes.modeAt(tenantId)) !== 'off'
  const body = emailStep(ctx.brand, { csrf: ctx.csrf, requestId: pending.id, appName: null, t: ctx.t, uiLocales: ctx.uiLocales, passkey })
  return ck.kit.send(reply, ctx, { title: consoleTranslator(ctx.t.locale).text('shell.signIn'), body, scripts: passkey ? [PASSKEY_SCRIPT] : [] })
}

/** The tenants the person works in (not those they are only a customer of); platform administrators see all. */
async function picker(ck: ConsoleKit, request: FastifyRequest, reply: FastifyReply, session: PageSession) {
  const actor = pageActor(session, request.ip)
  const find = tenantsAsked(request)
  const rows = await ck.services.tenants.list(actor, find)
  const mine = rows.filter((r: { tenant: Tenant; role: TenantRole | null }) => isPlatform(actor) || (r.role !== null && r.role !== 'customer'))
  if (mine.length === 1 && !isPlatform(actor) && mine[0] && !find.q && !find.after) return reply.header('cache-control', 'no-store').redirect(`/console/tenants/${mine[0].tenant.id}`, 303)
  const page = await ck.context(request, reply)
  const t = consoleTranslator(page.t.locale)
  return ck.send(reply, { page, session, tenant: null, platformAdmin: isPlatform(actor), t }, tenantPicker(t, mine, shownOf('/console', find, rows)))
}
