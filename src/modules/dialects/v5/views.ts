/**
 * v5 views: pure functions from Trellis's own views and rows to the shapes the v5 apps
 * read. Device state (`online`, `latestData`, the sensor type) is owned by the devices
 * module; it is passed through from the sensor view when that view carries it.
 */
import Type, { type Static } from 'typebox'
import type { Tenant, TenantRole, User } from '../../../db/database.ts'
import { sensorView } from '../../sensors/index.ts'

/** Fields the v5 apps read from a device when the sensor view has them (devices module). */
const DEVICE_FIELDS = ['online', 'connectionType', 'connectionUpdateDate', 'latestData', 'sensorTypeId', 'sensorType'] as const

export const V5Sensor = Type.Object({
  id: Type.Integer(),
  tenantId: Type.Integer(),
  deviceId: Type.String(),
  name: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
  type: Type.String({ description: 'the sensor type as a string, e.g. "58"' }),
  spaceId: Type.Union([Type.Integer(), Type.Null()]),
  online: Type.Optional(Type.Unknown({ description: 'present once the device has reported its presence' })),
  connectionType: Type.Optional(Type.Unknown()),
  connectionUpdateDate: Type.Optional(Type.Unknown()),
  latestData: Type.Unknown({ description: '{fullData: {...}} from the device; null before it reported' }),
  sensorTypeId: Type.Optional(Type.Unknown()),
  sensorType: Type.Optional(Type.Unknown()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})

type SensorRow = Parameters<typeof sensorView>[0]

export type V5SensorView = Static<typeof V5Sensor>

export function v5Sensor(row: SensorRow): V5SensorView {
  const view = sensorView(row)
  const device: Record<string, unknown> = {}
  for (const key of DEVICE_FIELDS) if (key in view) device[key] = Reflect.get(view, key)
  return {
    id: view.id,
    tenantId: view.tenantId,
    deviceId: view.deviceId,
    name: view.name,
    displayName: view.displayName,
    type: view.type,
    spaceId: view.spaceId,
    ...device,
    latestData: device.latestData ?? null,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  }
}

/** The device's last full state, or null when it has not reported one. */
export function fullData(sensor: V5SensorView): Record<string, unknown> | null {
  const latest = sensor.latestData
  if (latest === null || typeof latest !== 'object') return null
  const full: unknown = Reflect.get(latest, 'fullData')
  return full !== null && typeof full === 'object' && !Array.isArray(full) ? { ...full } : null
}

export const V5Tenant = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentTenantId: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'null for a brand' })),
})

/**
 * `parentTenantId` comes from the tenant tree (`parent_tenant_id`). A deployment whose
 * schema has no tree yet leaves the field out, which the apps treat as "not a brand".
 */
export function v5Tenant(t: Tenant) {
  const parent: unknown = 'parent_tenant_id' in t ? t.parent_tenant_id : undefined
  return {
    id: t.id,
    name: t.name,
    ...(parent === undefined ? {} : { parentTenantId: typeof parent === 'number' ? parent : null }),
  }
}

/** v5 role numbers as the apps see them (inferred from the platform: 1 on the brand, 3 on one's own home). */
const ROLE_NUMBER: Record<string, number> = { customer: 1, member: 1, admin: 2, owner: 3 }

export const V5CurrentUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  permissions: Type.Array(Type.Object({ tenantId: Type.Integer(), role: Type.Integer() })),
})

export function v5CurrentUser(user: User, tenants: { id: number; role: TenantRole | string }[]) {
  return {
    id: String(user.id),
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    permissions: tenants.map((t) => ({ tenantId: t.id, role: ROLE_NUMBER[t.role] ?? 1 })),
  }
}

export const V5Me = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
})

export function v5Me(user: User) {
  return { id: user.id, username: user.username, displayName: user.display_name, email: user.email }
}
