/**
 * The invitation page over real HTTP: the preview from the email's link, every kind of bad
 * token, CSRF, signed in as the wrong address, the sign-in by emailed code that returns to
 * the page, acceptance (the membership exists, the token works once), and whose account
 * signs in (a brand's customer keeps their account under the brand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { membershipRole } from '../src/modules/tenancy/tenants.repository.ts'
import { findUserByEmail, insertUser } from '../src/modules/users/users.repository.ts'
import { createActor, createTenant, errorBody, renewed, uniqueEmail, type Actor, type TestApp, listeningTestApp } from './helpers.ts'
import { mailSettled } from './login-helpers.ts'
import { mailParts, PageClient, type PageResponse } from './page-client.ts'

let t: TestApp
let base: string
let tenantId: number
let admin: Actor

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  const tenant = await t.app.services.tenants.create(OPERATOR, { name: 'Greenhouse Co', emailConfig: { template: { buttonColor: '#0a7d3e' } } })
  tenantId = tenant.id
  admin = await createActor(t, { tenantId, role: 'admin' })
})
afterAll(async () => t.close())

async function lastMail(to: string) {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return { ...row, ...mailParts(row.text) }
}

/** Invites `email` to `tenant` through the API and returns the link from the email. */
async function invite(email: string, role = 'member', tenant = tenantId, by = admin): Promise<{ link: string; token: string; id: number }> {
  const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenant}/members`, headers: by.headers, payload: { email, role } })
  expect(res.statusCode).toBe(201)
  const mail = await lastMail(email)
  expect(mail.type).toBe('invitation')
  const link = mail.links.find((l) => l.includes('/invitations/accept?token=')) ?? ''
  expect(link.startsWith(`${base}/invitations/accept?token=`)).toBe(true)
  return { link, token: new URL(link).searchParams.get('token') ?? '', id: (res.json() as { id: number }).id }
}

const csrfOf = (page: PageResponse) => /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? ''

/** Signs the browser in on the account page with the emailed code. */
async function signIn(browser: PageClient, email: string): Promise<void> {
  const start = await browser.get('/account')
  const inbox = await browser.submit(start, '/auth/oauth2/authorize/email', { email })
  const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: (await lastMail(email)).code ?? '' })
  expect(done.status).toBe(303)
}

/** From a page offering the sign-in, through the emailed code, back to the invitation page. */
async function signInFromInvitation(browser: PageClient, page: PageResponse, email: string, action = '/invitations/accept/signin'): Promise<PageResponse> {
  const inbox = await browser.submit(page, action)
  expect(inbox.status).toBe(200)
  expect(inbox.body).toContain('Check your inbox')
  expect(inbox.body).toContain(email)
  const mail = await lastMail(email)
  expect(mail.type).toBe('passwordlessLogin')
  const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: mail.code ?? '' })
  expect(done.status).toBe(303)
  return browser.get(done.location ?? '')
}

describe('the invitation page', () => {
  it("previews the invitation under the tenant's branding, as a hosted page", async () => {
    const email = uniqueEmail('preview')
    const { link } = await invite(email, 'admin')
    const page = await new PageClient(base).get(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.body).toContain('Greenhouse Co')
    expect(page.body).toContain('--accent:#0a7d3e')
    expect(page.body).toContain('as an admin')
    expect(page.body).toContain(email)
    // the tenant set no time zone: UTC, named
    expect(page.body).toMatch(/<time datetime="[^"]+">\d{1,2}(st|nd|rd|th) \w+ \d{4}, \d\d:\d\d:\d\d UTC</)
    expect(page.body).toContain(`action="/tenants/${tenantId}/invitations/accept/signin"`)
    expect(page.body).toContain('Sign in to accept')
  })

  it("shows the expiry in the page's language and the inviting tenant's time zone", async () => {
    const zoned = (await t.app.services.tenants.create(OPERATOR, { name: 'Tulip Co', timeZone: 'Europe/Amsterdam' })).id
    const email = uniqueEmail('zoned')
    const { link, id } = await invite(email, 'member', zoned, await createActor(t, { tenantId: zoned, role: 'admin' }))
    const expires = (await t.db.selectFrom('invitations').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow()).expires_at
    const inAmsterdam = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('nl', { timeZone: 'Europe/Amsterdam', ...options }).format(expires)
    const dutch = await fetch(link, { headers: { 'accept-language': 'nl-NL,nl;q=0.9' } })
    const body = await dutch.text()
    expect(body).toContain('<html lang="nl">')
    const time = /<time datetime="([^"]+)">([^<]+)<\/time>/.exec(body)
    expect(time?.[1]).toBe(expires.toISOString())
    const clock = inAmsterdam({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    expect(time?.[2]).toBe(`${inAmsterdam({ day: 'numeric', month: 'long', year: 'numeric' })}, ${clock} (Europe/Amsterdam)`)
    expect(time?.[2]).not.toContain('UTC')
  })

  it('answers every bad token with a page in words, never a 500', async () => {
    const browser = new PageClient(base)
    const expectBad = async (path: string, status = 400) => {
      const page = await browser.get(path)
      expect(page.status, path).toBe(status)
      expect(page.headers.get('content-type'), path).toContain('text/html')
      expect(page.headers.get('cache-control'), path).toBe('no-store')
      return page
    }
    expect((await expectBad('/invitations/accept')).body).toContain('missing its token')
    expect((await expectBad('/invitations/accept?token=nope')).body).toContain('invalid, expired, withdrawn or already used')
    await expectBad(`/invitations/accept?token=${'x'.repeat(5000)}`)
    await expectBad('/invitations/accept?token=%3Cscript%3E')
    expect((await expectBad('/tenants/999999/invitations/accept?token=x', 404)).body).toContain('This page does not exist')

    const revoked = await invite(uniqueEmail('revoked'))
    await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantId}/invitations/${revoked.id}`, headers: admin.headers })
    expect((await expectBad(revoked.link)).body).toContain('invalid, expired, withdrawn or already used')

    const expired = await invite(uniqueEmail('expired'))
    t.clock.advance(t.config.invitationTtlSeconds + 1)
    admin = await renewed(t, admin)
    await expectBad(expired.link)

    const acceptedEmail = uniqueEmail('accepted')
    const accepted = await invite(acceptedEmail)
    const invitee = await createActor(t, { email: acceptedEmail })
    expect((await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: invitee.headers, payload: { token: accepted.token } })).statusCode).toBe(200)
    await expectBad(accepted.link)
    // the forms refuse them too
    const form = await browser.get(`/tenants/${tenantId}/invitations/accept?token=${(await invite(uniqueEmail('form'))).token}`)
    const stale = await browser.request('POST', '/invitations/accept/confirm', { _csrf: csrfOf(form), token: accepted.token })
    expect(stale.status).toBe(400)
    expect(stale.body).toContain('already used')
  })

  it('refuses forms without their CSRF token', async () => {
    const email = uniqueEmail('csrf')
    const { link, token } = await invite(email)
    const browser = new PageClient(base)
    await insertUser(t.db, { email, emailConfirmedAt: t.clock.now() })
    await signIn(browser, email)
    const page = await browser.get(link)
    expect(page.body).toContain('Accept the invitation')
    for (const action of ['/invitations/accept/confirm', '/invitations/accept/signin']) {
      const forged = await browser.request('POST', action, { _csrf: 'forged', token })
      expect(forged.status, action).toBe(403)
      expect(forged.headers.get('content-type')).toContain('text/html')
      expect(forged.body).toContain('Reload the page')
      // another site's form: no token at all
      expect((await browser.request('POST', action, { token })).status, action).toBe(403)
    }
    const user = await findUserByEmail(t.db, email, null)
    expect(await membershipRole(t.db, tenantId, user?.id ?? 0)).toBeNull()
  })

  it('signed in as another address: says whom it is for, refuses to accept, and switches accounts', async () => {
    const invited = uniqueEmail('invited')
    const other = uniqueEmail('other')
    const { link, token } = await invite(invited)
    await insertUser(t.db, { email: other, emailConfirmedAt: t.clock.now() })
    const browser = new PageClient(base)
    await signIn(browser, other)

    const page = await browser.get(link)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`This invitation is for ${invited}, and you are signed in as ${other}`)
    expect(page.body).not.toContain('Accept the invitation')
    // a hand-made POST is refused by the service itself
    const forced = await browser.request('POST', '/invitations/accept/confirm', { _csrf: csrfOf(page), token })
    expect(forced.status).toBe(403)
    expect(forced.body).toContain(`This invitation is for ${invited}`)
    const otherUser = await findUserByEmail(t.db, other, null)
    expect(await membershipRole(t.db, tenantId, otherUser?.id ?? 0)).toBeNull()

    // "sign out and continue": the other sign-in ends, the invited address gets the code
    const back = await signInFromInvitation(browser, page, invited)
    expect((await new PageClient(base).get('/account')).body).toContain('Email me a code')
    expect(back.status).toBe(200)
    expect(back.body).toContain(`You are signed in as <strong>${invited}</strong>`)
    const joined = await browser.submit(back, '/invitations/accept/confirm')
    expect(joined.status).toBe(200)
    expect(joined.body).toContain('You joined Greenhouse Co as a member.')
  })

  it('signed out: the emailed code signs in (creating the account) and the page accepts once', async () => {
    const email = uniqueEmail('newcomer')
    const { link, token } = await invite(email, 'admin')
    expect(await findUserByEmail(t.db, email, null)).toBeUndefined()
    const browser = new PageClient(base)
    const page = await browser.get(link)
    const back = await signInFromInvitation(browser, page, email)
    // the sign-in came back to the page without the token in its address: the browser kept it
    expect(back.url).toBe(`${base}/tenants/${tenantId}/invitations/accept`)
    const stored = await t.db.selectFrom('authorization_requests').select('redirect_uri').where('email', '=', email).execute()
    expect(stored.map((r) => r.redirect_uri).join()).not.toContain(token)
    expect(back.body).toContain('Accept the invitation')

    const joined = await browser.submit(back, '/invitations/accept/confirm')
    expect(joined.status).toBe(200)
    expect(joined.body).toContain('You joined Greenhouse Co as an admin.')
    expect(joined.body).toContain(`href="/tenants/${tenantId}/account"`)
    const user = await findUserByEmail(t.db, email, null)
    expect(user?.email_confirmed_at).not.toBeNull()
    expect(await membershipRole(t.db, tenantId, user?.id ?? 0)).toBe('admin')

    // single use: the page, its form and the JSON API all refuse the token now
    expect((await browser.get(link)).status).toBe(400)
    expect((await browser.submit(back, '/invitations/accept/confirm')).status).toBe(400)
    const api = await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: (await createActor(t, { email: uniqueEmail() })).headers, payload: { token } })
    expect(errorBody(api).code).toBe('invalid_token')
  })

  it("a brand's customer signs in to their account under the brand", async () => {
    const brand = await createTenant(t, 'Brand Q', { signup: 'customers' })
    const email = uniqueEmail('customer')
    const customer = await insertUser(t.db, { email, tenantId: brand, emailConfirmedAt: t.clock.now() })
    const owner = await createActor(t, { tenantId: brand, role: 'owner' })
    const { link } = await invite(email, 'member', brand, owner)
    const browser = new PageClient(base)
    const page = await browser.get(link)
    expect(page.body).toContain('Brand Q')
    const inbox = await browser.submit(page, '/invitations/accept/signin')
    expect(inbox.body).toContain('Check your inbox')
    expect((await lastMail(email)).links.some((l) => l.includes(`/tenants/${brand}/auth/oauth2/authorize/link`))).toBe(true)
    const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: (await lastMail(email)).code ?? '' })
    const back = await browser.get(done.location ?? '')
    const joined = await browser.submit(back, '/invitations/accept/confirm')
    expect(joined.body).toContain('You joined Brand Q as a member.')
    expect(await membershipRole(t.db, brand, customer.id)).toBe('member')
    expect(await findUserByEmail(t.db, email, null)).toBeUndefined()
  })
})
