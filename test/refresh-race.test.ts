/**
 * Concurrent refreshes of one token, as an app sends them (two threads, a double tap, a burst):
 * the rule written in docs/security.md ("one winner") and at the top of
 * src/modules/oauth/grants/refresh-token.ts. Every answer with tokens carries a refresh token
 * that works, whichever of them the app keeps; the others get invalid_grant and revoke
 * nothing; once the kept one is used, the session has one live refresh token again. Real
 * requests on the app's real clock, on PGlite or, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSecret } from '../src/lib/crypto.ts'
import { createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let app: { clientId: string; redirectUri: string }
const limits = { RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '100000/1s' }

beforeAll(async () => {
  t = await createTestApp(limits)
  app = await createClient(t.app)
})
afterAll(() => t.close())

interface Tokens {
  access_token: string
  refresh_token: string
}

async function signIn(): Promise<Tokens> {
  const email = uniqueEmail('burst')
  const pair = pkcePair()
  expect((await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge })).statusCode).toBe(200)
  const code = await latestCode(t, email)
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri })
  expect(res.statusCode).toBe(200)
  return res.json()
}

const refresh = (token: string) => exchange(t.app, { grant_type: 'refresh_token', refresh_token: token, client_id: app.clientId })
const signedIn = async (access: string) => (await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${access}` } })).statusCode === 200

/** How many refresh tokens of the session are unused, and whether the session was revoked. */
async function family(access: string): Promise<{ live: number; revoked: boolean }> {
  const sid = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()).sid as string
  const rows = await sql<{ live: number; revoked: boolean }>`
    select count(*) filter (where r.used_at is null)::int as live, bool_or(s.revoked_at is not null) as revoked
    from refresh_tokens r join sessions s on s.id = r.session_id where s.id = ${sid}`.execute(t.db)
  return rows.rows[0]!
}

/** N refreshes of one token: all at once, or one and then the rest the moment its rotation is done (before the app has read its answer). */
async function burst(n: number, shape: 'at once' | 'just after'): Promise<{ first: Tokens; ok: Tokens[] }> {
  const first = await signIn()
  const answers =
    shape === 'at once'
      ? await Promise.all(Array.from({ length: n }, () => refresh(first.refresh_token)))
      : [await refresh(first.refresh_token), ...(await Promise.all(Array.from({ length: n - 1 }, () => refresh(first.refresh_token))))]
  for (const res of answers) expect(res.statusCode === 200 || res.json().error === 'invalid_grant', res.body).toBe(true)
  const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json() as Tokens)
  return { first, ok }
}

// A "just after" presentation was, rarely and on PostgreSQL only, judged the race's loser: the
// winner's answer took under a millisecond, and whole milliseconds read at two moments made the
// repeat's start look no later than the rotation (refresh.rule.ts CLOCK_RESOLUTION_MS now says
// how near is "the same time"). A failing case still runs again, at most twice, until runs on
// loaded machines have shown that was the whole cause; a real break fails all three.
describe('concurrent refreshes of one token within the reuse interval', { retry: 2 }, () => {
  for (const n of [2, 8, 50]) {
    for (const shape of ['at once', 'just after'] as const) {
      for (const keep of ['first', 'last'] as const) {
        it(`${n} ${shape}: the app keeps the ${keep} answer with tokens and stays signed in`, async () => {
          const { first, ok } = await burst(n, shape)
          expect(ok.length).toBeGreaterThanOrEqual(1)
          if (shape === 'just after') expect(ok).toHaveLength(n)
          // nothing was revoked, and every refresh token handed out is live
          expect((await family(first.access_token)).revoked).toBe(false)
          const hashes = ok.map((o) => hashSecret(o.refresh_token))
          const live = await sql<{ n: number }>`select count(*)::int as n from refresh_tokens where used_at is null and token_hash = any(${hashes})`.execute(t.db)
          expect(live.rows[0]?.n).toBe(ok.length)
          for (const o of ok) expect(await signedIn(o.access_token)).toBe(true)

          const kept = keep === 'first' ? ok[0]! : ok[ok.length - 1]!
          const next = await refresh(kept.refresh_token)
          expect(next.statusCode).toBe(200)
          expect(await signedIn(next.json().access_token)).toBe(true)
          // one line of the family goes on: the kept one's successor is the only live token
          expect(await family(first.access_token)).toEqual({ live: 1, revoked: false })
          expect((await refresh(next.json().refresh_token)).statusCode).toBe(200)
        })
      }
    }
  }

  it('after the kept answer was used, another answer of the burst is reuse and ends the session', async () => {
    const { first, ok } = await burst(2, 'just after')
    const [a, b] = ok as [Tokens, Tokens]
    const next = (await refresh(b.refresh_token)).json() as Tokens
    t.clock.advance(1)
    expect((await refresh(a.refresh_token)).json().error).toBe('invalid_grant')
    expect(await signedIn(next.access_token)).toBe(false)
    expect((await family(first.access_token)).revoked).toBe(true)
  })
})
