/** The console's front door as markup: a tenant at a glance, and the picker of the tenants a person works in. */
import type { Tenant, TenantRole } from '../../db/database.ts'
import { html } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import type { Console, ConsolePage } from './console-kit.ts'
import type { ConsoleText } from './i18n.ts'

export function overview(c: Console, counts: { total: number; online: number; claimed: number }, staff: number): ConsolePage {
  const t = c.t
  const figure = (count: number) => ({ count: html`<span class="tile-figure">${count}</span>` })
  const body = html`
<p>${t.t(c.platformAdmin ? 'home.youArePlatform' : 'home.youAre', { role: html`<strong>${t.text(`role.${c.role}`)}</strong>`, tenant: c.tenant.name })}</p>
<ul class="tiles" aria-label="${t.text('home.glance')}">
<li>${t.t('home.devices', figure(counts.total))}</li>
<li>${t.t('home.online', figure(counts.online))}</li>
<li>${t.t('home.claimed', figure(counts.claimed))}</li>
<li>${t.t('home.members', figure(staff))}</li>
</ul>`
  return { title: c.tenant.name, section: 'overview', body }
}

/** A list of tenants as far as one page goes: what was searched, and where the next page starts (null: this is the last). */
export interface TenantsShown {
  q: string
  next: number | null
  /** The page these are on: /console or /console/platform. */
  path: string
}

/** The search box above a list of tenants, and the link to the next page of it. */
export function tenantFinder(t: ConsoleText, shown: TenantsShown) {
  const search = html`<form method="get" action="${shown.path}" class="row" role="search">
<label for="tenant-q">${t.text('picker.search')}</label>
<input id="tenant-q" name="q" type="search" value="${shown.q}" maxlength="200">
<button type="submit" class="secondary small">${t.text('picker.searchButton')}</button></form>`
  const query = (after: number) => `${shown.path}?${new URLSearchParams({ ...(shown.q ? { q: shown.q } : {}), after: String(after) }).toString()}`
  const next = shown.next === null ? html`` : html`<p><a href="${query(shown.next)}" rel="next">${t.text('picker.next')}</a></p>`
  return { search, next }
}

/** `role` null: a platform administrator's view of a tenant they hold no role in. */
export function tenantPicker(t: ConsoleText, mine: { tenant: Tenant; role: TenantRole | null }[], shown: TenantsShown): ConsolePage {
  const finder = tenantFinder(t, shown)
  const list = mine.length
    ? html`<ul class="rows">${mine.map(({ tenant, role }) => html`<li><a href="/console/tenants/${tenant.id}">${tenant.name}</a> <span class="hint">${role ? t.text(`role.${role}`) : t.text('picker.platformAdmin')}${isBrand(tenant) ? ` · ${t.text('picker.brand')}` : ''}</span></li>`)}</ul>`
    : html`<p>${t.text(shown.q ? 'picker.noneFound' : 'picker.none', { q: shown.q })}</p>`
  return { title: t.text('picker.title'), section: 'tenants', body: html`${finder.search}${list}${finder.next}` }
}
