/**
 * The exchange reads and redeems a login code in one statement (src/modules/oauth/redeem-code.repository.ts),
 * whose condition is built from the redeem rule the grant judges by (src/modules/oauth/redeem.rule.ts;
 * test/redeem-rule.test.ts holds the SQL to the TypeScript on every case). What this adds is the
 * whole exchange: for each kind of refusal, it presents a fresh code wrongly and checks what the
 * database holds afterwards (the code unconsumed, no session opened), then presents it rightly
 * and gets tokens (the statement does not refuse what the grant accepts).
 * The common statement defers what it does not serve to the full one; a later block shows
 * which statements each kind of account takes. The last does the same for a refresh, whose
 * one statement also decides before it writes (src/modules/oauth/tokens.repository.ts), and for the
 * second statement a retried refresh takes; they take the instant to judge expiry by, so the
 * test moves time by passing it.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'
import { StatementRecorder } from './statement-recorder.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { rotateAgain, rotateRefreshToken } from '../src/modules/oauth/tokens.repository.ts'

let t: TestApp
let pub: { clientId: string; redirectUri: string }
let conf: { clientId: string; redirectUri: string; secret: string | null }
let other: { clientId: string }
const recorder = new StatementRecorder()

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '100000/1s' }, { recorder })
  pub = await createClient(t.app, { redirectUris: ['https://app.test/cb', 'https://app.test/other'] })
  conf = await createClient(t.app, { public: false, redirectUris: ['https://backend.test/cb'] })
  other = await createClient(t.app, { redirectUris: ['https://app.test/cb'] })
})
afterAll(() => t.close())

interface Issued {
  code: string
  email: string
  verifier: string
}

/** A code mailed for a new address: PKCE with the given method, or none. */
async function issue(
  method: 'S256' | 'none',
  client: { clientId: string; redirectUri: string } = pub,
  opts: { email?: string; tenantId?: number } = {},
): Promise<Issued> {
  const email = opts.email ?? uniqueEmail(`agree-${method.toLowerCase()}`)
  const pair = pkcePair()
  const challenge = method === 'S256' ? pair.challenge : undefined
  const res = await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge, method, tenantId: opts.tenantId })
  expect(res.statusCode).toBe(200)
  return { code: await latestCode(t, email), email, verifier: pair.verifier }
}

/** What the database holds for the code's address: the code's state, and sessions opened for it. */
async function stateOf(email: string) {
  const code = await t.db.selectFrom('login_codes').select(['consumed_at', 'session_id']).where('email', '=', email).executeTakeFirstOrThrow()
  const sessions = await sql<{ n: number }>`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email}`.execute(t.db)
  return { consumed: code.consumed_at !== null, sessionId: code.session_id, sessions: sessions.rows[0]?.n }
}

async function refusedThenRedeemed(issued: Issued, wrong: Record<string, unknown>, right: Record<string, unknown>) {
  const refused = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, ...wrong })
  expect(refused.statusCode).toBe(400)
  expect(refused.json().error).toMatch(/^invalid_(grant|request)$/)
  expect(await stateOf(issued.email)).toEqual({ consumed: false, sessionId: null, sessions: 0 })
  const redeemed = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, ...right })
  expect(redeemed.statusCode).toBe(200)
  expect(await stateOf(issued.email)).toMatchObject({ consumed: true, sessions: 1 })
}

