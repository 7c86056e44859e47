/**
 * The schedule runner: turns each due occurrence of a timed command into the device's
 * commands, once per occurrence across every instance that runs it.
 *
 * Not a job library: pg-boss and graphile-worker connect to a PostgreSQL server through
 * node-postgres (graphile-worker also waits on LISTEN/NOTIFY, pg-boss takes advisory locks),
 * and the embedded PGlite database this platform also runs on lives inside the process with
 * no such server, so the claim is one SQL statement that works on both.
 *
 * How an occurrence is claimed: each item keeps its next occurrence (`next_run_at`); a runner
 * that finds it due moves it on to the one after `now` and writes the run's row, in one
 * statement whose update holds only while `next_run_at` is still the value it read. Two
 * instances ticking at the same instant both try; the row lock makes the second re-read the
 * moved value and do nothing, and the unique (item, occurrence) key backs that up.
 *
 * An instance that stops after its claim leaves a run without an outcome; once its lease has
 * passed, the next tick records it as `interrupted`, and never sends it again: the commands
 * may already have gone out, and a late or doubled "power 1" is what a schedule must not do.
 * The occurrence is thus neither lost (it is on record) nor doubled.
 *
 * Occurrences the whole fleet slept through (every instance down) are not replayed: only the
 * latest is considered, and it is recorded `missed` when it is more than `lateSeconds` old.
 * An offline device's occurrence is `missed` too, not queued (commands.service.ts says why).
 */
import { Cron } from 'croner'
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { ScheduleOutcome } from '../../db/device-tables.ts'
import { APP_CODE, AppError } from '../../lib/errors.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Actor } from '../tenancy/index.ts'

/** How the runner reaches the devices (above this module): the wiring passes these in. */
export interface ScheduleCommands {
  /** The person a group runs as (null: the platform, or a person who is gone). */
  actorFor(userId: number | null): Promise<Actor | null>
  /**
   * Sends one command to the sensor's device as `actor` would by hand (its access checked,
   * its audit entry naming the schedule); answers the command's id, or throws as the API would.
   */
  send(actor: Actor, sensorId: number, text: string, schedule: { groupId: number; itemId: number }): Promise<number>
}

export interface RunnerOptions {
  /** An occurrence older than this when it is claimed is recorded missed, not sent. */
  lateSeconds?: number
  /** How long a claim stays its instance's before it is taken for interrupted. */
  leaseSeconds?: number
  /** Items claimed per tick. */
  batch?: number
}

/** The next occurrence of `pattern` in `timeZone` strictly after `after` (null: none ever). */
export function nextOccurrence(pattern: string, timeZone: string, after: Date): Date | null {
  const cron = new Cron(pattern, { paused: true, timezone: timeZone })
  try {
    return cron.nextRun(after)
  } finally {
    cron.stop()
  }
}

/** The commands an item's value makes, power first: `tune set power 1`, then the other keys. */
export function commandsOf(type: string, value: Record<string, number>): string[] {
  const keys = Object.keys(value).sort((a, b) => (a === 'power' ? -1 : b === 'power' ? 1 : 0))
  return keys.map((key) => `${type} set ${key} ${value[key]}`)
}

interface DueItem {
  id: number
  group_id: number
  sensor_id: number
  cron: string
  type: string
  value: Record<string, number>
  time_zone: string
  created_by: number | null
  tenant_id: number
  next_run_at: Date
}

