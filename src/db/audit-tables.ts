/** Table types of the histories: email-settings versions and the audit log (migration 0018). */
import type { ColumnType, Generated, Selectable } from 'kysely'

export interface TenantSettingsVersionsTable {
  id: Generated<number>
  tenant_id: number
  version: number
  /** 'user', 'client' or 'operator'. */
  actor_kind: string
  /** The user id or client id; null for the operator. */
  actor_id: string | null
  /** The versioned settings after the change (tenancy/settings-versions.ts, VERSIONED_FIELDS). */
  settings: ColumnType<Record<string, unknown>, string, string>
  /** The names of the fields this version changed. */
  changed: ColumnType<string[], string, string>
  /** The version this one restored, if it was a restore. */
  restored_from: number | null
  created_at: ColumnType<Date, Date, Date>
}

export interface AuditLogTable {
  id: Generated<number>
  at: ColumnType<Date, Date, never>
  actor_kind: string
  actor_id: string | null
  tenant_id: number | null
  action: string
  target_type: string
  target_id: string | null
  source_ip: string | null
  /** Changed field names and non-secret values only (lib/audit.ts builds it from an allow-list). */
  summary: ColumnType<AuditSummary, string, never>
}

export type SettingsVersion = Selectable<TenantSettingsVersionsTable>
export type AuditEntry = Selectable<AuditLogTable>

/** What an audit entry says of a change: the fields it touched, and the values safe to show. */
export interface AuditSummary {
  fields?: string[]
  values?: Record<string, string | number | boolean | null>
}
