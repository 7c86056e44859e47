/**
 * A device changing hands, from the attacker's side (issue 39): a seller who claimed a heater
 * with the printed code and ran it on its factory password releases it to a buyer; a holder
 * who wants another device's session; a brand reaching into a device its customer holds; a
 * brand guessing claim codes through many machine clients. On the embedded broker with the
 * real mqtt client, and through the EMQX hooks.
 */
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { createClient, signUpAtBrand } from './login-helpers.ts'
import { bridgeEvents, uniqueMac, waitFor, type StateEvent } from './device-helpers.ts'

interface Person {
  headers: { authorization: string }
  home: number
}

const HOOK_SECRET = 'hook-secret-'.padEnd(40, 'h')
const BOX_CODE = 'BOX-CODE-1234'
const FACTORY = 'factory-pass-1'
let t: TestApp
let mqttUrl: string
let brand: number
let brandAdmin: { authorization: string }
let client: { clientId: string; redirectUri: string }
let seller: Person
let buyer: Person
const sims: DeviceSimulator[] = []
const clients: MqttClient[] = []

const signUp = (email: string): Promise<Person> => signUpAtBrand(t, client, brand, email)

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) })

async function register(extra: object = { factoryPassword: FACTORY }): Promise<string> {
  const mac = uniqueMac()
  const res = await send('POST', `/tenants/${brand}/devices`, brandAdmin, { mac, model: '58', claimCode: BOX_CODE, ...extra })
  expect(res.statusCode).toBe(201)
  return mac
}

const claim = (person: Person, mac: string, code: string) => send('POST', `/tenants/${person.home}/devices/claim`, person.headers, { mac, code })

/** Connects as MQTT client `clientId`; rejects when the broker refuses. */
async function connect(opts: { clientId: string; username?: string; password?: string }): Promise<MqttClient> {
  const c = await mqtt.connectAsync(mqttUrl, { ...opts, reconnectPeriod: 0, connectTimeout: 3000 })
  clients.push(c)
  return c
}

/** Resolves when the broker ends `c`'s connection; rejects after `ms`. */
function closed(c: MqttClient, ms = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the connection is still up after ${ms} ms`)), ms)
    c.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/** Resolves with the first message `c` receives on `topic`; rejects after `ms`. */
function received(c: MqttClient, topic: string, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic} within ${ms} ms`)), ms)
    c.on('message', (at, payload) => {
      if (at !== topic) return
      clearTimeout(timer)
      resolve(payload.toString('utf8'))
    })
  })
}

/** The device itself, on `password`, once Trellis has applied its first state. */
async function device(mac: string, password: string): Promise<DeviceSimulator> {
  const sim = new DeviceSimulator({ url: mqttUrl, deviceId: mac, password, intervalMs: 60_000 })
  sims.push(sim)
  const applied = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === mac && e.channel === 'in', 10_000)
  await sim.start()
  await applied
  return sim
}

/** The audit actions recorded in `person`'s own tenant, as the person reads them. */
async function auditActions(person: Person): Promise<string[]> {
  const res = await send('GET', `/tenants/${person.home}/v4/audit?limit=250`, person.headers)
  expect(res.statusCode).toBe(200)
  return (res.json() as { edges: { node: { action: string } }[] }).edges.map((e) => e.node.action)
}

