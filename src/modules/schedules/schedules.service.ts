/**
 * Schedules: groups of timed commands per sensor, in the shape the existing apps read
 * (`{SensorId, id, createdAt, updatedAt, SensorSchedules: [{id, cron, type, value}]}`).
 * This module stores and lists them, and runs them (runner.ts): at each `cron` time, read in
 * the group's time zone, `value` becomes the device's commands, sent through the devices
 * module as the group's maker would send them by hand; each run is kept, and shown here.
 *
 * Threats: who may read or change a sensor's schedules is decided once, by the sensor
 * access check in the route (members read, tenant admins write); the service only takes
 * an already checked sensor, and every query is keyed by that sensor's id, so a group id
 * of another sensor or tenant is "not found", never touched. A cron expression is parsed
 * by a cron library at write time, so nothing unparsable is stored for the runner.
 */
import { Cron } from 'croner'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { Sensor } from '../../db/database.ts'
import type { ScheduleOutcome } from '../../db/device-tables.ts'
import type { Clock } from '../../lib/clock.ts'
import { notFound, validationError, type ErrorDetail } from '../../lib/errors.ts'
import type { Actor } from '../tenancy/index.ts'
import { nextOccurrence } from './runner.service.ts'

export interface ScheduleItemInput {
  cron: string
  type: string
  /** Command values by key: `power` 0/1 always, then e.g. `mode`, `speed`. */
  value: Record<string, number>
}

/** A run of one occurrence: what happened on the group's device. */
export interface RunView {
  occurrence: string
  /** null while it runs. */
  outcome: ScheduleOutcome | null
  detail: string | null
  commandIds: number[]
  finishedAt: string | null
}

export interface ScheduleItemView {
  id: number
  cron: string
  type: string
  value: Record<string, number>
  nextRunAt: string | null
  lastRun: RunView | null
}

export interface ScheduleGroupView {
  SensorId: number
  id: number
  createdAt: string
  updatedAt: string
  timeZone: string
  /** The earliest next occurrence among the group's items. */
  nextRunAt: string | null
  /** The group's latest run, of any item. */
  lastRun: RunView | null
  SensorSchedules?: ScheduleItemView[]
}

/** Whether a cron expression parses (5 fields, or 6 with seconds first). */
function cronProblem(pattern: string): string | null {
  try {
    new Cron(pattern, { paused: true }).stop()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : 'is not a valid cron expression'
  }
}

function zoneProblem(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return null
  } catch {
    return 'is not an IANA time zone (e.g. Europe/Berlin)'
  }
}

export function checkItems(items: ScheduleItemInput[], timeZone = 'UTC'): void {
  const details: ErrorDetail[] = []
  const zone = zoneProblem(timeZone)
  if (zone) details.push({ field: 'body.timeZone', message: zone })
  items.forEach((item, i) => {
    const problem = cronProblem(item.cron)
    if (problem) details.push({ field: `body.SensorSchedules.${i}.cron`, message: problem })
  })
  if (details.length) throw validationError(details)
}

export class SchedulesService {
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
  ) {}

  async list(sensor: Sensor, includeItems: boolean): Promise<ScheduleGroupView[]> {
    const groups = await this.db.selectFrom('schedule_groups').selectAll().where('sensor_id', '=', sensor.id).orderBy('id').limit(100).execute()
    if (groups.length === 0) return []
    const groupIds = groups.map((g) => g.id)
    const items = await this.db.selectFrom('schedule_items').selectAll().where('group_id', 'in', groupIds).orderBy('id').execute()
    // each item's latest run: one row per item, newest occurrence first
    const runs = await this.db
      .selectFrom('schedule_runs')
      .distinctOn('item_id')
      .selectAll()
      .where('group_id', 'in', groupIds)
      .orderBy('item_id')
      .orderBy('occurrence', 'desc')
      .execute()
    const lastRuns = new Map(runs.map((r) => [r.item_id, r]))
    return groups.map((g) => {
      const own = items.filter((i) => i.group_id === g.id).map((i) => ({ ...i, lastRun: lastRuns.get(i.id) ?? null }))
      return groupView(g, own, includeItems)
    })
  }

  /** `by`: who makes the group; a person's group runs as them, anything else's as the platform. */
  async create(sensor: Sensor, items: ScheduleItemInput[], by: Actor, timeZone = 'UTC'): Promise<ScheduleGroupView> {
    checkItems(items, timeZone)
    const now = this.clock.now()
    return this.db.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('schedule_groups')
        .values({ tenant_id: sensor.tenant_id, sensor_id: sensor.id, time_zone: timeZone, created_by: by.kind === 'user' ? by.userId : null })
        .returningAll()
        .executeTakeFirstOrThrow()
      const rows = items.length
        ? await trx
            .insertInto('schedule_items')
            .values(items.map((i) => ({ group_id: group.id, cron: i.cron, type: i.type, value: JSON.stringify(i.value), next_run_at: nextOccurrence(i.cron, timeZone, now) })))
            .returningAll()
            .execute()
        : []
      return groupView(
        group,
        rows.map((r) => ({ ...r, lastRun: null })),
        true,
      )
    })
  }

  async remove(sensor: Sensor, groupId: number): Promise<void> {
    const result = await this.db.deleteFrom('schedule_groups').where('id', '=', groupId).where('sensor_id', '=', sensor.id).executeTakeFirst()
    if (!result.numDeletedRows) throw notFound('Schedule group')
  }
}

type GroupRow = { id: number; sensor_id: number; created_at: Date; updated_at: Date; time_zone: string }
type RunRow = { occurrence: Date; outcome: ScheduleOutcome | null; detail: string | null; command_ids: number[]; finished_at: Date | null }
type ItemRow = { id: number; cron: string; type: string; value: Record<string, number>; next_run_at: Date | null; lastRun: RunRow | null }

function runView(r: RunRow | null): RunView | null {
  if (!r) return null
  return { occurrence: r.occurrence.toISOString(), outcome: r.outcome, detail: r.detail, commandIds: r.command_ids, finishedAt: r.finished_at?.toISOString() ?? null }
}

export function groupView(g: GroupRow, items: ItemRow[], includeItems: boolean): ScheduleGroupView {
  const next = items.map((i) => i.next_run_at).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0]
  const last = items.map((i) => i.lastRun).filter((r): r is RunRow => r !== null).sort((a, b) => b.occurrence.getTime() - a.occurrence.getTime())[0]
  return {
    SensorId: g.sensor_id,
    id: g.id,
    createdAt: g.created_at.toISOString(),
    updatedAt: g.updated_at.toISOString(),
    timeZone: g.time_zone,
    nextRunAt: next?.toISOString() ?? null,
    lastRun: runView(last ?? null),
    ...(includeItems
      ? { SensorSchedules: items.map((i) => ({ id: i.id, cron: i.cron, type: i.type, value: i.value, nextRunAt: i.next_run_at?.toISOString() ?? null, lastRun: runView(i.lastRun) })) }
      : {}),
  }
}

/** Moves a sensor's schedules with it to another tenant (devices' transfer). */
export async function moveSensorSchedules(db: Executor, sensorId: number, tenantId: number): Promise<void> {
  await db.updateTable('schedule_groups').set({ tenant_id: tenantId }).where('sensor_id', '=', sensorId).execute()
}
