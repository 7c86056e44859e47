/**
 * The refresh rule, written once (grants/refresh-token.ts says why each part exists and what
 * bounds its threat). Each check is stated here in TypeScript (`passes`) and, beside it, as the
 * SQL condition the rotation statements are built from (`sql`, over a row aliased as the caller
 * says, with the presentation's values as parameters). test/refresh-rule.test.ts runs the SQL of
 * every check on every case and checks it says what the TypeScript says.
 *
 * - Eligibility: a presented token rotates when every check passes, in the order the grant
 *   judges them (the first that fails names the refusal): the presenting client's session, a
 *   user's, the token unused, its session live, the token unexpired, the requested scope within
 *   the session's. The checks of the session (client, user, revoked, scope) also bound a retry;
 *   the checks of the token (unused, unexpired) also say which successor is live.
 * - The retry window: a used token presented again is a retry only while it was used after the
 *   window's start, REFRESH_REUSE_INTERVAL_SECONDS before now; with the interval 0 there is no
 *   window, and every second presentation is reuse.
 * - The concurrent window: a repeat that arrived within CONCURRENT_MS of the rotation (and within
 *   the interval) was sent at the same time as it, and gets a successor beside the first; one
 *   that arrived before the rotation is the race's loser.
 * The grant judges by refreshRefusalOf and repeatOf; the statements (tokens.repository.ts) by
 * rotatableSql, retriableSql and liveSql.
 */
import { sql, type RawBuilder } from 'kysely'
import { secondsBefore } from '../../lib/clock.ts'

/** A presentation of a refresh token at the token endpoint, as the rule reads it. */
export interface RefreshPresentation {
  clientId: string
  /** The distinct scopes asked for (requestedScopes); none keeps the session's. */
  scopes: readonly string[]
  now: Date
}

/** What the rule reads of a token (refresh_tokens), named as the statements name the columns. */
export interface TokenRow {
  used_at: Date | null
  expires_at: Date
}

/** What the rule reads of the token's session (sessions). */
export interface SessionRow {
  client_id: string
  user_id: number | null
  revoked_at: Date | null
  scope: string
}

export type PresentedToken = TokenRow & SessionRow

export type RefreshRefusal = 'wrong_client' | 'no_user' | 'used' | 'revoked' | 'expired' | 'wider_scope'

export interface RefreshCheck<Row = PresentedToken> {
  /** What failing it is called. */
  refusal: RefreshRefusal
  passes: (row: Row, p: RefreshPresentation) => boolean
  /** The check over the row aliased `t`. */
  sql: (p: RefreshPresentation, t: string) => RawBuilder<unknown>
}

const column = (t: string, name: keyof PresentedToken) => sql.ref(`${t}.${name}`)

const client: RefreshCheck<SessionRow> = {
  refusal: 'wrong_client',
  passes: (s, p) => s.client_id === p.clientId,
  sql: (p, t) => sql`${column(t, 'client_id')} = ${p.clientId}::text`,
}
const user: RefreshCheck<SessionRow> = { refusal: 'no_user', passes: (s) => s.user_id !== null, sql: (_, t) => sql`${column(t, 'user_id')} is not null` }
const unused: RefreshCheck<TokenRow> = { refusal: 'used', passes: (r) => r.used_at === null, sql: (_, t) => sql`${column(t, 'used_at')} is null` }
const live: RefreshCheck<SessionRow> = { refusal: 'revoked', passes: (s) => s.revoked_at === null, sql: (_, t) => sql`${column(t, 'revoked_at')} is null` }
const unexpired: RefreshCheck<TokenRow> = {
  refusal: 'expired',
  passes: (r, p) => r.expires_at.getTime() > p.now.getTime(),
  sql: (p, t) => sql`${column(t, 'expires_at')} > ${p.now}::timestamptz`,
}
const scope: RefreshCheck<SessionRow> = {
  refusal: 'wider_scope',
  passes: (s, p) => p.scopes.every((wanted) => s.scope.split(' ').includes(wanted)),
  sql: (p, t) => sql`${p.scopes}::text[] <@ string_to_array(${column(t, 'scope')}, ' ')`,
}

/** Every check, in the order the grant judges them. */
export const REFRESH_CHECKS: readonly RefreshCheck[] = [client, user, unused, live, unexpired, scope]
/** The checks of the session: they also bound a retry. */
export const SESSION_CHECKS: readonly RefreshCheck<SessionRow>[] = [client, user, live, scope]
/** The checks of the token: they also say which successor is live. */
export const TOKEN_CHECKS: readonly RefreshCheck<TokenRow>[] = [unused, unexpired]

