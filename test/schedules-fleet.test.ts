/**
 * Schedules on a fleet: three instances of one PostgreSQL database (each with its own pool and
 * its own schedule runner, all on one clock the test moves) and one MQTT broker fire each
 * occurrence of a schedule group exactly once on a simulated fan: counted in the commands the
 * fan receives and in the runs recorded, with the three ticking at the same instant. An
 * instance that dies mid-run (its connections cut while a statement of the run waits) neither
 * loses nor doubles an occurrence, as docs/api.md promises: killed inside its claim, the claim
 * never happened and another instance sends the occurrence; killed after sending, the run is
 * recorded `interrupted` once its lease has passed and is never sent a second time.
 *
 * Services phase only: on the embedded database the "instances" would share one connection,
 * and each embedded broker is its own process's, so a fan reaches three instances only through
 * an external broker.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { ManualClock } from '../src/lib/clock.ts'
import { DeviceSimulator, type AppliedCommand } from '../src/modules/devices/simulator.ts'
import { TEST_MQTT_URL, createFan } from './device-helpers.ts'
import { until } from './fleet-helpers.ts'
import { createActor, createTenant, createTestApp, type Actor, type TestApp } from './helpers.ts'

const missing = [['TEST_DATABASE_URL', process.env.TEST_DATABASE_URL], ['TEST_MQTT_URL', TEST_MQTT_URL]].filter(([, v]) => !v).map(([name]) => name)
const skipReason = missing.length > 0 ? `needs ${missing.join(' and ')}` : null

/** The lease of a claim (the runner's default): past it, a run without an outcome is taken for interrupted. */
const LEASE_SECONDS = 60

interface Instance {
  name: string
  app: FastifyInstance
  db: DB
}

