/**
 * The console over real HTTP, without a browser: sign-in through the hosted login, every
 * page for an admin, read-only for a member as the policy says, another tenant's ids give
 * 404, every form refuses a post without its CSRF token, the emails' draft preview, their
 * languages and versions (restore), and the audit page.
 */
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, uniqueEmail, type TestApp } from './helpers.ts'
import { mailSettled } from './login-helpers.ts'
import { PageClient } from './page-client.ts'
import { consoleTestbed, csrfOf, landed, signedInBrowser, signInToConsole, type ConsoleWorld } from './console-helpers.ts'
import { createFan } from './device-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let fanSensor: number

const PAGES = ['', '/brand', '/emails', '/emails/passwordReset', '/emails/passwordlessLogin', '/people', '/customers', '/apps', '/devices', '/webhooks', '/audit']

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
  fanSensor = (await createFan(t, w.otherId, w.platformAdmin)).sensorId
})
afterAll(async () => t?.close())

describe('signing in', () => {
  it("signed out, a console page sends the browser to the brand's hosted sign-in, which comes back to the console", async () => {
    const browser = new PageClient(base)
    const away = await browser.get(`/console/tenants/${w.brandId}/people`)
    expect(away.status).toBe(303)
    expect(away.location).toBe('/console')
    const picker = await signInToConsole(t, browser, w.admin.user.email, w.brandId)
    // one tenant: straight to it
    expect(picker.status).toBe(303)
    expect(picker.location).toBe(`/console/tenants/${w.brandId}`)
    const overview = await browser.get(picker.location ?? '')
    expect(overview.status).toBe(200)
    expect(overview.body).toContain('<h1>Acme Climate</h1>')
    expect(overview.body).toContain('You are <strong>admin</strong>')
    expect(overview.headers.get('content-security-policy')).toContain("frame-src 'self'")
  })

  it("an owner made as README.md shows (a platform account with a role) signs in at the brand's /tenants/{id}/console, though the brand signs customers up", async () => {
    const email = uniqueEmail('readme-owner')
    await t.app.services.accounts.createUser(OPERATOR, { email, tenantId: w.brandId, role: 'owner' })
    const browser = new PageClient(base)
    const arrived = await signInToConsole(t, browser, email, w.brandId)
    expect(arrived.status).toBe(303)
    expect(arrived.location).toBe(`/console/tenants/${w.brandId}`)
    expect((await browser.get(arrived.location ?? '')).body).toContain('You are <strong>owner</strong>')
    // the platform account signed in: no customer account was made for the address in the brand
    const accounts = await t.db.selectFrom('users').select('tenant_id').where('email', '=', email).execute()
    expect(accounts).toEqual([{ tenant_id: null }])
  })

  it('an address with no account gets no account, and no code, from the console sign-in under a brand that signs customers up', async () => {
    const email = uniqueEmail('stranger')
    const browser = new PageClient(base)
    const page = await browser.get(`/tenants/${w.brandId}/console`)
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
    expect(inbox.status).toBe(200)
    await mailSettled(t.app)
    expect(await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).executeTakeFirst()).toBeUndefined()
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  it("a code the address may not be sent now is refused on the page, saying why, not with 'Check your inbox'", async () => {
    const email = uniqueEmail('hurried')
    await t.app.services.accounts.createUser(OPERATOR, { email, tenantId: w.brandId, role: 'admin' })
    const answers: number[] = []
    let last = ''
    for (let i = 0; i < 4; i++) {
      const browser = new PageClient(base)
      const answer = await browser.submit(await browser.get('/console'), '/auth/oauth2/authorize/email', { email })
      answers.push(answer.status)
      last = answer.body
    }
    // one network's share of one address holds 3 (docs/security.md "Limits")
    expect(answers).toEqual([200, 200, 200, 429])
    expect(last).toMatch(/This address has had its share of sign-in emails for now\. Use the newest code it received, or ask for a new one in \d+ minutes\./)
    expect(last).toContain(`value="${email}"`)
    await mailSettled(t.app)
    expect(await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).toHaveLength(3)
  })

  it('a platform administrator picks among every tenant and sees the platform link', async () => {
    const browser = await signedInBrowser(t, base, w.platformAdmin)
    const picker = await browser.get('/console')
    expect(picker.status).toBe(200)
    expect(picker.body).toContain(`href="/console/tenants/${w.otherId}"`)
    expect(picker.body).toContain(`href="/console/tenants/${w.brandId}"`)
    const platform = await browser.get('/console/platform')
    expect(platform.status).toBe(200)
    expect(platform.body).toMatch(/<td>signing<\/td>/)
    expect(platform.body).toContain('to deliver')
  })

  it('past a hundred tenants, the picker and the platform page search by name and go on page by page', async () => {
    for (let i = 0; i < 105; i++) await t.app.services.tenants.create(OPERATOR, { name: `Fleet Customer ${String(i).padStart(3, '0')}` })
    const zeta = await t.app.services.tenants.create(OPERATOR, { name: 'Zeta_100% Heating' })
    const browser = await signedInBrowser(t, base, w.platformAdmin)
    for (const path of ['/console', '/console/platform']) {
      const first = await browser.get(path)
      expect(first.body).toContain('<label for="tenant-q">Find a tenant by name</label>')
      expect(first.body).not.toContain(`href="/console/tenants/${zeta.id}"`)
      const next = /<a href="([^"]+)" rel="next">Next tenants<\/a>/.exec(first.body)?.[1]?.replaceAll('&amp;', '&')
      expect(next).toMatch(new RegExp(`^${path}\\?after=\\d+$`))
      const second = await browser.get(next ?? '')
      expect(second.body).toContain(`href="/console/tenants/${zeta.id}"`)
      expect(second.body).not.toContain('rel="next"')
      // any part of the name, any case; % and _ are letters here, not patterns
      const found = await browser.get(`${path}?q=${encodeURIComponent('zeta_100%')}`)
      expect(found.body).toContain(`href="/console/tenants/${zeta.id}"`)
      expect(found.body).not.toContain('Fleet Customer')
      expect((await browser.get(`${path}?q=${encodeURIComponent('_')}`)).body).not.toContain('Fleet Customer 000')
    }
  })

  it('the platform page is refused to a brand admin', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const platform = await browser.get('/console/platform')
    expect(platform.status).toBe(403)
    expect(platform.body).not.toContain('Signing keys')
  })
})

