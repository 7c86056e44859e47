import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSession } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
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
    const day = 86_400
    const inDays = (days: number) => new Date(t.clock.now().getTime() + days * day * 1000)
    // two days from now: 'old' expired two days before, 'recent' half a day before
    await t.db.insertInto('login_codes').values([
      { ...base, code_hash: 'old', expires_at: inDays(0) },
      { ...base, code_hash: 'recent', expires_at: inDays(1.5) },
    ]).execute()
    const live = await openSession(t.db, sessionStatements, 3 * day, { userId: actor.user.id, clientId: 'c', tenantId: null, scope: '' }, t.clock.now())
    const stale = await openSession(t.db, sessionStatements, 60, { userId: actor.user.id, clientId: 'c', tenantId: null, scope: '' }, t.clock.now())
    t.clock.advance(2 * day)

    await t.app.services.housekeeping(t.clock.now())

    const codes = await t.db.selectFrom('login_codes').select('code_hash').execute()
    expect(codes.map((c) => c.code_hash)).toEqual(['recent'])
    const sessions = await t.db.selectFrom('sessions').select('id').where('id', 'in', [live.sessionId, stale.sessionId]).execute()
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId])
  })
})
