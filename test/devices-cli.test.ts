/**
 * `npx trellis device simulate` as a person runs it, against the embedded broker speaking
 * TLS (a throwaway self-signed certificate, as real devices accept): the fan comes online,
 * and Ctrl-C takes it offline cleanly (its own offline message, then DISCONNECT).
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { bridgeEvents, createFan, waitFor, type StateEvent } from './device-helpers.ts'

const root = join(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'trellis-tls-'))
let t: TestApp

beforeAll(async () => {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=trellis-test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
  t = await createTestApp({ MQTT_TLS_CERT: join(dir, 'cert.pem'), MQTT_TLS_KEY: join(dir, 'key.pem') })
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('trellis device simulate', () => {
  it('connects over TLS with its credentials, and goes offline cleanly on SIGINT', { timeout: 60_000, retry: 1 }, async () => {
    const url = t.app.services.devices.mqttUrl!
    expect(url).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/)
    const tenantId = await createTenant(t)
    const admin = await createActor(t, { tenantId, role: 'admin' })
    const fan = await createFan(t, tenantId, admin)
    const events = bridgeEvents(t)
    const ingested = waitFor<StateEvent>(events, 'state', (e) => e.mac === fan.mac && e.channel === 'in', 20_000)
    const child = spawn(process.execPath, ['bin/trellis.mjs', 'device', 'simulate', '--device-id', fan.mac, '--password', fan.password, '--url', url, '--insecure'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    await ingested
    const sensor = await t.app.inject({ method: 'GET', url: `/sensors/${fan.sensorId}`, headers: admin.headers })
    expect(sensor.json()).toMatchObject({ online: true, latestData: { fullData: { power: 0 } } })

    const offline = waitFor<StateEvent>(events, 'state', (e) => e.mac === fan.mac && e.channel === 'online', 20_000)
    child.kill('SIGINT')
    await offline
    expect(await exited).toBe(0)
    expect(out).toContain(`Whisper Flex 2 ${fan.mac} online at ${url}`)
    expect(out).toContain('offline')
    const after = await t.app.inject({ method: 'GET', url: `/sensors/${fan.sensorId}`, headers: admin.headers })
    expect(after.json()).toMatchObject({ online: false })
    // once in a CI run on PostgreSQL under load, the first state did not arrive within 20 s (cause
    // still open: the state's path since it writes events in its transaction is where to look); run
    // again once, so a rare miss is seen as a retry in the report and a real break still fails
  })

  it('a wrong password is refused over TLS too', async () => {
    const tenantId = await createTenant(t)
    const admin = await createActor(t, { tenantId, role: 'admin' })
    const fan = await createFan(t, tenantId, admin)
    const { DeviceSimulator } = await import('../src/modules/devices/simulator.ts')
    const sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl!, deviceId: fan.mac, password: 'nope', insecure: true })
    await expect(sim.start()).rejects.toThrow(/bad username or password/i)
  })
})
