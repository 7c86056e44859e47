/** The console's front door as markup: a tenant at a glance, and the picker of the tenants a person works in. */
import type { Tenant, TenantRole } from '../../db/database.ts'
import { html } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import type { Console, ConsolePage } from './console-kit.ts'

export function overview(c: Console, counts: { total: number; online: number; claimed: number }, staff: number): ConsolePage {
  const body = html`
<p>You are <strong>${c.role}</strong> in ${c.tenant.name}${c.platformAdmin ? ' (as a platform administrator)' : ''}.</p>
<ul class="tiles" aria-label="At a glance">
<li><span class="tile-figure">${counts.total}</span> devices</li>
<li><span class="tile-figure">${counts.online}</span> online now</li>
<li><span class="tile-figure">${counts.claimed}</span> claimed</li>
<li><span class="tile-figure">${staff}</span> members</li>
</ul>`
  return { title: c.tenant.name, section: 'overview', body }
}

/** `role` null: a platform administrator's view of a tenant they hold no role in. */
export function tenantPicker(mine: { tenant: Tenant; role: TenantRole | null }[]): ConsolePage {
  const list = mine.length
    ? html`<ul class="rows">${mine.map(({ tenant, role }) => html`<li><a href="/console/tenants/${tenant.id}">${tenant.name}</a> <span class="hint">${role ?? 'platform administrator'}${isBrand(tenant) ? ' · brand' : ''}</span></li>`)}</ul>`
    : html`<p>You have no tenant to manage with this account. Ask an administrator of your team for an invitation.</p>`
  return { title: 'Your tenants', section: 'tenants', body: list }
}
