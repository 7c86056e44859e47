import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- a tenant under another that the platform trusts with its own look, texts and sign-up
    -- (tenancy/brands.ts); a tenant with no parent is a brand without the mark
    alter table tenants add column marked_brand boolean not null default false;
    -- domains the platform approved for links that carry a token (tenancy/link-origins.ts)
    alter table tenants add column link_domains jsonb not null default '[]'::jsonb;

    -- where a code was redeemed from: a second presentation from there, soon after, is a
    -- duplicate of the same app's request, not a replay (oauth/grants/authorization-code.ts)
    alter table login_codes add column consumed_address text;
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table login_codes drop column consumed_address;
    alter table tenants drop column link_domains;
    alter table tenants drop column marked_brand;
  `.execute(db)
}
