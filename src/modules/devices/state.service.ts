/**
 * A device's live state: what its `/in` and `/online` messages change. Each batch of state
 * messages (several per device allowed) is ONE statement (update each sensor row once,
 * append to the history what changed, confirm the pending commands the new states show),
 * so a batch costs one round trip and lands whole or not at all. A message is attributed through the device record
 * (`devices`, by the MAC the broker authenticated) to the one sensor that presents it
 * (`sensors.device_ref`): a MAC nobody registered, or nobody holds, changes nothing, and a
 * sensor that merely carries the MAC as its deviceId never receives anything.
 */
import { sql } from 'kysely'
import { secondsBefore, type Clock } from '../../lib/clock.ts'
import { prepared } from '../../db/prepared.ts'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { CursorCodec, KeysetSource, PageQuery } from '../../lib/pagination.ts'
import { paginate } from '../../lib/pagination.ts'
import type { Presence, Scalar } from './payload.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'

export interface StateChange {
  sensorId: number
  tenantId: number
  /** Commands this state confirmed. */
  confirmed: number
}

interface HistoryRow {
  id: number
  sensor_id: number
  full_data: Record<string, unknown> | null
  online: boolean
  recorded_at: Date
}

function historyView(row: HistoryRow) {
  return {
    id: row.id,
    sensorId: row.sensor_id,
    online: row.online,
    fullData: row.full_data,
    time: row.recorded_at.toISOString(),
  }
}

export interface StateMessage {
  mac: string
  fullData: Record<string, Scalar>
}

/** Whether two flat states hold the same values (keys in any order, as jsonb compares them). */
function sameState(a: Record<string, Scalar>, b: Record<string, Scalar>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k])
}

/**
 * The statement's rows: each message with its place in its device's run (first, last) and,
 * past the first, whether it differs from the one before. Worked out here, so the statement
 * needs no window over the batch.
 */
function batchRows(items: StateMessage[]) {
  const previous = new Map<string, Record<string, Scalar>>()
  const lastIndex = new Map<string, number>()
  const counts = new Map<string, number>()
  items.forEach((item, i) => {
    lastIndex.set(item.mac, i)
    counts.set(item.mac, (counts.get(item.mac) ?? 0) + 1)
  })
  const rows = items.map((item, i) => {
    const before = previous.get(item.mac)
    previous.set(item.mac, item.fullData)
    const last = lastIndex.get(item.mac) === i
    return { i, mac: item.mac, fd: item.fullData, first: !before, last, changed: before ? !sameState(before, item.fullData) : true }
  })
  return { rows, counts }
}

