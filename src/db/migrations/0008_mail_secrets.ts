import { sql, type Kysely } from 'kysely'

/**
 * Secrets at rest and sender verification. Signing keys become text, because a sealed key
 * (lib/secret-box.ts) is not JSON; the rows themselves are sealed at the next start, when
 * the secrets key is known (modules/secrets-at-rest.ts), not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table signing_keys alter column private_jwk type text using private_jwk::text;

    -- sealed codes and tokens of a queued message; null once it is sent
    alter table email_outbox add column secrets text;
    -- bodies of mail sent before this migration still hold live codes and tokens
    update email_outbox set html = '', text = '(body removed: it held a code or token)'
     where status in ('sent', 'failed') and type in ('passwordReset', 'emailConfirmation', 'passwordlessLogin');
    create index email_outbox_failed on email_outbox (id) where status = 'failed';

    -- a tenant's senderEmail outside ALLOWED_SENDER_DOMAINS is used only once confirmed
    create table sender_verifications (
      tenant_id integer not null references tenants(id) on delete cascade,
      email text not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      verified_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, email)
    );
  `.execute(db)
}
