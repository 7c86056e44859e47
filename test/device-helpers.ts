/**
 * Helpers for the device tests: unique MACs (so parallel runs on one Mosquitto never share a
 * topic), a registered fan, and waiting on events with a deadline instead of sleeping.
 */
import { randomBytes } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import { expect } from 'vitest'
import type { Sensor } from '../src/db/database.ts'
import type { DB } from '../src/db/connect.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import type { Actor, TestApp } from './helpers.ts'

/** The external broker to test against (CI: the machine's Mosquitto); unset: embedded only. */
export const TEST_MQTT_URL = process.env.TEST_MQTT_URL

export const brokers: { name: string; env: () => Record<string, string> }[] = [
  { name: 'embedded broker', env: () => ({}) },
  ...(TEST_MQTT_URL
    ? [{ name: 'external broker', env: () => ({ MQTT_URL: TEST_MQTT_URL, MQTT_SHARE_GROUP: `test${randomBytes(6).toString('hex')}` }) }]
    : []),
]

/** A locally administered MAC (02:...), random per call. */
export function uniqueMac(): string {
  return ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':')
}

/** Resolves with the first `event` whose argument passes `match`; rejects after `ms`. */
export function waitFor<T>(emitter: EventEmitter, event: string, match: (value: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, listener)
      reject(new Error(`no matching "${event}" within ${ms} ms`))
    }, ms)
    const listener = (value: T) => {
      if (!match(value)) return
      clearTimeout(timer)
      emitter.off(event, listener)
      resolve(value)
    }
    emitter.on(event, listener)
  })
}

export interface StateEvent {
  mac: string
  channel: 'in' | 'online'
  sensorId: number
  confirmed: number
}

export function bridgeEvents(t: TestApp): EventEmitter {
  const bridge = t.app.services.devices.bridge
  if (!bridge) throw new Error('no bridge')
  return bridge.events
}

/** The claim code every test device is registered with. */
export const CLAIM_CODE = 'claim-code-on-the-box'

/** Registers a Whisper Flex 2 as the platform would (the operator), with CLAIM_CODE. */
export async function registerDevice(t: TestApp, mac = uniqueMac(), brandId: number | null = null, extra: { factoryPassword?: string } = {}) {
  await t.app.services.devices.registry.register(OPERATOR, brandId, { mac, model: '58', claimCode: CLAIM_CODE, ...extra })
  return mac
}

/** What an operator's import does for a sensor that existed before devices were records: a device it presents. */
export async function linkDevice(db: DB, sensor: Sensor): Promise<number> {
  const device = await db.insertInto('devices').values({ mac: sensor.device_id, model: sensor.type }).returning('id').executeTakeFirstOrThrow()
  await db.updateTable('sensors').set({ device_ref: device.id }).where('id', '=', sensor.id).execute()
  return device.id
}

/** A registered Whisper Flex 2, claimed by the tenant's admin with its code, with MQTT credentials. */
export async function createFan(t: TestApp, tenantId: number, admin: Actor, mac = uniqueMac()) {
  await registerDevice(t, mac)
  const created = await t.app.inject({
    method: 'POST',
    url: `/tenants/${tenantId}/devices/claim`,
    headers: admin.headers,
    payload: { mac, code: CLAIM_CODE, name: 'Living room fan', displayName: 'Fan' },
  })
  expect(created.statusCode).toBe(201)
  const sensorId = (created.json() as { id: number }).id
  const creds = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors/${sensorId}/credentials`, headers: admin.headers })
  expect(creds.statusCode).toBe(201)
  const { password, username } = creds.json() as { password: string; username: string }
  expect(username).toBe(mac)
  return { sensorId, mac, password }
}
