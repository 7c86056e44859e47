/**
 * Devices in the console: the tenant's sensors (online now, last state), a command to one
 * (members may switch a tenant's devices, as on the API), new MQTT credentials (the holder's
 * admins; the password is shown once), and, for a brand, the devices it registered and
 * whether each was claimed. Every action is the devices API's own service call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field, html, type SafeHtml } from '../pages/index.ts'
import type { Console, ConsoleKit, ConsoleServices, ConsolePage, Notes } from './console-kit.ts'
import { unlessForbidden } from './console-reads.ts'
import { devicesPage, newCredentials, type RegisteredFind } from './devices.views.ts'
import { isBrand } from '../tenancy/index.ts'
import { DeviceInputSchema, readDevices } from '../devices/index.ts'
import { checked } from './console-kit.ts'

export async function deviceCounts(s: ConsoleServices, c: Console) {
  return s.sensors.counts(c.actor, c.tenant.id)
}

/** The devices one import registers at most (the API's bulk takes as many). */
const IMPORT_MAX = 1000

/** The fields given (a form's empty ones left out, as the API's body would). */
const given = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

const sensorParam = (request: FastifyRequest) => (request.params as { sensorId: number }).sensorId

/** The registered devices a page shows: a hundred, newest first. */
const REGISTERED_PAGE = 100

/** `?mac=` (the start of a MAC) and `?before=` (the last id of the page before), as far as they are sane. */
function registeredAsked(request: FastifyRequest): RegisteredFind {
  const query = (request.query ?? {}) as Record<string, unknown>
  const mac = typeof query.mac === 'string' && /^[0-9A-Fa-f:.-]{1,40}$/.test(query.mac.trim()) ? query.mac.trim() : ''
  const before = typeof query.before === 'string' && /^\d{1,10}$/.test(query.before) ? Number(query.before) : 0
  return { ...(mac ? { mac } : {}), ...(before > 0 && before <= 2147483647 ? { before } : {}) }
}

/** The devices a brand registered, for its admins; null leaves the section out (another tenant, or a refusal). */
async function registeredRows(s: ConsoleServices, c: Console, find: RegisteredFind) {
  // only a brand registers devices (policy.registerIn); for other tenants the section is left out
  if (!c.admin || !isBrand(c.tenant)) return null
  // a refusal (403) leaves the section out too; anything else is an error, not an empty page
  return unlessForbidden(() => s.devices.registry.listWithClaims(c.actor, c.tenant.id, { ...find, limit: REGISTERED_PAGE }))
}

async function show(s: ConsoleServices, c: Console, n: Notes, extra?: SafeHtml, find: RegisteredFind = {}): Promise<ConsolePage> {
  const counts = await deviceCounts(s, c)
  const sensors = await s.sensors.list(c.actor, c.tenant.id, {})
  const registered = await registeredRows(s, c, find)
  const last = registered?.at(-1)
  const next = registered && registered.length >= REGISTERED_PAGE && last ? last.device.id : null
  return devicesPage(c, { counts, sensors, registered, find: { mac: find.mac ?? '', next } }, n, extra)
}