describe.skipIf(skipReason !== null)(`schedules on three instances of one PostgreSQL database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const clock = new ManualClock()
  const env: Record<string, string> = {}
  let t: TestApp
  let tenantId: number
  let admin: Actor
  let fan: { sensorId: number; mac: string; password: string }
  let sim: DeviceSimulator
  /** Every command the fan applied, in order of arrival. */
  const received: AppliedCommand[] = []
  const fleet: Instance[] = []
  /** Ends the hold of the test running (holdAt), if any. */
  let releaseHold: (() => Promise<void>) | null = null
  /** The schedule groups made by the test running. */
  const groups: number[] = []
  /** The test's own connection, for what no instance does: holding a lock, cutting an instance's connections. */
  let control: pg.Client

  /** Another instance of the same database: its own pool, named so its connections can be found (and cut). */
  async function startInstance(name: string): Promise<Instance> {
    if (t.config.database.kind !== 'postgres') throw new Error('PostgreSQL only')
    const url = new URL(t.config.database.url)
    url.searchParams.set('application_name', `trellis-${name}`)
    const db = await connectDatabase({ ...t.config.database, url: url.toString() })
    const app = await buildApp(t.config, { db, logger: false, clock })
    return { name, app, db }
  }

  beforeAll(async () => {
    const suffix = randomBytes(6).toString('hex')
    env.MQTT_URL = TEST_MQTT_URL!
    env.MQTT_SHARE_GROUP = `sched${suffix}`
    if (process.env.TEST_REDIS_URL) Object.assign(env, { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `trellis-sched-${suffix}:` })
    t = await createTestApp(env, { clock })
    fleet.push({ name: 'a', app: t.app, db: t.db }, await startInstance('b'), await startInstance('c'))
    control = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' })
    await control.connect()

    tenantId = await createTenant(t, 'Home')
    admin = await createActor(t, { tenantId, role: 'admin' })
    fan = await createFan(t, tenantId, admin)
    sim = new DeviceSimulator({ url: TEST_MQTT_URL!, deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    sim.on('command', (c: AppliedCommand) => received.push(c))
    await sim.start()
    // online once whichever instance took the fan's first message has written it
    await until('the fan online', async () => (await t.db.selectFrom('sensors').select('online').where('id', '=', fan.sensorId).executeTakeFirstOrThrow()).online)
  })
  afterAll(async () => {
    await sim?.stop().catch(() => undefined)
    await control?.end().catch(() => undefined)
    for (const instance of fleet.slice(1)) {
      await instance.app.close()
      await instance.db.destroy()
    }
    await t?.close()
  })

  const createGroup = async (items: Record<string, number>[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenantId}/sensors/${fan.sensorId}/scheduleGroups`,
      headers: admin.headers,
      payload: { SensorSchedules: items.map((value) => ({ cron: '*/10 * * * * *', type: 'tune', value })) },
    })
    expect(res.statusCode, res.body).toBe(201)
    const group = res.json() as { id: number; SensorSchedules: { id: number }[] }
    groups.push(group.id)
    return group
  }
  // each test's hold and group go with it, passed or failed: a group left due would run in the next test's ticks
  afterEach(async () => {
    await releaseHold?.()
    for (const groupId of groups.splice(0)) {
      const res = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantId}/sensors/${fan.sensorId}/scheduleGroups/${groupId}`, headers: admin.headers })
      expect(res.statusCode).toBe(204)
    }
  })
  const runsOf = (groupId: number) => t.db.selectFrom('schedule_runs').selectAll().where('group_id', '=', groupId).orderBy('occurrence').orderBy('item_id').execute()
  const commandCount = async () => (await t.db.selectFrom('device_commands').select('id').where('sensor_id', '=', fan.sensorId).execute()).length
  /** Moves the clock just past the group's earliest next occurrence: it is due. */
  const moveToNext = async (groupId: number) => {
    const { next } = await t.db.selectFrom('schedule_items').select((eb) => eb.fn.min('next_run_at').as('next')).where('group_id', '=', groupId).executeTakeFirstOrThrow()
    const at = new Date(next as Date | string)
    clock.advance(Math.max(0, Math.ceil((at.getTime() - clock.now().getTime()) / 1000)))
    return at
  }
  /** Every running instance ticks at the same instant. */
  const tickAll = (instances = fleet) => Promise.all(instances.map((i) => i.app.services.scheduleRunner.tick(clock.now())))

  it('fires each occurrence exactly once while the three tick at the same instant', async () => {
    const group = await createGroup([{ power: 1, speed: 5 }, { power: 1, speed: 7 }])
    const before = { received: received.length, commands: await commandCount() }
    const occurrences: Date[] = []

    for (let n = 1; n <= 4; n++) {
      occurrences.push(await moveToNext(group.id))
      await tickAll()
      // each tick returned after its sends were acknowledged by the broker: what is recorded is all there is
      expect(await commandCount()).toBe(before.commands + 4 * n)
      await expect.poll(() => received.length - before.received, { timeout: 5000 }).toBe(4 * n)
    }

    const runs = await runsOf(group.id)
    expect(runs).toHaveLength(8)
    expect(runs.map((r) => r.occurrence.getTime())).toEqual(occurrences.flatMap((o) => [o.getTime(), o.getTime()]))
    expect(runs.every((r) => r.outcome === 'sent' && r.command_ids.length === 2)).toBe(true)
    expect(new Set(runs.flatMap((r) => r.command_ids)).size).toBe(16)
    const texts = received.slice(before.received).map((c) => c.text)
    expect(texts.filter((x) => x === 'tune set power 1')).toHaveLength(8)
    expect(texts.filter((x) => x === 'tune set speed 5')).toHaveLength(4)
    expect(texts.filter((x) => x === 'tune set speed 7')).toHaveLength(4)
  })

  /**
   * Makes the statements of a run wait at one point: a trigger on `table` that waits for the
   * advisory lock the test holds, until releaseHold (which also drops the trigger).
   */
  async function holdAt(table: 'schedule_runs', event: 'insert' | 'update'): Promise<void> {
    const key = 4141
    await control.query(`create or replace function test_hold_run() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock_shared(${key}); return new; end $$`)
    // an update holds only when it records an outcome
    const when = event === 'update' ? 'when (old.outcome is null and new.outcome is not null)' : ''
    await control.query(`create trigger test_hold_run before ${event} on ${table} for each row ${when} execute function test_hold_run()`)
    await control.query('select pg_advisory_lock($1)', [key])
    releaseHold = async () => {
      releaseHold = null
      await control.query('select pg_advisory_unlock($1)', [key])
      await control.query(`drop trigger test_hold_run on ${table}`)
    }
  }

  /** Waits until an instance's statement waits on the test's lock. */
  const waitingOnLock = (instance: Instance) =>
    expect
      .poll(async () => (await control.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [`trellis-${instance.name}`])).rows[0]!.n, { timeout: 5000 })
      .toBe(1)

  /**
   * The instance dies where its run waits: the database cuts that connection (what it sees of
   * a killed process), so the statement fails and the run goes no further; then the rest of
   * the instance is closed, and the fleet starts another in its place once the hold is
   * released. Answers how the dead instance's tick ended.
   */
  async function kill(instance: Instance, tick: Promise<unknown>): Promise<unknown> {
    const ended = tick.then(
      () => null,
      (error: unknown) => error,
    )
    const cut = await control.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [`trellis-${instance.name}`])
    expect(cut.rowCount).toBe(1)
    const outcome = await ended
    await instance.app.close()
    await instance.db.destroy()
    fleet.splice(fleet.indexOf(instance), 1)
    await releaseHold?.()
    fleet.push(await startInstance(`${instance.name}2`))
    return outcome
  }

  it('an instance killed inside its claim claimed nothing: another sends the occurrence, once', async () => {
    const group = await createGroup([{ power: 1 }])
    const before = { received: received.length, commands: await commandCount() }
    const doomed = fleet.find((i) => i.name !== 'a')!
    await holdAt('schedule_runs', 'insert')
    const occurrence = await moveToNext(group.id)
    const tick = doomed.app.services.scheduleRunner.tick(clock.now())
    await waitingOnLock(doomed)
    expect(await kill(doomed, tick)).toMatchObject({ message: expect.stringMatching(/terminat/) })

    // its claim rolled back with its connection: the occurrence is still due, and taken over at the next tick
    expect(await runsOf(group.id)).toHaveLength(0)
    await tickAll()
    const runs = await runsOf(group.id)
    expect(runs).toMatchObject([{ occurrence, outcome: 'sent' }])
    expect(await commandCount()).toBe(before.commands + 1)
    await expect.poll(() => received.length - before.received, { timeout: 5000 }).toBe(1)
  })

  it('an instance killed after sending, before recording, is recorded interrupted after its lease and never sent again', async () => {
    const group = await createGroup([{ power: 1 }])
    const before = { received: received.length, commands: await commandCount() }
    const doomed = fleet.find((i) => i.name !== 'a')!
    await holdAt('schedule_runs', 'update')
    const occurrence = await moveToNext(group.id)
    const tick = doomed.app.services.scheduleRunner.tick(clock.now())
    // the fan has the command; the instance waits to record the outcome, and dies there
    await expect.poll(() => received.length - before.received, { timeout: 5000 }).toBe(1)
    await waitingOnLock(doomed)
    expect(await kill(doomed, tick)).toMatchObject({ message: expect.stringMatching(/terminat/) })

    // within the lease the claim is still the dead instance's: the others neither send nor settle it
    await tickAll()
    expect(await runsOf(group.id)).toMatchObject([{ occurrence, outcome: null }])
    expect(await commandCount()).toBe(before.commands + 1)

    // past the lease: recorded interrupted, once; the occurrence now due is sent, once
    clock.advance(LEASE_SECONDS + 1)
    await tickAll()
    const runs = await runsOf(group.id)
    expect(runs).toHaveLength(2)
    expect(runs[0]).toMatchObject({ occurrence, outcome: 'interrupted', command_ids: [] })
    expect(runs[1]).toMatchObject({ outcome: 'sent' })
    expect(runs[1]!.command_ids).toHaveLength(1)
    expect(await commandCount()).toBe(before.commands + 2)
    await expect.poll(() => received.length - before.received, { timeout: 5000 }).toBe(2)

    // and a later tick of every instance changes nothing
    await tickAll()
    expect(await runsOf(group.id)).toHaveLength(2)
    expect(received.length - before.received).toBe(2)
  })
})
