/**
 * The redeem rule of the authorization_code grant, written once: when a presentation of a
 * login code may redeem it. Each check is stated here in TypeScript (`passes`) and, beside it,
 * as the SQL condition the exchange statement is built from (`sql`, over the code's row
 * aliased `c`, with the presentation's values as parameters). The grant
 * (grants/authorization-code.ts) asks refusalOf which check a code fails, to choose its error
 * and its failure path; the exchange statement (redeem-code.repository.ts) redeems only where
 * redeemableSql holds, in the same round trip that reads the code. test/redeem-rule.test.ts runs
 * the SQL of every check on every case and checks it says what the TypeScript says.
 *
 * The checks are in the order the grant judges them: the first that fails names the refusal.
 * - reach: where the code may be redeemed from (attempts.ts); out of reach looks like unknown;
 * - consumed: redeemable once (a second presentation is a duplicate or a replay: the grant);
 * - expired: before its expiry, on the clock the presentation brings;
 * - client, redirect URI, verifier: the code's own (a wrong one counts against the code). With
 *   PKCE the verifier binds the exchange (OAuth 2.1), so redirect_uri may be left out; sent, it
 *   must match. A verifier is compared by PKCE's one comparison (pkce.ts challengeOf): the
 *   statement receives the challenge the presented verifier answers under each method. The
 *   challenge is not a secret (it is public in the code request), so the statement compares
 *   it plainly; the grant's own comparison is constant-time (verifyPkce);
 * - public clients: must have sent a challenge with the code request;
 * - scope: what the token request asks for lies within the code's (its client's defaults for a
 *   code asked for without one).
 * Text PostgreSQL cannot hold (U+0000, which an existing web client's verifier may contain, or
 * a hostile redirect_uri) is never sent: such a value equals no stored one, so null is sent
 * instead, which matches nothing (and no request becomes a 500). The SQL is text for the
 * exchange statement, built here from the same definitions.
 */
import { sql, type RawBuilder } from 'kysely'
import type { LoginCode } from '../../db/database.ts'
import type { Reach } from './attempts.ts'
import { CHALLENGE_METHODS, challengeOf, verifyPkce, type ChallengeMethod } from './pkce.ts'
import { requestedScopes } from './scopes.ts'

/** A presentation of a login code at the token endpoint, as the rule reads it. */
export interface Presentation {
  clientId: string
  /** Public clients must have sent a challenge with the code request. */
  isPublic: boolean
  /** As sent; undefined when left out. */
  redirectUri: string | undefined
  codeVerifier: string | undefined
  /** Where the code may be redeemed from (attempts.ts), and where this request comes from. */
  reach: Reach
  network: string
  address: string
  /** The scope asked for at the token endpoint, as requestScope gives it (null: none). */
  requestedScope: string | null
  /** The client's defaults, for a code asked for without a scope. */
  defaultScope: string
  now: Date
}

/** What the rule reads of a code. */
export type RedeemableCode = Pick<
  LoginCode,
  'client_id' | 'redirect_uri' | 'code_challenge' | 'code_challenge_method' | 'expires_at' | 'consumed_at' | 'requested_network' | 'requested_address' | 'scope'
>

export type Refusal = 'out_of_reach' | 'consumed' | 'expired' | 'wrong_client' | 'wrong_redirect' | 'wrong_verifier' | 'public_without_pkce' | 'wider_scope'

export interface RedeemCheck {
  /** What failing it is called. */
  refusal: Refusal
  passes: (code: RedeemableCode, p: Presentation) => boolean
  sql: (p: Presentation) => RawBuilder<unknown>
}

/** A value PostgreSQL's text can hold, or null (which equals nothing). */
const storable = (value: string | undefined): string | null => (value === undefined || value.includes('\0') ? null : value)

/** A code asked for with a challenge and no method (before methods were stored) is read as RFC 7636 reads it: plain. */
const UNNAMED_METHOD: ChallengeMethod = 'plain'

const hasChallenge = (code: RedeemableCode): boolean => Boolean(code.code_challenge)
const HAS_CHALLENGE = sql`coalesce(c.code_challenge, '') <> ''`

