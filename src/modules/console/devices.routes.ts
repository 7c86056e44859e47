/**
 * Devices in the console: the tenant's sensors (online now, last state), a command to one
 * (members may switch a tenant's devices, as on the API), new MQTT credentials (the holder's
 * admins; the password is shown once), and, for a brand, the devices it registered and
 * whether each was claimed. Every action is the devices API's own service call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Sensor } from '../../db/database.ts'
import { Id } from '../../lib/scope.ts'
import { field, html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsoleKit, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, csrfField, notes } from './console.views.ts'
import { unlessForbidden } from './history.views.ts'
import { isBrand } from '../tenancy/index.ts'

export async function deviceCounts(app: FastifyInstance, c: Console) {
  return app.services.sensors.counts(c.actor, c.tenant.id)
}

const sensorParam = (request: FastifyRequest) => (request.params as { sensorId: number }).sensorId

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
${c.admin && s.device_ref ? actionButton({ action: `${base}/credentials`, csrf: c.page.csrf, label: `New MQTT password for ${label}` }) : ''}</td>
</tr>`
}

async function registered(app: FastifyInstance, c: Console): Promise<SafeHtml> {
  // only a brand registers devices (policy.registerIn); for other tenants the section is left out
  if (!c.admin || !isBrand(c.tenant)) return html``
  // a refusal (403) leaves the section out too; anything else is an error, not an empty page
  const rows = await unlessForbidden(() => app.services.devices.registry.listWithClaims(c.actor, c.tenant.id))
  if (!rows) return html``
  return html`<h2>Registered by ${c.tenant.name}</h2>
${rows.length
    ? html`<table><thead><tr><th scope="col">MAC</th><th scope="col">Model</th><th scope="col">Claimed</th></tr></thead><tbody>
${rows.map(({ device, claimed }) => html`<tr><td>${device.mac}</td><td>${device.model}</td><td>${claimed ? 'claimed' : 'unclaimed'}</td></tr>`)}</tbody></table>`
    : html`<p>No devices registered yet (the API's POST /devices registers them).</p>`}`
}

async function show(app: FastifyInstance, c: Console, n: Notes, extra: SafeHtml = html``): Promise<ConsolePage> {
  const counts = await deviceCounts(app, c)
  const sensors = await app.services.sensors.list(c.actor, c.tenant.id, {})
  const table = sensors.length
    ? html`<div class="scroll"><table><caption>Devices of ${c.tenant.name}</caption><thead><tr><th scope="col">Device</th><th scope="col">Now</th><th scope="col">Record</th><th scope="col">Last state</th><th scope="col">Actions</th></tr></thead>
<tbody>${sensors.map((s) => sensorRow(c, s))}</tbody></table></div>`
    : html`<p>No devices in this tenant yet.</p>`
  const body = html`${notes(n)}${extra}
<p>${counts.total} devices, ${counts.online} online now, ${counts.claimed} claimed.</p>
${table}
${await registered(app, c)}`
  return { title: 'Devices', section: 'devices', body }
}

export function deviceRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const params = { sensorId: Id }
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(app, c, n)
  ck.get('/devices', 'devices, online now, last state', (c) => show(app, c, {}))

  ck.post(
    '/devices/:sensorId/command',
    'send a command to a device',
    async (c, request) => {
      const sensor = await app.services.sensors.access(c.actor, sensorParam(request), c.tenant.id, 'sensors.command')
      const sent = await app.services.devices.commands.send(sensor, field(request, 'command').trim(), c.actor)
      return `"${sent.command}" sent to ${sensor.display_name ?? sensor.name}.`
    },
    view,
    params,
  )

  ck.post(
    '/devices/:sensorId/credentials',
    "give a device a new MQTT password (its current connection ends)",
    async (c, request) => {
      const { sensor, device } = await app.services.devices.registry.ofSensor(c.actor, sensorParam(request), c.tenant.id, 'sensors.write')
      const issued = await app.services.devices.credentials.issue(device, { actor: c.actor, tenantId: sensor.tenant_id })
      const shown = html`<div class="notice ok" role="status"><p>New MQTT credentials for ${sensor.display_name ?? sensor.name}. The password is shown once: put it on the device now.</p>
<dl><dt>Username and client id</dt><dd><code>${issued.username}</code></dd><dt>Password</dt><dd><code class="secret">${issued.password}</code></dd></dl></div>`
      return show(app, c, {}, shown)
    },
    view,
    params,
  )
}
