/**
 * The schedule runner: turns each due occurrence of a timed command into the device's
 * commands, once per occurrence across every instance that runs it.
 *
 * Not a job library: pg-boss and graphile-worker connect to a PostgreSQL server through
 * node-postgres (graphile-worker also waits on LISTEN/NOTIFY, pg-boss takes advisory locks),
 * and the embedded PGlite database this platform also runs on lives inside the process with
 * no such server, so the claim is one SQL transaction that works on both.
 *
 * How an occurrence is claimed: each item keeps its next occurrence (`next_run_at`); a runner
 * takes a batch of due items no other instance holds (`for update skip locked`), moves each on
 * to its occurrence after `now` and writes the runs' rows, in one transaction. Two instances
 * ticking at the same instant take different items, and the unique (item, occurrence) key backs
 * that up.
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
import type { DB } from '../../db/connect.ts'
import type { ScheduleOutcome } from '../../db/device-tables.ts'
import type { Sensor } from '../../db/database.ts'
import { APP_CODE, AppError, notFound } from '../../lib/errors.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Actor } from '../tenancy/index.ts'
import { dueItems, planItem, recordClaims, settleInterrupted, settleRuns, unplannedItems } from './runs.repository.ts'

/** How the runner reaches the devices (above this module): the wiring passes these in. */
export interface ScheduleCommands {
  /** The person a group runs as (null: the platform, or a person who is gone). */
  actorFor(userId: number | null): Promise<Actor | null>
  /**
   * The sensors `actor` may command, checked at once as the API checks one (`sensors.command`):
   * each sensor, or the error the API would answer for it.
   */
  access(actor: Actor, sensorIds: readonly number[]): Promise<Map<number, Sensor | AppError>>
  /**
   * Sends one command to a sensor `access` answered, as `actor` would by hand (its audit entry
   * naming the schedule); answers the command's id, or throws as the API would.
   */
  send(actor: Actor, sensor: Sensor, text: string, schedule: { groupId: number; itemId: number }): Promise<number>
}

export interface RunnerOptions {
  /** An occurrence older than this when it is claimed is recorded missed, not sent. */
  lateSeconds?: number
  /** How long a claim stays its instance's before it is taken for interrupted. */
  leaseSeconds?: number
  /** Items claimed at a time. */
  batch?: number
  /** Items whose commands are on their way at once. */
  concurrency?: number
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

interface Fired {
  outcome: ScheduleOutcome
  detail: string | null
  commandIds: number[]
}

type Target = { missed: string } | { refused: string } | { actor: Actor; sensor: Sensor | AppError }

interface Claimed {
  runId: number
  item: DueItem
  occurrence: Date
}

function groupInto<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key)
  if (group) group.push(value)
  else groups.set(key, [value])
}

