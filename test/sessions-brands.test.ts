/**
 * One person, two brands: a platform account that belongs to a tenant of brand A and to
 * brand B (an installer, an agency). From brand A's admin's side: its console lists and ends
 * only the person's sessions at brand A's apps and pages; the session at brand B's app and on
 * brand B's hosted pages is neither shown nor ended (404, still open). Brand B's admin and the
 * platform's administrators see theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { createActor, type Actor, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'
import { consoleTestbed, csrfOf, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let adminB: Actor
let person: Actor
/** brand A's customer tenant, under it */
let customerOfA: number
const at: Record<string, { sessionId: string; headers: { authorization: string } }> = {}

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
  adminB = await createActor(t, { tenantId: w.otherId, belongsTo: w.otherId, role: 'admin' })
  customerOfA = (await t.app.services.tenants.create(OPERATOR, { name: 'A customer', parentTenantId: w.brandId })).id
  person = await createActor(t, { tenantId: w.brandId, role: 'member' })
  await addMembership(t.db, w.otherId, person.user.id, 'member')
  const appA = await createClient(t.app, { tenantId: w.brandId, redirectUris: ['https://app-a.example/cb'] })
  const appB = await createClient(t.app, { tenantId: w.otherId, redirectUris: ['https://app-b.example/cb'] })
  const open = async (name: string, clientId: string, tenantId: number | null) => {
    const s = await openSession(t.db, sessionStatements, 3600, { userId: person.user.id, clientId, tenantId, scope: 'account' }, t.clock.now())
    const token = await signAccessToken(t.app, { sub: String(person.user.id), clientId, scope: 'account', sessionId: s.sessionId })
    at[name] = { sessionId: s.sessionId, headers: { authorization: `Bearer ${token}` } }
  }
  await open('appA', appA.clientId, w.brandId)
  // brand B's app, even when its sign-in went through brand A's prefix, is brand B's
  await open('appB', appB.clientId, w.otherId)
  await open('appBunderA', appB.clientId, w.brandId)
  // a platform app, signed in under a tenant of brand A: brand A's
  await open('platformUnderA', 'test-client', customerOfA)
  at.pagesB = { sessionId: (await t.app.services.pages.sessions.create(person.user.id, w.otherId)).sessionId, headers: { authorization: '' } }
  at.pagesA = { sessionId: (await t.app.services.pages.sessions.create(person.user.id, w.brandId)).sessionId, headers: { authorization: '' } }
})
afterAll(async () => t?.close())

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}/people/members/${person.user.id}/sessions${path}`
const revokeButtons = (body: string) => [...body.matchAll(/sessions\/([0-9a-f-]{36})\/revoke/g)].map((m) => m[1])
const open = async (name: string) => (await t.db.selectFrom('sessions').select('revoked_at').where('id', '=', at[name]!.sessionId).executeTakeFirstOrThrow()).revoked_at === null

describe("another brand's sessions of a shared person", () => {
  it("brand A's admin lists only brand A's: its app, its pages, a platform app under its tenant", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url(''))
    expect(page.status).toBe(200)
    expect(new Set(revokeButtons(page.body))).toEqual(new Set([at.appA!.sessionId, at.pagesA!.sessionId, at.platformUnderA!.sessionId]))
    expect(page.body).not.toContain('app-b')
  })

  it("brand A's admin cannot end the person's session at brand B's app or pages: 404, and it stays open", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url(''))
    for (const name of ['appB', 'appBunderA', 'pagesB']) {
      const res = await browser.request('POST', url(`/${at[name]!.sessionId}/revoke`), { _csrf: csrfOf(page.body) })
      expect(res.status, name).toBe(404)
      expect(await open(name), name).toBe(true)
    }
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: at.appB!.headers })).statusCode).toBe(200)
    // its own it ends
    expect((await browser.submit(page, url(`/${at.appA!.sessionId}/revoke`))).status).toBe(303)
    expect(await open('appA')).toBe(false)
  })

  it("brand B's admin sees and ends brand B's, and none of brand A's", async () => {
    const browser = await signedInBrowser(t, base, adminB)
    const page = await browser.get(url('', w.otherId))
    expect(new Set(revokeButtons(page.body))).toEqual(new Set([at.appB!.sessionId, at.appBunderA!.sessionId, at.pagesB!.sessionId]))
    expect((await browser.request('POST', url(`/${at.pagesA!.sessionId}/revoke`, w.otherId), { _csrf: csrfOf(page.body) })).status).toBe(404)
    expect((await browser.submit(page, url(`/${at.appBunderA!.sessionId}/revoke`, w.otherId))).status).toBe(303)
    expect(await open('appBunderA')).toBe(false)
  })

  it("the platform's administrator sees every live session of the person and ends one at brand B from brand A's console", async () => {
    const browser = await signedInBrowser(t, base, w.platformAdmin)
    const page = await browser.get(url(''))
    const shown = revokeButtons(page.body)
    for (const name of ['appB', 'pagesB', 'pagesA', 'platformUnderA']) expect(shown, name).toContain(at[name]!.sessionId)
    expect((await browser.submit(page, url(`/${at.appB!.sessionId}/revoke`))).status).toBe(303)
    expect(await open('appB')).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: at.appB!.headers })).statusCode).toBe(401)
  })
})
