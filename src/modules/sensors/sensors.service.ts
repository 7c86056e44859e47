import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { DB } from '../../db/connect.ts'
import { prepared } from '../../db/prepared.ts'
import type { Executor } from '../../db/executor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Database, Sensor } from '../../db/database.ts'
import { appErrors, type AppError } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { auditActor, type Actor } from '../tenancy/index.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Policy } from '../tenancy/index.ts'
import { findSensorType, sensorTypeIdOf, sensorTypeViewOf } from './device-view.ts'
import { isoTime, isoTimeOrNull } from '../../db/iso-time.ts'
import { deleteSensorsInSpaces, deleteSensorsOfTenant, findSensor, type PresentingSensor } from './sensors.repository.ts'
import { spaceTenant } from '../spaces/index.ts'
import { accessSensors } from './sensor-access.service.ts'
import { idKeyset } from '../../db/query-kit.ts'
import { accessResource, listScope, scopeKey, type TenantFilter, type TenantStore } from '../tenancy/index.ts'

export interface SensorInput {
  deviceId?: string
  name?: string
  displayName?: string | null
  type?: string
  spaceId?: number | null
  metadata?: Record<string, unknown>
}

/** What an actor does to a sensor: read it, change it (admins), or command its device (members). */
export type SensorAction = 'sensors.read' | 'sensors.write' | 'sensors.command'

export interface SensorFilters {
  spaceId?: number
  type?: string
}

/** The columns a sensor's view shows, its timestamps as the ISO text it shows them in. */
type ViewColumns = Pick<Sensor, 'id' | 'tenant_id' | 'device_id' | 'name' | 'display_name' | 'type' | 'space_id' | 'metadata' | 'online' | 'connection_type' | 'latest_data'>
type SensorPageRow = ViewColumns & { created_at: string; updated_at: string; last_seen_at: string | null }
const VIEW_COLUMNS = ['id', 'tenant_id', 'device_id', 'name', 'display_name', 'type', 'space_id', 'metadata', 'online', 'connection_type', 'latest_data'] as const

/** One object literal per sensor, in the order the API has always written its fields. */
function view(s: ViewColumns, createdAt: string, updatedAt: string, lastSeenAt: string | null) {
  const model = findSensorType(s.type)
  return {
    id: s.id,
    tenantId: s.tenant_id,
    deviceId: s.device_id,
    name: s.name,
    displayName: s.display_name,
    type: s.type,
    spaceId: s.space_id,
    metadata: s.metadata,
    createdAt,
    updatedAt,
    online: s.online,
    connectionType: s.connection_type,
    lastSeenAt,
    latestData: s.latest_data ?? null,
    sensorTypeId: sensorTypeIdOf(model),
    sensorType: sensorTypeViewOf(model),
  }
}

export function sensorView(s: Sensor) {
  return view(s, s.created_at.toISOString(), s.updated_at.toISOString(), s.last_seen_at?.toISOString() ?? null)
}

/** A page's row: PostgreSQL already wrote its timestamps (../../db/iso-time.ts). */
const pageView = (r: SensorPageRow) => view(r, r.created_at, r.updated_at, r.last_seen_at)

const PLAIN_LIST_MAX = 100

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}

