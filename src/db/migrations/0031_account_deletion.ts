import { sql, type Kysely } from 'kysely'

/**
 * A person can leave (docs/api.md "Deleting an account").
 *
 * `sessions.auth_time`: when the person behind a session last proved who they are (a code typed,
 * a password given), which may be earlier than the session itself (single sign-on hands an
 * older proof to a new app session). Deleting an account asks for a recent one. Null for
 * sessions opened before this: their `created_at` stands in.
 *
 * The audit log stays append-only, with one exception the GDPR asks for: when an account is
 * deleted, its entries keep what happened but name the person by a pseudonym. Inside a
 * transaction that says so (`set local trellis.audit_erasure = 'on'`, which only the
 * account deletion sets), an UPDATE may change an entry's actor id, target id and summary, and
 * forget its source address, and nothing else; every other UPDATE is still refused, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column auth_time timestamptz`.execute(db)
  await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('trellis.audit_erasure', true), '') = 'on'
         and new.id = old.id and new.at = old.at and new.actor_kind = old.actor_kind
         and new.tenant_id is not distinct from old.tenant_id and new.action = old.action
         and new.target_type = old.target_type and (new.source_ip is null or new.source_ip = old.source_ip) then
        return new;
      end if;
      raise exception 'audit_log entries cannot be changed';
    end $$`.execute(db)
}
