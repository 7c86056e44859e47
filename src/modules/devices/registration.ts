/** What a registration and a claim take and answer, and a device as its registrant sees it. No SQL. */
import type { Device } from '../../db/database.ts'
import { hashPassword, type ScryptParams } from '../../lib/crypto.ts'
import { appErrors, deviceErrors } from '../../lib/errors.ts'
import { findSensorType } from '../sensors/index.ts'
import { normalizeMac } from './payload.ts'
import type { DeviceValues } from './registry.repository.ts'

export interface DeviceInput {
  mac: string
  model: string
  claimCode?: string
  factoryPassword?: string
  /** RISK: see setAnonymous. */
  allowAnonymous?: boolean
}

export interface ClaimInput {
  mac: string
  /** The claim code, or the factory password. */
  code: string
  name?: string
  displayName?: string | null
  spaceId?: number | null
}

export type Registered = { mac: string; status: 'created' | 'updated' }
export type RegisterResult = Registered | { mac: string; status: 'error'; code: string; message: string }

/** The shortest claim code or factory password a registration accepts. */
export const MIN_SECRET = 8

export function deviceView(d: Device) {
  return {
    mac: d.mac,
    model: d.model,
    registeredBy: d.registered_by,
    hasClaimCode: d.claim_hash !== null,
    hasFactoryPassword: d.factory_hash !== null,
    allowAnonymous: d.allow_anonymous,
    createdAt: d.created_at.toISOString(),
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}

/** A registration checked, its secrets hashed: ready to write. */
export type Prepared = { mac: string; values: DeviceValues }

async function secret(value: string | undefined, field: string, scrypt: ScryptParams): Promise<string | undefined> {
  if (value === undefined) return undefined
  if (value.length < MIN_SECRET) throw deviceErrors.weakSecret(field)
  return hashPassword(value, scrypt)
}

/** A registration's checked MAC and the values it sets, its secrets hashed. */
export async function prepare(input: DeviceInput, scrypt: ScryptParams): Promise<Prepared> {
  const mac = normalizeMac(input.mac)
  if (!mac) throw deviceErrors.invalidMac()
  if (!findSensorType(input.model)) throw appErrors.unsupported_sensor_type(`model: "${input.model}" is not a known sensor type.`)
  const values = {
    model: input.model,
    ...(input.claimCode !== undefined ? { claim_hash: await secret(input.claimCode, 'body.claimCode', scrypt) } : {}),
    ...(input.factoryPassword !== undefined ? { factory_hash: await secret(input.factoryPassword, 'body.factoryPassword', scrypt) } : {}),
    // RISK (anonymous firmware): see setAnonymous; only a brand or the platform gets here
    ...(input.allowAnonymous !== undefined ? { allow_anonymous: input.allowAnonymous } : {}),
  }
  return { mac, values }
}

/** A registration of a device nobody holds that sets a claim code or factory password re-labels it: those prove possession again. */
export function relabel(values: DeviceValues): { labels_void?: boolean; transfer_hash?: null; factory_mqtt?: boolean } {
  if (values.claim_hash === undefined && values.factory_hash === undefined) return {}
  return { labels_void: false, transfer_hash: null, ...(values.factory_hash !== undefined ? { factory_mqtt: true } : {}) }
}