/** The seller's side: a claimed heater on its factory password, a transfer code made, released. */
async function sold(): Promise<{ mac: string; transferCode: string; sellerSim: DeviceSimulator }> {
  const mac = await register()
  const claimed = await claim(seller, mac, BOX_CODE)
  expect(claimed.statusCode).toBe(201)
  const sensorId = (claimed.json() as { id: number }).id
  const sellerSim = await device(mac, FACTORY)
  const made = await send('POST', `/sensors/${sensorId}/transfer-code`, seller.headers)
  expect(made.statusCode).toBe(201)
  const { transferCode } = made.json() as { transferCode: string }
  expect((await send('POST', `/sensors/${sensorId}/release`, seller.headers)).statusCode).toBe(204)
  return { mac, transferCode, sellerSim }
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FAILED_CLAIM_PER_DEVICE: '3/1d', MQTT_HOOK_SECRET: HOOK_SECRET })
  mqttUrl = t.app.services.devices.mqttUrl!
  brand = await createTenant(t, 'Heaters Inc', { signup: 'customers' })
  brandAdmin = (await createActor(t, { tenantId: brand, role: 'admin' })).headers
  client = await createClient(t.app, { tenantId: brand, redirectUris: ['https://heaters.test/cb'] })
  seller = await signUp('seller@heaters.test')
  buyer = await signUp('buyer@heaters.test')
})
afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined)
  for (const sim of sims) await sim.stop().catch(() => undefined)
  await t.close()
})

describe('a seller after the hand-over', () => {
  it('cannot connect with the factory password once the buyer claimed, cannot forge state, never receives the buyer\'s commands', async () => {
    const { mac, transferCode, sellerSim } = await sold()
    await sellerSim.stop()
    const claimed = await claim(buyer, mac, transferCode)
    expect(claimed.statusCode).toBe(201)
    const sensorId = (claimed.json() as { id: number }).id
    // the release switched the factory password off: the seller (who knows it) is refused at once
    const asDevice = { clientId: mac, username: mac, password: FACTORY }
    await expect(connect(asDevice)).rejects.toThrow(/bad username or password/i)
    // the buyer moves the heater to its own credentials; the factory password stays refused
    const issued = await send('POST', `/sensors/${sensorId}/credentials`, buyer.headers)
    expect(issued.statusCode).toBe(201)
    const real = await device(mac, (issued.json() as { password: string }).password)
    await expect(connect(asDevice)).rejects.toThrow(/bad username or password/i)
    // the buyer's command reaches the real heater, which stays connected
    const obeyed = waitFor(real, 'command')
    const applied = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === mac && e.channel === 'in', 10_000)
    expect((await send('POST', `/sensors/${sensorId}/command`, buyer.headers, { command: 'tune set power 1' })).statusCode).toBe(200)
    await obeyed
    await applied
    expect(real.state.power).toBe(1)
    const view = (await send('GET', `/sensors/${sensorId}`, buyer.headers)).json() as { online: boolean; latestData: { fullData: { power: number } } }
    expect(view.online).toBe(true)
    expect(view.latestData.fullData.power).toBe(1)
  })

  it('a claim ends the sessions made before it, whatever they proved', async () => {
    const mac = await register()
    // the seller's heater runs on its factory password before anyone holds it
    const before = await connect({ clientId: mac, username: mac, password: FACTORY })
    const gone = closed(before)
    expect((await claim(buyer, mac, BOX_CODE)).statusCode).toBe(201)
    await gone
  })

  it('cannot claim the device back with the printed code or the factory password; the buyer claims with the transfer code, once', async () => {
    const { mac, transferCode } = await sold()
    expect((await claim(seller, mac, BOX_CODE)).json()).toMatchObject({ code: 'claim_refused' })
    expect((await claim(seller, mac, FACTORY)).statusCode).toBe(403)
    const thief = await signUp('thief@heaters.test')
    expect((await claim(thief, mac, BOX_CODE)).statusCode).toBe(403)
    expect((await claim(buyer, mac, transferCode)).statusCode).toBe(201)
    expect((await claim(seller, mac, transferCode)).statusCode).toBe(403)
  })

  it('a release without a transfer code leaves nothing the seller read able to claim the device', async () => {
    const mac = await register()
    const sensorId = ((await claim(seller, mac, BOX_CODE)).json() as { id: number }).id
    expect((await send('POST', `/sensors/${sensorId}/release`, seller.headers)).statusCode).toBe(204)
    for (const code of [BOX_CODE, FACTORY]) expect((await claim(buyer, mac, code)).statusCode).toBe(403)
  })
})