export class ScheduleRunner {
  private readonly lateSeconds: number
  private readonly leaseSeconds: number
  private readonly batch: number
  private running: Promise<void> | null = null
  /** Items made before runs were kept are planned once per runner, not looked for on every tick. */
  private planned = false

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly commands: ScheduleCommands,
    private readonly log: Log,
    options: RunnerOptions = {},
    /** schedule.ran, in the transaction that writes the run's outcome. */
    private readonly events: EventSink = NO_EVENTS,
  ) {
    this.lateSeconds = options.lateSeconds ?? 120
    this.leaseSeconds = options.leaseSeconds ?? 60
    this.batch = options.batch ?? 100
  }

  /** Production: a tick every `everyMs` on the clock; answers the stop. */
  start(everyMs = 1000): () => void {
    const timer = setInterval(() => {
      // one tick at a time per instance: a slow one is not stacked on
      if (this.running) return
      this.running = this.tick(this.clock.now())
        .catch((err: unknown) => this.log.warn({ err }, 'schedule tick failed'))
        .finally(() => {
          this.running = null
        })
    }, everyMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** Fires every occurrence due at `now`, and settles claims whose instance stopped. */
  async tick(now: Date): Promise<void> {
    await this.settleInterrupted(now)
    if (!this.planned) {
      await this.plan(now)
      this.planned = true
    }
    const due = await this.db
      .selectFrom('schedule_items as i')
      .innerJoin('schedule_groups as g', 'g.id', 'i.group_id')
      .select(['i.id', 'i.group_id', 'g.sensor_id', 'i.cron', 'i.type', 'i.value', 'g.time_zone', 'g.created_by', 'g.tenant_id', 'i.next_run_at'])
      .where('i.next_run_at', '<=', now)
      .orderBy('i.next_run_at')
      .limit(this.batch)
      .execute()
    for (const item of due) {
      if (item.next_run_at === null) continue
      await this.runItem({ ...item, next_run_at: item.next_run_at }, now)
    }
  }

  /** Items without a next occurrence yet (made before runs were kept; the service plans every new one) get the first after `now`. */
  private async plan(now: Date): Promise<void> {
    const items = await this.db
      .selectFrom('schedule_items as i')
      .innerJoin('schedule_groups as g', 'g.id', 'i.group_id')
      .select(['i.id', 'i.cron', 'g.time_zone'])
      .where('i.next_run_at', 'is', null)
      .execute()
    for (const item of items) {
      const next = nextOccurrence(item.cron, item.time_zone, now)
      if (next) await this.db.updateTable('schedule_items').set({ next_run_at: next }).where('id', '=', item.id).where('next_run_at', 'is', null).execute()
    }
  }

  private async settleInterrupted(now: Date): Promise<void> {
    await this.db
      .updateTable('schedule_runs')
      .set({ outcome: 'interrupted', finished_at: now, detail: 'the instance running it stopped before it finished; not sent again' })
      .where('outcome', 'is', null)
      .where('lease_until', '<', now)
      .execute()
  }

  private async runItem(item: DueItem, now: Date): Promise<void> {
    // the latest occurrence at or before now; those before it were slept through
    let occurrence = item.next_run_at
    let next = nextOccurrence(item.cron, item.time_zone, occurrence)
    while (next && next <= now) {
      occurrence = next
      next = nextOccurrence(item.cron, item.time_zone, occurrence)
    }
    const { rows } = await sql<{ id: number }>`
      with advanced as (
        update schedule_items set next_run_at = ${next}
        where id = ${item.id} and next_run_at = ${item.next_run_at}
        returning id, group_id
      )
      insert into schedule_runs (item_id, group_id, occurrence, claimed_at, lease_until)
      select id, group_id, ${occurrence}, ${now}, ${secondsAfter(now, this.leaseSeconds)} from advanced
      on conflict (item_id, occurrence) do nothing
      returning id
    `.execute(this.db)
    const run = rows[0]
    if (!run) return
    const late = now.getTime() - occurrence.getTime() > this.lateSeconds * 1000
    const result = late ? { outcome: 'missed' as const, detail: 'no instance was running at its time', commandIds: [] } : await this.fire(item)
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('schedule_runs')
        .set({ outcome: result.outcome, detail: result.detail, command_ids: result.commandIds, finished_at: this.clock.now() })
        .where('id', '=', run.id)
        .execute()
      const data = { sensorId: item.sensor_id, groupId: item.group_id, itemId: item.id, occurrence: occurrence.toISOString(), outcome: result.outcome, commandIds: result.commandIds }
      await this.events.record(trx, { type: 'schedule.ran', tenantId: item.tenant_id, data })
    })
  }

  /** Sends the item's commands as the group's owner; the first refusal ends the run. */
  private async fire(item: DueItem): Promise<{ outcome: ScheduleOutcome; detail: string | null; commandIds: number[] }> {
    const commandIds: number[] = []
    const actor = await this.commands.actorFor(item.created_by)
    if (!actor) return { outcome: 'refused', detail: 'the person the schedule runs as is gone', commandIds }
    for (const text of commandsOf(item.type, item.value)) {
      try {
        commandIds.push(await this.commands.send(actor, item.sensor_id, text, { groupId: item.group_id, itemId: item.id }))
      } catch (error) {
        return { ...outcomeOf(error), commandIds }
      }
    }
    return { outcome: 'sent', detail: null, commandIds }
  }
}

function outcomeOf(error: unknown): { outcome: ScheduleOutcome; detail: string } {
  if (!(error instanceof AppError)) return { outcome: 'failed', detail: error instanceof Error ? error.message.slice(0, 200) : 'failed' }
  if (error.code === APP_CODE.device_offline) return { outcome: 'missed', detail: 'the device was offline' }
  if (error.statusCode === 403 || error.statusCode === 404 || error.code === APP_CODE.device_not_claimed) return { outcome: 'refused', detail: `${error.code}: ${error.message}`.slice(0, 200) }
  return { outcome: 'failed', detail: `${error.code}: ${error.message}`.slice(0, 200) }
}