describe('the exchange statement never redeems what the grant refuses', () => {
  it('S256: a wrong verifier, or the challenge sent as the verifier', async () => {
    const wrong = await issue('S256')
    const right = { client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: wrong.verifier }
    await refusedThenRedeemed(wrong, { ...right, code_verifier: pkcePair().verifier }, right)
    const issued = await issue('S256')
    const challenge = (await t.db.selectFrom('login_codes').select('code_challenge').where('email', '=', issued.email).executeTakeFirstOrThrow()).code_challenge
    const rightToo = { client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier }
    await refusedThenRedeemed(issued, { ...rightToo, code_verifier: challenge }, rightToo)
  })

  it('plain is refused when the code is asked for, so no plain code exists to redeem', async () => {
    const res = await requestCode(t.app, { email: uniqueEmail('agree-plain'), clientId: pub.clientId, redirectUri: pub.redirectUri, challenge: pkcePair().verifier, method: 'plain' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('invalid_code_challenge_method')
  })

  it("another client's code, a different or a NUL-bearing redirect_uri", async () => {
    for (const wrong of [{ client_id: other.clientId }, { redirect_uri: `${pub.redirectUri}\u0000` }]) {
      const issued = await issue('S256')
      const right = { client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier }
      await refusedThenRedeemed(issued, { ...right, ...wrong }, right)
    }
  })

  it('without PKCE: redirect_uri left out, or a verifier sent', async () => {
    const auth = { client_id: conf.clientId, client_secret: conf.secret }
    for (const wrong of [{ redirect_uri: undefined }, { code_verifier: pkcePair().verifier }]) {
      const issued = await issue('none', conf)
      const right = { ...auth, redirect_uri: conf.redirectUri }
      await refusedThenRedeemed(issued, { ...right, ...wrong }, right)
    }
  })

  it('a code without a challenge, presented by a client that has become public', async () => {
    const issued = await issue('none', conf)
    await t.db.updateTable('oauth_clients').set({ is_public: true }).where('client_id', '=', conf.clientId).execute()
    await t.app.services.clients.find(conf.clientId, true)
    try {
      const res = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, client_id: conf.clientId, redirect_uri: conf.redirectUri })
      expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Public clients must use PKCE.' })
      expect(await stateOf(issued.email)).toEqual({ consumed: false, sessionId: null, sessions: 0 })
    } finally {
      await t.db.updateTable('oauth_clients').set({ is_public: false }).where('client_id', '=', conf.clientId).execute()
      await t.app.services.clients.find(conf.clientId, true)
    }
  })

  it('an expired code', async () => {
    const issued = await issue('S256')
    t.clock.advance(t.config.loginCodeTtlSeconds + 1)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier })
    expect(res.json().error).toBe('invalid_grant')
    expect(await stateOf(issued.email)).toEqual({ consumed: false, sessionId: null, sessions: 0 })
  })
})

describe('reach: a code out of reach is not redeemed either', () => {
  let tight: TestApp
  beforeAll(async () => {
    tight = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '1/1d' })
  })
  afterAll(() => tight?.close())

  it('from another network: refused and left alone; from the asking network: redeemed', async () => {
    const client = await createClient(tight.app, { redirectUris: ['https://app.test/cb'] })
    const email = uniqueEmail('reach')
    const pkce = pkcePair()
    expect((await requestCode(tight.app, { email, ...client, challenge: pkce.challenge, ip: '198.51.100.7' })).statusCode).toBe(200)
    const code = await latestCode(tight, email)
    // guesses spend the client's failure budget: now a code redeems only from the network that asked for it
    for (let i = 0; i < 3; i++) await exchange(tight.app, { grant_type: 'authorization_code', code: 'ZZZZZ-ZZZZZ', client_id: client.clientId }, {}, '192.0.2.1')
    const params = { grant_type: 'authorization_code', code, client_id: client.clientId, redirect_uri: client.redirectUri, code_verifier: pkce.verifier }
    expect((await exchange(tight.app, params, {}, '203.0.113.9')).json().error).toBe('invalid_grant')
    const row = await tight.db.selectFrom('login_codes').select(['consumed_at', 'session_id']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toEqual({ consumed_at: null, session_id: null })
    expect((await exchange(tight.app, params, {}, '198.51.100.8')).statusCode).toBe(200)
  })
})

