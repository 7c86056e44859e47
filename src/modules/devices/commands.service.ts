/**
 * Commands to devices: validated against the sensor type's grammar, recorded, published at
 * QoS 1, and followed through their life: `queued` (recorded) -> `sent` (the broker
 * acknowledged it) -> `confirmed` (a later state from the device shows the value; see
 * state.service.ts) or `expired` (not confirmed within the timeout). `failed`: the broker never
 * acknowledged it.
 *
 * An offline device is refused (409 device_offline) rather than queued: a command that
 * runs when the device reconnects, perhaps hours later, can switch on a heater nobody is
 * watching, and the app that sent it has long stopped waiting. Apps send again.
 *
 * Takes a sensor already checked by the caller (the route asks the access policy first), and
 * who sent it: the command and its audit entry (`sensor.command`) are recorded together.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { DeviceCommand, Sensor } from '../../db/database.ts'
import { appErrors, deviceErrors, notFound } from '../../lib/errors.ts'
import { checkCommand, findSensorType } from '../sensors/index.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import { auditActor, OPERATOR, type Actor } from '../tenancy/index.ts'
import { Coalescer, type Outcome } from '../../lib/coalesce.ts'

export interface CommandPublisher {
  publishCommand(mac: string, text: string): Promise<void>
}

export function commandView(c: DeviceCommand, now: Date) {
  const pending = c.status === 'queued' || c.status === 'sent'
  return {
    id: c.id,
    sensorId: c.sensor_id,
    command: c.command,
    key: c.key,
    value: c.value,
    // an unconfirmed command past its deadline is expired, whether or not the sweep wrote it yet
    status: pending && c.expires_at <= now ? 'expired' : c.status,
    createdAt: c.created_at.toISOString(),
    sentAt: c.sent_at?.toISOString() ?? null,
    confirmedAt: c.confirmed_at?.toISOString() ?? null,
    expiresAt: c.expires_at.toISOString(),
  }
}

/** A command checked and ready to record, with what its audit entry says. */
interface Pending {
  sensor: Sensor
  deviceRef: number
  check: { command: string; key: string; value: number }
  requestedBy: number | null
  by: Actor | null
  created: Date
  via: CommandSource | undefined
}

/** What sent a command other than a person's hand: the schedule whose occurrence it is, named in its audit entry. */
export interface CommandSource {
  scheduleGroupId: number
  scheduleItemId: number
}

type Recorded = DeviceCommand & { mac: string }

/**
 * PostgreSQL refused the statement (it answered with a SQLSTATE: a sensor deleted meanwhile,
 * a deadlock victim): its transaction rolled back, so the batch may be written again command by
 * command. A lost connection has no SQLSTATE and is not retried: its commit may have landed.
 */
const refused = (error: unknown) =>
  typeof error === 'object' && error !== null && 'severity' in error && 'code' in error && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)

export class CommandsService {
  /**
   * Commands sent at the same moment share their writes: those that arrive while a record is
   * in flight are recorded together (one statement for the commands, one for their audit
   * entries, one commit), and those the broker acknowledged while a `sent` write was in flight
   * are marked sent together. Each caller still gets its own command, or its own error.
   */
  private readonly recording = new Coalescer<Pending, Recorded>((batch) => this.record(batch), refused)
  private readonly marking = new Coalescer<number, DeviceCommand>((ids) => this.markSent(ids), refused)

