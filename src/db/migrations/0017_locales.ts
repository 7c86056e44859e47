/**
 * Locales: the language an account is spoken to in (`users.locale`, a BCP 47 tag, set at
 * sign-up from the request and editable; null: not known) and a brand's default locale
 * (`tenants.default_locale`: the locale its plain-string email texts are written in, and the
 * one its customers are spoken to in when their own is not known). Both nullable: every
 * account and tenant made before this migration keeps today's English. A login code carries
 * the locale of the request that asked for it (`login_codes.locale`), so that an account its
 * exchange signs up gets that locale; so does a hosted sign-in (`authorization_requests.locale`,
 * from the authorize request's `ui_locales` or Accept-Language), for the codes it asks for.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column locale text`.execute(db)
  await sql`alter table tenants add column default_locale text`.execute(db)
  await sql`alter table login_codes add column locale text`.execute(db)
  await sql`alter table authorization_requests add column locale text`.execute(db)
}
