/**
 * The console's people and brand forms over real HTTP: brand settings saved (and named by the
 * admin's address in the audit log), invitations resent and revoked, a member's role changed
 * and the member removed, customers searched a page at a time, a person's sign-in sessions
 * listed and ended. Each also for a plain member (no form, 403) and with another tenant's
 * id (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { createActor, uniqueEmail, type TestApp } from './helpers.ts'
import { consoleTestbed, csrfOf, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import { mailSettled } from './login-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
})
afterAll(async () => t?.close())

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`

describe('brand settings', () => {
  it('an admin saves them; the audit entry carries the address the request came from; a member and another tenant are refused', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/brand'))
    const saved = await landed(browser, await browser.submit(page, url('/brand'), { name: 'Acme Cooling', logoUrl: '', buttonColor: '#123456', textColor: '', senderEmail: '', signup: 'closed' }))
    expect(saved.status, saved.body).toBe(200)
    expect(saved.body).toContain('Saved: the hosted pages and emails wear this look from now on.')
    // the sentence is said once: a reload shows the page without it, and saves nothing again
    expect((await browser.get(url('/brand'))).body).not.toContain('Saved: the hosted pages')
    const tenant = await t.db.selectFrom('tenants').select(['name', 'signup']).where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(tenant).toEqual({ name: 'Acme Cooling', signup: 'closed' })
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'tenant.update').where('actor_id', '=', String(w.admin.user.id)).orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(entry.source_ip).toBe('127.0.0.1')
    expect((await browser.get(url('/audit'))).body).toMatch(/<td>127\.0\.0\.1<\/td>/)
    const other = await browser.request('POST', url('/brand', w.otherId), { _csrf: csrfOf(page.body), name: 'Taken over', signup: 'members' })
    expect(other.status).toBe(404)
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/brand'))
    expect(memberPage.body).not.toContain('>Save</button>')
    const refused = await member.request('POST', url('/brand'), { _csrf: csrfOf(memberPage.body), name: 'Member was here', signup: 'members' })
    expect(refused.status).toBe(403)
    expect((await t.db.selectFrom('tenants').select('name').where('id', '=', w.brandId).executeTakeFirstOrThrow()).name).toBe('Acme Cooling')
    await t.app.services.tenants.update(OPERATOR, w.brandId, { name: 'Acme Climate', signup: 'customers' })
  })

  it('"Preview without saving" posts the typed look with its CSRF token, which never goes into a URL', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/brand'))
    expect(page.body).toMatch(/formaction="[^"]+\/brand\/preview" formmethod="post"/)
    expect(page.body).not.toContain('formmethod="get"')
    const preview = await browser.request('POST', url('/brand/preview'), { _csrf: csrfOf(page.body), name: 'Typed Not Saved' })
    expect(preview.status).toBe(200)
    expect(preview.body).toContain('Typed Not Saved')
    const forged = await browser.request('POST', url('/brand/preview'), { name: 'Typed Not Saved' })
    expect(forged.status).toBe(403)
  })
})

describe('invitations', () => {
  it('an admin resends one (a new link) and revokes one; a member gets no buttons and a 403; another tenant\'s id is a 404', async () => {
    const email = uniqueEmail('resend')
    const first = await t.app.services.invitations.invite(OPERATOR, w.brandId, { email, role: 'member' })
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/people'))
    expect(page.body).toContain(`Resend to ${email}`)
    const resent = await landed(browser, await browser.submit(page, url(`/people/invitations/${first.id}/resend`)))
    expect(resent.status).toBe(200)
    expect(resent.body).toContain(`A new invitation is on its way to ${email}.`)
    const rows = await t.db.selectFrom('invitations').select(['id', 'revoked_at']).where('email', '=', email).orderBy('id').execute()
    expect(rows).toHaveLength(2)
    const newest = rows[1]?.id ?? 0
    const revoked = await landed(browser, await browser.submit(await browser.get(url('/people')), url(`/people/invitations/${newest}/revoke`)))
    expect(revoked.body).toContain('The invitation is revoked')
    expect((await t.db.selectFrom('invitations').select('revoked_at').where('id', '=', newest).executeTakeFirstOrThrow()).revoked_at).not.toBeNull()

    const theirs = await t.app.services.invitations.invite(OPERATOR, w.otherId, { email: uniqueEmail('theirs'), role: 'member' })
    for (const action of ['resend', 'revoke']) {
      expect((await browser.request('POST', url(`/people/invitations/${theirs.id}/${action}`), { _csrf: csrfOf(page.body) })).status, action).toBe(404)
      expect((await browser.request('POST', url(`/people/invitations/${theirs.id}/${action}`, w.otherId), { _csrf: csrfOf(page.body) })).status, action).toBe(404)
    }
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/people'))
    expect(memberPage.body).not.toContain('Resend to')
    const pending = await t.app.services.invitations.invite(OPERATOR, w.brandId, { email: uniqueEmail('pending'), role: 'member' })
    expect((await member.request('POST', url(`/people/invitations/${pending.id}/revoke`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
    expect((await member.request('POST', url(`/people/invitations/${pending.id}/resend`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
  })

  it('resending one invitation again and again: past the mail budget of its address the page says so (429) and nothing more is sent', async () => {
    const email = uniqueEmail('hammered')
    const first = await t.app.services.invitations.invite(OPERATOR, w.brandId, { email, role: 'member' })
    const browser = await signedInBrowser(t, base, w.admin)
    let id = first.id
    const answers: number[] = []
    for (let i = 0; i < 5; i++) {
      // the last time from a Dutch browser: the refusal is said in Dutch
      if (i === 4) browser.headers['accept-language'] = 'nl'
      const res = await browser.submit(await browser.get(url('/people')), url(`/people/invitations/${id}/resend`))
      answers.push(res.status)
      if (res.status === 429) expect(res.body).toMatch(i === 4 ? /Te veel verzoeken; probeer het over \d+ seconden opnieuw\./ : /Too many requests; try again in \d+ seconds\./)
      id = (await t.db.selectFrom('invitations').select('id').where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()).id
    }
    // one network's share of one address holds 3 (docs/security.md "Limits")
    expect(answers).toEqual([303, 303, 303, 429, 429])
    await mailSettled(t.app)
    const mails = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).where('type', '=', 'invitation').execute()
    expect(mails).toHaveLength(4)
  })
})

describe('members', () => {
  it("an admin changes a member's role and removes them; a member is refused; another tenant's member is a 404", async () => {
    const someone = await createActor(t, { tenantId: w.brandId, role: 'member' })
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/people'))
    const changed = await landed(browser, await browser.submit(page, url(`/people/members/${someone.user.id}/role`), { role: 'admin' }))
    expect(changed.body).toContain(`${someone.user.email} is now admin.`)
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/people'))
    expect(memberPage.body).not.toContain('Change role')
    expect((await member.request('POST', url(`/people/members/${someone.user.id}/role`), { _csrf: csrfOf(memberPage.body), role: 'member' })).status).toBe(403)
    expect((await member.request('POST', url(`/people/members/${someone.user.id}/remove`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
    const stranger = await createActor(t, { tenantId: w.otherId, role: 'member' })
    expect((await browser.request('POST', url(`/people/members/${stranger.user.id}/role`), { _csrf: csrfOf(page.body), role: 'admin' })).status).toBe(404)
    expect((await browser.request('POST', url(`/people/members/${stranger.user.id}/remove`, w.otherId), { _csrf: csrfOf(page.body) })).status).toBe(404)
    // removing asks first: the link opens a page naming what will happen, and only its button removes
    const people = await browser.get(url('/people'))
    expect(people.body).toContain(`href="${url(`/people/members/${someone.user.id}/remove`)}"`)
    expect(people.body).not.toContain(`action="${url(`/people/members/${someone.user.id}/remove`)}"`)
    const asked = await browser.get(url(`/people/members/${someone.user.id}/remove`))
    expect(asked.status).toBe(200)
    expect(asked.body).toContain(`${someone.user.email} will no longer be admin of Acme Climate`)
    expect(await t.db.selectFrom('memberships').select('role').where('tenant_id', '=', w.brandId).where('user_id', '=', someone.user.id).executeTakeFirst()).toBeDefined()
    expect((await browser.get(url(`/people/members/${stranger.user.id}/remove`))).status).toBe(404)
    const removed = await landed(browser, await browser.submit(asked, url(`/people/members/${someone.user.id}/remove`)))
    expect(removed.body).toContain(`${someone.user.email} is removed from Acme Climate.`)
    expect(await t.db.selectFrom('memberships').select('role').where('tenant_id', '=', w.brandId).where('user_id', '=', someone.user.id).executeTakeFirst()).toBeUndefined()
    expect((await t.db.selectFrom('memberships').select('role').where('tenant_id', '=', w.otherId).where('user_id', '=', stranger.user.id).executeTakeFirstOrThrow()).role).toBe('member')
  })
})

describe('customers', () => {
  it('searches by address prefix and pages with cursors; another tenant is a 404', async () => {
    for (let i = 0; i < 30; i += 1) {
      const c = await createActor(t, { email: `pager${String(i).padStart(2, '0')}@example.test` })
      await addMembership(t.db, w.brandId, c.user.id, 'customer')
    }
    await addMembership(t.db, w.brandId, (await createActor(t, { email: 'zed@example.test' })).user.id, 'customer')
    const browser = await signedInBrowser(t, base, w.admin)
    const first = await browser.get(url('/customers?email=pager'))
    expect(first.body).toContain('30 customers whose address starts with <strong>pager</strong>')
    const firstShown = [...first.body.matchAll(/(pager\d\d@example\.test)(?:<\/a>)? <span/g)].map((m) => m[1])
    expect(firstShown).toHaveLength(25)
    expect(first.body).not.toContain('zed@example.test')
    const next = /href="([^"]*after=[^"]+)">Next page/.exec(first.body)?.[1]?.replaceAll('&amp;', '&') ?? ''
    expect(next).toContain('email=pager')
    const second = await browser.get(next)
    const secondShown = [...second.body.matchAll(/(pager\d\d@example\.test)(?:<\/a>)? <span/g)].map((m) => m[1])
    expect(secondShown).toHaveLength(5)
    expect(new Set([...firstShown, ...secondShown]).size).toBe(30)
    expect(second.body).toContain('Previous page')
    expect((await browser.get(url('/customers?email=pager', w.otherId))).status).toBe(404)
  })
})

describe("a person's sign-in sessions", () => {
  it('an admin sees a member\'s open sessions and ends one; a member is refused; another tenant\'s person is a 404', async () => {
    const person = await createActor(t, { tenantId: w.brandId, role: 'member' })
    const { sessionId } = await t.app.services.pages.sessions.create(person.user.id, w.brandId)
    // the person signed in to an app under the brand's prefix: a session of this brand (a
    // session at the platform without a tenant, or at another brand, is not the brand's to see)
    const appSession = await openSession(t.db, sessionStatements, 3600, { userId: person.user.id, clientId: 'test-client', tenantId: w.brandId, scope: 'account' }, t.clock.now())
    const appHeaders = { authorization: `Bearer ${await signAccessToken(t.app, { sub: String(person.user.id), clientId: 'test-client', scope: 'account', sessionId: appSession.sessionId })}` }
    const browser = await signedInBrowser(t, base, w.admin)
    expect((await browser.get(url('/people'))).body).toContain(`href="${url(`/people/members/${person.user.id}/sessions`)}"`)
    const page = await browser.get(url(`/people/members/${person.user.id}/sessions`))
    expect(page.status).toBe(200)
    expect(page.body).toContain('the hosted pages and this console')
    expect(page.body).toContain('test-client')
    // the person's app token works until its session is ended
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: appHeaders })).statusCode).toBe(200)
    const ended = await landed(browser, await browser.submit(page, url(`/people/members/${person.user.id}/sessions/${appSession.sessionId}/revoke`)))
    expect(ended.status).toBe(200)
    expect(ended.body).toContain('The session is ended')
    expect(ended.body).not.toContain('test-client')
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: appHeaders })).statusCode).toBe(401)
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'session.revoke').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ tenant_id: w.brandId, actor_id: String(w.admin.user.id), target_id: String(person.user.id), source_ip: '127.0.0.1' })

    const member = await signedInBrowser(t, base, w.member)
    expect((await member.get(url(`/people/members/${person.user.id}/sessions`))).status).toBe(403)
    const memberPage = await member.get(url('/people'))
    expect((await member.request('POST', url(`/people/members/${person.user.id}/sessions/${sessionId}/revoke`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
    const stranger = await createActor(t, { tenantId: w.otherId, role: 'member' })
    expect((await browser.get(url(`/people/members/${stranger.user.id}/sessions`))).status).toBe(404)
    expect((await browser.get(url(`/people/members/${stranger.user.id}/sessions`, w.otherId))).status).toBe(404)
    // a session id of someone else, under a person of the tenant: not found, and still open
    const strangerSession = await t.db.selectFrom('sessions').select('id').where('user_id', '=', stranger.user.id).executeTakeFirstOrThrow()
    expect((await browser.request('POST', url(`/people/members/${person.user.id}/sessions/${strangerSession.id}/revoke`), { _csrf: csrfOf(page.body) })).status).toBe(404)
    expect((await t.db.selectFrom('sessions').select('revoked_at').where('id', '=', strangerSession.id).executeTakeFirstOrThrow()).revoked_at).toBeNull()
    expect((await t.db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirstOrThrow()).revoked_at).toBeNull()
  })
})
