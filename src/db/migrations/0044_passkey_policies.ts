import { sql, type Kysely } from 'kysely'

/**
 * How a brand offers passkeys on its hosted pages: `offered` (the default, a brand without a
 * row: the sign-in page's button and the browser's autofill), `suggested` (offered, and after
 * a sign-in by code a person without one is asked to add one), or `off` (no passkey signs in
 * under the brand; the emailed code remains). The row goes with its brand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table passkey_policies (
      tenant_id integer primary key references tenants(id) on delete cascade,
      mode text not null check (mode in ('off', 'offered', 'suggested')),
      updated_at timestamptz not null
    );
  `.execute(db)
}
