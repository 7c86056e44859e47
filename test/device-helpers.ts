/**
 * Helpers for the device tests: unique MACs (so parallel runs on one Mosquitto never share a
 * topic), a registered fan, and waiting on events with a deadline instead of sleeping.
 */
import { randomBytes } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import { expect } from 'vitest'
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

/** A Whisper Flex 2 sensor with MQTT credentials, created through the API. */
export async function createFan(t: TestApp, tenantId: number, admin: Actor, mac = uniqueMac()) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/tenants/${tenantId}/sensors`,
    headers: admin.headers,
    payload: { deviceId: mac, name: 'Living room fan', displayName: 'Fan', type: '58' },
  })
  expect(created.statusCode).toBe(201)
  const sensorId = (created.json() as { id: number }).id
  const creds = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors/${sensorId}/credentials`, headers: admin.headers })
  expect(creds.statusCode).toBe(201)
  const { password, username } = creds.json() as { password: string; username: string }
  expect(username).toBe(mac)
  return { sensorId, mac, password }
}