describe('pages and the policy', () => {
  it('an admin opens every page', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    for (const path of PAGES) {
      const page = await browser.get(`/console/tenants/${w.brandId}${path}`)
      expect(page.status, path).toBe(200)
      expect(page.body, path).toMatch(/<h1>[^<]+<\/h1>/)
    }
  })

  it("another tenant's id, or another tenant's resource under one's own tenant, is a 404", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    for (const path of PAGES) expect((await browser.get(`/console/tenants/${w.otherId}${path}`)).status, path).toBe(404)
    const page = await browser.get(`/console/tenants/${w.brandId}/devices`)
    const csrf = csrfOf(page.body)
    const command = await browser.request('POST', `/console/tenants/${w.brandId}/devices/${fanSensor}/command`, { _csrf: csrf, command: 'tune set power 1' })
    expect(command.status).toBe(404)
    const invite = await t.app.services.invitations.invite(OPERATOR, w.otherId, { email: 'someone@example.test', role: 'member' })
    const revoke = await browser.request('POST', `/console/tenants/${w.brandId}/people/invitations/${invite.id}/revoke`, { _csrf: csrf })
    expect(revoke.status).toBe(404)
    expect((await t.db.selectFrom('invitations').select('revoked_at').where('id', '=', invite.id).executeTakeFirstOrThrow()).revoked_at).toBeNull()
  })

  it('a member sees brand and people read-only, no email editor, and is refused a change', async () => {
    const browser = await signedInBrowser(t, base, w.member)
    const brand = await browser.get(`/console/tenants/${w.brandId}/brand`)
    expect(brand.status).toBe(200)
    expect(brand.body).toContain('it needs the admin role')
    expect(brand.body).not.toContain('>Save</button>')
    expect(brand.body).toMatch(/name="name" type="text" value="Acme Climate" readonly/)
    const people = await browser.get(`/console/tenants/${w.brandId}/people`)
    expect(people.body).not.toContain('Send invitation')
    const email = await browser.get(`/console/tenants/${w.brandId}/emails/passwordReset`)
    expect(email.body).not.toContain('Send a test to me')
    const invite = await browser.request('POST', `/console/tenants/${w.brandId}/people/invitations`, { _csrf: csrfOf(people.body), email: 'friend@example.test', role: 'admin' })
    expect(invite.status).toBe(403)
    expect(await t.db.selectFrom('invitations').select('id').where('email', '=', 'friend@example.test').executeTakeFirst()).toBeUndefined()
  })
})