export class SensorsService {
  constructor(
    private readonly db: DB,
    private readonly cursors: CursorCodec,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    /**
     * What a device loses when the sensor presenting it goes, in the same transaction: the
     * devices module (above this one) passes in its release, which voids the MQTT password the
     * holder was issued, as releasing the device does (a former holder keeps nothing).
     */
    private readonly releaseDevice: (trx: Executor, deviceRef: number) => Promise<void>,
    /** A list's tenant filter and total (tenancy's store). */
    private readonly tenancy: TenantStore,
    /** device.released, written with the release (modules/webhooks). */
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  async access(actor: Actor, sensorId: number, scope: number | undefined, action: SensorAction = 'sensors.read'): Promise<Sensor> {
    const sensor = await findSensor(this.db, sensorId)
    return accessResource(this.policy, actor, action, 'Sensor', sensor, scope)
  }

  /** `access` for many sensors at once (sensor-access.service.ts). */
  accessMany(actor: Actor, sensorIds: readonly number[], action: SensorAction): Promise<Map<number, Sensor | AppError>> {
    return accessSensors(this.db, this.policy, actor, sensorIds, action)
  }

  private async checkSpace(tenantId: number, spaceId: number | null | undefined): Promise<void> {
    if (spaceId === null || spaceId === undefined) return
    const space = await spaceTenant(this.db, spaceId)
    if (!space || space.tenant_id !== tenantId) {
      throw appErrors.invalid_space()
    }
  }

  private deviceTaken(deviceId: string | undefined) {
    return appErrors.device_id_taken(`A sensor with deviceId ${deviceId ?? ''} already exists in this tenant.`)
  }

  async create(actor: Actor, tenantId: number | undefined, input: Required<Pick<SensorInput, 'deviceId' | 'name' | 'type'>> & SensorInput): Promise<Sensor> {
    if (tenantId === undefined) {
      throw appErrors.validation_failed('tenantId is required without the /tenants/{tenantId} prefix.', [
        { field: 'body.tenantId', message: 'is required' },
      ])
    }
    await this.policy.authorize(actor, 'sensors.write', tenantId)
    await this.checkSpace(tenantId, input.spaceId)
    try {
      return await this.db
        .insertInto('sensors')
        .values({
          tenant_id: tenantId,
          device_id: input.deviceId,
          name: input.name,
          display_name: input.displayName ?? null,
          type: input.type,
          space_id: input.spaceId ?? null,
          metadata: JSON.stringify(input.metadata ?? {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    } catch (error) {
      if (isUniqueViolation(error)) throw this.deviceTaken(input.deviceId)
      throw error
    }
  }

  async update(actor: Actor, sensorId: number, scope: number | undefined, input: SensorInput): Promise<Sensor> {
    const sensor = await this.access(actor, sensorId, scope, 'sensors.write')
    await this.checkSpace(sensor.tenant_id, input.spaceId)
    // a sensor that presents a device shows that device's MAC; another device is claimed, not typed
    if (sensor.device_ref !== null && input.deviceId !== undefined && input.deviceId !== sensor.device_id) {
      throw appErrors.device_id_fixed()
    }
    try {
      return await this.db
        .updateTable('sensors')
        .set({
          ...(input.deviceId !== undefined ? { device_id: input.deviceId } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.spaceId !== undefined ? { space_id: input.spaceId } : {}),
          ...(input.metadata !== undefined ? { metadata: JSON.stringify(input.metadata) } : {}),
          updated_at: this.clock.now(),
        })
        .where('id', '=', sensor.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    } catch (error) {
      if (isUniqueViolation(error)) throw this.deviceTaken(input.deviceId)
      throw error
    }
  }

  /**
   * Deletes the sensor. One that presents a claimed device frees the device, as a release
   * does, so the audit log records a `device.release` with the delete (one transaction).
   */
  async remove(actor: Actor, sensorId: number, scope: number | undefined): Promise<void> {
    const sensor = await this.access(actor, sensorId, scope, 'sensors.write')
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sensors').where('id', '=', sensor.id).execute()
      if (sensor.device_ref !== null) await this.released(trx, actor, { ...sensor, device_ref: sensor.device_ref })
    })
  }

  /**
   * Deletes the sensors of the spaces the SQL names (a space deleted with its contents, in the
   * space's transaction); each device one presented is released as remove() releases it.
   */
  async removeInSpaces(trx: Executor, actor: Actor, spaceIds: RawBuilder<unknown>): Promise<void> {
    for (const sensor of await deleteSensorsInSpaces(trx, spaceIds)) await this.released(trx, actor, sensor)
  }

  /** Deletes every sensor of a tenant that goes with its person, each device one presented released (modules/privacy). */
  async removeAllOf(trx: Executor, actor: Actor, tenantId: number): Promise<number> {
    const presenting = await deleteSensorsOfTenant(trx, tenantId)
    for (const sensor of presenting) await this.released(trx, actor, sensor)
    return presenting.length
  }

  /** Every sensor of some tenants (at most 1000): a person's copy of their data. */
  async ofTenants(tenantIds: readonly number[]): Promise<Sensor[]> {
    if (!tenantIds.length) return []
    return this.db.selectFrom('sensors').selectAll().where('tenant_id', 'in', tenantIds).orderBy('id').limit(1000).execute()
  }

  /** A device whose sensor went: its issued password voided, a `device.release` recorded and `device.released` told. */
  private async released(trx: Executor, actor: Actor, sensor: PresentingSensor): Promise<void> {
    await this.releaseDevice(trx, sensor.device_ref)
    // a sensor presenting a device carries its MAC as deviceId, possibly upper-cased (bindLabel's anyCase); MACs are stored lower-case
    const target = { type: 'device', id: sensor.device_id.toLowerCase() }
    await this.audit.record(trx, { actor: auditActor(actor), tenantId: sensor.tenant_id, action: 'device.release', target, summary: { values: { sensorId: sensor.id } } })
    await this.events.record(trx, { type: 'device.released', tenantId: sensor.tenant_id, data: { sensorId: sensor.id, mac: target.id } })
  }

  private listQuery(filter: TenantFilter, filters: SensorFilters) {
    return this.filtered(this.db.selectFrom('sensors').selectAll(), filter, filters)
  }

  /**
   * A page's rows: the view's columns only (not the device's raw state), timestamps as text.
   * Prepared (db/prepared.ts): its columns are named, and its texts are few (one per filter
   * shape and direction), so each connection plans them once, not on every page.
   */
  private pageQuery(filter: TenantFilter, filters: SensorFilters) {
    const columns = this.db.selectFrom('sensors').modifyFront(prepared('sensors_page')).select(VIEW_COLUMNS).select([isoTime('created_at'), isoTime('updated_at'), isoTimeOrNull('last_seen_at')])
    return this.filtered(columns, filter, filters)
  }

  private filtered<O>(query: SelectQueryBuilder<Database, 'sensors', O>, filter: TenantFilter, filters: SensorFilters) {
    let q = this.tenancy.whereTenant(query, filter)
    if (filters.spaceId !== undefined) q = q.where('space_id', '=', filters.spaceId)
    if (filters.type !== undefined) q = q.where('type', '=', filters.type)
    return q
  }

  /** A tenant's devices at a glance: its sensors, those online now, those presenting a claimed device (one count over the tenant's sensors). */
  async counts(actor: Actor, tenantId: number): Promise<{ total: number; online: number; claimed: number }> {
    await this.policy.authorize(actor, 'sensors.read', tenantId)
    const row = await this.db
      .selectFrom('sensors')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where online)`.as('online'), sql<string>`count(device_ref)`.as('claimed')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()
    return { total: Number(row?.total ?? 0), online: Number(row?.online ?? 0), claimed: Number(row?.claimed ?? 0) }
  }

  async list(actor: Actor, scope: number | undefined, filters: SensorFilters): Promise<Sensor[]> {
    const filter = await listScope(this.policy, actor, 'sensors.read', scope)
    return this.listQuery(filter, filters).orderBy('id').limit(PLAIN_LIST_MAX).execute()
  }

  /**
   * totalCount: from the trigger-kept counters when at most one filter is given (per
   * tenant: all, by type, by space); with both filters, counted over the
   * (tenant, space) index, so bounded by one space's sensors.
   */
  private async total(filter: TenantFilter, filters: SensorFilters): Promise<number> {
    if (filters.spaceId !== undefined && filters.type !== undefined) {
      const row = await this.listQuery(filter, filters).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    if (filters.spaceId !== undefined) return this.tenancy.counted(this.db, filter, `sensors:space:${filters.spaceId}`)
    if (filters.type !== undefined) return this.tenancy.counted(this.db, filter, `sensors:type:${filters.type}`)
    return this.tenancy.counted(this.db, filter, 'sensors')
  }

  async page(actor: Actor, scope: number | undefined, query: PageQuery & SensorFilters) {
    const filter = await listScope(this.policy, actor, 'sensors.read', scope)
    const filters = { spaceId: query.spaceId, type: query.type }
    const ctx = `${scopeKey(filter)}|s${filters.spaceId ?? ''}|t${filters.type ?? ''}`
    const req = this.cursors.request('sensors', ctx, query)
    const source = idKeyset(() => this.pageQuery(filter, filters), () => this.total(filter, filters))
    return paginate(this.cursors, 'sensors', ctx, req, source, pageView)
  }

  /**
   * The sensor with this deviceId (a MAC) among those the caller reads, as the v5 dialect
   * addresses devices. A deviceId is unique per tenant only: a sensor that presents a claimed
   * device wins over a label that merely carries the MAC, then the caller's lowest id.
   * Matched as given and lower-cased (devices publish their MAC in lower case).
   */
  async byDeviceId(actor: Actor, deviceId: string, action: 'sensors.read' | 'sensors.write' = 'sensors.read'): Promise<Sensor> {
    const filter = await listScope(this.policy, actor, action, undefined)
    const sensor = await this.tenancy.whereTenant(this.db.selectFrom('sensors').selectAll(), filter)
      .where('device_id', 'in', [...new Set([deviceId, deviceId.toLowerCase()])])
      .orderBy(sql`device_ref is null`)
      .orderBy('id')
      .executeTakeFirst()
    return accessResource(this.policy, actor, action, 'Sensor', sensor, undefined)
  }
}
