/**
 * Schedules: groups of timed commands per sensor, in the shape the existing apps read
 * (`{SensorId, id, createdAt, updatedAt, SensorSchedules: [{id, cron, type, value}]}`).
 * This module stores and lists them; running them (turning `value` into a device command
 * at each `cron` time) is the devices module's.
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
import { notFound, validationError, type ErrorDetail } from '../../lib/errors.ts'

export interface ScheduleItemInput {
  cron: string
  type: string
  /** Command values by key: `power` 0/1 always, then e.g. `mode`, `speed`. */
  value: Record<string, number>
}

export interface ScheduleGroupView {
  SensorId: number
  id: number
  createdAt: string
  updatedAt: string
  SensorSchedules?: { id: number; cron: string; type: string; value: Record<string, number> }[]
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

export function checkItems(items: ScheduleItemInput[]): void {
  const details: ErrorDetail[] = []
  items.forEach((item, i) => {
    const problem = cronProblem(item.cron)
    if (problem) details.push({ field: `body.SensorSchedules.${i}.cron`, message: problem })
  })
  if (details.length) throw validationError(details)
}

export class SchedulesService {
  constructor(private readonly db: DB) {}

  async list(sensor: Sensor, includeItems: boolean): Promise<ScheduleGroupView[]> {
    const groups = await this.db.selectFrom('schedule_groups').selectAll().where('sensor_id', '=', sensor.id).orderBy('id').limit(100).execute()
    if (!includeItems || groups.length === 0) return groups.map((g) => groupView(g))
    const items = await this.db
      .selectFrom('schedule_items')
      .selectAll()
      .where('group_id', 'in', groups.map((g) => g.id))
      .orderBy('id')
      .execute()
    return groups.map((g) => groupView(g, items.filter((i) => i.group_id === g.id)))
  }

  async create(sensor: Sensor, items: ScheduleItemInput[]): Promise<ScheduleGroupView> {
    checkItems(items)
    return this.db.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('schedule_groups')
        .values({ tenant_id: sensor.tenant_id, sensor_id: sensor.id })
        .returningAll()
        .executeTakeFirstOrThrow()
      const rows = items.length
        ? await trx
            .insertInto('schedule_items')
            .values(items.map((i) => ({ group_id: group.id, cron: i.cron, type: i.type, value: JSON.stringify(i.value) })))
            .returningAll()
            .execute()
        : []
      return groupView(group, rows)
    })
  }

  async remove(sensor: Sensor, groupId: number): Promise<void> {
    const result = await this.db.deleteFrom('schedule_groups').where('id', '=', groupId).where('sensor_id', '=', sensor.id).executeTakeFirst()
    if (!result.numDeletedRows) throw notFound('Schedule group')
  }
}

type GroupRow = { id: number; sensor_id: number; created_at: Date; updated_at: Date }
type ItemRow = { id: number; cron: string; type: string; value: Record<string, number> }

export function groupView(g: GroupRow, items?: ItemRow[]): ScheduleGroupView {
  return {
    SensorId: g.sensor_id,
    id: g.id,
    createdAt: g.created_at.toISOString(),
    updatedAt: g.updated_at.toISOString(),
    ...(items ? { SensorSchedules: items.map((i) => ({ id: i.id, cron: i.cron, type: i.type, value: i.value })) } : {}),
  }
}

/** Moves a sensor's schedules with it to another tenant (devices' transfer). */
export async function moveSensorSchedules(db: Executor, sensorId: number, tenantId: number): Promise<void> {
  await db.updateTable('schedule_groups').set({ tenant_id: tenantId }).where('sensor_id', '=', sensorId).execute()
}
