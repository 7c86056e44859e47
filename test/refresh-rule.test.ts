// The refresh rule (src/modules/oauth/refresh.rule.ts) is written once: a token's eligibility to
// rotate, the retry window, which successor is live, and what a repeat is. The rotation
// statements (tokens.repository.ts) apply it inside SQL built from it. This runs that SQL on
// every case and checks it says what the TypeScript says, as test/signup-rule.test.ts does for
// the sign-up rule and test/redeem-rule.test.ts for the redeem rule.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONCURRENT_MS,
  isLive,
  liveSql,
  REFRESH_CHECKS,
  refreshCheckSql,
  refreshRefusalOf,
  repeatOf,
  CLOCK_RESOLUTION_MS,
  retriable,
  retriableSql,
  reuseWindowSql,
  reuseWindowStart,
  rotatableSql,
  withinReuseWindow,
  type PresentedToken,
  type RefreshPresentation,
  type RefreshRefusal,
} from '../src/modules/oauth/refresh.rule.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const NOW = new Date(Date.UTC(2030, 0, 1, 12))
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

const product = <T,>(...lists: T[][][]): T[][] => lists.reduce<T[][]>((acc, list) => acc.flatMap((a) => list.map((b) => [...a, ...b])), [[]])

/** Every kind of token with its session: used at and around the retry window's edges or not, expired or not, whose, revoked, which scope. */
const TOKENS: PresentedToken[] = product<unknown>(
  [[null], [at(-11)], [at(-10)], [at(-9.999)], [at(-1)], [at(-0.001)], [NOW]],
  [[at(60)], [NOW], [at(-1)]],
  [['app'], ['other']],
  [[7], [null]],
  [[null], [at(-30)]],
  [['a b'], [''], ['a']],
).map(([used_at, expires_at, client_id, user_id, revoked_at, scope]) => ({
  used_at: used_at as Date | null,
  expires_at: expires_at as Date,
  client_id: client_id as string,
  user_id: user_id as number | null,
  revoked_at: revoked_at as Date | null,
  scope: scope as string,
}))

const PRESENTATIONS: RefreshPresentation[] = product<unknown>(
  [['app'], ['other']],
  [[[]], [['a']], [['b', 'a']], [['a', 'c']]],
).map(([clientId, scopes]) => ({ clientId: clientId as string, scopes: scopes as string[], now: NOW }))

const STARTS = [0, 1, 10].map((interval) => reuseWindowStart(NOW, interval))

interface Said {
  checks: boolean[]
  rotatable: boolean
  live: boolean
  retriable: boolean[]
}

/** Each check's SQL, and each condition built from them, on every token, for one presentation. */
async function inSql(p: RefreshPresentation): Promise<Said[]> {
  const rows = TOKENS.map((r, i) => sql`(${i}::int, ${r.used_at}::timestamptz, ${r.expires_at}::timestamptz, ${r.client_id}::text, ${r.user_id}::int, ${r.revoked_at}::timestamptz, ${r.scope}::text)`)
  const checks = REFRESH_CHECKS.map((check, i) => sql`${refreshCheckSql(check, p, 't')} as ${sql.ref(`k${i}`)}`)
  const windows = STARTS.map((start, i) => sql`${retriableSql(p, 't', start)} as ${sql.ref(`w${i}`)}`)
  const { rows: out } = await sql<Record<string, boolean>>`select ${sql.join(checks)}, ${sql.join(windows)},
      ${rotatableSql(p, 't')} as rotatable, ${liveSql(p, 't')} as live
    from (values ${sql.join(rows)}) as t(i, used_at, expires_at, client_id, user_id, revoked_at, scope)
    order by t.i`.execute(t.db)
  return out.map((row) => ({
    checks: REFRESH_CHECKS.map((_, i) => row[`k${i}`] === true),
    rotatable: row.rotatable === true,
    live: row.live === true,
    retriable: STARTS.map((_, i) => row[`w${i}`] === true),
  }))
}