describe('cross-site posts', () => {
  it('every console form refuses a post without its CSRF token, and changes nothing', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    // (the not-found catch-all `/console/*` is no form: it answers 404 to anything)
    const posts = t.app.routeList.filter((r) => r.method === 'POST' && r.url.startsWith('/console/') && !r.url.endsWith('*'))
    expect(posts.length).toBeGreaterThan(10)
    const before = await t.db.selectFrom('tenants').select(['name', 'updated_at']).where('id', '=', w.brandId).executeTakeFirstOrThrow()
    for (const route of posts) {
      const url = route.url.replace(':tenantId', String(w.brandId)).replace(':emailType', 'passwordReset').replace(':sessionId', '00000000-0000-4000-8000-000000000001').replace(/:[A-Za-z]+/g, '1')
      const forged = await browser.request('POST', url, { name: 'Forged', email: 'x@example.test', role: 'admin', command: 'tune set power 1' })
      expect(forged.status, url).toBe(403)
      expect(forged.body, url).toContain('This form has expired')
    }
    expect(await t.db.selectFrom('tenants').select(['name', 'updated_at']).where('id', '=', w.brandId).executeTakeFirstOrThrow()).toEqual(before)
  })

  it('every form of the hosted pages refuses a post without its CSRF token; the OpenID logout only asks', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const posts = t.app.routeList.filter((r) => r.method === 'POST' && r.tags.includes('pages') && !r.url.startsWith('/console/'))
    expect(posts.length).toBeGreaterThan(10)
    for (const route of posts) {
      const url = route.url.replace(':tenantId', String(w.brandId)).replace(/:[A-Za-z]+/g, '1')
      const forged = await browser.request('POST', url, { email: 'x@example.test', displayName: 'Forged', locale: 'de', token: 'x', password: 'Forged-password-1', code: '123456', scope: 'everywhere' })
      if (route.url.endsWith('/auth/oauth2/logout')) {
        expect(forged.status, url).toBe(200)
        expect(forged.body, url).not.toContain('This form has expired')
      } else if (route.url.endsWith('/auth/upstream/callback')) {
        // Apple's form_post comes cross-site by design: it only turns into the GET callback, whose state is the check
        expect(forged.status, url).toBe(303)
        expect(forged.location, url).toMatch(/^\/auth\/upstream\/callback\?/)
      } else {
        expect(forged.status, url).toBe(403)
        expect(forged.body, url).toContain('This form has expired')
      }
    }
    // the account is as it was: still signed in, name unchanged
    const account = await browser.request('GET', '/account')
    expect(account.status).toBe(200)
    expect(account.body).not.toContain('Forged')
  })
})

describe('emails', () => {
  it('the draft preview renders unsaved texts and names an unknown placeholder; saving it is refused', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(`/console/tenants/${w.brandId}/emails/passwordReset`)
    const csrf = csrfOf(page.body)
    const draft = await browser.request('POST', `/console/tenants/${w.brandId}/emails/passwordReset/draft`, { _csrf: csrf, subject: 'Reset for {{user.email}} {{nope}}' })
    expect(draft.status).toBe(200)
    const body = JSON.parse(draft.body) as { subject: string; problems: { field: string; message: string }[] }
    expect(body.subject).toContain('Reset for')
    expect(body.problems).toEqual([{ field: 'subject', message: 'unknown placeholder {{nope}}' }])
    const frame = await browser.request('POST', `/console/tenants/${w.brandId}/emails/passwordReset/preview`, { _csrf: csrf, title: 'Unsaved title here' })
    expect(frame.body).toContain('Unsaved title here')
    expect(frame.headers.get('content-security-policy')).toContain('sandbox')
    const saved = await browser.submit(page, `/emails/passwordReset`, { subject: 'Reset {{nope}}' })
    expect(saved.status).toBe(400)
    expect(saved.body).toContain('unknown placeholder {{nope}}')
    const tenant = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(tenant.email_config.emailTypeConfig?.passwordReset).toBeUndefined()
  })
})

