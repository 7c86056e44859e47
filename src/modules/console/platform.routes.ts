/**
 * The platform page of the console, for platform administrators only (the policy's
 * `platform.inspect`; anyone else gets the same 403 as the API would give): every tenant,
 * the token signing keys and what each does now, and the email outbox's figures. Keys are
 * rotated and failed mail re-driven with the CLI (`trellis keys rotate`, `trellis outbox retry`).
 */
import type { FastifyInstance } from 'fastify'
import { isBrand, isPlatform } from '../tenancy/index.ts'
import { html, pageActor } from '../pages/index.ts'
import { SIGNED_OUT, type ConsoleKit } from './console-kit.ts'

export function platformRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { platform } = app.services.pages
  app.get('/console/platform', { schema: { tags: ['pages'], summary: 'Console: tenants, signing keys and outbox status (platform administrators)', response: SIGNED_OUT } }, async (request, reply) => {
    const session = await ck.session(request)
    if (!session) return reply.header('cache-control', 'no-store').redirect('/console', 303)
    const actor = pageActor(session, request.ip)
    const { tenants: all, keys, outbox } = await platform.inspect(actor)
    const body = html`<h2>Tenants</h2>
<div class="scroll"><table><thead><tr><th scope="col">Tenant</th><th scope="col">Kind</th><th scope="col">Sign-up</th></tr></thead><tbody>
${all.map(({ tenant }) => html`<tr><th scope="row"><a href="/console/tenants/${tenant.id}">${tenant.name}</a> <span class="hint">#${tenant.id}</span></th><td>${isBrand(tenant) ? 'brand' : `under #${tenant.parent_tenant_id}`}</td><td>${tenant.signup}</td></tr>`)}
</tbody></table></div>
<h2>Signing keys</h2>
<div class="scroll"><table><thead><tr><th scope="col">Key id</th><th scope="col">Now</th><th scope="col">Created</th></tr></thead><tbody>
${keys.map((k) => html`<tr><td><code>${k.kid}</code></td><td>${k.state}</td><td>${k.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`)}
</tbody></table></div>
<h2>Email outbox</h2>
<ul class="tiles" aria-label="Email outbox">
<li><span class="tile-figure">${outbox.depth}</span> to deliver</li>
<li><span class="tile-figure">${Math.round(outbox.oldestAgeSeconds)} s</span> oldest waiting</li>
<li><span class="tile-figure">${outbox.sent}</span> sent (30 days)</li>
<li><span class="tile-figure">${outbox.failed}</span> failed for good</li>
</ul>
<p class="hint">Keys rotate with <code>trellis keys rotate</code>; failed mail is sent again with <code>trellis outbox retry</code>.</p>`
    const page = await ck.context(request, reply)
    return ck.send(reply, { page, session, tenant: null, platformAdmin: isPlatform(actor) }, { title: 'Platform', section: 'platform', body })
  })
}