/** The first check the token fails for this presentation, or null when it may rotate. */
export function refreshRefusalOf(token: PresentedToken, p: RefreshPresentation): RefreshRefusal | null {
  return REFRESH_CHECKS.find((check) => !check.passes(token, p))?.refusal ?? null
}

/** A check as SQL, where null (a missing value) is a refusal. */
export const refreshCheckSql = <Row>(check: RefreshCheck<Row>, p: RefreshPresentation, t: string) => sql<boolean>`coalesce(${check.sql(p, t)}, false)`

const allOf = <Row>(checks: readonly RefreshCheck<Row>[], p: RefreshPresentation, t: string) =>
  sql<boolean>`(${sql.join(
    checks.map((check) => refreshCheckSql(check, p, t)),
    sql` and `,
  )})`

/** refreshRefusalOf(t, p) === null, as SQL over the row aliased `t`. */
export const rotatableSql = (p: RefreshPresentation, t: string) => allOf(REFRESH_CHECKS, p, t)

/** The window's start for a presentation at `now`; null when retries are off. */
export function reuseWindowStart(now: Date, intervalSeconds: number): Date | null {
  return intervalSeconds > 0 ? secondsBefore(now, intervalSeconds) : null
}

/** A token used at `usedAt` is within the window that starts at `start` (none: never). */
export function withinReuseWindow(usedAt: Date, start: Date | null): start is Date {
  return start !== null && usedAt.getTime() > start.getTime()
}

/** withinReuseWindow, as SQL over a token's `used_at` column. */
export const reuseWindowSql = (usedAt: string, start: Date | null) => sql<boolean>`coalesce(${sql.ref(usedAt)} > ${start}::timestamptz, false)`

/** A used token may be rotated again: used within the window that starts at `start`, and its session's checks pass. */
export function retriable(token: PresentedToken, p: RefreshPresentation, start: Date | null): boolean {
  return token.used_at !== null && withinReuseWindow(token.used_at, start) && SESSION_CHECKS.every((check) => check.passes(token, p))
}

/** retriable(t, p, start), as SQL over the row aliased `t`. */
export const retriableSql = (p: RefreshPresentation, t: string, start: Date | null) =>
  sql<boolean>`(${reuseWindowSql(`${t}.used_at`, start)} and ${allOf(SESSION_CHECKS, p, t)})`

/** A successor is live (the one a retry retires, or stands beside): unused and unexpired. */
export function isLive(token: TokenRow, p: RefreshPresentation): boolean {
  return TOKEN_CHECKS.every((check) => check.passes(token, p))
}

/** isLive(c, p), as SQL over the successor's row aliased `c`. */
export const liveSql = (p: RefreshPresentation, c: string) => allOf(TOKEN_CHECKS, p, c)

/** A repeat that arrived this soon after the rotation was sent at the same time as it. */
export const CONCURRENT_MS = 500

/**
 * What a used token presented again is, for a request that started at `started`:
 * - race_loser: it started before the winner used the token (more than CLOCK_RESOLUTION_MS before `used_at`);
 * - concurrent: within CONCURRENT_MS of the rotation and within the window: a successor beside the first;
 * - retry: within the window: rotated again, the unused successor retired;
 * - reuse: anything else; the session is revoked.
 */
export type Repeat = 'race_loser' | 'concurrent' | 'retry' | 'reuse'

/**
 * Times are whole milliseconds, read at different moments of two requests (the winner's `now`
 * before its statement, the repeat's arrival as its `now` less its elapsed time): a repeat that
 * arrived just after the winner answered can read as the same millisecond or the one before.
 * Only a start more than this before the rotation's reading is before it.
 */
export const CLOCK_RESOLUTION_MS = 1

export function repeatOf(usedAt: Date, started: Date, now: Date, intervalSeconds: number): Repeat {
  if (usedAt.getTime() - started.getTime() > CLOCK_RESOLUTION_MS) return 'race_loser'
  if (!withinReuseWindow(usedAt, reuseWindowStart(now, intervalSeconds))) return 'reuse'
  return started.getTime() - usedAt.getTime() < Math.min(CONCURRENT_MS, intervalSeconds * 1000) ? 'concurrent' : 'retry'
}