export class StateService {
  constructor(
    private readonly db: DB,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
    /** device.state (coalesced per second), device.online and .offline, command.confirmed: in the transaction of the change. */
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  /** The change and its events commit together: in a transaction of its own, or the one the service was built on. */
  private inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work)
  }

  /** Applies a parsed `/in` message; null when the MAC belongs to no registered sensor. */
  async applyState(mac: string, fullData: Record<string, Scalar>): Promise<StateChange | null> {
    return (await this.applyStates([{ mac, fullData }]))[0] ?? null
  }

  /**
   * Applies `/in` messages in one statement, several per device allowed, each device's in
   * the order given (the bridge batches what arrives while the previous batch runs). The
   * sensor row is written once per device, with its last message; the history gets every
   * message that differs from the one before it (the stored state for a device's first);
   * a command is confirmed when any of its device's messages shows the value. Returns one
   * change per registered device, with the number of its messages applied.
   */
  async applyStates(items: StateMessage[]): Promise<(StateChange & { mac: string; messages: number })[]> {
    if (items.length === 0) return []
    const t = this.clock.now()
    const { rows, counts } = batchRows(items)
    // prepared: its text is fixed (the batch is one jsonb parameter), and planning it (about
    // 1.6 ms) cost more than running a batch of a few dozen messages
    const statement = sql<{ sensor_id: number; tenant_id: number; mac: string; confirmed: number[] | null }>`${prepared('apply_states')}
      with m as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(i int, mac text, fd jsonb, first boolean, last boolean, changed boolean)
        -- this statement's commit does not wait for the disk: the broker acknowledged these
        -- messages when they were queued, so waiting would promise nothing more; a crash of
        -- PostgreSQL itself loses at most its last fraction of a second of states
        where (select set_config('synchronous_commit', 'off', true)) is not null
      ),
      d as (
        select s.id as sensor_id, m.i, m.mac, m.fd, m.last,
          -- a device's first message of the batch is compared with the stored state
          case when m.first then s.latest_data -> 'fullData' is distinct from m.fd or not s.online else m.changed end as record
        from m join devices v on v.mac = m.mac join sensors s on s.device_ref = v.id
      ),
      up as (
        update sensors s set online = true, last_seen_at = ${t},
          latest_data = jsonb_build_object('fullData', d.fd, 'time', ${t.toISOString()}::text)
        from d where s.id = d.sensor_id and d.last returning s.id, s.tenant_id
      ),
      hist as (
        insert into sensor_history (sensor_id, tenant_id, full_data, online, recorded_at)
        select up.id, up.tenant_id, d.fd, true, ${t} from up join d on d.sensor_id = up.id where d.record order by d.i
      ),
      conf as (
        update device_commands c set status = 'confirmed', confirmed_at = ${t}
        from d where c.sensor_id = d.sensor_id and c.status in ('queued', 'sent') and c.expires_at > ${t}
          and case when (d.fd ->> c.key) ~ '^-?[0-9]{1,9}$' then (d.fd ->> c.key)::integer = c.value else false end
        returning c.sensor_id, c.id
      )
      select up.id as sensor_id, up.tenant_id, d.mac, (select array_agg(conf.id order by conf.id) from conf where conf.sensor_id = up.id) as confirmed
      from up join d on d.sensor_id = up.id and d.last
    `
    const last = new Map(rows.filter((row) => row.last).map((row) => [row.mac, row.fd]))
    const result = await this.inTransaction(async (trx) => {
      const applied = await statement.execute(trx)
      await this.events.record(
        trx,
        applied.rows.flatMap((r) => [
          { type: 'device.state' as const, tenantId: r.tenant_id, coalesceKey: String(r.sensor_id), data: { sensorId: r.sensor_id, mac: r.mac, state: last.get(r.mac) ?? {} } },
          ...(r.confirmed ?? []).map((commandId) => ({ type: 'command.confirmed' as const, tenantId: r.tenant_id, data: { sensorId: r.sensor_id, commandId } })),
        ]),
      )
      return applied
    })
    return result.rows.map((r) => ({ sensorId: r.sensor_id, tenantId: r.tenant_id, mac: r.mac, messages: counts.get(r.mac) ?? 1, confirmed: r.confirmed?.length ?? 0 }))
  }

  /** Applies an `/online` message (the will message included). */
  async applyPresence(mac: string, presence: Presence): Promise<StateChange | null> {
    const t = this.clock.now()
    const statement = sql<{ sensor_id: number; tenant_id: number; changed: boolean }>`
      with d as (select s.id as sensor_id from devices v join sensors s on s.device_ref = v.id where v.mac = ${mac}),
      prev as (select s.id, s.online, s.latest_data -> 'fullData' as fd from sensors s join d on s.id = d.sensor_id),
      up as (
        update sensors s set online = ${presence.online}, last_seen_at = ${t},
          connection_type = coalesce(${presence.connectionType}, s.connection_type)
        from d where s.id = d.sensor_id returning s.id, s.tenant_id
      ),
      hist as (
        insert into sensor_history (sensor_id, tenant_id, full_data, online, recorded_at)
        select up.id, up.tenant_id, prev.fd, ${presence.online}, ${t} from up join prev on prev.id = up.id
        where prev.online is distinct from ${presence.online}
      )
      select up.id as sensor_id, up.tenant_id, prev.online is distinct from ${presence.online} as changed from up join prev on prev.id = up.id
    `
    const result = await this.inTransaction(async (trx) => {
      const applied = await statement.execute(trx)
      const changed = applied.rows.filter((r) => r.changed)
      await this.events.record(trx, changed.map((r) => ({ type: presence.online ? 'device.online' : 'device.offline', tenantId: r.tenant_id, data: { sensorId: r.sensor_id, mac } })))
      return applied
    })
    const row = result.rows[0]
    return row ? { sensorId: row.sensor_id, tenantId: row.tenant_id, confirmed: 0 } : null
  }

  /** Drops history older than the retention. */
  async purgeHistory(retentionDays: number): Promise<void> {
    const before = secondsBefore(this.clock.now(), retentionDays * 86_400)
    await this.db.deleteFrom('sensor_history').where('recorded_at', '<', before).execute()
  }

  /** The sensor's state changes, a cursor page (newest ids last, as every /v4/ list). */
  async history(sensorId: number, query: PageQuery) {
    const ctx = `s${sensorId}`
    const req = this.cursors.request('sensor_history', ctx, query)
    const base = () => this.db.selectFrom('sensor_history').where('sensor_id', '=', sensorId)
    const columns = ['sensor_id', 'full_data', 'online', 'recorded_at'] as const
    const source: KeysetSource<HistoryRow> = {
      window: async (direction, key, take) => {
        let q = base().select([...columns, sql<string>`id::text`.as('id')])
        if (key !== null) q = q.where('id', direction === 'forward' ? '>' : '<', String(key))
        // the table's bigint id, not the text alias of the select list (which would sort "10" before "9")
        const rows = await q.orderBy('sensor_history.id', direction === 'forward' ? 'asc' : 'desc').limit(take).execute()
        return rows.map((r) => ({ ...r, id: Number(r.id) }))
      },
      exists: async (direction, key) =>
        (await base().select('id').where('id', direction === 'forward' ? '>=' : '<=', String(key)).limit(1).execute()).length > 0,
      // bounded by the retention; counted over the (sensor_id, id) index
      count: async () => Number((await base().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0),
    }
    return paginate(this.cursors, 'sensor_history', ctx, req, source, historyView)
  }
}