/** Runs `work` on every item, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
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
  private readonly concurrency: number
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
    this.batch = options.batch ?? 1000
    this.concurrency = options.concurrency ?? 256
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

  /**
   * Fires every occurrence due at `now`, and settles claims whose instance stopped. A fleet's
   * minute is many batches: each is claimed in one transaction, its commands sent side by side
   * (at most `concurrency` at a time; the commands service records those in flight together),
   * and its outcomes written in one, until nothing due is left for this instance.
   */
  async tick(now: Date): Promise<void> {
    await settleInterrupted(this.db, now)
    if (!this.planned) {
      await this.plan(now)
      this.planned = true
    }
    const actors = new Map<number | null, Promise<Actor | null>>()
    for (;;) {
      const claimed = await this.claim(now)
      if (claimed.length === 0) return
      // one sensor's items one after another, in the order they were due, as a single runner sent them
      const bySensor = new Map<number, Claimed[]>()
      for (const run of claimed) groupInto(bySensor, run.item.sensor_id, run)
      const results = new Map<number, Fired>()
      const targets = await this.targets(claimed, now, actors)
      await inParallel([...bySensor.values()], this.concurrency, async (runs) => {
        for (const run of runs) results.set(run.runId, await this.fire(run, targets.get(run.runId)!))
      })
      await this.settle(claimed, results)
      if (claimed.length < this.batch) return
    }
  }

  /**
   * Claims up to `batch` due items no other instance holds (SKIP LOCKED): each moves on to its
   * next occurrence after `now`, and its run is written, in one transaction. The latest
   * occurrence at or before `now` is the one run; those before it were slept through.
   */
  private async claim(now: Date): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await dueItems(trx, now, this.batch)
      if (due.length === 0) return []
      // a fleet's items mostly share a pattern, a zone and a time: each such trio is worked out once
      const worked = new Map<string, { occurrence: Date; next: Date | null }>()
      const plans = due.map((item) => {
        const dueAt = item.next_run_at!
        const key = `${item.time_zone} ${item.cron} ${dueAt.getTime()}`
        let plan = worked.get(key)
        if (!plan) {
          let occurrence = dueAt
          let next = nextOccurrence(item.cron, item.time_zone, occurrence)
          while (next && next <= now) {
            occurrence = next
            next = nextOccurrence(item.cron, item.time_zone, occurrence)
          }
          worked.set(key, (plan = { occurrence, next }))
        }
        return { item: { ...item, next_run_at: dueAt }, ...plan }
      })
      const rows = await recordClaims(trx, plans.map((p) => ({ id: p.item.id, occurrence: p.occurrence, next: p.next })), now, secondsAfter(now, this.leaseSeconds))
      const runs = new Map(rows.map((r) => [r.item_id, r.id]))
      return plans.flatMap((p) => {
        const runId = runs.get(p.item.id)
        return runId === undefined ? [] : [{ runId, item: p.item, occurrence: p.occurrence }]
      })
    })
  }

  /** Writes a batch's outcomes, and its schedule.ran events, in one transaction. */
  private async settle(claimed: Claimed[], results: Map<number, Fired>): Promise<void> {
    const finishedAt = this.clock.now()
    const fired = claimed.map((run) => ({ run, result: results.get(run.runId)! }))
    const rows = fired.map(({ run, result }) => ({ id: run.runId, outcome: result.outcome, detail: result.detail, command_ids: result.commandIds }))
    await this.db.transaction().execute(async (trx) => {
      await settleRuns(trx, rows, finishedAt)
      const events = fired.map(({ run: { item, occurrence }, result: { outcome, commandIds } }) => {
        const data = { sensorId: item.sensor_id, groupId: item.group_id, itemId: item.id, occurrence: occurrence.toISOString(), outcome, commandIds }
        return { type: 'schedule.ran' as const, tenantId: item.tenant_id, data }
      })
      await this.events.record(trx, events)
    })
  }

  /** Items without a next occurrence yet (made before runs were kept; the service plans every new one) get the first after `now`. */
  private async plan(now: Date): Promise<void> {
    for (const item of await unplannedItems(this.db)) {
      const next = nextOccurrence(item.cron, item.time_zone, now)
      if (next) await planItem(this.db, item.id, next)
    }
  }

  /**
   * What each run acts on: missed when it is late; else its maker and the sensor as the maker
   * may command it, or the refusal. Each maker is read once a tick, their sensors at once.
   */
  private async targets(claimed: Claimed[], now: Date, actors: Map<number | null, Promise<Actor | null>>): Promise<Map<number, Target>> {
    const targets = new Map<number, Target>()
    const byMaker = new Map<number | null, Claimed[]>()
    for (const run of claimed) {
      if (now.getTime() - run.occurrence.getTime() > this.lateSeconds * 1000) targets.set(run.runId, { missed: 'no instance was running at its time' })
      else groupInto(byMaker, run.item.created_by, run)
    }
    for (const [maker, runs] of byMaker) {
      let reading = actors.get(maker)
      if (!reading) actors.set(maker, (reading = this.commands.actorFor(maker)))
      const actor = await reading
      if (!actor) {
        for (const run of runs) targets.set(run.runId, { refused: 'the person the schedule runs as is gone' })
        continue
      }
      const sensors = await this.commands.access(actor, runs.map((r) => r.item.sensor_id))
      for (const run of runs) targets.set(run.runId, { actor, sensor: sensors.get(run.item.sensor_id) ?? notFound('Sensor') })
    }
    return targets
  }

  /** Sends the item's commands as its maker; the first refusal ends the run. */
  private async fire({ item }: Claimed, target: Target): Promise<Fired> {
    if ('missed' in target) return { outcome: 'missed', detail: target.missed, commandIds: [] }
    if ('refused' in target) return { outcome: 'refused', detail: target.refused, commandIds: [] }
    const { actor, sensor } = target
    if (sensor instanceof AppError) return { ...outcomeOf(sensor), commandIds: [] }
    const commandIds: number[] = []
    for (const text of commandsOf(item.type, item.value)) {
      try {
        commandIds.push(await this.commands.send(actor, sensor, text, { groupId: item.group_id, itemId: item.id }))
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
