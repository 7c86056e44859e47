/** The devices page as markup: the sensors with their commands, the devices a brand registered, new credentials. */
import type { Sensor } from '../../db/database.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes } from './console.views.ts'

export interface DevicesData {
  counts: { total: number; online: number; claimed: number }
  sensors: Sensor[]
  /** The devices the brand registered and whether each was claimed; null: the section is left out. */
  registered: { device: { mac: string; model: string }; claimed: boolean }[] | null
}

function stateOf(sensor: Sensor): string {
  const data = sensor.latest_data?.fullData
  if (!data) return 'no state yet'
  return Object.entries(data)
    .slice(0, 8)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

function sensorRow(c: Console, s: Sensor): SafeHtml {
  const base = `/console/tenants/${c.tenant.id}/devices/${s.id}`
  const label = s.display_name ?? s.name
  const power = (value: number, text: string) =>
    actionButton({ action: `${base}/command`, csrf: c.page.csrf, label: `${text} ${label}`, fields: { command: `tune set power ${value}` } })
  return html`<tr>
<th scope="row">${label}<br><span class="hint">${s.device_id}</span></th>
<td>${s.online ? html`<span class="badge on">online</span>` : html`<span class="badge">offline</span>`}</td>
<td>${s.device_ref ? 'claimed' : 'not claimed'}</td>
<td class="state">${stateOf(s)}</td>
<td class="actions">${s.online ? html`${power(1, 'Turn on')}${power(0, 'Turn off')}` : ''}
<form method="post" action="${base}/command" class="inline">${csrfField(c.page.csrf)}
<label for="cmd-${s.id}" class="sr-only">Command for ${label}</label>
<input id="cmd-${s.id}" name="command" type="text" placeholder="tune set speed 3" maxlength="100" required class="short">
<button type="submit" class="secondary small">Send</button></form>
${c.admin && s.device_ref ? actionButton({ action: `${base}/credentials`, csrf: c.page.csrf, label: `New MQTT password for ${label}` }) : ''}
${c.admin ? confirmLink({ href: `${base}/delete`, label: `Delete ${label}` }) : ''}</td>
</tr>`
}

function registeredSection(c: Console, rows: DevicesData['registered']): SafeHtml {
  if (!rows) return html``
  return html`<h2>Registered by ${c.tenant.name}</h2>
${rows.length
    ? html`<table><thead><tr><th scope="col">MAC</th><th scope="col">Model</th><th scope="col">Claimed</th></tr></thead><tbody>
${rows.map(({ device, claimed }) => html`<tr><td>${device.mac}</td><td>${device.model}</td><td>${claimed ? 'claimed' : 'unclaimed'}</td></tr>`)}</tbody></table>`
    : html`<p>No devices registered yet (the API's POST /devices registers them).</p>`}`
}

export function devicesPage(c: Console, data: DevicesData, n: Notes, extra: SafeHtml = html``): ConsolePage {
  const { counts, sensors } = data
  const table = sensors.length
    ? html`<div class="scroll"><table><caption>Devices of ${c.tenant.name}</caption><thead><tr><th scope="col">Device</th><th scope="col">Now</th><th scope="col">Record</th><th scope="col">Last state</th><th scope="col">Actions</th></tr></thead>
<tbody>${sensors.map((s) => sensorRow(c, s))}</tbody></table></div>`
    : html`<p>No devices in this tenant yet.</p>`
  const body = html`${notes(n)}${extra}
<p>${counts.total} devices, ${counts.online} online now, ${counts.claimed} claimed.</p>
${table}
${registeredSection(c, data.registered)}`
  return { title: 'Devices', section: 'devices', body }
}

/** A device's new MQTT credentials: the password is shown once. */
export function newCredentials(label: string, issued: { username: string; password: string }): SafeHtml {
  return html`<div class="notice ok" role="status"><p>New MQTT credentials for ${label}. The password is shown once: put it on the device now.</p>
<dl><dt>Username and client id</dt><dd><code>${issued.username}</code></dd><dt>Password</dt><dd><code class="secret">${issued.password}</code></dd></dl></div>`
}