export function deviceRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const params = { sensorId: Id }
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  ck.get('/devices', 'devices, online now, last state; a brand\'s registered devices searched by MAC, a hundred at a time', (c, request) => show(s, c, {}, undefined, registeredAsked(request)))

  // a brand's admins register its devices here as on the API: one, or a file of them
  const back = { back: '/devices' }
  ck.post('/devices/register', 'register one of the brand\'s devices (its admins)', async (c, request) => {
    const typed = { mac: field(request, 'mac').trim(), model: field(request, 'model').trim(), claimCode: field(request, 'claimCode').trim() || undefined, factoryPassword: field(request, 'factoryPassword') || undefined }
    const input = checked(DeviceInputSchema, given(typed))
    const done = await s.devices.registry.register(c.actor, c.tenant.id, input)
    return c.t.text(done.status === 'created' ? 'devices.registered' : 'devices.updated', { mac: done.mac })
  }, view, back)
  ck.post('/devices/import', 'register the brand\'s devices from CSV or JSON (its admins)', async (c, request) => {
    const read = readDevices(field(request, 'file'))
    if (read.length > IMPORT_MAX) throw appErrors.validation_failed(`At most ${IMPORT_MAX} devices at once.`, [{ field: 'file', message: `holds ${read.length} devices` }])
    // each row as the API's schema takes it: a refusal names the row's field
    const devices = read.map((d) => {
      try {
        return checked(DeviceInputSchema, given(d))
      } catch (error) {
        throw error instanceof AppError ? appErrors.validation_failed(`The device ${d.mac} needs another look:`, error.details) : error
      }
    })
    const results = await s.devices.registry.registerMany(c.actor, c.tenant.id, devices)
    const count = (status: string) => results.filter((r) => r.status === status).length
    const refused = results.flatMap((r) => (r.status === 'error' ? [`${r.mac}: ${r.message}`] : []))
    return [c.t.text('devices.imported', { created: count('created'), updated: count('updated'), refused: refused.length }), ...refused.slice(0, 20)].join(' ')
  }, view, back)
  // a new MQTT password is shown here, once (shown-once.ts): the form redirected to this page
  ck.get('/devices/credentials', 'the MQTT password a form just made, shown once (read again: it was shown already)', async (c, request, reply) => {
    const shown = ck.shownOnce.take(request, reply, c.page.browser)
    const extra = shown?.kind === 'device' ? newCredentials(c.t, shown.name, { username: shown.username ?? '', password: shown.secret }) : html`<p class="notice info" role="status">${c.t.text('devices.shownAlready')}</p>`
    return { ...(await show(s, c, {}, extra)), noStore: true }
  })

  ck.post(
    '/devices/:sensorId/command',
    'send a command to a device',
    async (c, request) => {
      const sensor = await s.sensors.access(c.actor, sensorParam(request), c.tenant.id, 'sensors.command')
      const sent = await s.devices.commands.send(sensor, field(request, 'command').trim(), c.actor)
      return c.t.text('devices.sent', { command: sent.command, name: sensor.display_name ?? sensor.name })
    },
    view,
    { back: '/devices', params },
  )

  const removing = { back: '/devices', params }
  ck.confirm(
    '/devices/:sensorId/delete',
    'delete a device',
    async (c, request) => {
      const sensor = await s.sensors.access(c.actor, sensorParam(request), c.tenant.id, 'sensors.write')
      const name = { name: sensor.display_name ?? sensor.name }
      const sentence = c.t.text(sensor.device_ref === null ? 'devices.deleteSentence' : 'devices.deleteReleased', { ...name, tenant: c.tenant.name })
      return { title: c.t.text('devices.deleteTitle', name), section: 'devices', sentence, button: c.t.text('devices.delete', name) }
    },
    removing,
  )
  ck.post(
    '/devices/:sensorId/delete',
    'delete a device (a claimed one is released)',
    async (c, request) => {
      const sensor = await s.sensors.access(c.actor, sensorParam(request), c.tenant.id, 'sensors.write')
      await s.sensors.remove(c.actor, sensor.id, c.tenant.id)
      return c.t.text(sensor.device_ref === null ? 'devices.deleted' : 'devices.deletedReleased', { name: sensor.display_name ?? sensor.name })
    },
    view,
    removing,
  )

  // the password goes sealed to the page that shows it once (shown-once.ts), never in a URL;
  // it is stored only as a hash, so no later page could show it
  ck.post(
    '/devices/:sensorId/credentials',
    "give a device a new MQTT password (its current connection ends)",
    async (c, request, reply) => {
      const { sensor, device } = await s.devices.registry.ofSensor(c.actor, sensorParam(request), c.tenant.id, 'sensors.write')
      const issued = await s.devices.credentials.issue(device, { actor: c.actor, tenantId: sensor.tenant_id })
      ck.shownOnce.set(reply, c.page.browser, { kind: 'device', name: sensor.display_name ?? sensor.name, username: issued.username, secret: issued.password })
      return { onward: '/devices/credentials' }
    },
    view,
    { back: '/devices', params },
  )
}