describe('email languages and versions', () => {
  it('saves the Dutch texts beside the English ones, each shown in its own language', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const english = await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess`)
    expect((await browser.submit(english, '/emails/passwordResetSuccess', { subject: 'Your password changed' })).status).toBe(303)
    const dutch = await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess?locale=nl`)
    expect(dutch.body).toContain('name="locale" value="nl"')
    // English texts only: the Dutch tab says a Dutch recipient gets the whole email in English, one language throughout
    expect(dutch.body).toContain('a Nederlands recipient gets the whole email in English')
    const saved = await browser.submit(dutch, '/emails/passwordResetSuccess', { locale: 'nl', subject: 'Je wachtwoord is gewijzigd' })
    // back to the editor in the language just saved, which says so
    expect(saved.location).toBe(`/console/tenants/${w.brandId}/emails/passwordResetSuccess?locale=nl`)
    expect((await landed(browser, saved)).body).toContain('Saved: the')
    const stored = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(stored.email_config.emailTypeConfig?.passwordResetSuccess?.subject).toEqual({ en: 'Your password changed', nl: 'Je wachtwoord is gewijzigd' })
    expect((await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess?locale=en`)).body).toMatch(/name="subject" type="text" value="Your password changed"/)
    const german = await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess?locale=de`)
    expect(german.body).toMatch(/name="subject" type="text" value=""/)
    expect(german.body).toContain('a Deutsch recipient gets the whole email in English')
    expect((await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess?locale=nl`)).body).not.toContain('texts for this email yet')
    // the draft preview of the German form renders what the German form holds
    const draft = await browser.request('POST', `/console/tenants/${w.brandId}/emails/passwordResetSuccess/draft`, { _csrf: csrfOf(german.body), locale: 'de', subject: 'Geändert: {{company.name}}' })
    expect((JSON.parse(draft.body) as { subject: string }).subject).toBe('Geändert: Acme Climate')
  })

  it('lists the versions newest first and restores one through the form', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(`/console/tenants/${w.brandId}/emails/passwordResetSuccess`)
    const versions = [...page.body.matchAll(/Restore version (\d+)/g)].map((m) => Number(m[1]))
    expect(versions.length).toBeGreaterThanOrEqual(2)
    expect(versions).toEqual([...versions].sort((a, b) => b - a))
    expect(page.body).toContain(`you (${w.admin.user.email})`)
    const before = versions[1] ?? 0
    const restored = await landed(browser, await browser.submit(page, `/emails/passwordResetSuccess/versions/${before}/restore`, { locale: 'en' }))
    expect(restored.status).toBe(200)
    expect(restored.body).toContain(`Version ${before} is restored, saved as version ${(versions[0] ?? 0) + 1}.`)
    const stored = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(stored.email_config.emailTypeConfig?.passwordResetSuccess?.subject).toBe('Your password changed')
  })

  it("refuses a cross-site restore, a member's restore, and another tenant's version (404)", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const count = async () => Number((await t.db.selectFrom('tenant_settings_versions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    const forged = await browser.request('POST', `/console/tenants/${w.brandId}/emails/passwordReset/versions/1/restore`, {})
    expect(forged.status).toBe(403)
    expect(forged.body).toContain('This form has expired')
    // the other tenant has a version the brand has not got: by number, it is not the brand's
    await t.app.services.tenants.update(OPERATOR, w.otherId, { name: 'Other Brand Renamed' })
    const page = await browser.get(`/console/tenants/${w.brandId}/emails/passwordReset`)
    const missing = await browser.request('POST', `/console/tenants/${w.brandId}/emails/passwordReset/versions/9999/restore`, { _csrf: csrfOf(page.body) })
    expect(missing.status).toBe(404)
    const other = await browser.request('POST', `/console/tenants/${w.otherId}/emails/passwordReset/versions/1/restore`, { _csrf: csrfOf(page.body) })
    expect(other.status).toBe(404)
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(`/console/tenants/${w.brandId}/emails/passwordReset`)
    expect(memberPage.body).not.toContain('Restore version')
    expect(memberPage.body).toContain('The versions, like editing, need the admin role.')
    const refused = await member.request('POST', `/console/tenants/${w.brandId}/emails/passwordReset/versions/1/restore`, { _csrf: csrfOf(memberPage.body) })
    expect(refused.status).toBe(403)
    expect(await count()).toBe(before + 1)
  })
})

describe('the audit page', () => {
  it('an admin filters by action and pages with cursors; a member is told it needs the admin role', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    for (let i = 0; i < 26; i += 1) await t.app.services.tenants.update(OPERATOR, w.brandId, { name: `Acme Climate ${i % 2}` })
    const first = await browser.get(`/console/tenants/${w.brandId}/audit?action=tenant.update`)
    expect(first.status).toBe(200)
    expect(first.body).toContain('the operator (command line)')
    expect(first.body).not.toMatch(/<th scope="row">invitation\.create/)
    const next = /href="([^"]*after=[^"]+)">Older entries/.exec(first.body)?.[1]?.replaceAll('&amp;', '&') ?? ''
    expect(next).toContain('action=tenant.update')
    const second = await browser.get(next)
    expect(second.status).toBe(200)
    expect(second.body).toContain('Newer entries')
    const bad = await browser.get(`/console/tenants/${w.brandId}/audit?since=not-a-date`)
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('is not a date-time')
    // a customer of the brand who did something is named by address, not as a bare number
    const customer = await createActor(t, { belongsTo: w.brandId, email: 'audited-customer@example.test' })
    await t.app.services.audit.record(t.db, { actor: { kind: 'user', id: String(customer.user.id), sourceIp: null }, tenantId: w.brandId, action: 'passkey.add', target: { type: 'passkey', id: 1 } })
    const named = await browser.get(`/console/tenants/${w.brandId}/audit?action=passkey.add`)
    expect(named.body).toContain('<td>audited-customer@example.test</td>')
    expect(named.body).not.toContain(`user ${customer.user.id}`)
    const member = await signedInBrowser(t, base, w.member)
    const refused = await member.get(`/console/tenants/${w.brandId}/audit`)
    expect(refused.body).toContain('needs the admin role')
    expect(refused.body).not.toContain('<th scope="row">tenant.update')
  })
})
