/** The platform page as markup: every tenant, the signing keys, the email outbox's figures. */
import { html } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import type { ConsolePage } from './console-kit.ts'
import type { PlatformFigures } from './platform-status.service.ts'

export function platformPage({ tenants: all, keys, outbox }: PlatformFigures): ConsolePage {
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
  return { title: 'Platform', section: 'platform', body }
}
