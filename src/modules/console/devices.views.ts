/** The devices page as markup: the sensors with their commands, the devices a brand registered, new credentials. */
import type { Sensor } from '../../db/database.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { findSensorType, SENSOR_TYPES } from '../sensors/index.ts'
import { actionButton, confirmLink, csrfField, notes, textArea, textField } from './console.views.ts'
import { when } from './webhooks.views.ts'
import type { ConsoleText } from './i18n.ts'

export interface DevicesData {
  counts: { total: number; online: number; claimed: number }
  sensors: Sensor[]
  /** The devices the brand registered, each with its holder where claimed; null: the section is left out. */
  registered: { device: { mac: string; model: string }; holder: { tenantId: number; online: boolean; lastSeenAt: Date | null } | null }[] | null
  /** What the registered list was searched by, and the id the next page starts before (null: none). */
  find: { mac: string; next: number | null }
}

/** A search of the registered devices: the start of a MAC, and the page (the last id of the one before). */
export interface RegisteredFind {
  mac?: string
  before?: number
}

function stateOf(t: ConsoleText, sensor: Sensor): string {
  const data = sensor.latest_data?.fullData
  if (!data) return t.text('devices.noState')
  return Object.entries(data)
    .slice(0, 8)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

function sensorRow(c: Console, s: Sensor): SafeHtml {
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/devices/${s.id}`
  const label = s.display_name ?? s.name
  const name = { name: label }
  const power = (value: number, text: string) =>
    actionButton({ action: `${base}/command`, csrf: c.page.csrf, label: text, fields: { command: `tune set power ${value}` } })
  return html`<tr>
<th scope="row">${label}<br><span class="hint">${s.device_id}</span></th>
<td>${s.online ? html`<span class="badge on">${t.text('devices.online')}</span>` : html`<span class="badge">${t.text('devices.offline')}</span>`}</td>
<td>${t.text(s.device_ref ? 'devices.claimed' : 'devices.notClaimed')}</td>
<td class="state">${stateOf(t, s)}</td>
<td class="actions">${s.online ? html`${power(1, t.text('devices.turnOn', name))}${power(0, t.text('devices.turnOff', name))}` : ''}
<form method="post" action="${base}/command" class="inline">${csrfField(c.page.csrf)}
<label for="cmd-${s.id}" class="sr-only">${t.text('devices.commandFor', name)}</label>
<input id="cmd-${s.id}" name="command" type="text" placeholder="tune set speed 3" maxlength="100" required class="short">
<button type="submit" class="secondary small">${t.text('devices.send')}</button></form>
${c.admin && s.device_ref ? actionButton({ action: `${base}/credentials`, csrf: c.page.csrf, label: t.text('devices.newPassword', name) }) : ''}
${c.admin ? confirmLink({ href: `${base}/delete`, label: t.text('devices.delete', name) }) : ''}</td>
</tr>`
}

/** A model as people know it: its name, with the id the API takes. */
const modelName = (model: string) => {
  const known = findSensorType(model)
  return known ? html`${known.name} <span class="hint">${model}</span>` : html`${model}`
}

function registeredRow(c: Console, { device, holder }: NonNullable<DevicesData['registered']>[number]): SafeHtml {
  const { t } = c
  const now = holder ? (holder.online ? html`<span class="badge on">${t.text('devices.online')}</span>` : html`<span class="badge">${t.text('devices.offline')}</span>`) : '-'
  return html`<tr><th scope="row"><code>${device.mac}</code></th><td>${modelName(device.model)}</td>
<td>${holder ? t.text('devices.heldBy', { tenant: String(holder.tenantId) }) : t.text('devices.unclaimed')}</td><td>${now}</td><td>${holder ? when(holder.lastSeenAt) : '-'}</td></tr>`
}

/** Register one device, or import a file of them (CSV or JSON, as `trellis devices import` reads). */
function registerForms(c: Console): SafeHtml {
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/devices`
  return html`<details><summary>${t.text('devices.registerOne')}</summary>
<form method="post" action="${base}/register" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'mac', label: t.text('devices.mac'), value: '', required: true, maxlength: 40, placeholder: 'e0:5a:1b:76:ef:60' })}
<label for="f-model">${t.text('devices.model')}</label>
<select id="f-model" name="model">${SENSOR_TYPES.flatMap((m) => m.types.map((type) => html`<option value="${type}">${m.name} (${type})</option>`))}</select>
${textField({ name: 'claimCode', label: t.text('devices.claimCode'), value: '', maxlength: 200, hint: t.text('devices.claimCodeHint') })}
${textField({ name: 'factoryPassword', label: t.text('devices.factoryPassword'), value: '', type: 'password', maxlength: 200 })}
<button type="submit">${t.text('devices.registerButton')}</button></form></details>
<details><summary>${t.text('devices.importTitle')}</summary>
<form method="post" action="${base}/import" class="stack narrow">${csrfField(c.page.csrf)}
${textArea({ name: 'file', label: t.text('devices.importFile'), value: '', hint: t.text('devices.importHint') })}
<button type="submit">${t.text('devices.importButton')}</button></form></details>`
}

function registeredSection(c: Console, rows: DevicesData['registered'], find: DevicesData['find']): SafeHtml {
  if (!rows) return html``
  const { t } = c
  const base = `/console/tenants/${c.tenant.id}/devices`
  const column = (key: Parameters<ConsoleText['text']>[0]) => html`<th scope="col">${t.text(key)}</th>`
  const older = find.next === null ? html`` : html`<p><a href="${base}?${new URLSearchParams({ ...(find.mac ? { mac: find.mac } : {}), before: String(find.next) }).toString()}" rel="next">${t.text('devices.older')}</a></p>`
  return html`<h2>${t.text('devices.registeredBy', { tenant: c.tenant.name })}</h2>
${registerForms(c)}
<form method="get" action="${base}" class="row" role="search">
<label for="device-mac">${t.text('devices.findMac')}</label>
<input id="device-mac" name="mac" type="search" value="${find.mac}" maxlength="40">
<button type="submit" class="secondary small">${t.text('picker.searchButton')}</button></form>
${rows.length
    ? html`<div class="scroll"><table><thead><tr>${column('devices.mac')}${column('devices.model')}${column('devices.claimedColumn')}${column('devices.now')}${column('devices.lastReport')}</tr></thead><tbody>
${rows.map((row) => registeredRow(c, row))}</tbody></table></div>${older}`
    : html`<p>${t.text('devices.noneRegistered')}</p>`}`
}

export function devicesPage(c: Console, data: DevicesData, n: Notes, extra: SafeHtml = html``): ConsolePage {
  const { counts, sensors } = data
  const { t } = c
  const column = (key: Parameters<ConsoleText['text']>[0]) => html`<th scope="col">${t.text(key)}</th>`
  const table = sensors.length
    ? html`<div class="scroll"><table><caption>${t.text('devices.of', { tenant: c.tenant.name })}</caption><thead><tr>${column('devices.device')}${column('devices.now')}${column('devices.record')}${column('devices.lastState')}${column('devices.actions')}</tr></thead>
<tbody>${sensors.map((s) => sensorRow(c, s))}</tbody></table></div>`
    : html`<p>${t.text('devices.none')}</p>`
  const body = html`${notes(n)}${extra}
<p>${t.text('devices.counts', { total: counts.total, online: counts.online, claimed: counts.claimed })}</p>
${table}
${registeredSection(c, data.registered, data.find)}`
  return { title: t.text('devices.title'), section: 'devices', body }
}

/** A device's new MQTT credentials: the password is shown once. */
export function newCredentials(t: ConsoleText, label: string, issued: { username: string; password: string }): SafeHtml {
  return html`<div class="notice ok" role="status"><p>${t.text('devices.newCredentials', { name: label })}</p>
<dl><dt>${t.text('devices.username')}</dt><dd><code>${issued.username}</code></dd><dt>${t.text('devices.password')}</dt><dd><code class="secret">${issued.password}</code></dd></dl></div>`
}
