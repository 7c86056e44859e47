/**
 * A device's live state: what its `/in` and `/online` messages change. Each batch of state
 * messages is ONE statement (update the sensor row, append to the history when something changed, confirm
 * the pending commands the new state shows), so ingest costs one round trip and a message
 * either lands whole or not at all. A message is attributed through the device record
 * (`devices`, by the MAC the broker authenticated) to the one sensor that presents it
 * (`sensors.device_ref`): a MAC nobody registered, or nobody holds, changes nothing, and a
 * sensor that merely carries the MAC as its deviceId never receives anything.
 */
import { sql } from 'kysely'
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { CursorCodec, KeysetSource, PageQuery } from '../../lib/pagination.ts'
import { paginate } from '../../lib/pagination.ts'
import type { Presence, Scalar } from './payload.ts'

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

export class StateService {
  constructor(
    private readonly db: DB,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
  ) {}

  /** Applies a parsed `/in` message; null when the MAC belongs to no registered sensor. */
  async applyState(mac: string, fullData: Record<string, Scalar>, raw: unknown): Promise<StateChange | null> {
    return (await this.applyStates([{ mac, fullData, raw }]))[0] ?? null
  }

  /**
   * Applies `/in` messages of DISTINCT devices in one statement (the bridge batches what
   * arrives while the previous batch runs); returns the changes of registered devices.
   */
  async applyStates(items: { mac: string; fullData: Record<string, Scalar>; raw: unknown }[]): Promise<(StateChange & { mac: string })[]> {
    if (items.length === 0) return []
    const t = this.clock.now()
    const batch = JSON.stringify(items.map((i) => ({ mac: i.mac, fd: i.fullData, raw: i.raw ?? null })))
    const result = await sql<{ sensor_id: number; tenant_id: number; mac: string; confirmed: string }>`
      with m as (select * from jsonb_to_recordset(${batch}::jsonb) as m(mac text, fd jsonb, raw jsonb)),
      d as (select s.id as sensor_id, m.mac, m.fd, m.raw from m join devices v on v.mac = m.mac join sensors s on s.device_ref = v.id),
      prev as (select s.id, s.latest_data -> 'fullData' as fd, s.online from sensors s join d on s.id = d.sensor_id),
      up as (
        update sensors s set online = true, last_seen_at = ${t},
          latest_data = jsonb_build_object('fullData', d.fd, 'time', ${t.toISOString()}::text), latest_raw = d.raw
        from d where s.id = d.sensor_id returning s.id, s.tenant_id
      ),
      hist as (
        insert into sensor_history (sensor_id, tenant_id, full_data, online, recorded_at)
        select up.id, up.tenant_id, d.fd, true, ${t} from up join d on d.sensor_id = up.id join prev on prev.id = up.id
        where prev.fd is distinct from d.fd or not prev.online
      ),
      conf as (
        update device_commands c set status = 'confirmed', confirmed_at = ${t}
        from d where c.sensor_id = d.sensor_id and c.status in ('queued', 'sent') and c.expires_at > ${t}
          and case when (d.fd ->> c.key) ~ '^-?[0-9]{1,9}$' then (d.fd ->> c.key)::integer = c.value else false end
        returning c.sensor_id
      )
      select up.id as sensor_id, up.tenant_id, d.mac, (select count(*) from conf where conf.sensor_id = up.id) as confirmed
      from up join d on d.sensor_id = up.id
    `.execute(this.db)
    return result.rows.map((r) => ({ sensorId: r.sensor_id, tenantId: r.tenant_id, mac: r.mac, confirmed: Number(r.confirmed) }))
  }

  /** Applies an `/online` message (the will message included). */
  async applyPresence(mac: string, presence: Presence): Promise<StateChange | null> {
    const t = this.clock.now()
    const result = await sql<{ sensor_id: number; tenant_id: number }>`
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
      select up.id as sensor_id, up.tenant_id from up
    `.execute(this.db)
    const row = result.rows[0]
    return row ? { sensorId: row.sensor_id, tenantId: row.tenant_id, confirmed: 0 } : null
  }

  /** Drops history older than the retention. */
  async purgeHistory(retentionDays: number): Promise<void> {
    const before = new Date(this.clock.now().getTime() - retentionDays * 86_400_000)
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
