/**
 * An exchange of a login code in one statement, one round trip, in the common case (two
 * otherwise: "Two statements" below). It reads the code by its hash and, when the code
 * may be redeemed by this request, consumes it, finds the account
 * of the code's address in the code's tenant or signs it up per the tenant's policy (the
 * rules are written in ../users/identity.repository.ts; this statement is their single-round-trip form
 * for the token endpoint, and test/login.test.ts and test/tenants.test.ts hold both to them),
 * proves the address, opens the session and stores its first refresh token. A single
 * statement is a single transaction: either all of it commits or none of it.
 *
 * Two statements, one sent per exchange in the common case. PostgreSQL initialises every
 * node of a statement's plan on each execution, the CTEs that do not run included, and the
 * full statement's rarely used writes (a tenant's new customer: memberships and a home
 * tenant; an address proven late: its password discarded, its sessions revoked) cost ~0.1 ms
 * of PostgreSQL's CPU per exchange, 15% of it (bench:login). So the common statement serves
 * an account whose address is proven and a new account on the platform. For anything else it
 * writes nothing and answers `deferred`, and the full statement runs: two round trips,
 * each statement its own transaction, of which the first wrote nothing. Both read the code
 * and decide eligibility with the same SQL (readCodeAndAccount), and the full one runs only
 * when the common one found the code eligible.
 *
 * Who decides. The redeem rule (redeem.rule.ts) is written once: the grant
 * (grants/authorization-code.ts) judges the code row this statement returns by it, as before,
 * and chooses the error and the failure path (count a wrong attempt, revoke on a replay); the
 * statement's own condition (`eligible` below) is built from the same checks (redeemableSql), so
 * that it can redeem without a second round trip. test/redeem-rule.test.ts runs that SQL against
 * the TypeScript on every case, and test/exchange-agreement.test.ts presents every kind of
 * refusal and checks that nothing was consumed or opened. Should the two ever disagree, the
 * grant revokes the session the statement opened before it answers with its error.
 * - PKCE: the server computes the challenge the verifier answers (pkce.ts challengeOf) before
 *   sending, so the statement compares the stored challenge with a value, by the code's method.
 * - Scope: a scope asked for at the token endpoint must lie within the code's (its client's
 *   defaults when the code was asked for without one); the session gets the narrowest.
 * - Text that PostgreSQL cannot hold (U+0000) is never sent (redeem.rule.ts).
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
 *   It is inserted only while the code is eligible (unconsumed) in this snapshot, and the one
 *   that inserts it is the one that consumes the code: the other waits on the user's key.
 * - Every write after the consumption (proof of address, session, refresh token, the
 *   code's session id) is conditioned on it, so a loser writes nothing but the no-op.
 * - The common statement consumes the code only for an account whose address is proven. An
 *   account the conflict hands back unproven (a password sign-up for the address committed
 *   meanwhile) is deferred, and the full statement, which then reads it as existing, proves
 *   the address, discards the password and revokes that account's sessions.
 * Foreign keys between rows inserted here (session -> user, refresh token -> session) are
 * checked at the end of the statement, when all of them exist.
 *
 * Both statements are prepared once per connection (../../db/prepared.ts), so their result
 * columns are named: the code's and the user's, prefixed (LOGIN_CODE_COLUMNS and
 * USER_COLUMNS, which the type checker keeps complete, as it does codeOf and userOf).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { LOGIN_CODE_COLUMNS, USER_COLUMNS } from '../../db/columns.ts'
import type { LoginCode, User } from '../../db/database.ts'
import { prepared } from '../../db/prepared.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { redeemableSql, type Presentation } from './redeem.rule.ts'
import { signupSql } from '../tenancy/index.ts'
import type { Executor } from '../../db/executor.ts'
import { secondsAfter } from '../../lib/clock.ts'

/** The presentation the redeem rule judges, the code's hash, and the first refresh token's lifetime. */
export interface ExchangeInput extends Presentation {
  codeHash: string
  refreshTtlSeconds: number
  /** The request's network as the sign-in log names it (an IPv4 /24 or IPv6 /48; lib/network.ts signInNetwork). */
  signInNetwork?: string | null
}

export type Exchanged =
  /** The code as it was before this exchange, or null when no code has that hash. */
  { code: LoginCode | null } & (
    | { outcome: 'issued'; user: User; sessionId: string; refreshToken: string; signedUp: boolean }
    /** Nothing was written: the code was not this request's to redeem, or another exchange of it won. */
    | { outcome: 'refused' }
    /** No account for the address and the tenant does not accept sign-ups: nothing was written. */
    | { outcome: 'closed' }
    /** The account is blocked (users' people.service.ts): nothing was written, the code stays unconsumed. */
    | { outcome: 'blocked'; user: User }
  )

type Prefixed<T, P extends string> = { [K in keyof T & string as `${P}${K}`]: T[K] }
type Row = Prefixed<LoginCode, 'code_'> &
  Prefixed<User, 'user_'> & { code_found: boolean; user_found: boolean; consumed: boolean; signup_open: boolean; deferred: boolean; signed_up: boolean; blocked: boolean }