describe('the common statement, and the full one for what it defers', () => {
  /** The exchange statements a token request sent, by their prepared names. */
  async function exchangeStatements(params: Record<string, unknown>) {
    recorder.statements = []
    const res = await exchange(t.app, params)
    const names = recorder.statements.flatMap((text) => text.match(/prepared:(exchange_login_code\w*)/)?.[1] ?? [])
    return { status: res.statusCode, names }
  }
  const rightFor = (issued: Issued) => ({ grant_type: 'authorization_code', code: issued.code, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier })

  it('a new account on the platform and a proven one: the common statement alone', async () => {
    const issued = await issue('S256')
    expect(await exchangeStatements(rightFor(issued))).toEqual({ status: 200, names: ['exchange_login_code'] })
    const again = await issue('S256', pub, { email: issued.email })
    expect(await exchangeStatements(rightFor(again))).toEqual({ status: 200, names: ['exchange_login_code'] })
  })

  it("a tenant's new customer: refused wrongly presented with nothing written, then the full statement signs them up", async () => {
    const tenantId = await createTenant(t, 'Agreeing brand', { signup: 'customers' })
    const issued = await issue('S256', pub, { tenantId })
    // wrongly presented, the common statement finds the code not eligible and defers nothing
    expect(await exchangeStatements({ ...rightFor(issued), code_verifier: pkcePair().verifier })).toEqual({ status: 400, names: ['exchange_login_code'] })
    expect(await stateOf(issued.email)).toEqual({ consumed: false, sessionId: null, sessions: 0 })
    expect(await exchangeStatements(rightFor(issued))).toEqual({ status: 200, names: ['exchange_login_code', 'exchange_login_code_full'] })
    const user = await t.db.selectFrom('users').select('id').where('email', '=', issued.email).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()
    const roles = await t.db.selectFrom('memberships').select('role').where('user_id', '=', user.id).orderBy('role').execute()
    expect(roles.map((r) => r.role)).toEqual(['customer', 'owner'])
    expect(await stateOf(issued.email)).toMatchObject({ consumed: true, sessions: 1 })
  })

  it('an account whose address is not proven yet: the full statement proves it and discards its password', async () => {
    const email = uniqueEmail('agree-unproven')
    await insertUser(t.db, { email, emailConfirmedAt: null, passwordHash: 'not a real hash' })
    const issued = await issue('S256', pub, { email })
    expect(await exchangeStatements(rightFor(issued))).toEqual({ status: 200, names: ['exchange_login_code', 'exchange_login_code_full'] })
    const row = await t.db.selectFrom('users').select(['email_confirmed_at', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.email_confirmed_at).not.toBeNull()
    expect(row.password_hash).toBeNull()
  })
})

describe('a refresh: one statement, which writes only what the grant accepts', () => {
  /** The refresh tokens of the address's sessions: how many, and how many used. */
  async function refreshTokensOf(email: string) {
    const rows = await sql<{ n: number; used: number }>`
      select count(*)::int as n, count(r.used_at)::int as used
      from refresh_tokens r join sessions s on s.id = r.session_id join users u on u.id = s.user_id where u.email = ${email}`.execute(t.db)
    return rows.rows[0]
  }
  async function refreshStatements(params: Record<string, unknown>) {
    // the client as the cache holds it now: its age is on the app's clock, which an earlier test moved
    await t.app.services.clients.find(String(params.client_id))
    recorder.statements = []
    const res = await exchange(t.app, { grant_type: 'refresh_token', ...params })
    // the client's row is cached per instance for CLIENT_CACHE_MS of real time, so whether this
    // request read it depends on how long the test has run: the count is of the refresh's own statements
    const names = recorder.statements
      .filter((text) => !/^select \* from "oauth_clients"/.test(text))
      .map((text) => text.match(/prepared:(\w+)/)?.[1] ?? text.replace(/\s+/g, ' ').slice(0, 40))
    return { status: res.statusCode, error: res.json().error as string | undefined, names, body: res.json() }
  }

  it('a wider scope or another client is refused and leaves the token usable; a narrower scope is granted', async () => {
    const issued = await issue('S256')
    const tokens = (await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier })).json()
    const granted: string[] = tokens.scope.split(' ')
    expect(granted.length).toBeGreaterThan(1)
    const one = { refresh_token: tokens.refresh_token, client_id: pub.clientId }

    expect(await refreshStatements({ ...one, scope: `${granted[0]} admin:everything` })).toMatchObject({ status: 400, error: 'invalid_scope', names: ['rotate_refresh_token'] })
    expect(await refreshStatements({ ...one, client_id: other.clientId })).toMatchObject({ status: 400, error: 'invalid_grant', names: ['rotate_refresh_token'] })
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 1, used: 0 })

    const narrower = await refreshStatements({ ...one, scope: `${granted[0]} ${granted[0]}` })
    expect(narrower).toMatchObject({ status: 200, names: ['rotate_refresh_token'] })
    expect(narrower.body.scope).toBe(granted[0])
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 2, used: 1 })
    // scope is checked against the original grant (RFC 6749 section 6): the successor may ask for all of it again
    expect(await refreshStatements({ refresh_token: narrower.body.refresh_token, client_id: pub.clientId, scope: granted.join(' ') })).toMatchObject({ status: 200, names: ['rotate_refresh_token'] })
  })

  it('the statement rotates only a live token: not at its expiry, not once used, not after its session is revoked', async () => {
    const issued = await issue('S256')
    const tokens = (await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier })).json()
    const rotate = (token: string, now: Date) => rotateRefreshToken(t.db, { token, clientId: pub.clientId, scopes: [], now, ttlSeconds: 3600 })
    // read at an instant past any expiry, so this first call rotates nothing
    const expiresAt = (await rotate(tokens.refresh_token, new Date(Date.UTC(9999, 0))))?.row.expires_at
    if (!expiresAt) throw new Error('the issued refresh token was not found')
    const justBefore = new Date(expiresAt.getTime() - 1)

    expect((await rotate(tokens.refresh_token, expiresAt))?.row).toMatchObject({ rotated: false, used_at: null })
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 1, used: 0 })

    const first = await rotate(tokens.refresh_token, justBefore)
    expect(first?.row.rotated).toBe(true)
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 2, used: 1 })
    const again = await rotate(tokens.refresh_token, justBefore)
    expect(again?.row.rotated).toBe(false)
    expect(again?.row.used_at).toEqual(justBefore)
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 2, used: 1 })

    const successor = first?.successor ?? ''
    const revoked = await t.app.inject({ method: 'POST', url: '/auth/oauth2/revoke', payload: { token: successor, client_id: pub.clientId } })
    expect(revoked.statusCode).toBe(200)
    const afterRevoke = await rotate(successor, justBefore)
    expect(afterRevoke?.row.rotated).toBe(false)
    expect(afterRevoke?.row.revoked_at).not.toBeNull()
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 2, used: 1 })
  })

  it('a retry rotates again only from the parent of the live token, used after `since`, on a live session', async () => {
    const issued = await issue('S256')
    const tokens = (await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier })).json()
    const now = new Date(t.clock.now().getTime() + 1000)
    const first = await rotateRefreshToken(t.db, { token: tokens.refresh_token, clientId: pub.clientId, scopes: [], now, ttlSeconds: 3600 })
    if (!first?.row.rotated) throw new Error('the first rotation did not happen')
    const later = new Date(now.getTime() + 5000)
    const again = (input: { since: Date; clientId?: string; scopes?: string[] }) =>
      rotateAgain(t.db, { id: first.row.id, clientId: input.clientId ?? pub.clientId, scopes: input.scopes ?? [], since: input.since, now: later, ttlSeconds: 3600 })

    // used at `now`, not after it; another client; a scope the session lacks: nothing written
    expect(await again({ since: now })).toMatchObject({ eligible: false, rotated: false })
    const since = new Date(now.getTime() - 1)
    expect(await again({ since, clientId: other.clientId })).toMatchObject({ eligible: false, rotated: false })
    expect(await again({ since, scopes: ['admin:everything'] })).toMatchObject({ eligible: false, rotated: false })
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 2, used: 1 })

    const retried = await again({ since })
    expect(retried).toMatchObject({ eligible: true, rotated: true })
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 3, used: 2 })
    // the retired successor is no parent of anything: a retry of it is not one
    const retired = await rotateRefreshToken(t.db, { token: first.successor, clientId: pub.clientId, scopes: [], now: later, ttlSeconds: 3600 })
    expect(retired?.row).toMatchObject({ rotated: false, used_at: later })
    expect(await rotateAgain(t.db, { id: retired?.row.id ?? 0, clientId: pub.clientId, scopes: [], since, now: later, ttlSeconds: 3600 })).toMatchObject({ eligible: false })

    await t.db.updateTable('sessions').set({ revoked_at: later }).where('id', '=', first.row.session_id).execute()
    expect(await again({ since })).toMatchObject({ eligible: false, rotated: false })
    expect(await refreshTokensOf(issued.email)).toEqual({ n: 3, used: 2 })
  })
})

describe('scope: the statement redeems nothing wider than the code was granted', () => {
  it('a scope wider than the code was granted is refused; a narrower one is redeemed', async () => {
    const email = uniqueEmail('agree-scope')
    const pair = pkcePair()
    await t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      payload: { email, client_id: pub.clientId, redirect_uri: pub.redirectUri, code_challenge: pair.challenge, code_challenge_method: 'S256', scope: 'sensors:read' },
    })
    const issued = { code: await latestCode(t, email), email, verifier: pair.verifier }
    const right = { client_id: pub.clientId, redirect_uri: pub.redirectUri, code_verifier: issued.verifier }
    const refused = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, ...right, scope: 'sensors:read sensors:write' })
    expect(refused.json().error).toBe('invalid_scope')
    expect(await stateOf(issued.email)).toEqual({ consumed: false, sessionId: null, sessions: 0 })
    const redeemed = await exchange(t.app, { grant_type: 'authorization_code', code: issued.code, ...right, scope: 'sensors:read' })
    expect(redeemed.json().scope).toBe('sensors:read')
  })
})
