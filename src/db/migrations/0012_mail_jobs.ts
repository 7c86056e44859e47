import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- a message whose content is decided when it is sent (email/mail-jobs.service.ts): the request
    -- that takes an address only writes this row, the same row for a known or unknown address
    alter table email_outbox add column job jsonb;

    -- a login code mailed for a hosted-page authorization: the page finds it by its request
    alter table login_codes add column authorization_request_id text references authorization_requests(id) on delete cascade;
    create index login_codes_authorization_request on login_codes (authorization_request_id) where authorization_request_id is not null;
    alter table authorization_requests drop column login_code_id;
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table authorization_requests add column login_code_id integer references login_codes(id) on delete set null;
    alter table login_codes drop column authorization_request_id;
    alter table email_outbox drop column job;
  `.execute(db)
}
