/**
 * `trellis devices import|conflicts|resolve`: a brand's (or the platform's) devices from a
 * file, and the MACs two tenants used before devices were records of their own.
 */
import { readFileSync } from 'node:fs'
import { readDevices, type RegisterResult } from '../modules/devices/index.ts'
import { AppError } from '../lib/errors.ts'
import { CommandError, emit, id, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

/** The file's devices; a row it cannot read is a usage error, as any other wrong argument. */
function devicesOf(text: string) {
  try {
    return readDevices(text)
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message)
    throw error
  }
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
      const devices = devicesOf(readFileSync(file, 'utf8'))
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
