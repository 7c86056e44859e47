/**
 * The console's forms over real HTTP, as a browser that reloads would use them: every form
 * that did something answers 303 to a page that says so once (post/redirect/get), a form
 * refused for its input answers 4xx with the form again; destructive actions ask first on a
 * page of their own; and a console URL that names no page is a page in the console's
 * layout, never the API's JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, uniqueEmail, type TestApp } from './helpers.ts'
import { consoleTestbed, csrfOf, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import { createFan } from './device-helpers.ts'
import { createClient } from './login-helpers.ts'
import { PageClient } from './page-client.ts'

let t: TestApp
let base: string
let w: ConsoleWorld

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed(['srv.acme.example']))
})
afterAll(async () => t?.close())

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`

describe('post/redirect/get', () => {
  it('each console form that did something answers 303 to the page that says so, once', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const fan = await createFan(t, w.brandId, w.admin)
    // as if the fan were connected: a command goes only to a device online now
    await t.db.updateTable('sensors').set({ online: true }).where('id', '=', fan.sensorId).execute()
    const person = await createActor(t, { tenantId: w.brandId, role: 'member' })
    const invitation = await t.app.services.invitations.invite(OPERATOR, w.brandId, { email: uniqueEmail('prg'), role: 'member' })
    const { sessionId } = await t.app.services.pages.sessions.create(person.user.id, w.brandId)
    const app = await createClient(t.app, { tenantId: w.brandId, public: true })
    const brand = await browser.get(url('/brand'))
    const csrf = csrfOf(brand.body)
    const forms: [string, Record<string, string>, string, string][] = [
      ['/brand', { name: 'Acme Climate', buttonColor: '#0a7d3e', signup: 'customers' }, '/brand', 'Saved: the hosted pages'],
      ['/emails/passwordReset', { subject: 'Reset for {{company.name}}', locale: 'en' }, '/emails/passwordReset?locale=en', 'Saved: the password reset email'],
      ['/emails/passwordReset/test', { locale: 'en' }, '/emails/passwordReset?locale=en', 'A test email is on its way'],
      ['/people/invitations', { email: uniqueEmail('invited'), role: 'member' }, '/people', 'An invitation is on its way'],
      [`/people/invitations/${invitation.id}/resend`, {}, '/people', 'A new invitation is on its way'],
      [`/people/members/${person.user.id}/role`, { role: 'admin' }, '/people', 'is now admin.'],
      [`/people/members/${person.user.id}/sessions/${sessionId}/revoke`, {}, `/people/members/${person.user.id}/sessions`, 'The session is ended'],
      ['/apps', { name: 'Kiosk', redirectUris: 'https://srv.acme.example/kiosk', kind: 'public', scopes: 'account' }, '/apps', 'Kiosk is registered.'],
      [`/apps/${app.clientId}/edit`, { redirectUris: 'https://srv.acme.example/other', scopes: 'account' }, '/apps', 'is saved.'],
      [`/devices/${fan.sensorId}/command`, { command: 'tune set power 1' }, '/devices', 'tune set power 1&quot; sent to Fan.'],
      [`/apps/${app.clientId}/delete`, {}, '/apps', 'is deleted and every session it opened is ended.'],
      [`/people/members/${person.user.id}/remove`, {}, '/people', 'is removed from Acme Climate.'],
      [`/devices/${fan.sensorId}/delete`, {}, '/devices', 'Fan is deleted and its device released.'],
    ]
    for (const [path, fields, back, said] of forms) {
      const answer = await browser.request('POST', url(path), { _csrf: csrf, ...fields })
      expect(answer.status, `${path}: ${answer.body}`).toBe(303)
      expect(answer.location, path).toBe(url(back))
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
      const page = await landed(browser, answer)
      expect(page.status, path).toBe(200)
      expect(page.body, path).toContain(said)
      // a reload is the GET again: the sentence is gone, and nothing was done twice
      expect((await browser.get(url(back))).body, path).not.toContain(said)
    }
    const commands = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'sensor.command').where('target_id', '=', String(fan.sensorId)).execute()
    expect(commands).toHaveLength(1)
  })

  it('a form refused for its input answers 4xx with the form again, and nothing is done', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/brand'))
    const refused = await browser.submit(page, url('/brand'), { name: 'Acme Climate', buttonColor: 'green', signup: 'customers' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('id="brand-form"')
    const invite = await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: uniqueEmail('king'), role: 'king' })
    expect(invite.status).toBeGreaterThanOrEqual(400)
    expect(invite.status).toBeLessThan(500)
    expect(invite.body).toContain('Send invitation')
  })

  it('an invitation to an address mail cannot reach, to a member, or to an address already invited says so', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const unreachable = await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: 'a@b', role: 'member' })
    expect(unreachable.status).toBe(400)
    const member = await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: w.member.user.email, role: 'member' })
    expect(member.status).toBe(409)
    expect(member.body).toContain('already a member of the tenant')
    const email = uniqueEmail('twice')
    const first = await landed(browser, await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email, role: 'member' }))
    expect(first.body).toContain(`An invitation is on its way to ${email}.`)
    const second = await landed(browser, await browser.submit(first, url('/people/invitations'), { email, role: 'admin' }))
    expect(second.body).toContain(`The invitation pending for ${email} is replaced by a new one on its way; the earlier link no longer works.`)
  })

  it('a notice is not taken from a cookie the console did not sign for this browser', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const payload = Buffer.from(JSON.stringify({ n: 'Call +1 555 0100 to keep your account', u: Date.now() + 60_000 })).toString('base64url')
    browser.cookies.set('trellis_console_notice', `${payload}.forged`)
    const page = await browser.get(url('/apps'))
    expect(page.status).toBe(200)
    expect(page.body).not.toContain('Call +1 555 0100')
    // a notice signed for another browser is refused too
    const other = await signedInBrowser(t, base, w.admin)
    const done = await other.request('POST', url('/people/invitations'), { _csrf: csrfOf((await other.get(url('/people'))).body), email: uniqueEmail('other'), role: 'member' })
    expect(done.status).toBe(303)
    browser.cookies.set('trellis_console_notice', other.cookies.get('trellis_console_notice') ?? '')
    expect((await browser.get(url('/people'))).body).not.toContain('An invitation is on its way')
  })
})

describe('field messages', () => {
  it('a bad colour is named at its field in words, every typed value kept, and nothing saved', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/brand'))
    const refused = await browser.submit(page, url('/brand'), { name: 'Acme Typed', logoUrl: 'ftp://logo', buttonColor: '#12345', textColor: '#222', senderEmail: '', signup: 'closed' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Nothing is saved yet: the fields marked below need another look.')
    expect(refused.body).toContain('<p class="hint problem" id="f-buttonColor-problem">Button colour: use #RGB or #RRGGBB, like #0a7d3e, or leave it empty.</p>')
    expect(refused.body).toContain('Logo URL: use the https address of an image')
    expect(refused.body).toMatch(/id="f-buttonColor" name="buttonColor" type="text" value="#12345" aria-describedby="f-buttonColor-hint f-buttonColor-problem" aria-invalid="true"/)
    expect(refused.body).toContain('value="Acme Typed"')
    expect(refused.body).toContain('value="ftp://logo"')
    expect(refused.body).toContain('value="#222"')
    expect(refused.body).toContain('<option value="closed" selected>')
    expect(refused.body).not.toContain('Text colour: use')
    expect(refused.body).not.toMatch(/must match|anyOf|must be null/)
    expect((await t.db.selectFrom('tenants').select('name').where('id', '=', w.brandId).executeTakeFirstOrThrow()).name).toBe('Acme Climate')
  })

  it("an app's registration refused for a field keeps what was typed and names the field", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const refused = await browser.submit(await browser.get(url('/apps')), url('/apps'), { name: 'Typed App', redirectUris: 'not a uri', allowedOrigins: '', kind: 'confidential', scopes: 'account' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Redirect URIs: one absolute URI per line')
    expect(refused.body).toContain('value="Typed App"')
    expect(refused.body).toMatch(/<textarea id="f-redirectUris"[^>]*aria-invalid="true"[^>]*>not a uri<\/textarea>/)
    expect(refused.body).toContain('value="confidential" checked')
    expect(await t.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Typed App').executeTakeFirst()).toBeUndefined()
  })
})

describe('field messages on the people and email forms', () => {
  it('an invitation refused for its address names the field, keeps what was typed, and sends nothing', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const refused = await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: 'not-an-address', role: 'admin' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Nothing is saved yet: the fields marked below need another look.')
    expect(refused.body).toContain('<p class="hint problem" id="f-email-problem">Email address: use an address like name@acme.example.</p>')
    expect(refused.body).toMatch(/id="f-email" name="email" type="email" value="not-an-address" aria-describedby="f-email-problem" aria-invalid="true"/)
    expect(refused.body).toMatch(/<select id="f-role" name="role">.*<option value="admin" selected>Admin<\/option>/s)
    expect(await t.db.selectFrom('invitations').select('id').where('email', '=', 'not-an-address').executeTakeFirst()).toBeUndefined()
    // a role no form offers is named at the role field, the address kept
    const king = await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: 'kept@acme.example', role: 'king' })
    expect(king.status).toBe(400)
    expect(king.body).toContain('Role: choose member, admin or owner.')
    expect(king.body).toContain('value="kept@acme.example"')
    expect(king.body).not.toMatch(/must be|anyOf|must match/)
  })

  it("a member's role refused is named at that member's role field, and nothing changes", async () => {
    const person = await createActor(t, { tenantId: w.brandId, role: 'member' })
    const browser = await signedInBrowser(t, base, w.admin)
    const refused = await browser.submit(await browser.get(url('/people')), url(`/people/members/${person.user.id}/role`), { role: 'king' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatch(new RegExp(`<select id="role-${person.user.id}" name="role" aria-describedby="role-${person.user.id}-problem" aria-invalid="true">`))
    expect(refused.body).toContain(`<p class="hint problem" id="role-${person.user.id}-problem">Role: choose member, admin or owner.</p>`)
    const row = await t.db.selectFrom('memberships').select('role').where('user_id', '=', person.user.id).where('tenant_id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(row.role).toBe('member')
  })

  it("an email's text refused for a placeholder is named at its field, every typed text kept", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/emails/passwordReset?locale=en'))
    const refused = await browser.submit(page, '/emails/passwordReset', { subject: 'Reset {{nope}}', title: 'A typed title', locale: 'en' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Nothing is saved yet: the fields marked below need another look.')
    expect(refused.body).toMatch(/id="f-subject" name="subject" type="text" value="Reset \{\{nope\}\}" aria-describedby="f-subject-problem" aria-invalid="true"/)
    expect(refused.body).toContain('<p class="hint problem" id="f-subject-problem">Not saved: unknown placeholder {{nope}}</p>')
    expect(refused.body).toContain('value="A typed title"')
  })
})

describe("the console's language", () => {
  it('follows Accept-Language and ui_locales: Dutch, German and French pages, and field messages in that language', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    browser.headers['accept-language'] = 'nl-NL,nl;q=0.9,en;q=0.5'
    const dutch = await browser.get(url('/people'))
    expect(dutch.body).toContain('<html lang="nl">')
    expect(dutch.body).toContain('<title>Mensen · Console</title>')
    expect(dutch.body).toContain('>Apparaten</a>')
    expect(dutch.body).toContain('<button type="submit">Uitnodiging sturen</button>')
    const refused = await browser.submit(await browser.get(url('/brand')), url('/brand'), { name: 'Acme Climate', buttonColor: 'groen', signup: 'customers' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Er is nog niets opgeslagen')
    expect(refused.body).toContain('Knopkleur: gebruik #RGB of #RRGGBB, zoals #0a7d3e, of laat het leeg.')
    expect(refused.body).toContain('value="groen"')
    // every section speaks it: devices, emails, the audit log
    expect((await browser.get(url('/devices'))).body).toContain('<title>Apparaten · Console</title>')
    const editor = await browser.get(url('/emails/passwordReset?locale=en'))
    expect(editor.body).toContain('<title>E-mail: Wachtwoord opnieuw instellen · Console</title>')
    expect(editor.body).toContain('>Stuur mij een test</button>')
    expect(editor.body).toContain('<label for="f-subject">Onderwerp</label>')
    expect((await browser.get(url('/audit'))).body).toContain('aria-label="Het auditlog filteren"')
    // ui_locales wins over the browser's languages, as on the hosted pages
    const german = await browser.get(url('/apps?ui_locales=de'))
    expect(german.body).toContain('<html lang="de">')
    expect(german.body).toContain('Eine App registrieren')
    browser.headers['accept-language'] = 'fr'
    const french = await browser.get(url(''))
    expect(french.body).toContain('<html lang="fr">')
    expect(french.body).toContain('Vous êtes <strong>admin</strong> dans Acme Climate.')
    // a done form's sentence is in the language too
    const sent = await landed(browser, await browser.submit(await browser.get(url('/people')), url('/people/invitations'), { email: 'langue@acme.example', role: 'member' }))
    expect(sent.body).toContain('Une invitation est en route vers langue@acme.example.')
    // and a page that does not exist, in the console's layout
    const missing = await browser.get(url('/nowhere'))
    expect(missing.status).toBe(404)
    expect(missing.body).toContain('<html lang="fr">')
    expect(missing.body).toContain('Retour à Acme Climate')
  })
})

describe("the console's language, chosen by the account", () => {
  it("follows the signed-in account's own locale over the browser's, and ui_locales over both", async () => {
    const person = await createActor(t, { tenantId: w.brandId, belongsTo: w.brandId, role: 'admin' })
    await t.app.services.accounts.updateProfileOf(person.user.id, { locale: 'de' })
    const browser = await signedInBrowser(t, base, person)
    browser.headers['accept-language'] = 'fr'
    const german = await browser.get(url('/people'))
    expect(german.body).toContain('<html lang="de">')
    expect(german.body).toContain('<title>Personen · Konsole</title>')
    expect((await browser.get(url('/people?ui_locales=nl'))).body).toContain('<title>Mensen · Console</title>')
  })
})

describe('destructive actions ask first', () => {
  it('deleting a device opens a page naming what happens; only its button deletes; another tenant\'s is a 404', async () => {
    const fan = await createFan(t, w.brandId, w.admin)
    const theirs = await createFan(t, w.otherId, w.platformAdmin)
    const browser = await signedInBrowser(t, base, w.admin)
    const devices = await browser.get(url('/devices'))
    expect(devices.body).toContain(`href="${url(`/devices/${fan.sensorId}/delete`)}" class="button danger small">Delete Fan</a>`)
    const asked = await browser.get(url(`/devices/${fan.sensorId}/delete`))
    expect(asked.status).toBe(200)
    expect(asked.body).toContain('Fan will be deleted from Acme Climate')
    expect(asked.body).toContain('The device it presents is released')
    expect(await t.db.selectFrom('sensors').select('id').where('id', '=', fan.sensorId).executeTakeFirst()).toBeDefined()
    expect((await browser.get(url(`/devices/${theirs.sensorId}/delete`))).status).toBe(404)
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/devices'))
    expect(memberPage.body).not.toContain('Delete Fan')
    expect((await member.request('POST', url(`/devices/${fan.sensorId}/delete`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
    const done = await landed(browser, await browser.submit(asked, url(`/devices/${fan.sensorId}/delete`)))
    expect(done.body).toContain('Fan is deleted and its device released.')
    expect(await t.db.selectFrom('sensors').select('id').where('id', '=', fan.sensorId).executeTakeFirst()).toBeUndefined()
    const release = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'device.release').where('target_id', '=', fan.mac).executeTakeFirstOrThrow()
    expect(release.actor_id).toBe(String(w.admin.user.id))
  })
})

describe('pages that do not exist', () => {
  it('a console URL that names no page is an HTML page in the console\'s layout', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    for (const path of ['/console/nope', url('/nope'), url('/apps/x/y/z'), '/tenants/1/console/nope']) {
      const page = await browser.get(path)
      expect(page.status, path).toBe(404)
      expect(page.headers.get('content-type'), path).toContain('text/html')
      expect(page.body, path).not.toContain('route_not_found')
      expect(page.body, path).toContain('class="console-nav"')
      expect(page.body, path).toContain('This page does not exist')
    }
    expect((await browser.get(url('/nope'))).body).toContain(`<a href="${url('')}">Back to Acme Climate</a>`)
    // a form posted to nowhere is told the same, not that its token failed
    const posted = await browser.request('POST', url('/nope'), { _csrf: 'x' })
    expect(posted.status).toBe(404)
    expect(posted.body).toContain('class="console-nav"')
    // another tenant's page is the same not-found page, naming nothing of it
    const other = await browser.get(url('/apps', w.otherId))
    expect(other.status).toBe(404)
    expect(other.body).toContain('class="console-nav"')
    expect(other.body).not.toContain('Other Brand')
    // an error that is not a 404 is drawn in the layout too
    const bad = await browser.get('/console/tenants/abc/apps')
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('class="console-nav"')
  })

  it('signed out, it is the hosted pages\' error page, still HTML', async () => {
    const browser = new PageClient(base)
    const page = await browser.get('/console/nope')
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.body).not.toContain('console-nav')
  })
})
