/** What a registration and a claim take and answer, and a device as its registrant sees it. No SQL. */
import type { Device } from '../../db/database.ts'

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
