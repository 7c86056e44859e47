/**
 * Upgrading a database from the schema before the trust model (0005) with data in it:
 * memberships keep working, every user belongs to the platform, tenants are closed until
 * their admins choose otherwise, tokens of existing sessions keep their reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { buildApp } from '../src/app.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts'
import { signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { createTestDatabase, testConfig, type TestDatabase } from './helpers.ts'

let database: TestDatabase
let db: DB

beforeAll(async () => {
  database = await createTestDatabase()
  db = await connectDatabase(testConfig({ DATABASE_URL: database.url }).database)
  await migrateTo(db, '0005_accounts')
  // data as the previous schema held it
  await sql`
    insert into tenants (id, name, allow_signup) values (1, 'Old Open', true), (2, 'Old Closed', false);
    insert into users (id, email, username, email_confirmed_at) values (1, 'owner@old.test', 'owner', now()), (2, 'member@old.test', 'member', now());
    insert into memberships (tenant_id, user_id, role) values (1, 1, 'owner'), (1, 2, 'member'), (2, 2, 'admin');
    insert into oauth_clients (client_id, name, is_public, redirect_uris, grant_types, scopes)
      values ('old-app', 'Old app', true, '["https://old.test/cb"]', '["authorization_code","refresh_token"]', '[]'),
             ('old-machine', 'Old machine', false, '[]', '["client_credentials"]', '["sensors:read"]');
    insert into sessions (id, user_id, client_id, scope) values ('00000000-0000-4000-8000-000000000001', 2, 'old-app', '');
    insert into spaces (tenant_id, name) values (1, 'Old room');
    insert into algorithms (key_name, name, options_schema) values ('old', 'Old', '{"type":"object"}');
  `.execute(db)
  await sql`select setval(pg_get_serial_sequence('tenants', 'id'), 2); select setval(pg_get_serial_sequence('users', 'id'), 2)`.execute(db)
  await migrateToLatest(db)
})
afterAll(async () => {
  await db.destroy()
  await database.drop()
})

describe('upgrading a database with data', () => {
  it('keeps memberships, puts users on the platform, closes tenants, and widens empty client scopes', async () => {
    const tenants = await db.selectFrom('tenants').select(['id', 'signup', 'parent_tenant_id']).orderBy('id').execute()
    expect(tenants).toEqual([
      { id: 1, signup: 'closed', parent_tenant_id: null },
      { id: 2, signup: 'closed', parent_tenant_id: null },
    ])
    expect(await db.selectFrom('users').select('tenant_id').execute()).toEqual([{ tenant_id: null }, { tenant_id: null }])
    const memberships = await db.selectFrom('memberships').select(['tenant_id', 'user_id', 'role']).orderBy('tenant_id').orderBy('user_id').execute()
    expect(memberships).toEqual([
      { tenant_id: 1, user_id: 1, role: 'owner' },
      { tenant_id: 1, user_id: 2, role: 'member' },
      { tenant_id: 2, user_id: 2, role: 'admin' },
    ])
    const clients = await db.selectFrom('oauth_clients').select(['client_id', 'scopes']).orderBy('client_id').execute()
    expect(clients[0]!.scopes).toContain('sensors:write')
    expect(clients[1]!.scopes).toEqual(['sensors:read'])
    const counters = await db.selectFrom('platform_counters').selectAll().orderBy('counter').execute()
    expect(counters.map((c) => [c.counter, Number(c.count)])).toEqual([['algorithms', 1], ['clients', 2], ['tenants', 2]])
  })

  it('an existing session keeps working against the upgraded app', async () => {
    const app = await buildApp(testConfig({ DATABASE_URL: database.url }), { db, logger: false })
    try {
      const session = await db.selectFrom('sessions').select('scope').executeTakeFirstOrThrow()
      const token = await signAccessToken(app, { sub: '2', clientId: 'old-app', scope: session.scope, sessionId: '00000000-0000-4000-8000-000000000001' })
      const headers = { authorization: `Bearer ${token}` }
      const me = await app.inject({ method: 'GET', url: '/users/current', headers })
      expect(me.json().user).toMatchObject({ id: 2, tenantId: null, tenants: [{ id: 1, role: 'member' }, { id: 2, role: 'admin' }] })
      expect((await app.inject({ method: 'GET', url: '/tenants/1/spaces', headers })).json().map((s: { name: string }) => s.name)).toEqual(['Old room'])
      const renamed = await app.inject({ method: 'PATCH', url: '/tenants/2', headers, payload: { name: 'Renamed' } })
      expect(renamed.statusCode).toBe(200)
      // ids generated after the upgrade do not collide with the old ones
      const created = await app.inject({ method: 'POST', url: '/tenants/2/spaces', headers, payload: { name: 'New room' } })
      expect(created.statusCode).toBe(201)
    } finally {
      await app.close()
    }
  })
})
