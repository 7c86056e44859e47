/** Table types of devices (MQTT state, commands, live tickets) and their schedules. */
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { Json, NullableTimestamp } from './column-types.ts'

export interface LatestData {
  fullData: Record<string, unknown>
  time: string
}

/** A physical device, once per MAC (migration 0014). */
export interface DevicesTable {
  id: Generated<number>
  mac: string
  /** The sensor type a claimed device's sensor gets (e.g. "58"). */
  model: string
  /** The brand that registered it; null: the platform. */
  registered_by: number | null
  /** scrypt of the claim code printed on the device or its box. */
  claim_hash: string | null
  /** scrypt of the factory password: proof for a claim, and an MQTT password. */
  factory_hash: string | null
  /** SHA-256 of the 256-bit MQTT password Trellis issued to the holder. */
  password_hash: string | null
  allow_anonymous: Generated<boolean>
  /** Whether the factory password still brings the device in over MQTT (migration 0025). */
  factory_mqtt: Generated<boolean>
  /** Set by a release: the printed claim code and the factory password no longer prove possession. */
  labels_void: Generated<boolean>
  /** scrypt of the one-time transfer code its holder made for the next holder. */
  transfer_hash: ColumnType<string | null, string | null | undefined, string | null>
  /** Counts changes of holder; part of what every MQTT session proved. */
  holder_epoch: Generated<number>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** MACs that two or more tenants used before migration 0013, until the operator resolves them. */
export interface DeviceConflictsTable {
  mac: string
  tenant_ids: number[]
  found_at: Generated<Date>
}

export interface SensorHistoryTable {
  /** bigint: pg returns it as a string */
  id: Generated<string>
  sensor_id: number
  tenant_id: number
  full_data: ColumnType<Record<string, unknown> | null, string | null, string | null>
  online: boolean
  recorded_at: ColumnType<Date, Date | undefined, Date>
}

export type CommandStatus = 'queued' | 'sent' | 'confirmed' | 'expired' | 'failed'

export interface DeviceCommandsTable {
  id: Generated<number>
  sensor_id: number
  tenant_id: number
  command: string
  key: string
  value: number
  status: ColumnType<CommandStatus, CommandStatus | undefined, CommandStatus>
  requested_by: number | null
  created_at: ColumnType<Date, Date | undefined, Date>
  sent_at: NullableTimestamp
  confirmed_at: NullableTimestamp
  expires_at: ColumnType<Date, Date, Date>
}

export interface WsTicketsTable {
  ticket_hash: string
  user_id: number | null
  client_id: string | null
  session_id: string | null
  scopes: Json<string[]>
  expires_at: ColumnType<Date, Date, Date>
  used_at: NullableTimestamp
}


export interface ScheduleGroupsTable {
  id: Generated<number>
  tenant_id: number
  sensor_id: number
  created_at: Generated<Date>
  updated_at: Generated<Date>
  /** IANA time zone the items' cron patterns are read in. */
  time_zone: Generated<string>
  /** The person the group runs as; null: the platform (imported, or made by the operator or a machine). */
  created_by: number | null
}

export interface ScheduleItemsTable {
  id: Generated<number>
  group_id: number
  cron: string
  type: string
  value: Json<Record<string, number>>
  created_at: Generated<Date>
  /** The next occurrence not yet claimed by a runner; null until one is worked out. */
  next_run_at: Date | null
}

export type ScheduleOutcome = 'sent' | 'missed' | 'refused' | 'failed' | 'interrupted'

export interface ScheduleRunsTable {
  id: Generated<number>
  item_id: number
  group_id: number
  occurrence: Date
  claimed_at: Date
  /** Past this, a run without an outcome is taken for one whose instance stopped. */
  lease_until: Date
  finished_at: Date | null
  outcome: ScheduleOutcome | null
  detail: string | null
  command_ids: Generated<number[]>
}

export type DeviceCommand = Selectable<DeviceCommandsTable>
export type Device = Selectable<DevicesTable>
