/**
 * A refresh retried after its answer was lost (REFRESH_REUSE_INTERVAL_SECONDS, the reasoning
 * and the threat in src/modules/oauth/grants/refresh-token.ts): within the interval the
 * just-rotated token gets a new successor and the session lives on; after it, or once the
 * successor was used, presenting it again revokes the session, as any reuse does. Time moves
 * with the app's clock; the requests in a test are milliseconds apart, well within 10 s.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSecret } from '../src/lib/crypto.ts'
import { createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'
import { StatementRecorder } from './statement-recorder.ts'

let t: TestApp
let off: TestApp
let app: { clientId: string; redirectUri: string }
let other: { clientId: string }
const recorder = new StatementRecorder()
/**
 * The grant's own statements: the client and the signing keys are read through caches of a few
 * seconds on the same clock, which the test's 4 s moves plus a busy machine's real seconds can
 * let expire; their reloads are not the grant's.
 */
const grantStatements = () => recorder.statements.filter((s) => !/from "(oauth_clients|signing_keys)"/.test(s))
const limits = { RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '100000/1s' }

beforeAll(async () => {
  t = await createTestApp(limits, { recorder })
  off = await createTestApp({ ...limits, REFRESH_REUSE_INTERVAL_SECONDS: '0' })
  app = await createClient(t.app)
  other = await createClient(t.app)
})
afterAll(async () => {
  await t.close()
  await off.close()
})

interface Tokens {
  access_token: string
  refresh_token: string
}

/** A session opened by a mailed code: its first tokens. */
async function signIn(on: TestApp = t): Promise<Tokens & { clientId: string }> {
  const client = on === t ? app : await createClient(on.app)
  const email = uniqueEmail('retry')
  const pair = pkcePair()
  expect((await requestCode(on.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge })).statusCode).toBe(200)
  const code = await latestCode(on, email)
  const res = await exchange(on.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
  expect(res.statusCode).toBe(200)
  return { ...res.json(), clientId: client.clientId }
}

function refresh(token: string, clientId = app.clientId, on: TestApp = t) {
  return exchange(on.app, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId })
}

