/**
 * `trellis devices import|conflicts|resolve`: a brand's (or the platform's) devices from a
 * file, and the MACs two tenants used before devices were records of their own.
 */
import { readFileSync } from 'node:fs'
import type { DeviceInput, RegisterResult } from '../modules/devices/index.ts'
import { CommandError, emit, id, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

/** Rows of RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted) field += c
    else if (c === ',') endField()
    else if (c === '\n') endRow()
    else if (c !== '\r') field += c
  }
  if (field !== '' || row.length > 0) endRow()
  return rows.filter((r) => r.some((f) => f.trim() !== ''))
}

/** Column names as people write them: claimCode, claim_code, claim secret, ... */
const COLUMNS: Record<string, keyof DeviceInput> = {
  mac: 'mac',
  model: 'model',
  claimcode: 'claimCode',
  claimsecret: 'claimCode',
  factorypassword: 'factoryPassword',
}

function toInput(record: Record<string, unknown>, line: number): DeviceInput {
  const input: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    const name = COLUMNS[key.toLowerCase().replace(/[^a-z]/g, '')]
    if (name && typeof value === 'string' && value !== '') input[name] = value
  }
  if (!input.mac || !input.model) throw new UsageError(`row ${line}: mac and model are required`)
  if (!input.claimCode && !input.factoryPassword) throw new UsageError(`row ${line}: a claim code or a factory password is required`)
  return { mac: input.mac, model: input.model, claimCode: input.claimCode, factoryPassword: input.factoryPassword }
}

/** A JSON array of objects, or CSV with a header row. */
export function readDevices(text: string): DeviceInput[] {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    const rows: unknown = JSON.parse(trimmed)
    if (!Array.isArray(rows)) throw new UsageError('a JSON file holds an array of devices')
    return rows.map((r: unknown, i) => toInput(typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {}, i + 1))
  }
  const [header, ...rows] = parseCsv(trimmed)
  if (!header) return []
  return rows.map((r, i) => toInput(Object.fromEntries(header.map((h, j) => [h.trim(), (r[j] ?? '').trim()])), i + 2))
}

const CHUNK = 500

export const deviceCommands: Command[] = [
  {
    name: 'devices import',
    usage: 'devices import FILE [--brand ID] [--json]',
    summary: 'register devices from CSV or JSON (mac, model, claimCode and/or factoryPassword), as the brand or the platform',
    options: { brand: { type: 'string' } },
    positionals: ['FILE'],
    async run(ctx, { values, positionals }) {
      const file = positionals[0]
      if (!file) throw new UsageError('FILE is required')
      const devices = readDevices(readFileSync(file, 'utf8'))
      const brand = values.brand === undefined ? null : id(values.brand as string, '--brand')
      const results: RegisterResult[] = []
      for (let i = 0; i < devices.length; i += CHUNK) {
        results.push(...(await ctx.services.devices.registry.registerMany(ctx.operator, brand, devices.slice(i, i + CHUNK))))
      }
      const count = (status: string) => results.filter((r) => r.status === status).length
      const errors = results.flatMap((r) => (r.status === 'error' ? [`${r.mac}: ${r.code}: ${r.message}`] : []))
      emit(ctx.out, { created: count('created'), updated: count('updated'), errors: results.filter((r) => r.status === 'error') },
        [`devices: ${count('created')} created, ${count('updated')} updated, ${errors.length} refused`, ...errors].join('\n'))
      // the rows above are registered; the refusals make the command fail, so scripts notice
      if (errors.length > 0) throw new CommandError(`${errors.length} of ${results.length} devices refused`)
    },
  },
  {
    name: 'devices conflicts',
    usage: 'devices conflicts [--json]',
    summary: 'MACs two or more tenants used before devices were records of their own, still unresolved',
    options: {},
    async run(ctx) {
      const conflicts = await ctx.services.devices.conflicts.list()
      emit(ctx.out, { conflicts }, table(conflicts.map((c) => ({ mac: c.mac, tenants: c.tenantIds.join(' ') })), 'no device conflicts'))
    },
  },
  {
    name: 'devices resolve',
    usage: 'devices resolve MAC --tenant ID [--json]',
    summary: "decide a conflict: that tenant's sensor of the MAC presents the device; the others stay labels",
    options: { tenant: { type: 'string' } },
    positionals: ['MAC'],
    async run(ctx, { values, positionals }) {
      const mac = positionals[0]
      if (!mac) throw new UsageError('MAC is required')
      const tenantId = id(values.tenant as string | undefined, '--tenant')
      const sensor = await ctx.services.devices.conflicts.resolve(mac, tenantId).catch((error: unknown) => {
        throw error instanceof Error ? new CommandError(error.message) : error
      })
      emit(ctx.out, { mac: sensor.device_id, tenantId, sensorId: sensor.id }, `${sensor.device_id} is now held by tenant ${tenantId} (sensor ${sensor.id})`)
    },
  },
]