  constructor(
    private readonly db: DB,
    private readonly publisher: () => CommandPublisher | null,
    private readonly clock: Clock,
    private readonly timeoutSeconds: number,
    private readonly audit: AuditSink,
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  /**
   * `by`: the person or token that sent it (null: the operator, as from a test or the CLI);
   * `via`: the schedule it runs for, when a schedule sent it on their behalf.
   */
  async send(sensor: Sensor, text: string, by: Actor | null, via?: CommandSource): Promise<DeviceCommand> {
    const requestedBy = by?.kind === 'user' ? by.userId : null
    const model = findSensorType(sensor.type)
    if (!model) {
      throw appErrors.unsupported_sensor_type(`Sensors of type "${sensor.type}" take no commands.`)
    }
    const check = checkCommand(model, text)
    if (!check.ok) throw appErrors.invalid_command(check.message)
    // the device record this sensor presents, never the deviceId a caller typed into it
    if (sensor.device_ref === null) throw deviceErrors.notClaimed()
    if (!sensor.online) throw appErrors.device_offline()
    const publisher = this.publisher()
    if (!publisher) throw appErrors.broker_unavailable('No MQTT broker is configured.')
    const row = await this.recording.run({ sensor, deviceRef: sensor.device_ref, check, requestedBy, by, created: this.clock.now(), via })
    try {
      await publisher.publishCommand(row.mac, check.command)
    } catch {
      await this.db.updateTable('device_commands').set({ status: 'failed' }).where('id', '=', row.id).execute()
      throw appErrors.broker_unavailable('The MQTT broker did not accept the command; try again.')
    }
    return this.marking.run(row.id)
  }

  /**
   * Records the batch and reads each device's MAC in one statement: nothing is recorded
   * without a device (a command whose device is gone answers not claimed), and the audit
   * entries (`sensor.command`) commit with the commands. Ids are drawn before the insert so
   * each row is matched to its caller by position, whatever order the insert returns.
   */
  private async record(batch: Pending[]): Promise<Outcome<Recorded>[]> {
    const col = <T>(f: (p: Pending) => T) => batch.map(f)
    const rows = await this.db.transaction().execute(async (trx) => {
      // one batch is every sender's: a row lock held elsewhere (a tenant's cascading delete)
      // fails it after a bounded wait, and the batch is retried command by command, so only the
      // blocked sender waits and fails, never the queue behind it
      await sql`set local lock_timeout = '2s'`.execute(trx)
      const { rows } = await sql<Recorded & { ord: number }>`
        with input as materialized (
          select nextval(pg_get_serial_sequence('device_commands', 'id'))::int as id, t.*, d.mac
          from unnest(
            ${col((p) => p.sensor.id)}::int[], ${col((p) => p.sensor.tenant_id)}::int[], ${col((p) => p.check.command)}::text[],
            ${col((p) => p.check.key)}::text[], ${col((p) => p.check.value)}::int[], ${col((p) => p.requestedBy)}::int[],
            ${col((p) => p.created)}::timestamptz[], ${col((p) => secondsAfter(p.created, this.timeoutSeconds))}::timestamptz[],
            ${col((p) => p.deviceRef)}::int[]
          ) with ordinality as t(sensor_id, tenant_id, command, key, value, requested_by, created_at, expires_at, device_ref, ord)
          join devices d on d.id = t.device_ref
        ), ins as (
          insert into device_commands (id, sensor_id, tenant_id, command, key, value, requested_by, created_at, expires_at)
          -- rows in sensor order, so two batches (or a batch and a delete) lock sensors in one order
          select id, sensor_id, tenant_id, command, key, value, requested_by, created_at, expires_at from input order by sensor_id, id
          returning *
        )
        select ins.*, input.mac, input.ord::int as ord from ins join input using (id)
      `.execute(trx)
      const entries = rows.map((r) => {
        const { sensor, by, via } = batch[r.ord - 1]!
        const summary = summarize({ command: r.command, ...via }, ['command', 'scheduleGroupId', 'scheduleItemId'])
        return { actor: auditActor(by ?? OPERATOR), tenantId: sensor.tenant_id, action: 'sensor.command', target: { type: 'sensor', id: sensor.id }, summary }
      })
      await this.audit.record(trx, entries)
      return rows
    })
    const byOrd = new Map(rows.map(({ ord, ...row }) => [ord, row]))
    return batch.map((_, i) => byOrd.get(i + 1) ?? deviceErrors.notClaimed())
  }

  /**
   * queued -> sent; a command the device already confirmed (a fast device) is answered as it
   * stands. The batch takes only the rows no one else holds (SKIP LOCKED): the ingest confirms
   * many commands in one statement too, and two multi-row updates that wait on each other's
   * rows deadlock. A row it skipped is moved on its own, as one command alone was before.
   */
  private async markSent(ids: number[]): Promise<Outcome<DeviceCommand>[]> {
    const now = this.clock.now()
    const sent = await this.db
      .updateTable('device_commands')
      .set({ status: 'sent', sent_at: now })
      .where('id', 'in', (eb) => eb.selectFrom('device_commands').select('id').where(sql<boolean>`id = any(${ids}::int[])`).where('status', '=', 'queued').forUpdate().skipLocked())
      .returningAll()
      .execute()
    const found = new Map(sent.map((c) => [c.id, c]))
    const rest = ids.filter((id) => !found.has(id))
    await Promise.all(
      rest.map(async (id) => {
        const one = await this.db.updateTable('device_commands').set({ status: 'sent', sent_at: now }).where('id', '=', id).where('status', '=', 'queued').returningAll().executeTakeFirst()
        const row = one ?? (await this.db.selectFrom('device_commands').selectAll().where('id', '=', id).executeTakeFirst())
        if (row) found.set(id, row)
      }),
    )
    return ids.map((id) => found.get(id) ?? notFound('Command'))
  }

  async get(sensorId: number, commandId: number): Promise<DeviceCommand> {
    const row = await this.db.selectFrom('device_commands').selectAll().where('id', '=', commandId).where('sensor_id', '=', sensorId).executeTakeFirst()
    if (!row) throw notFound('Command')
    return row
  }

  /** Writes `expired` on pending commands past their deadline. */
  async expire(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const expired = await trx
        .updateTable('device_commands')
        .set({ status: 'expired' })
        .where('status', 'in', ['queued', 'sent'])
        .where('expires_at', '<=', this.clock.now())
        .returning(['id', 'sensor_id', 'tenant_id'])
        .execute()
      await this.events.record(trx, expired.map((c) => ({ type: 'command.expired' as const, tenantId: c.tenant_id, data: { sensorId: c.sensor_id, commandId: c.id } })))
      return expired.length
    })
  }
}
