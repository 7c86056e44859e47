import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeExpired } from '../src/modules/maintenance.ts'
import { openSession } from '../src/modules/oauth/tokens.ts'
import { createActor, createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('maintenance', () => {
  it('drops long-expired codes, tokens and sessions, and keeps live ones', async () => {
    const actor = await createActor(t)
    const base = { client_id: 'c', redirect_uri: 'https://x.test', email: 'a@b.test', code_challenge: null, code_challenge_method: null }
    await t.db.insertInto('login_codes').values([
      { ...base, code_hash: 'old', expires_at: new Date(Date.now() - 2 * 86_400_000) },
      { ...base, code_hash: 'recent', expires_at: new Date(Date.now() - 3_600_000) },
    ]).execute()
    const live = await openSession(t.db, 3600, { userId: actor.user.id, clientId: 'c', tenantId: null, scope: '' })
    const stale = await openSession(t.db, 3600, { userId: actor.user.id, clientId: 'c', tenantId: null, scope: '' })
    await sql`update refresh_tokens set expires_at = now() - interval '1 minute' where session_id = ${stale.sessionId}`.execute(t.db)
    await sql`update sessions set created_at = now() - interval '2 days' where id = ${stale.sessionId}`.execute(t.db)

    await purgeExpired(t.db)

    const codes = await t.db.selectFrom('login_codes').select('code_hash').execute()
    expect(codes.map((c) => c.code_hash)).toEqual(['recent'])
    const sessions = await t.db.selectFrom('sessions').select('id').where('id', 'in', [live.sessionId, stale.sessionId]).execute()
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId])
  })
})