describe('the refresh rule in SQL', () => {
  it('every check, and every condition built from them, agree with the TypeScript on every token and presentation', async () => {
    const firstRefusals = new Map<RefreshRefusal | 'rotated', number>()
    const disagreements: string[] = []
    let retries = 0
    for (const p of PRESENTATIONS) {
      const sqlSays = await inSql(p)
      TOKENS.forEach((token, i) => {
        const said = sqlSays[i]
        const refusal = refreshRefusalOf(token, p)
        const agrees =
          said !== undefined &&
          said.rotatable === (refusal === null) &&
          said.live === isLive(token, p) &&
          REFRESH_CHECKS.every((check, k) => said.checks[k] === check.passes(token, p)) &&
          STARTS.every((start, k) => said.retriable[k] === retriable(token, p, start))
        if (!agrees) disagreements.push(JSON.stringify({ token, p, said }))
        firstRefusals.set(refusal ?? 'rotated', (firstRefusals.get(refusal ?? 'rotated') ?? 0) + 1)
        retries += STARTS.filter((start) => retriable(token, p, start)).length
      })
    }
    expect(disagreements).toEqual([])
    // the cases reach every refusal as the one that decides, rotation, and retries
    expect([...firstRefusals.keys()].sort()).toEqual([...REFRESH_CHECKS.map((check) => check.refusal), 'rotated'].sort())
    expect(retries).toBeGreaterThan(0)
  })

  it('what the grant asks of a token: the client, a user, unused, a live session, unexpired, a scope within the session', () => {
    const token: PresentedToken = { used_at: null, expires_at: at(60), client_id: 'app', user_id: 7, revoked_at: null, scope: 'a b' }
    const p: RefreshPresentation = { clientId: 'app', scopes: [], now: NOW }
    expect(refreshRefusalOf(token, p)).toBeNull()
    expect(refreshRefusalOf(token, { ...p, scopes: ['b', 'a'] })).toBeNull()
    expect(refreshRefusalOf(token, { ...p, scopes: ['a', 'c'] })).toBe('wider_scope')
    expect(refreshRefusalOf(token, { ...p, clientId: 'other' })).toBe('wrong_client')
    expect(refreshRefusalOf({ ...token, user_id: null }, p)).toBe('no_user')
    // a used token is a repeat before anything else about it is judged: its session may be revoked by then
    expect(refreshRefusalOf({ ...token, used_at: at(-1), revoked_at: at(-1), expires_at: NOW }, p)).toBe('used')
    expect(refreshRefusalOf({ ...token, revoked_at: at(-1) }, p)).toBe('revoked')
    expect(refreshRefusalOf({ ...token, expires_at: NOW }, p)).toBe('expired')
    // a retry is bounded by the session, not by the presented token's own expiry
    expect(retriable({ ...token, used_at: at(-1), expires_at: at(-1) }, p, reuseWindowStart(NOW, 10))).toBe(true)
    expect(retriable({ ...token, used_at: at(-1), revoked_at: at(-1) }, p, reuseWindowStart(NOW, 10))).toBe(false)
    expect(retriable({ ...token, used_at: at(-1) }, p, reuseWindowStart(NOW, 0))).toBe(false)
  })
})

describe('the refresh retry window in SQL', () => {
  it('agrees with withinReuseWindow at and around its edges, and is shut at interval 0', async () => {
    for (const interval of [0, 1, 10]) {
      const start = reuseWindowStart(NOW, interval)
      for (const usedSeconds of [-11, -10, -9.999, -1, -0.001, 0]) {
        const usedAt = at(usedSeconds)
        const { rows } = await sql<{ within: boolean }>`select ${reuseWindowSql('u.used_at', start)} as within from (select ${usedAt}::timestamptz as used_at) u`.execute(t.db)
        const what = `interval ${interval}, used ${usedSeconds} s`
        expect(rows[0]?.within, what).toBe(withinReuseWindow(usedAt, start))
        // the window as the grant stated it before it was written once: used less than the interval ago
        expect(withinReuseWindow(usedAt, start), what).toBe(interval > 0 && NOW.getTime() - usedAt.getTime() < interval * 1000)
      }
    }
  })
})

describe('what a repeat is', () => {
  it('a loser, a concurrent refresh, a retry or reuse, by when it started and when the token was used', () => {
    const ms = (n: number) => new Date(NOW.getTime() + n)
    for (const interval of [0, 1, 10]) {
      for (const usedMs of [-20_000, -10_000, -9_999, -1_000, -CONCURRENT_MS - 1, -CONCURRENT_MS, -CONCURRENT_MS + 1, -1, 0]) {
        for (const startedMs of [-30_000, usedMs - 2, usedMs - 1, usedMs, usedMs + 1, usedMs + CONCURRENT_MS - 1, usedMs + CONCURRENT_MS, 0]) {
          const usedAt = ms(usedMs)
          const started = ms(startedMs)
          const repeat = repeatOf(usedAt, started, NOW, interval)
          const what = `interval ${interval}, used ${usedMs} ms, started ${startedMs} ms: ${repeat}`
          // as the grant stated it before it was written once
          const within = interval > 0 && -usedMs < interval * 1000
          const expected =
            usedMs - startedMs > CLOCK_RESOLUTION_MS ? 'race_loser' : !within ? 'reuse' : startedMs - usedMs < Math.min(CONCURRENT_MS, interval * 1000) ? 'concurrent' : 'retry'
          expect(repeat, what).toBe(expected)
        }
      }
    }
    expect(repeatOf(ms(-100), ms(-50), NOW, 10)).toBe('concurrent')
    expect(repeatOf(ms(-2_000), ms(-1_000), NOW, 10)).toBe('retry')
    expect(repeatOf(ms(-100), ms(-50), NOW, 0)).toBe('reuse')
    expect(repeatOf(ms(-100), ms(-102), NOW, 10)).toBe('race_loser')
    // the same millisecond, or the one before, cannot be told from after: a repeat just after the answer
    expect(repeatOf(ms(-100), ms(-101), NOW, 10)).toBe('concurrent')
  })
})