const CODE_SELECT = sql.join(LOGIN_CODE_COLUMNS.map((column) => sql`c.${sql.ref(column)} as ${sql.ref(`code_${column}`)}`))
const USER_SELECT = sql.join(USER_COLUMNS.map((column) => sql`u.${sql.ref(column)} as ${sql.ref(`user_${column}`)}`))

/** What both statements share: the code by its hash, whether this request may redeem it, and the account its address has. */
function readCodeAndAccount(input: ExchangeInput) {
  return sql`code as (
      select * from login_codes where code_hash = ${input.codeHash}
    ),
    eligible as (
      select id, email, tenant_id, scope, locale, auth_time from code c where ${redeemableSql(input)}
    ),
    existing as (
      -- a code holds its address normalized (passwordless.service.ts), as lower(email) is
      select u.* from users u join eligible e on coalesce(u.tenant_id, 0) = coalesce(e.tenant_id, 0) and lower(u.email) = e.email
    )`
}

/** The session and its first refresh token, once the code is consumed. */
function sessionAndRefresh(input: ExchangeInput, sessionId: string, refreshToken: string) {
  return sql`session as (
      insert into sessions (id, user_id, client_id, tenant_id, scope, network, auth_time)
      select ${sessionId}::uuid, u.id, ${input.clientId}, e.tenant_id, coalesce(${input.requestedScope}::text, e.scope, ${input.defaultScope}::text), ${input.network}::text,
        coalesce(e.auth_time, ${input.now}::timestamptz)
      from the_user u, eligible e where exists (select 1 from consumed)
      returning id
    ),
    refresh as (
      insert into refresh_tokens (token_hash, session_id, expires_at)
      select ${hashSecret(refreshToken)}, id, ${secondsAfter(input.now, input.refreshTtlSeconds)}::timestamptz from session
      returning id
    ),
    signed_in as (
      -- the sign-in log's row (sign-ins.repository.ts), in the same statement: no round trip of its own
      insert into sign_ins (at, tenant_id, user_id, email, client_id, network, outcome)
      select ${input.now}::timestamptz, e.tenant_id, u.id, e.email, ${input.clientId}::text, ${input.signInNetwork ?? null}::text, 'signed_in'
      from the_user u, eligible e where exists (select 1 from session)
    )`
}

const RESULT = sql`select ${CODE_SELECT}, ${USER_SELECT}, c.id is not null as code_found, u.id is not null as user_found,
      exists (select 1 from consumed) as consumed, not exists (select 1 from existing) as signed_up,
      exists (select 1 from the_user where blocked_at is not null) as blocked`
const ONE_ROW = sql`from (select 1) as one left join code c on true left join the_user u on true`

/**
 * The common exchange: the account exists with its address proven, or it is new on the
 * platform. Anything else (a new account under a tenant: its sign-up policy, memberships and
 * home tenant; an account whose address is not proven yet: the proof, the discarded password,
 * the revoked sessions) writes nothing here and comes back `deferred`, for the full statement.
 */
async function commonExchange(db: Executor, input: ExchangeInput, sessionId: string, refreshToken: string): Promise<Row> {
  const { now } = input
  const result = await sql<Row>`${prepared('exchange_login_code')}
    with ${readCodeAndAccount(input)},
    created as (
      insert into users (email, tenant_id, username, email_confirmed_at, locale)
      select e.email, e.tenant_id, coalesce(nullif(split_part(e.email, '@', 1), ''), e.email), ${now}::timestamptz, e.locale
      from eligible e where e.tenant_id is null and not exists (select 1 from existing)
      on conflict ((coalesce(tenant_id, 0)), (lower(email))) do update set email = users.email
      returning *
    ),
    the_user as (
      select * from existing
      union all
      select * from created
    ),
    consumed as (
      update login_codes set consumed_at = ${now}::timestamptz, consumed_address = ${input.address}::text, session_id = ${sessionId}::uuid
      where id = (select id from eligible) and consumed_at is null
        and exists (select 1 from the_user where email_confirmed_at is not null) and not exists (select 1 from the_user where blocked_at is not null)
      returning id
    ),
    ${sessionAndRefresh(input, sessionId, refreshToken)}
    ${RESULT}, true as signup_open,
      exists (select 1 from eligible) and not exists (select 1 from consumed)
        and not exists (select 1 from the_user where email_confirmed_at is not null) as deferred
    ${ONE_ROW}
  `.execute(db)
  const row = result.rows[0]
  if (!row) throw new Error('the exchange statement returned no row')
  return row
}

