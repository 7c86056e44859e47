/**
 * The pieces under the device flow: payload forms (CLIENTS.md 4.2), the sensor-type
 * catalog and command grammar (4.3-4.5), and everything that depends on time (command
 * expiry, history retention, ticket lifetime) with a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommandsService, commandView } from '../src/modules/devices/commands.service.ts'
import { parsePresence, parseState, parseTopic, normalizeMac } from '../src/modules/devices/payload.ts'
import { checkCommand, findSensorType, SENSOR_TYPES, sensorTypeView } from '../src/modules/sensors/sensor-types.ts'
import { StateService } from '../src/modules/devices/state.service.ts'
import { TicketsService } from '../src/modules/devices/tickets.service.ts'
import { CursorCodec } from '../src/lib/pagination.ts'
import { ManualClock } from '../src/lib/clock.ts'
import { NO_AUDIT } from '../src/lib/audit.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTenant, createTestApp, type TestApp } from './helpers.ts'
import { linkDevice, uniqueMac } from './device-helpers.ts'

const buf = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))

describe('state payloads', () => {
  it('flattens sub.Tune[0], the doubly nested Bright 2 form, and the flat form', () => {
    const flex = parseState(buf({ sub: { Tune: [{ uid: 'dune79w7bsu6dg3e', id: 1, power: 0, mode: 0, speed: 8, swing: 0, tilt: 0, timer: 0 }] } }))
    expect(flex).toMatchObject({ ok: true, value: { fullData: { uid: 'dune79w7bsu6dg3e', id: 1, power: 0, mode: 0, speed: 8, swing: 0, tilt: 0, timer: 0 } } })
    const bright = parseState(buf({ sub: { Tune: [{ uid: 'b2', sub: { Tune: [{ power: 1, speed: 0, ion: 1, filter: 80 }] } }] } }))
    expect(bright).toMatchObject({ ok: true, value: { fullData: { uid: 'b2', power: 1, speed: 0, ion: 1, filter: 80 } } })
    expect(parseState(buf({ power: 1, speed: 10 }))).toMatchObject({ ok: true, value: { fullData: { power: 1, speed: 10 } } })
  })

  it.each([['not json'], ['[1]'], ['null'], ['{}'], ['{"sub":{"Tune":[]}}'], ['{"sub":{"Tune":"x"}}'], ['{"power":[1]}'], [`{"a":"${'x'.repeat(300)}"}`], [JSON.stringify(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])))]])(
    'refuses %s',
    (raw) => {
      expect(parseState(buf(raw)).ok).toBe(false)
    },
  )

  it('refuses a payload over 16 KiB', () => {
    expect(parseState(Buffer.alloc(17 * 1024, 0x20))).toEqual({ ok: false, reason: 'payload too large' })
  })

  it('reads presence and topics strictly', () => {
    expect(parsePresence(buf({ online: false, connectionType: 'mqtt' }))).toEqual({ ok: true, value: { online: false, connectionType: 'mqtt' } })
    expect(parsePresence(buf({ online: 'false' })).ok).toBe(false)
    expect(parseTopic('sensor/e0:5a:1b:76:ef:60/in')).toEqual({ mac: 'e0:5a:1b:76:ef:60', channel: 'in' })
    for (const topic of ['sensor/E0:5A:1B:76:EF:60/in', 'sensor/e0:5a:1b:76:ef/in', 'sensor/e0:5a:1b:76:ef:60/in/x', 'other/e0:5a:1b:76:ef:60/in']) {
      expect(parseTopic(topic), topic).toBeNull()
    }
    expect(normalizeMac('E0-5A-1B-76-EF-60')).toBe('e0:5a:1b:76:ef:60')
    expect(normalizeMac('e05a1b76ef60')).toBeNull()
  })
})

describe('sensor types', () => {
  it('productId is a string holding a JSON array, as the official Homey app parses it', () => {
    const edge = findSensorType('23')!
    expect(sensorTypeView(edge).productId).toBe('["oryf2o5f8wmaeaav"]')
    expect(findSensorType('threesixty')?.productIds).toEqual(['ea1xi3ijqvkms0lm'])
    for (const model of SENSOR_TYPES) expect(JSON.parse(sensorTypeView(model).productId)).toEqual(model.productIds)
  })

  it('knows each model by v5 type and sensorTypeId', () => {
    expect(findSensorType('58')?.sensorTypeIds[0]).toBe(67)
    expect(findSensorType('26')?.sensorTypeIds[0]).toBe(36)
    expect(findSensorType('59')?.name).toBe('Whisper Flex Elevate')
    expect(findSensorType('temperature')).toBeUndefined()
  })

  it('checks commands against the model: keys, ranges, zero padding, exact grammar', () => {
    const flex1 = findSensorType('whisper-flex')!
    const flex2 = findSensorType('whisper-flex-2')!
    expect(checkCommand(flex2, 'tune set power 01')).toEqual({ ok: true, key: 'power', value: 1, command: 'tune set power 1' })
    expect(checkCommand(flex2, 'tune set speed 30').ok).toBe(true)
    expect(checkCommand(flex1, 'tune set speed 30').ok).toBe(false)
    expect(checkCommand(flex1, 'tune set swing 1').ok).toBe(true)
    expect(checkCommand(flex2, 'tune set swing 1').ok).toBe(false)
    expect(checkCommand(flex2, 'tune set batlvl 5').ok).toBe(false)
    for (const bad of ['tune set Power 1', 'tune set power -1', 'tune set power 1.0', 'tune get power', 'tune set power 1 2']) {
      expect(checkCommand(flex2, bad).ok, bad).toBe(false)
    }
  })
})

describe('time-dependent behaviour, with a test clock', () => {
  let t: TestApp
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'))
  const advance = (seconds: number) => clock.advance(seconds)
  let sensorId: number
  const mac = uniqueMac()

  beforeAll(async () => {
    t = await createTestApp({ MQTT_EMBEDDED: 'false' })
    const tenantId = await createTenant(t)
    const sensor = await t.db
      .insertInto('sensors')
      .values({ tenant_id: tenantId, device_id: mac, name: 'fan', type: '58', metadata: '{}' })
      .returningAll()
      .executeTakeFirstOrThrow()
    sensorId = sensor.id
    await linkDevice(t.db, sensor)
  })
  afterAll(() => t.close())

  it('an unconfirmed command expires after the timeout; a confirming state in time confirms it', async () => {
    const published: string[] = []
    const commands = new CommandsService(t.db, () => ({ publishCommand: async (_m, text) => void published.push(text) }), clock, 30, NO_AUDIT)
    const state = new StateService(t.db, new CursorCodec(Buffer.alloc(32, 1)), clock)
    await state.applyPresence(mac, { online: true, connectionType: 'mqtt' })
    const sensor = await t.db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirstOrThrow()

    const late = await commands.send(sensor, 'tune set speed 5', null)
    expect(published).toEqual(['tune set speed 5'])
    expect(commandView(late, clock.now()).status).toBe('sent')
    advance(31)
    expect(commandView(await commands.get(sensorId, late.id), clock.now()).status).toBe('expired')
    // a state after the deadline no longer confirms it
    await state.applyState(mac, { speed: 5 })
    expect(await commands.expire()).toBe(1)
    expect((await commands.get(sensorId, late.id)).status).toBe('expired')

    const prompt = await commands.send(sensor, 'tune set speed 7', null)
    advance(2)
    expect((await state.applyState(mac, { speed: 6 }))?.confirmed).toBe(0)
    expect((await state.applyState(mac, { speed: 7 }))?.confirmed).toBe(1)
    expect(commandView(await commands.get(sensorId, prompt.id), clock.now()).status).toBe('confirmed')
  })

  it('history older than the retention is dropped; identical states are not recorded twice', async () => {
    const state = new StateService(t.db, new CursorCodec(Buffer.alloc(32, 1)), clock)
    const count = async () => Number((await t.db.selectFrom('sensor_history').select((eb) => eb.fn.countAll<string>().as('n')).where('sensor_id', '=', sensorId).executeTakeFirstOrThrow()).n)
    const before = await count()
    await state.applyState(mac, { speed: 7 })
    expect(await count()).toBe(before)
    advance(10 * 86_400)
    await state.applyState(mac, { speed: 8 })
    expect(await count()).toBe(before + 1)
    await state.purgeHistory(5)
    expect(await count()).toBe(1)
  })

  it('one batch with several messages per device: the last is the state, every change is in the history, any message confirms', async () => {
    const state = new StateService(t.db, new CursorCodec(Buffer.alloc(32, 1)), clock)
    const commands = new CommandsService(t.db, () => ({ publishCommand: async () => undefined }), clock, 30, NO_AUDIT)
    const other = uniqueMac()
    const otherSensor = await t.db.insertInto('sensors').values({ tenant_id: (await t.db.selectFrom('sensors').select('tenant_id').where('id', '=', sensorId).executeTakeFirstOrThrow()).tenant_id, device_id: other, name: 'fan 2', type: '58', metadata: '{}' }).returningAll().executeTakeFirstOrThrow()
    await linkDevice(t.db, otherSensor)
    await state.applyState(mac, { speed: 1 })
    const sensor = await t.db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirstOrThrow()
    const command = await commands.send(sensor, 'tune set speed 9', null)
    const history = async (id: number) => (await t.db.selectFrom('sensor_history').select('full_data').where('sensor_id', '=', id).orderBy('id').execute()).map((r) => r.full_data)
    const before = (await history(sensorId)).length
    const changes = await state.applyStates([
      { mac, fullData: { speed: 1 } },
      { mac: other, fullData: { speed: 3 } },
      { mac, fullData: { speed: 9 } },
      { mac, fullData: { speed: 9 } },
      { mac, fullData: { speed: 2 } },
      { mac: uniqueMac(), fullData: { speed: 4 } },
    ])
    expect(changes.map((c) => [c.mac, c.messages, c.confirmed]).sort()).toEqual([[mac, 4, 1], [other, 1, 0]].sort())
    // speed 1 repeats the stored state and the second 9 the one before it: neither is recorded
    expect((await history(sensorId)).slice(before)).toEqual([{ speed: 9 }, { speed: 2 }])
    expect(await history(otherSensor.id)).toEqual([{ speed: 3 }])
    const row = await t.db.selectFrom('sensors').select(['latest_data', 'online']).where('id', '=', sensorId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ latest_data: { fullData: { speed: 2 } }, online: true })
    expect((await commands.get(sensorId, command.id)).status).toBe('confirmed')
  })

  it("a sensor's history goes with the sensor, also when the sensor goes while a batch writing to it is open, and a tenant's with the tenant", async () => {
    const tenantId = await createTenant(t, 'History')
    const macs = [uniqueMac(), uniqueMac(), uniqueMac()]
    const sensors = await t.db.insertInto('sensors').values(macs.map((m, i) => ({ tenant_id: tenantId, device_id: m, name: `fan ${i}`, type: '58', metadata: '{}' }))).returningAll().execute()
    for (const sensor of sensors) await linkDevice(t.db, sensor)
    const state = new StateService(t.db, new CursorCodec(Buffer.alloc(32, 1)), clock)
    await state.applyStates(macs.flatMap((m) => [{ mac: m, fullData: { speed: 1 } }, { mac: m, fullData: { speed: 2 } }]))
    const rows = async (id: number) => Number((await t.db.selectFrom('sensor_history').select((eb) => eb.fn.countAll<string>().as('n')).where('sensor_id', '=', id).executeTakeFirstOrThrow()).n)
    expect(await Promise.all(sensors.map((s) => rows(s.id)))).toEqual([2, 2, 2])

    await t.db.deleteFrom('sensors').where('id', '=', sensors[0]!.id).execute()
    expect(await Promise.all(sensors.map((s) => rows(s.id)))).toEqual([0, 2, 2])

    // a batch holds the sensor rows it writes until it commits: a delete meanwhile waits, then removes what it wrote
    let deleting: Promise<unknown> | undefined
    await t.db.transaction().execute(async (trx) => {
      await new StateService(trx, new CursorCodec(Buffer.alloc(32, 1)), clock).applyStates([{ mac: macs[1]!, fullData: { speed: 3 } }])
      deleting = t.db.deleteFrom('sensors').where('id', '=', sensors[1]!.id).execute()
    })
    await deleting
    expect(await Promise.all(sensors.map((s) => rows(s.id)))).toEqual([0, 0, 2])

    await t.app.services.tenants.delete(OPERATOR, tenantId)
    expect(await rows(sensors[2]!.id)).toBe(0)
  })

  it('a WebSocket ticket works once and only within 30 seconds', async () => {
    const tickets = new TicketsService(t.db, clock, async () => true)
    const holder = { userId: null, clientId: 'c', sessionId: null, scopes: ['sensors:read'] }
    const once = await tickets.issue(holder)
    expect(await tickets.consume(once.ticket)).toEqual(holder)
    expect(await tickets.consume(once.ticket)).toBeNull()
    const stale = await tickets.issue(holder)
    advance(31)
    expect(await tickets.consume(stale.ticket)).toBeNull()
    const revoked = new TicketsService(t.db, clock, async () => false)
    const ofRevokedSession = await revoked.issue({ ...holder, sessionId: 's' })
    expect(await revoked.consume(ofRevokedSession.ticket)).toBeNull()
  })
})

describe('commands sent at the same moment', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ MQTT_EMBEDDED: 'false' })
  })
  afterAll(() => t.close())

  it('50 concurrent commands: each recorded once, published once, audited once and answered with its own command; a failure stays its caller’s', async () => {
    const tenantId = await createTenant(t, 'Fifty fans')
    const macs = Array.from({ length: 50 }, () => uniqueMac())
    const sensors = await t.db
      .insertInto('sensors')
      .values(macs.map((mac, i) => ({ tenant_id: tenantId, device_id: mac, name: `fan ${i}`, type: '58', metadata: '{}', online: true })))
      .returningAll()
      .execute()
    for (const sensor of sensors) sensor.device_ref = await linkDevice(t.db, sensor)
    const published: string[] = []
    const refused = macs[7]!
    const publisher = {
      publishCommand: async (mac: string, text: string) => {
        if (mac === refused) throw new Error('no acknowledgement')
        published.push(`${mac} ${text}`)
      },
    }
    const commands = new CommandsService(t.db, () => publisher, t.clock, 30, t.app.services.audit)
    const text = (i: number) => `tune set speed ${(i % 30) + 1}`
    // the last caller's device record is gone: only that caller hears it
    const gone = { ...sensors[49]!, device_ref: 2_000_000_000 }
    // and one sensor is deleted after its caller's access check: its insert fails the batch's statement, the others still go
    await t.db.deleteFrom('sensors').where('id', '=', sensors[48]!.id).execute()
    const answers = await Promise.allSettled(sensors.map((s, i) => commands.send(i === 49 ? gone : s, text(i), null)))

    const ok = answers.flatMap((a, i) => (a.status === 'fulfilled' ? [[i, a.value] as const] : []))
    expect(ok.map(([i]) => i)).toEqual(sensors.map((_, i) => i).filter((i) => i !== 7 && i < 48))
    for (const [i, command] of ok) expect(command).toMatchObject({ sensor_id: sensors[i]!.id, command: text(i), status: 'sent' })
    expect(new Set(ok.map(([, c]) => c.id)).size).toBe(47)
    expect(answers[7]).toMatchObject({ status: 'rejected', reason: { code: 'broker_unavailable' } })
    expect(answers[49]).toMatchObject({ status: 'rejected', reason: { code: 'device_not_claimed' } })
    expect(answers[48]?.status).toBe('rejected')
    expect(published.sort()).toEqual(ok.map(([i]) => `${macs[i]} ${text(i)}`).sort())

    const rows = await t.db.selectFrom('device_commands').select(['id', 'sensor_id', 'command', 'status']).where('tenant_id', '=', tenantId).orderBy('id').execute()
    expect(rows).toHaveLength(48)
    const bySensor = new Map(rows.map((r) => [r.sensor_id, r]))
    expect(bySensor.size).toBe(48)
    for (const [i, command] of ok) expect(bySensor.get(sensors[i]!.id)).toEqual({ id: command.id, sensor_id: sensors[i]!.id, command: text(i), status: 'sent' })
    expect(bySensor.get(sensors[7]!.id)).toMatchObject({ command: text(7), status: 'failed' })
    const audited = await t.db.selectFrom('audit_log').select('target_id').where('tenant_id', '=', tenantId).where('action', '=', 'sensor.command').execute()
    expect(audited.map((a) => Number(a.target_id)).sort((a, b) => a - b)).toEqual(rows.map((r) => r.sensor_id).sort((a, b) => a - b))
  })
})