async function signedIn(access: string, on: TestApp = t): Promise<boolean> {
  const res = await on.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${access}` } })
  return res.statusCode === 200
}

/** The session's refresh tokens: how many, and how many unused. */
async function tokensOfSession(access: string) {
  const sid = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()).sid as string
  const rows = await sql<{ n: number; live: number; revoked: boolean }>`
    select count(*)::int as n, count(*) filter (where r.used_at is null)::int as live, bool_or(s.revoked_at is not null) as revoked
    from refresh_tokens r join sessions s on s.id = r.session_id where s.id = ${sid}`.execute(t.db)
  return rows.rows[0]
}

describe('a refresh retried within REFRESH_REUSE_INTERVAL_SECONDS', () => {
  it('returns a new successor, revokes nothing, and leaves one live refresh token', async () => {
    const first = await signIn()
    const lost = await refresh(first.refresh_token)
    expect(lost.statusCode).toBe(200)
    t.clock.advance(4)

    recorder.statements = []
    const retried = await refresh(first.refresh_token)
    expect(retried.statusCode).toBe(200)
    // the retry takes a second statement; the happy path stays one
    expect(grantStatements()).toHaveLength(2)
    expect(grantStatements()[0]).toContain('prepared:rotate_refresh_token')
    const again = retried.json() as Tokens
    expect(again.refresh_token).not.toBe(lost.json().refresh_token)
    expect(await signedIn(again.access_token)).toBe(true)
    expect(await signedIn(first.access_token)).toBe(true)
    expect(await tokensOfSession(first.access_token)).toEqual({ n: 3, live: 1, revoked: false })

    // a second retry within the window, counted from the first use: the same again
    t.clock.advance(4)
    const third = await refresh(first.refresh_token)
    expect(third.statusCode).toBe(200)
    expect(await tokensOfSession(first.access_token)).toEqual({ n: 4, live: 1, revoked: false })
    recorder.statements = []
    const next = await refresh(third.json().refresh_token)
    expect(next.statusCode).toBe(200)
    expect(grantStatements()).toHaveLength(1)
    expect(await signedIn(next.json().access_token)).toBe(true)
  })

  it('after the interval, the same reuse revokes the session', async () => {
    const first = await signIn()
    const rotated = (await refresh(first.refresh_token)).json() as Tokens
    t.clock.advance(t.config.refreshReuseIntervalSeconds + 1)
    expect((await refresh(first.refresh_token)).json().error).toBe('invalid_grant')
    expect(await signedIn(rotated.access_token)).toBe(false)
    expect((await refresh(rotated.refresh_token)).json().error).toBe('invalid_grant')
    expect(await tokensOfSession(first.access_token)).toMatchObject({ revoked: true })
  })

  it('a token whose successor was already used is reuse at once, interval or not', async () => {
    const first = await signIn()
    const second = (await refresh(first.refresh_token)).json() as Tokens
    const third = (await refresh(second.refresh_token)).json() as Tokens
    t.clock.advance(1)
    expect((await refresh(first.refresh_token)).json().error).toBe('invalid_grant')
    expect(await signedIn(third.access_token)).toBe(false)
  })

  it('the successor a retry retired is reuse: whoever still holds it ends the session for both', async () => {
    // the app refreshed and kept its answer; a copy of the old token is replayed within the interval
    const first = await signIn()
    const app1 = (await refresh(first.refresh_token)).json() as Tokens
    t.clock.advance(2)
    const thief = (await refresh(first.refresh_token)).json() as Tokens
    expect(await signedIn(thief.access_token)).toBe(true)
    // the app's next refresh presents the retired successor: the session ends, the thief's tokens with it
    t.clock.advance(1)
    expect((await refresh(app1.refresh_token)).json().error).toBe('invalid_grant')
    expect(await signedIn(thief.access_token)).toBe(false)
    expect((await refresh(thief.refresh_token)).json().error).toBe('invalid_grant')
  })

  it('two retries at once revoke nothing and leave one live token, which refreshes', async () => {
    const first = await signIn()
    await refresh(first.refresh_token)
    t.clock.advance(1)
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)])
    // on PostgreSQL a retry that lost the race to retire the successor is told invalid_grant; PGlite runs them one after the other
    for (const res of answers) expect(res.statusCode === 200 || res.json().error === 'invalid_grant').toBe(true)
    expect(await tokensOfSession(first.access_token)).toMatchObject({ live: 1, revoked: false })
    const live = await sql<{ n: number }>`select count(*)::int as n from refresh_tokens where used_at is null and token_hash = any(${answers.filter((r) => r.statusCode === 200).map((r) => hashSecret(r.json().refresh_token as string))})`.execute(t.db)
    expect(live.rows[0]?.n).toBe(1)
  })

  it('another client presenting the token gets invalid_grant and no successor; the session stays', async () => {
    const first = await signIn()
    const rotated = (await refresh(first.refresh_token)).json() as Tokens
    t.clock.advance(1)
    expect((await refresh(first.refresh_token, other.clientId)).json().error).toBe('invalid_grant')
    expect(await tokensOfSession(first.access_token)).toEqual({ n: 2, live: 1, revoked: false })
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200)
  })

  it('REFRESH_REUSE_INTERVAL_SECONDS=0: a retry is reuse and revokes the session', async () => {
    const first = await signIn(off)
    const rotated = (await refresh(first.refresh_token, first.clientId, off)).json() as Tokens
    off.clock.advance(1)
    expect((await refresh(first.refresh_token, first.clientId, off)).json().error).toBe('invalid_grant')
    expect(await signedIn(rotated.access_token, off)).toBe(false)
  })
})