/** Every case of the exchange, the tenant's sign-up policy and the proof of an address included. */
async function fullExchange(db: Executor, input: ExchangeInput, sessionId: string, refreshToken: string): Promise<Row> {
  const { now } = input
  const result = await sql<Row>`${prepared('exchange_login_code_full')}
    with ${readCodeAndAccount(input)},
    tenant as (
      -- the sign-up rule as tenancy/signup.rule.ts writes it: a tenant that is not a brand signs nobody up
      select t.id, ${sql.raw(signupSql.effective('t'))} as signup, ${sql.raw(signupSql.open('t'))} as open
      from tenants t join eligible e on t.id = e.tenant_id
    ),
    signup_open as (
      select not exists (select 1 from eligible where tenant_id is not null) or exists (select 1 from tenant where open) as open
    ),
    created as (
      insert into users (email, tenant_id, username, email_confirmed_at, locale)
      select e.email, e.tenant_id, coalesce(nullif(split_part(e.email, '@', 1), ''), e.email), ${now}::timestamptz, e.locale
      from eligible e
      where not exists (select 1 from existing) and (select open from signup_open)
      on conflict ((coalesce(tenant_id, 0)), (lower(email))) do update set email = users.email
      returning *, (xmax = 0) as inserted
    ),
    the_user as (
      select *, false as inserted from existing
      union all
      select * from created
    ),
    consumed as (
      update login_codes set consumed_at = ${now}::timestamptz, consumed_address = ${input.address}::text, session_id = ${sessionId}::uuid
      where id = (select id from eligible) and consumed_at is null and exists (select 1 from the_user) and not exists (select 1 from the_user where blocked_at is not null)
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
      select ${sql.raw(signupSql.homeTenant('c.email', 't.id'))}
      from created c, tenant t where c.inserted and ${sql.raw(signupSql.home('t.signup'))}
      returning id
    ),
    joined as (
      insert into memberships (tenant_id, user_id, role)
      select t.id, c.id, ${sql.raw(signupSql.role('t.signup'))} from created c, tenant t where c.inserted
      union all
      select h.id, c.id, ${sql.raw(signupSql.homeRole)} from created c, home h where c.inserted
      returning user_id
    ),
    ${sessionAndRefresh(input, sessionId, refreshToken)}
    ${RESULT}, (select open from signup_open) as signup_open, false as deferred
    ${ONE_ROW}
  `.execute(db)
  const row = result.rows[0]
  if (!row) throw new Error('the exchange statement returned no row')
  return row
}

export async function exchangeLoginCode(db: Executor, input: ExchangeInput): Promise<Exchanged> {
  const sessionId = randomUUID()
  const refreshToken = randomToken(32)
  const common = await commonExchange(db, input, sessionId, refreshToken)
  const row = common.deferred ? await fullExchange(db, input, sessionId, refreshToken) : common
  const code = row.code_found ? codeOf(row) : null
  if (row.blocked && row.user_found && !row.consumed) return { code, outcome: 'blocked', user: userOf(row) }
  if (row.consumed && row.user_found) {
    // the address is proven by now, whatever the row read before said
    const user = userOf(row)
    // no account of the address before, and this exchange consumed the code: it signed the account up
    return { code, outcome: 'issued', user: { ...user, email_confirmed_at: user.email_confirmed_at ?? input.now }, sessionId, refreshToken, signedUp: row.signed_up }
  }
  return { code, outcome: !row.user_found && !row.signup_open ? 'closed' : 'refused' }
}

/** A wrong client, redirect URI or verifier counts against the code; at the limit it dies: marked consumed, never to be redeemed. */
export async function countWrongAttempt(db: Executor, id: LoginCode['id'], maxAttempts: number, now: Date): Promise<void> {
  await db
    .updateTable('login_codes')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      consumed_at: eb.case().when('failed_attempts', '>=', maxAttempts - 1).then(now).else(eb.ref('consumed_at')).end(),
    }))
    .where('id', '=', id)
    .execute()
}

/** The code as it is now: after a concurrent exchange of it won. */
export async function loginCodeNow(db: Executor, id: LoginCode['id']): Promise<LoginCode | undefined> {
  return db.selectFrom('login_codes').selectAll().where('id', '=', id).executeTakeFirst()
}

function codeOf(r: Row): LoginCode {
  return {
    id: r.code_id, code_hash: r.code_code_hash, client_id: r.code_client_id, redirect_uri: r.code_redirect_uri,
    code_challenge: r.code_code_challenge, code_challenge_method: r.code_code_challenge_method, email: r.code_email,
    tenant_id: r.code_tenant_id, failed_attempts: r.code_failed_attempts, expires_at: r.code_expires_at,
    consumed_at: r.code_consumed_at, consumed_address: r.code_consumed_address, session_id: r.code_session_id, scope: r.code_scope, nonce: r.code_nonce,
    auth_time: r.code_auth_time, created_at: r.code_created_at, requested_address: r.code_requested_address,
    requested_network: r.code_requested_network, authorization_request_id: r.code_authorization_request_id, locale: r.code_locale,
  }
}

function userOf(r: Row): User {
  return {
    id: r.user_id, tenant_id: r.user_tenant_id, email: r.user_email, username: r.user_username, display_name: r.user_display_name,
    password_hash: r.user_password_hash, email_confirmed_at: r.user_email_confirmed_at, platform_role: r.user_platform_role,
    created_at: r.user_created_at, updated_at: r.user_updated_at, locale: r.user_locale, blocked_at: r.user_blocked_at,
  }
}