/** Which column of the code a reach compares, with which value of the presentation (none: from anywhere). */
const REACH: Readonly<Record<Reach, { column: 'requested_network' | 'requested_address'; value: 'network' | 'address' } | null>> = {
  anywhere: null,
  network: { column: 'requested_network', value: 'network' },
  address: { column: 'requested_address', value: 'address' },
}

/** The verifier answers the code's challenge; without a challenge, no verifier may be sent. */
function verifierPasses(code: RedeemableCode, verifier: string | undefined): boolean {
  const challenge = code.code_challenge
  if (!challenge) return verifier === undefined
  return verifier !== undefined && verifier !== '' && verifyPkce(code.code_challenge_method ?? UNNAMED_METHOD, challenge, verifier)
}

/** The challenge the presented verifier answers under each method, by the code's method (an empty verifier answers none). */
function verifierSql(verifier: string | undefined) {
  const answers = CHALLENGE_METHODS.map((m) => sql`when ${sql.lit(m)} then ${verifier ? storable(challengeOf(m, verifier)) : null}::text`)
  return sql`case when not ${HAS_CHALLENGE} then not ${verifier !== undefined}::boolean
    else c.code_challenge = case coalesce(c.code_challenge_method, ${sql.lit(UNNAMED_METHOD)}) ${sql.join(answers, sql` `)} end end`
}

function scopePasses(code: RedeemableCode, p: Presentation): boolean {
  const granted = requestedScopes(code.scope ?? p.defaultScope)
  return requestedScopes(p.requestedScope).every((s) => granted.includes(s))
}

export const REDEEM_CHECKS: readonly RedeemCheck[] = [
  {
    refusal: 'out_of_reach',
    passes: (code, p) => {
      const reach = REACH[p.reach]
      return reach === null || code[reach.column] === p[reach.value]
    },
    sql: (p) =>
      sql`(${sql.join(
        Object.entries(REACH).map(([name, reach]) =>
          reach === null
            ? sql`${p.reach}::text = ${sql.lit(name)}`
            : sql`(${p.reach}::text = ${sql.lit(name)} and c.${sql.ref(reach.column)} = ${p[reach.value]}::text)`,
        ),
        sql` or `,
      )})`,
  },
  { refusal: 'consumed', passes: (code) => code.consumed_at === null, sql: () => sql`c.consumed_at is null` },
  { refusal: 'expired', passes: (code, p) => code.expires_at.getTime() > p.now.getTime(), sql: (p) => sql`c.expires_at > ${p.now}::timestamptz` },
  { refusal: 'wrong_client', passes: (code, p) => code.client_id === p.clientId, sql: (p) => sql`c.client_id = ${p.clientId}::text` },
  {
    refusal: 'wrong_redirect',
    passes: (code, p) => (p.redirectUri === undefined ? hasChallenge(code) : p.redirectUri === code.redirect_uri),
    sql: (p) => sql`case when ${p.redirectUri !== undefined}::boolean then c.redirect_uri = ${storable(p.redirectUri)}::text else ${HAS_CHALLENGE} end`,
  },
  { refusal: 'wrong_verifier', passes: (code, p) => verifierPasses(code, p.codeVerifier), sql: (p) => verifierSql(p.codeVerifier) },
  { refusal: 'public_without_pkce', passes: (code, p) => hasChallenge(code) || !p.isPublic, sql: (p) => sql`(${HAS_CHALLENGE} or not ${p.isPublic}::boolean)` },
  {
    refusal: 'wider_scope',
    passes: scopePasses,
    sql: (p) => sql`(${p.requestedScope}::text is null
      or string_to_array(${p.requestedScope}::text, ' ') <@ string_to_array(coalesce(c.scope, ${p.defaultScope}::text), ' '))`,
  },
]

/** The first check the code fails for this presentation, or null when it may be redeemed. */
export function refusalOf(code: RedeemableCode, p: Presentation): Refusal | null {
  return REDEEM_CHECKS.find((check) => !check.passes(code, p))?.refusal ?? null
}

/** A check as SQL, where null (a missing value) is a refusal. */
export const checkSql = (check: RedeemCheck, p: Presentation) => sql<boolean>`coalesce(${check.sql(p)}, false)`

/** refusalOf(c, p) === null, as SQL over the code's row aliased `c`. */
export const redeemableSql = (p: Presentation) => sql.join(REDEEM_CHECKS.map((check) => checkSql(check, p)), sql` and `)
