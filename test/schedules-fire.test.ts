/**
 * Schedules that fire: a schedule group's occurrence reaches a simulated fan through the
 * embedded broker when the clock is moved (never by sleeping), as its maker would send it by
 * hand (audited, naming the schedule); two runners on one database fire each occurrence once;
 * an offline fan's occurrence is recorded as missed, not queued; the group's time zone is honoured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../src/lib/clock.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { DeviceSimulator, type AppliedCommand } from '../src/modules/devices/simulator.ts'
import { scheduleCommands } from '../src/modules/schedule-commands.ts'
import { ScheduleRunner } from '../src/modules/schedules/runner.service.ts'
import { createActor, createTenant, createTestApp, type Actor, type TestApp } from './helpers.ts'
import { bridgeEvents, createFan, waitFor, type StateEvent } from './device-helpers.ts'

interface RunBody {
  occurrence: string
  outcome: string | null
  detail: string | null
  commandIds: number[]
}
interface GroupBody {
  id: number
  timeZone: string
  nextRunAt: string | null
  lastRun: RunBody | null
  SensorSchedules: { id: number; nextRunAt: string | null; lastRun: RunBody | null }[]
}

/** The wall-clock time of `at` in `timeZone`, as "HH:MM". */
const localTime = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at))

describe('schedules that fire', () => {
  let t: TestApp
  let clock: ManualClock
  let tenantId: number
  let admin: Actor
  let fan: { sensorId: number; mac: string; password: string }
  let sim: DeviceSimulator

  beforeAll(async () => {
    clock = new ManualClock()
    t = await createTestApp({}, { clock })
    tenantId = await createTenant(t, 'Home')
    admin = await createActor(t, { tenantId, role: 'admin' })
    fan = await createFan(t, tenantId, admin)
    const online = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === fan.mac && e.channel === 'in')
    sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl!, deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    await sim.start()
    await online
  })
  afterAll(async () => {
    await sim?.stop().catch(() => undefined)
    await t.close()
  })

  const createGroup = async (sensorId: number, cron: string, value: Record<string, number>, timeZone?: string, maker: Actor = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenantId}/sensors/${sensorId}/scheduleGroups`,
      headers: maker.headers,
      payload: { SensorSchedules: [{ cron, type: 'tune', value }], ...(timeZone ? { timeZone } : {}) },
    })
    expect(res.statusCode).toBe(201)
    return res.json() as GroupBody
  }
  const groupOf = async (sensorId: number, groupId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/sensors/${sensorId}/scheduleGroups?includeScheduleItems=true`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    return (res.json() as GroupBody[]).find((g) => g.id === groupId)!
  }
  const removeGroup = async (sensorId: number, groupId: number) => {
    expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantId}/sensors/${sensorId}/scheduleGroups/${groupId}`, headers: admin.headers })).statusCode).toBe(204)
  }
  /** Moves the clock to `at` (or just past it): the occurrence is due. */
  const moveTo = (at: string) => clock.advance(Math.max(0, Math.ceil((new Date(at).getTime() - clock.now().getTime()) / 1000)))
  const commandsOf = (sensorId: number) => t.db.selectFrom('device_commands').selectAll().where('sensor_id', '=', sensorId).orderBy('id').execute()

  it('fires on the fan through the embedded broker when the clock reaches it, audited as its maker naming the schedule', async () => {
    const group = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 1 })
    expect(group.nextRunAt).not.toBeNull()
    expect(group.lastRun).toBeNull()
    const before = (await commandsOf(fan.sensorId)).length

    // nothing is due before its time
    await t.app.services.scheduleRunner.tick(clock.now())
    expect(await commandsOf(fan.sensorId)).toHaveLength(before)

    const applied = waitFor<AppliedCommand>(sim, 'command', (c) => c.key === 'power', 3000)
    moveTo(group.nextRunAt!)
    await t.app.services.scheduleRunner.tick(clock.now())
    expect(await applied).toEqual({ text: 'tune set power 1', key: 'power', value: 1 })

    const seen = await groupOf(fan.sensorId, group.id)
    expect(seen.lastRun).toMatchObject({ occurrence: group.nextRunAt, outcome: 'sent', detail: null })
    expect(seen.SensorSchedules[0]!.lastRun?.commandIds).toHaveLength(1)
    expect(new Date(seen.nextRunAt!).getTime()).toBeGreaterThan(new Date(group.nextRunAt!).getTime())
    const commands = await commandsOf(fan.sensorId)
    expect(commands).toHaveLength(before + 1)
    expect(commands.at(-1)).toMatchObject({ id: seen.lastRun!.commandIds[0], command: 'tune set power 1', requested_by: admin.user.id })

    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'sensor.command').where('target_id', '=', String(fan.sensorId)).orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ actor_kind: 'user', actor_id: String(admin.user.id), tenant_id: tenantId })
    expect(entry.summary.values).toMatchObject({ command: 'tune set power 1', scheduleGroupId: group.id, scheduleItemId: seen.SensorSchedules[0]!.id })

    // a second tick at the same instant finds nothing left to do
    await t.app.services.scheduleRunner.tick(clock.now())
    expect(await commandsOf(fan.sensorId)).toHaveLength(before + 1)
    await removeGroup(fan.sensorId, group.id)
  })

  it('two runners on the same database ticking the same instant fire each occurrence once', async () => {
    const services = t.app.services
    const second = new ScheduleRunner(t.app.db, clock, scheduleCommands(t.app.db, services.sensors, services.devices), t.app.log)
    const group = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 0 })
    const itemId = group.SensorSchedules[0]!.id
    const before = (await commandsOf(fan.sensorId)).length

    for (let occurrence = 1; occurrence <= 2; occurrence++) {
      const { nextRunAt } = await groupOf(fan.sensorId, group.id)
      const applied = waitFor<AppliedCommand>(sim, 'command', (c) => c.key === 'power', 3000)
      moveTo(nextRunAt!)
      await Promise.all([services.scheduleRunner.tick(clock.now()), second.tick(clock.now())])
      await applied
      const runs = await t.db.selectFrom('schedule_runs').selectAll().where('item_id', '=', itemId).execute()
      expect(runs).toHaveLength(occurrence)
      expect(runs.every((r) => r.outcome === 'sent' && r.command_ids.length === 1)).toBe(true)
      expect(await commandsOf(fan.sensorId)).toHaveLength(before + occurrence)
    }
    await removeGroup(fan.sensorId, group.id)
  })

  it("an offline fan's occurrence is recorded as missed, not queued", async () => {
    const offline = await createFan(t, tenantId, admin)
    const group = await createGroup(offline.sensorId, '*/10 * * * * *', { power: 1 })
    moveTo(group.nextRunAt!)
    await t.app.services.scheduleRunner.tick(clock.now())

    const seen = await groupOf(offline.sensorId, group.id)
    expect(seen.lastRun).toMatchObject({ occurrence: group.nextRunAt, outcome: 'missed', detail: 'the device was offline', commandIds: [] })
    expect(await commandsOf(offline.sensorId)).toHaveLength(0)
    await removeGroup(offline.sensorId, group.id)
  })

  it('an occurrence whose instance stops mid-run is recorded as interrupted once its lease passes, and never sent again', async () => {
    const group = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 1 })
    const itemId = group.SensorSchedules[0]!.id
    const before = (await commandsOf(fan.sensorId)).length
    // an instance that claims the occurrence and then never gets further (it died)
    const stuck = new ScheduleRunner(t.app.db, clock, { actorFor: () => new Promise(() => {}), access: () => new Promise(() => {}), send: () => new Promise(() => {}) }, t.app.log)
    moveTo(group.nextRunAt!)
    void stuck.tick(clock.now())
    await expect.poll(async () => (await t.db.selectFrom('schedule_runs').select('outcome').where('item_id', '=', itemId).execute()).length).toBe(1)
    await t.app.services.scheduleRunner.tick(clock.now())
    expect(await commandsOf(fan.sensorId)).toHaveLength(before)

    clock.advance(61)
    await t.app.services.scheduleRunner.tick(clock.now())
    const runs = await t.db.selectFrom('schedule_runs').selectAll().where('item_id', '=', itemId).orderBy('occurrence').execute()
    expect(runs[0]).toMatchObject({ occurrence: new Date(group.nextRunAt!), outcome: 'interrupted', command_ids: [] })
    // the moved clock made a later occurrence due, and that one ran; the interrupted one was not repeated
    expect(runs.slice(1).map((r) => r.outcome)).toEqual(['sent'])
    expect(await commandsOf(fan.sensorId)).toHaveLength(before + 1)
    await removeGroup(fan.sensorId, group.id)
  })

  it("goes with its maker's account: it never runs as the platform", async () => {
    const maker = await createActor(t, { tenantId, role: 'admin' })
    const group = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 1 }, undefined, maker)
    await t.app.services.accounts.deleteUser(OPERATOR, maker.user.id)
    const before = (await commandsOf(fan.sensorId)).length
    moveTo(group.nextRunAt!)
    await t.app.services.scheduleRunner.tick(clock.now())
    expect(await commandsOf(fan.sensorId)).toHaveLength(before)
    expect(await groupOf(fan.sensorId, group.id)).toBeUndefined()
  })

  it('one tick fires a whole minute in batches: each run gets its own outcome, and one sensor\'s items go in the order they were due', async () => {
    const offline = await createFan(t, tenantId, admin)
    const leaver = await createActor(t, { tenantId, role: 'admin' })
    const leaversGroup = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 1 }, undefined, leaver)
    // the maker leaves the tenant: their schedule stays, and is refused as they would be
    expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantId}/members/${leaver.user.id}`, headers: admin.headers })).statusCode).toBeLessThan(300)
    const two = await createGroup(fan.sensorId, '*/10 * * * * *', { power: 1, speed: 2 })
    const missed = await createGroup(offline.sensorId, '*/10 * * * * *', { power: 1 })
    const before = (await commandsOf(fan.sensorId)).length
    // batches of two: the three occurrences take two claims within the one tick
    const runner = new ScheduleRunner(t.app.db, clock, scheduleCommands(t.app.db, t.app.services.sensors, t.app.services.devices), t.app.log, { batch: 2 })
    const applied = waitFor<AppliedCommand>(sim, 'command', (c) => c.key === 'speed', 3000)
    moveTo(two.nextRunAt!)
    await runner.tick(clock.now())
    await applied

    const last = async (sensorId: number, groupId: number) => (await groupOf(sensorId, groupId)).lastRun
    expect(await last(fan.sensorId, leaversGroup.id)).toMatchObject({ outcome: 'refused', commandIds: [] })
    expect((await last(fan.sensorId, leaversGroup.id))!.detail).toMatch(/not_found|forbidden/)
    expect(await last(fan.sensorId, two.id)).toMatchObject({ outcome: 'sent' })
    expect(await last(offline.sensorId, missed.id)).toMatchObject({ outcome: 'missed', detail: 'the device was offline' })
    // power first, then the other key, one after the other on the one sensor
    const sent = (await commandsOf(fan.sensorId)).slice(before).map((c) => c.command)
    expect(sent).toEqual(['tune set power 1', 'tune set speed 2'])
    for (const g of [leaversGroup, two]) await removeGroup(fan.sensorId, g.id)
    await removeGroup(offline.sensorId, missed.id)
  })

  it("runs at the cron time in the group's time zone", async () => {
    const offline = await createFan(t, tenantId, admin)
    const amsterdam = await createGroup(offline.sensorId, '0 30 6 * * *', { power: 1 }, 'Europe/Amsterdam')
    const newYork = await createGroup(offline.sensorId, '0 30 6 * * *', { power: 1 }, 'America/New_York')
    const utc = await createGroup(offline.sensorId, '0 30 6 * * *', { power: 1 })
    expect([amsterdam.timeZone, newYork.timeZone, utc.timeZone]).toEqual(['Europe/Amsterdam', 'America/New_York', 'UTC'])
    expect(localTime(amsterdam.nextRunAt!, 'Europe/Amsterdam')).toBe('06:30')
    expect(localTime(newYork.nextRunAt!, 'America/New_York')).toBe('06:30')
    expect(localTime(utc.nextRunAt!, 'UTC')).toBe('06:30')
    expect(new Set([amsterdam.nextRunAt, newYork.nextRunAt, utc.nextRunAt]).size).toBe(3)

    // at the earliest of the three times, only that group's occurrence is due
    const first = [amsterdam, newYork, utc].sort((a, b) => new Date(a.nextRunAt!).getTime() - new Date(b.nextRunAt!).getTime())[0]!
    await t.app.services.scheduleRunner.tick(new Date(first.nextRunAt!))
    for (const g of [amsterdam, newYork, utc]) {
      const seen = await groupOf(offline.sensorId, g.id)
      if (g.id === first.id) expect(seen.lastRun).toMatchObject({ occurrence: g.nextRunAt, outcome: 'missed' })
      else expect(seen.lastRun).toBeNull()
    }
  })
})
