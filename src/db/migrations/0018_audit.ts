/**
 * Two histories. `tenant_settings_versions`: each change of a tenant's email settings or
 * branding, numbered per tenant, with the full settings after it (so any version can be
 * restored) and the names of the fields it changed. `audit_log`: one row per state-changing
 * admin action (modules/audit), append-only.
 *
 * The audit log refuses UPDATE in the database itself, so no code path (API, CLI, a bug)
 * can rewrite history; DELETE stays possible for retention (maintenance.ts purges entries
 * older than AUDIT_RETENTION_DAYS). The log has no foreign keys: an entry outlives the
 * tenant, client or device it names. A tenant's versions go with the tenant.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tenant_settings_versions (
    id serial primary key,
    tenant_id integer not null references tenants(id) on delete cascade,
    version integer not null,
    actor_kind text not null,
    actor_id text,
    settings jsonb not null,
    changed jsonb not null,
    restored_from integer,
    created_at timestamptz not null,
    unique (tenant_id, version)
  )`.execute(db)
  await sql`create table audit_log (
    id serial primary key,
    at timestamptz not null,
    actor_kind text not null,
    actor_id text,
    tenant_id integer,
    action text not null,
    target_type text not null,
    target_id text,
    source_ip text,
    summary jsonb not null
  )`.execute(db)
  await sql`create index audit_log_tenant on audit_log (tenant_id, id)`.execute(db)
  await sql`create index audit_log_at on audit_log (at)`.execute(db)
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log entries cannot be changed'; end $$`.execute(db)
  await sql`create trigger audit_log_no_update before update on audit_log
    for each row execute function audit_log_append_only()`.execute(db)
}
