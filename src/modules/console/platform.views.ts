/** The platform page as markup: every tenant, the signing keys, the email outbox's figures. */
import { html } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import type { ConsolePage } from './console-kit.ts'
import type { ConsoleText } from './i18n.ts'
import type { ConsoleMessageKey } from './locales/en.ts'
import type { PlatformFigures } from './platform-status.service.ts'
import { tenantFinder, type TenantsShown } from './home.views.ts'

export function platformPage(t: ConsoleText, { tenants: all, keys, outbox }: PlatformFigures, shown: TenantsShown): ConsolePage {
  const finder = tenantFinder(t, shown)
  const head = (...columns: ConsoleMessageKey[]) => html`<thead><tr>${columns.map((key) => html`<th scope="col">${t.text(key)}</th>`)}</tr></thead>`
  const figure = (key: ConsoleMessageKey, count: string | number) => html`<li>${t.t(key, { count: html`<span class="tile-figure">${count}</span>` })}</li>`
  const body = html`<p><a href="/console/platform/providers">${t.text('providers.platformLink')}</a></p>
<h2>${t.text('nav.tenants')}</h2>
${finder.search}
<div class="scroll"><table>${head('platform.tenant', 'platform.kind', 'brandPage.signup')}<tbody>
${all.map(({ tenant }) => html`<tr><th scope="row"><a href="/console/tenants/${tenant.id}">${tenant.name}</a> <span class="hint">#${tenant.id}</span></th><td>${isBrand(tenant) ? t.text('picker.brand') : t.text('platform.under', { id: String(tenant.parent_tenant_id) })}</td><td>${tenant.signup}</td></tr>`)}
</tbody></table></div>
${finder.next}
<h2>${t.text('platform.keys')}</h2>
<div class="scroll"><table>${head('platform.keyId', 'devices.now', 'platform.created')}<tbody>
${keys.map((k) => html`<tr><td><code>${k.kid}</code></td><td>${k.state}</td><td>${k.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`)}
</tbody></table></div>
<h2>${t.text('platform.outbox')}</h2>
<ul class="tiles" aria-label="${t.text('platform.outbox')}">
${figure('platform.toDeliver', outbox.depth)}
${figure('platform.oldest', `${Math.round(outbox.oldestAgeSeconds)} s`)}
${figure('platform.sent', outbox.sent)}
${figure('platform.failed', outbox.failed)}
</ul>
<p class="hint">${t.t('platform.hint', { rotate: html`<code>trellis keys rotate</code>`, retry: html`<code>trellis outbox retry</code>` })}</p>`
  return { title: t.text('nav.platform'), section: 'platform', body }
}
