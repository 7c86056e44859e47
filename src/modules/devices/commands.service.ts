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
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { DeviceCommand, Sensor } from '../../db/database.ts'
import { appErrors, deviceErrors, notFound } from '../../lib/errors.ts'
import { checkCommand, findSensorType } from '../sensors/index.ts'
import type { Clock } from '../../lib/clock.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import { auditActor, OPERATOR, type Actor } from '../tenancy/index.ts'

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

export class CommandsService {
  constructor(
    private readonly db: DB,
    private readonly publisher: () => CommandPublisher | null,
    private readonly clock: Clock,
    private readonly timeoutSeconds: number,
    private readonly audit: AuditSink,
  ) {}

  /** `by`: the person or token that sent it (null: the operator, as from a test or the CLI). */
  async send(sensor: Sensor, text: string, by: Actor | null): Promise<DeviceCommand> {
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
    const created = this.clock.now()
    const deviceRef = sensor.device_ref
    // recorded and the device's MAC read in one round trip: nothing is recorded without a device
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await this.insert(trx, sensor, deviceRef, check, requestedBy, created)
      if (!inserted) return undefined
      const summary = summarize({ command: inserted.command }, ['command'])
      await this.audit.record(trx, { actor: auditActor(by ?? OPERATOR), tenantId: sensor.tenant_id, action: 'sensor.command', target: { type: 'sensor', id: sensor.id }, summary })
      return inserted
    })
    if (!row) throw deviceErrors.notClaimed()
    const access = { mac: row.mac }
    try {
      await publisher.publishCommand(access.mac, check.command)
    } catch {
      await this.db.updateTable('device_commands').set({ status: 'failed' }).where('id', '=', row.id).execute()
      throw appErrors.broker_unavailable('The MQTT broker did not accept the command; try again.')
    }
    // the device may already have confirmed it (a fast device): only move queued -> sent
    return this.db
      .updateTable('device_commands')
      .set({ status: 'sent', sent_at: this.clock.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst()
      .then(async (sent) => sent ?? (await this.get(sensor.id, row.id)))
  }

  private insert(db: Executor, sensor: Sensor, deviceRef: number, check: { command: string; key: string; value: number }, requestedBy: number | null, created: Date) {
    return db
      .with('d', (db) => db.selectFrom('devices').select('mac').where('id', '=', deviceRef))
      .with('ins', (db) =>
        db
          .insertInto('device_commands')
          .columns(['sensor_id', 'tenant_id', 'command', 'key', 'value', 'requested_by', 'created_at', 'expires_at'])
          .expression((eb) =>
            eb
              .selectFrom('d')
              .select([
                eb.val(sensor.id).as('sensor_id'),
                eb.val(sensor.tenant_id).as('tenant_id'),
                eb.val(check.command).as('command'),
                eb.val(check.key).as('key'),
                eb.val(check.value).as('value'),
                eb.val(requestedBy).as('requested_by'),
                eb.val(created).as('created_at'),
                eb.val(new Date(created.getTime() + this.timeoutSeconds * 1000)).as('expires_at'),
              ]),
          )
          .returningAll(),
      )
      .selectFrom(['ins', 'd'])
      .selectAll('ins')
      .select('d.mac')
      .executeTakeFirst()
  }

  async get(sensorId: number, commandId: number): Promise<DeviceCommand> {
    const row = await this.db.selectFrom('device_commands').selectAll().where('id', '=', commandId).where('sensor_id', '=', sensorId).executeTakeFirst()
    if (!row) throw notFound('Command')
    return row
  }

  /** Writes `expired` on pending commands past their deadline. */
  async expire(): Promise<number> {
    const result = await this.db
      .updateTable('device_commands')
      .set({ status: 'expired' })
      .where('status', 'in', ['queued', 'sent'])
      .where('expires_at', '<=', this.clock.now())
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }
}