describe('the holder sees and ends every way in', () => {
  it('lists the issued password, the factory password and a waiting transfer code, and ends them all with the live session', async () => {
    const mac = await register()
    const sensorId = ((await claim(buyer, mac, BOX_CODE)).json() as { id: number }).id
    const url = `/sensors/${sensorId}/device-access`
    expect((await send('GET', url, buyer.headers)).json()).toEqual({ hasPassword: true, allowAnonymous: false, issuedPassword: false, factoryPassword: 'on', transferCode: false })
    expect((await send('POST', `/sensors/${sensorId}/transfer-code`, buyer.headers)).statusCode).toBe(201)
    expect((await send('POST', `/sensors/${sensorId}/credentials`, buyer.headers)).statusCode).toBe(201)
    // issuing credentials switched the factory password off; the holder switches it back on for this firmware
    expect((await send('GET', url, buyer.headers)).json()).toEqual({ hasPassword: true, allowAnonymous: false, issuedPassword: true, factoryPassword: 'off', transferCode: true })
    await send('PUT', `/sensors/${sensorId}/factory-password`, buyer.headers, { enabled: true })
    const live = await connect({ clientId: mac, username: mac, password: FACTORY })
    const gone = closed(live)
    expect((await send('DELETE', url, buyer.headers)).statusCode).toBe(204)
    await gone
    expect((await send('GET', url, buyer.headers)).json()).toMatchObject({ hasPassword: false, factoryPassword: 'off' })
    await expect(connect({ clientId: mac, username: mac, password: FACTORY })).rejects.toThrow()
    // the holder's consent brings firmware that knows only the factory password back
    expect((await send('PUT', `/sensors/${sensorId}/factory-password`, buyer.headers, { enabled: true })).json()).toMatchObject({ factoryPassword: 'on' })
    await connect({ clientId: mac, username: mac, password: FACTORY })
    expect(await auditActions(buyer)).toEqual(expect.arrayContaining(['device.access.end', 'device.factory_password.switch']))
  })
})

describe("a device's MQTT identity is its own", () => {
  /** The victim's heater as a bare MQTT client (so a dropped connection is seen, not reconnected), and the attacker's own credentials. */
  async function twoHeaters() {
    const victimMac = await register()
    const victimSensor = ((await claim(buyer, victimMac, BOX_CODE)).json() as { id: number }).id
    const victimPassword = ((await send('POST', `/sensors/${victimSensor}/credentials`, buyer.headers)).json() as { password: string }).password
    const victim = await connect({ clientId: victimMac, username: victimMac, password: victimPassword })
    await victim.subscribeAsync(`sensor/${victimMac}/command`, { qos: 1 })
    const applied = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === victimMac && e.channel === 'online', 10_000)
    await victim.publishAsync(`sensor/${victimMac}/online`, JSON.stringify({ online: true, connectionType: 'mqtt' }), { qos: 1 })
    await applied
    const ownMac = await register()
    const ownSensor = ((await claim(seller, ownMac, BOX_CODE)).json() as { id: number }).id
    const ownPassword = ((await send('POST', `/sensors/${ownSensor}/credentials`, seller.headers)).json() as { password: string }).password
    return { victimMac, victimSensor, victim, ownMac, ownPassword }
  }

  it('on the embedded broker: own credentials under the victim MAC as client id are refused; the victim stays online and obeys', async () => {
    const { victimMac, victimSensor, victim, ownMac, ownPassword } = await twoHeaters()
    let dropped = false
    victim.on('close', () => (dropped = true))
    await expect(connect({ clientId: victimMac, username: ownMac, password: ownPassword })).rejects.toThrow(/bad username or password/i)
    await expect(connect({ clientId: victimMac, username: ownMac, password: FACTORY })).rejects.toThrow()
    // nor under a name that carries the victim's MAC (firmware may name itself fan-<MAC>)
    await expect(connect({ clientId: `fan-${victimMac}`, username: ownMac, password: ownPassword })).rejects.toThrow(/bad username or password/i)
    // a client id that carries its own MAC still works
    await connect({ clientId: `fan-${ownMac}`, username: ownMac, password: ownPassword })
    const obeyed = received(victim, `sensor/${victimMac}/command`)
    expect((await send('POST', `/sensors/${victimSensor}/command`, buyer.headers, { command: 'tune set power 1' })).statusCode).toBe(200)
    expect(await obeyed).toBe('tune set power 1')
    expect(dropped).toBe(false)
    expect(((await send('GET', `/sensors/${victimSensor}`, buyer.headers)).json() as { online: boolean }).online).toBe(true)
  })

  it('through the EMQX hooks: the connection and every topic of it are denied', async () => {
    const { victimMac, ownMac, ownPassword } = await twoHeaters()
    const hook = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { 'x-trellis-hook-secret': HOOK_SECRET } })
    expect((await hook('/mqtt/auth', { username: ownMac, password: ownPassword, clientid: victimMac })).json()).toEqual({ result: 'deny', is_superuser: false })
    expect((await hook('/mqtt/auth', { username: ownMac, password: ownPassword, clientid: ownMac })).json()).toEqual({ result: 'allow', is_superuser: false })
    for (const topic of [`sensor/${ownMac}/in`, `sensor/${victimMac}/in`]) {
      expect((await hook('/mqtt/acl', { username: ownMac, clientid: victimMac, action: 'publish', topic })).json()).toMatchObject({ result: 'deny' })
    }
  })
})

