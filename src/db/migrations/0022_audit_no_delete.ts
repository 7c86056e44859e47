/**
 * The audit log refused UPDATE only (0018): a DELETE or a TRUNCATE could still erase history.
 * Now the database refuses both. TRUNCATE always; DELETE unless the transaction says it is the
 * retention purge (`set local trellis.audit_purge = 'on'`, which only AuditLog.purge sets).
 * The retention period itself is configuration (AUDIT_RETENTION_DAYS) the database does not
 * know, so the purge's own `where at < ...` decides which entries are old enough. The setting
 * is transaction-local: it ends with the purge's transaction and never leaks to a pooled
 * connection's next user. Statement-level triggers: one check per statement, not per row.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function audit_log_no_erase() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and coalesce(current_setting('trellis.audit_purge', true), '') = 'on' then
        return null;
      end if;
      raise exception 'audit_log entries cannot be removed, except by the retention purge';
    end $$`.execute(db)
  await sql`create trigger audit_log_no_delete before delete on audit_log
    for each statement execute function audit_log_no_erase()`.execute(db)
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_no_erase()`.execute(db)
}
