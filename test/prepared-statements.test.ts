/**
 * The hot path's statements are prepared once per connection on PostgreSQL
 * (src/db/prepared.ts), and a prepared statement whose result type a migration changed
 * costs one failed query, never a connection that keeps failing. PostgreSQL only: PGlite
 * runs the same texts unprepared (the rest of the suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import pg from 'pg'
import { prepared } from '../src/db/prepared.ts'
import { createActor, createTenant, createTestApp, uniqueEmail, usingPostgres, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'

describe.skipIf(!usingPostgres)('prepared statements on PostgreSQL', () => {
  let t: TestApp

  // three connections, two of them listeners (oauth/keys.service.ts, db/access-changes.ts): every query runs on the third, so
  // pg_prepared_statements (which shows the asking session's) shows them all
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_POOL_SIZE: '3' })
  })
  afterAll(() => t?.close())

  const preparedNames = async (db = t.db) =>
    (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((r) => r.name.replace(/_[0-9a-f]{12}$/, ''))

  /** A user signs in by code, reads /users/current and refreshes: the login path, over HTTP. */
  async function signInAndRefresh(app: TestApp['app'], db: TestApp['db']) {
    const { clientId, redirectUri } = await createClient(app)
    const pkce = pkcePair()
    const email = uniqueEmail('prepared')
    expect((await requestCode(app, { email, clientId, redirectUri, challenge: pkce.challenge })).statusCode).toBe(200)
    const code = await latestCode({ app, db }, email)
    const issued = await exchange(app, { grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: clientId, redirect_uri: redirectUri })
    expect(issued.statusCode).toBe(200)
    const { access_token, refresh_token } = issued.json<{ access_token: string; refresh_token: string }>()
    const me = await app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${access_token}` } })
    expect(me.json()).toMatchObject({ user: { email } })
    const refreshed = await exchange(app, { grant_type: 'refresh_token', refresh_token, client_id: clientId })
    expect(refreshed.statusCode).toBe(200)
  }

  it('prepares the login path, and only its marked statements: code request, exchange, /users/current, refresh', async () => {
    await signInAndRefresh(t.app, t.db)
    const marked = ['defer_mail_job', 'exchange_login_code', 'rotate_refresh_token', 'session_with_profile']
    // the unmarked statements of the same work (client, outbox and key reads) are not among them
    expect(await preparedNames()).toEqual(marked)

    // a second sign-in reuses them: no new statement for the same work
    await signInAndRefresh(t.app, t.db)
    expect(await preparedNames()).toEqual(marked)
  })

  it('DATABASE_PREPARED_STATEMENTS=false prepares nothing (a pooler that cannot keep them)', async () => {
    const plain = await createTestApp({ DATABASE_POOL_SIZE: '3', DATABASE_PREPARED_STATEMENTS: 'false' })
    try {
      await signInAndRefresh(plain.app, plain.db)
      expect(await preparedNames(plain.db)).toEqual([])
    } finally {
      await plain.close()
    }
  })

  it('a sensors page prepares its rows and its count, once for every page after it', async () => {
    const tenantId = await createTenant(t, 'Prepared pages')
    const member = await createActor(t, { tenantId, role: 'member' })
    const before = await preparedNames()
    const pages = []
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/v4/sensors?limit=250`, headers: member.headers })
      expect(page.statusCode).toBe(200)
      pages.push(page.json<{ totalCount: number }>())
    }
    expect(pages[1]).toEqual(pages[0])
    const added = (await preparedNames()).filter((name) => !before.includes(name))
    expect(added.sort()).toEqual(['sensors_page', 'session_actor_in_tenant', 'tenant_counter'])
  })

  it('two texts under one marker are two statements, and each text again is the same one', async () => {
    const one = () => sql<{ n: number }>`${prepared('twin')} select 1 as n`.execute(t.db)
    const two = () => sql<{ n: number }>`${prepared('twin')} select 2 as n`.execute(t.db)
    for (let i = 0; i < 2; i++) {
      expect((await one()).rows).toEqual([{ n: 1 }])
      expect((await two()).rows).toEqual([{ n: 2 }])
    }
    const twins = await sql<{ name: string }>`select name from pg_prepared_statements where name like 'twin%'`.execute(t.db)
    expect(twins.rows).toHaveLength(2)
  })

  it('a statement whose result type a migration changed fails once; its connection is replaced', async () => {
    await sql`create table prepared_probe (id int)`.execute(t.db)
    await sql`insert into prepared_probe values (1)`.execute(t.db)
    const probe = () => sql<{ id: number }>`${prepared('probe')} select * from prepared_probe`.execute(t.db)
    expect((await probe()).rows).toEqual([{ id: 1 }])
    // another instance (another connection) migrates under the prepared statement
    const other = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' })
    await other.connect()
    await other.query('alter table prepared_probe add column note text')
    await other.end()
    await expect(probe()).rejects.toMatchObject({ code: '0A000' })
    // the pool's one query connection was closed instead of pooled: the next use prepares afresh
    expect((await probe()).rows).toEqual([{ id: 1, note: null }])
    expect((await probe()).rows).toEqual([{ id: 1, note: null }])
  })
})
