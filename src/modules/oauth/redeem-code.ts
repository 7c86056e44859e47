/**
 * Redeeming a checked login code in ONE statement: it consumes the code, finds the account
 * of the code's address in the code's tenant or signs it up per the tenant's policy (the
 * rules are written in ../users/identity.ts; this statement is their single-round-trip form
 * for the token endpoint, and test/login.test.ts and test/tenants.test.ts hold both to them),
 * proves the address, opens the session and stores its first refresh token. A single
 * statement is a single transaction: either all of it commits or none of it.
 *
 * Why it stays correct under concurrency (READ COMMITTED, every CTE sees one snapshot):
 * - The code is consumed by `update ... where consumed_at is null`: of concurrent
 *   redemptions one updates the row; the others wait for its row lock, re-check the
 *   condition on the committed row and match nothing, so nothing of theirs depends on it.
 * - The code is consumed only when the account exists or was just created: when sign-up is
 *   closed for a new address, nothing is written and the code stays unconsumed.
 * - A new account is inserted with `on conflict do update` (a no-op assignment), so when a
 *   concurrent exchange for the same new address inserts it first, this one waits for it
 *   and gets the committed row back (`inserted` false: no memberships or home tenant twice).
 *   It is inserted only while the code is still unconsumed in this snapshot, and the one
 *   that inserts it is the one that consumes the code: the other waits on the user's key.
 * - Every write after the consumption (proof of address, session, refresh token, the
 *   code's session id) is conditioned on it, so a loser writes nothing but the no-op.
 * Foreign keys between rows inserted here (session -> user, refresh token -> session) are
 * checked at the end of the statement, when all of them exist.
 *
 * The statement is prepared once per connection (../../db/prepared.ts), so its result
 * columns are named (USER_COLUMNS, which the type checker keeps complete).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { USER_COLUMNS } from '../../db/columns.ts'
import type { User } from '../../db/database.ts'
import { prepared } from '../../db/prepared.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { normalizeEmail, type Executor } from '../users/users.repository.ts'

export interface RedeemInput {
  codeId: number
  email: string
  tenantId: number | null
  clientId: string
  scope: string
  network: string | null
  refreshTtlSeconds: number
}

export type Redeemed =
  | { outcome: 'issued'; user: User; sessionId: string; refreshToken: string }
  /** Another exchange of this code won. */
  | { outcome: 'lost' }
  /** No account for the address and the tenant does not accept sign-ups. */
  | { outcome: 'closed' }

/** The user's columns by name (the statement is prepared: no `u.*`), built once. */
const USER_SELECT = sql.join(USER_COLUMNS.map((column) => sql.ref(`u.${column}`)))

type Row = User & { inserted: boolean | null; consumed: boolean; signup_open: boolean; user_found: boolean }

export async function redeemLoginCode(db: Executor, input: RedeemInput): Promise<Redeemed> {
  const now = new Date()
  const sessionId = randomUUID()
  const refreshToken = randomToken(32)
  const email = normalizeEmail(input.email)
  const tenant = input.tenantId
  const username = email.split('@')[0] || email
  const result = await sql<Row>`${prepared('redeem_login_code')}
    with tenant as (
      select id, signup from tenants where id = ${tenant}::int
    ),
    existing as (
      select * from users where coalesce(tenant_id, 0) = coalesce(${tenant}::int, 0) and lower(email) = ${email}
    ),
    signup_open as (
      select ${tenant}::int is null or exists (select 1 from tenant where signup <> 'closed') as open
    ),
    created as (
      insert into users (email, tenant_id, username, email_confirmed_at)
      select ${email}, ${tenant}::int, ${username}, ${now}::timestamptz
      where not exists (select 1 from existing)
        and (select open from signup_open)
        and exists (select 1 from login_codes where id = ${input.codeId} and consumed_at is null)
      on conflict ((coalesce(tenant_id, 0)), (lower(email))) do update set email = users.email
      returning *, (xmax = 0) as inserted
    ),
    the_user as (
      select *, false as inserted from existing
      union all
      select * from created
    ),
    consumed as (
      update login_codes set consumed_at = ${now}::timestamptz, session_id = ${sessionId}::uuid
      where id = ${input.codeId} and consumed_at is null and exists (select 1 from the_user)
      returning id
    ),
    proven as (
      update users set email_confirmed_at = ${now}::timestamptz, password_hash = null, updated_at = ${now}::timestamptz
      where id in (select id from existing where email_confirmed_at is null) and exists (select 1 from consumed)
      returning id
    ),
    squatter_sessions as (
      update sessions set revoked_at = ${now}::timestamptz, revoked_reason = 'address_proven_password_discarded'
      where user_id in (select id from existing where email_confirmed_at is null and password_hash is not null)
        and revoked_at is null and exists (select 1 from consumed)
      returning id
    ),
    home as (
      insert into tenants (name, parent_tenant_id, email_config)
      select coalesce(nullif(c.display_name, ''), c.email), t.id, '{}'::jsonb
      from created c, tenant t where c.inserted and t.signup = 'customers'
      returning id
    ),
    joined as (
      insert into memberships (tenant_id, user_id, role)
      select t.id, c.id, case when t.signup = 'members' then 'member' else 'customer' end from created c, tenant t where c.inserted
      union all
      select h.id, c.id, 'owner' from created c, home h where c.inserted
      returning user_id
    ),
    session as (
      insert into sessions (id, user_id, client_id, tenant_id, scope, network)
      select ${sessionId}::uuid, u.id, ${input.clientId}, ${tenant}::int, ${input.scope}, ${input.network}::text
      from the_user u where exists (select 1 from consumed)
      returning id
    ),
    refresh as (
      insert into refresh_tokens (token_hash, session_id, expires_at)
      select ${hashSecret(refreshToken)}, id, ${new Date(now.getTime() + input.refreshTtlSeconds * 1000)}::timestamptz from session
      returning id
    )
    select ${USER_SELECT}, u.inserted, u.id is not null as user_found, exists (select 1 from consumed) as consumed, (select open from signup_open) as signup_open
    from (select 1) as one left join the_user u on true
  `.execute(db)
  const row = result.rows[0]
  if (!row) throw new Error('the redeem statement returned no row')
  if (row.consumed && row.user_found) {
    const { consumed: _c, signup_open: _s, user_found: _f, inserted: _i, ...user } = row
    // the address is proven by now, whatever the row read before said
    return { outcome: 'issued', user: { ...user, email_confirmed_at: user.email_confirmed_at ?? now }, sessionId, refreshToken }
  }
  if (!row.user_found && !row.signup_open) return { outcome: 'closed' }
  return { outcome: 'lost' }
}
