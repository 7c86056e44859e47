/** The schedule runner's statements: due items, claims and outcomes (runner.service.ts says how they fit). */
import { sql } from 'kysely'
import type { Executor } from '../../db/executor.ts'
import type { ScheduleOutcome } from '../../db/device-tables.ts'

/** Up to `limit` items due at `now` that no other transaction holds, locked for this one. */
export function dueItems(trx: Executor, now: Date, limit: number) {
  return trx
    .selectFrom('schedule_items as i')
    .innerJoin('schedule_groups as g', 'g.id', 'i.group_id')
    .select(['i.id', 'i.group_id', 'g.sensor_id', 'i.cron', 'i.type', 'i.value', 'g.time_zone', 'g.created_by', 'g.tenant_id', 'i.next_run_at'])
    .where('i.next_run_at', '<=', now)
    .orderBy('i.next_run_at')
    .limit(limit)
    .modifyEnd(sql`for update of i skip locked`)
    .execute()
}

/** Moves each item on to `next` and writes its occurrence's run; answers the runs written (an occurrence already on record is not). */
export async function recordClaims(trx: Executor, plans: { id: number; occurrence: Date; next: Date | null }[], now: Date, leaseUntil: Date): Promise<{ id: number; item_id: number }[]> {
  const { rows } = await sql<{ id: number; item_id: number }>`
    with plan as (
      select * from unnest(${plans.map((p) => p.id)}::int[], ${plans.map((p) => p.occurrence)}::timestamptz[], ${plans.map((p) => p.next)}::timestamptz[]) as t(id, occurrence, next)
    ), advanced as (
      update schedule_items i set next_run_at = plan.next from plan where i.id = plan.id
      returning i.id, i.group_id, plan.occurrence
    )
    insert into schedule_runs (item_id, group_id, occurrence, claimed_at, lease_until)
    select id, group_id, occurrence, ${now}, ${leaseUntil} from advanced
    on conflict (item_id, occurrence) do nothing
    returning id, item_id
  `.execute(trx)
  return rows
}

/** Writes runs' outcomes, all in one statement. */
export async function settleRuns(trx: Executor, runs: { id: number; outcome: ScheduleOutcome; detail: string | null; command_ids: number[] }[], finishedAt: Date): Promise<void> {
  await sql`
    update schedule_runs r set outcome = t.outcome, detail = t.detail, command_ids = t.command_ids, finished_at = ${finishedAt}
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as t(id int, outcome text, detail text, command_ids int[])
    where r.id = t.id
  `.execute(trx)
}

/** Runs whose lease passed without an outcome: their instance stopped; they are never sent again. */
export async function settleInterrupted(db: Executor, now: Date): Promise<void> {
  await db
    .updateTable('schedule_runs')
    .set({ outcome: 'interrupted', finished_at: now, detail: 'the instance running it stopped before it finished; not sent again' })
    .where('outcome', 'is', null)
    .where('lease_until', '<', now)
    .execute()
}

/** Items without a next occurrence yet (made before runs were kept). */
export function unplannedItems(db: Executor) {
  return db.selectFrom('schedule_items as i').innerJoin('schedule_groups as g', 'g.id', 'i.group_id').select(['i.id', 'i.cron', 'g.time_zone']).where('i.next_run_at', 'is', null).execute()
}

export async function planItem(db: Executor, itemId: number, next: Date): Promise<void> {
  await db.updateTable('schedule_items').set({ next_run_at: next }).where('id', '=', itemId).where('next_run_at', 'is', null).execute()
}