describe('a brand reaching into a device its customer holds', () => {
  it('anonymous access and a new factory password are refused, and the holder sees each attempt in its audit log', async () => {
    const mac = await register()
    const sensorId = ((await claim(buyer, mac, BOX_CODE)).json() as { id: number }).id
    const anon = await send('PATCH', `/tenants/${brand}/devices/${mac}`, brandAdmin, { allowAnonymous: true })
    expect([anon.statusCode, (anon.json() as { code: string }).code]).toEqual([409, 'device_held'])
    const factory = await send('POST', `/tenants/${brand}/devices`, brandAdmin, { mac, model: '58', factoryPassword: 'brand-new-factory' })
    expect([factory.statusCode, (factory.json() as { code: string }).code]).toEqual([409, 'device_held'])
    const bulk = await send('POST', `/tenants/${brand}/devices/bulk`, brandAdmin, { devices: [{ mac, model: '58', allowAnonymous: true }] })
    expect((bulk.json() as { results: { status: string; code?: string }[] }).results).toEqual([expect.objectContaining({ status: 'error', code: 'device_held' })])
    // nothing changed: anonymous firmware is refused, the old factory password still works for the holder's heater
    await expect(connect({ clientId: mac })).rejects.toThrow()
    await expect(connect({ clientId: mac, username: mac, password: 'brand-new-factory' })).rejects.toThrow()
    expect((await send('GET', `/sensors/${sensorId}/device-access`, buyer.headers)).json()).toMatchObject({ allowAnonymous: false, factoryPassword: 'on' })
    expect((await auditActions(buyer)).filter((a) => a === 'device.change.refused')).toHaveLength(3)
    // turning anonymous access off is no over-reach: allowed, and in the holder's log too
    expect((await send('PATCH', `/tenants/${brand}/devices/${mac}`, brandAdmin, { allowAnonymous: false })).statusCode).toBe(200)
    expect(await auditActions(buyer)).toContain('device.access.change')
  })
})

describe('claim guesses through machine clients', () => {
  it("many client_credentials clients of one brand spend one budget", async () => {
    const mac = await register()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const made = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['sensors:write'], tenantId: brand })
      const token = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.secret } })
      const headers = { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` }
      statuses.push((await send('POST', `/tenants/${brand}/devices/claim`, headers, { mac, code: `guess-${i}-xxxx` })).statusCode)
    }
    // one account's budget exactly (devices-ownership: 403 x4, then 429); a budget per client would answer 403 five times
    expect(statuses).toEqual([403, 403, 403, 403, 429])
  })
})
