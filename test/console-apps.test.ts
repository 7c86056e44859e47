/**
 * The console's apps and devices forms over real HTTP: a brand's admin registers a
 * confidential app (its secret shown once), edits it, gives it a new secret (shown once, then
 * never again) and deletes it; a device gets new MQTT credentials, audited in the admin's
 * name. Each also for a plain member (no form, 403), a tenant that is not a brand, and
 * another tenant's id (404). Its redirect URIs only on the brand's approved domains: refused on
 * the form otherwise. And the platform page's service refuses anyone but the platform.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as oidc from 'openid-client'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, type TestApp } from './helpers.ts'
import { consoleTestbed, csrfOf, landed, newestMail, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import { PageClient } from './page-client.ts'
import { createFan } from './device-helpers.ts'
import { DeviceSimulator } from '../src/modules/devices/simulator.ts'
import { createClient } from './login-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed(['srv.acme.example']))
})
afterAll(async () => t?.close())

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`
const secretOn = (body: string) => /id="new-secret" type="text" value="([^"]+)"/.exec(body)?.[1]

describe('apps', () => {
  it("an app's page gives its developer the issuer, discovery URL, URIs, grant types, lifetimes, scopes and a quick start that works", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/apps'))
    // registering comes first, with no scope ticked: the admin picks the least the app needs
    expect(page.body.indexOf('Register an app')).toBeLessThan(page.body.indexOf('<ul class="clients">') === -1 ? Infinity : page.body.indexOf('<ul class="clients">'))
    expect(page.body).not.toMatch(/name="scopes" value="[^"]+" checked/)
    const done = await landed(browser, await browser.submit(page, url('/apps'), { name: 'Acme Display', redirectUris: 'https://srv.acme.example/display', allowedOrigins: '', kind: 'public', scopes: 'account', device: '1' }))
    expect(done.body).toContain('Acme Display is registered.')
    const row = await t.db.selectFrom('oauth_clients').select(['client_id', 'grant_types']).where('name', '=', 'Acme Display').executeTakeFirstOrThrow()
    expect(row.grant_types).toContain('urn:ietf:params:oauth:grant-type:device_code')
    expect(done.body).toContain(`href="${url(`/apps/${row.client_id}`)}">Open Acme Display</a>`)

    const app = await browser.get(url(`/apps/${row.client_id}`))
    expect(app.status).toBe(200)
    const issuer = `${base}/tenants/${w.brandId}`
    expect(app.body).toContain(`value="${issuer}"`)
    expect(app.body).toContain(`value="${issuer}/.well-known/openid-configuration"`)
    expect(app.body).toContain(`value="${row.client_id}"`)
    expect(app.body).toContain('<code>https://srv.acme.example/display</code>')
    expect(app.body).toContain('<code>urn:ietf:params:oauth:grant-type:device_code</code>')
    expect(app.body).toContain('access token 15 min; refresh token 30 d')
    expect(app.body).toContain('people approve it on their phone with a short code')
    expect(app.body).toContain(`client.discovery(new URL(&#39;${issuer}&#39;), &#39;${row.client_id}&#39;)`)
    expect(app.body).toContain('client.initiateDeviceAuthorization(config, { scope: &#39;account&#39; })')

    // the quick start's first lines, as written there, find the brand's issuer and start a device sign-in
    const config = await oidc.discovery(new URL(issuer), row.client_id, undefined, undefined, { execute: [oidc.allowInsecureRequests] })
    expect(config.serverMetadata().issuer).toBe(issuer)
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'account' })
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)

    // a web app's quick start, followed as written: its values sign a person in through the brand's hosted page
    const web = await landed(browser, await browser.submit(await browser.get(url('/apps')), url('/apps'), { name: 'Acme Portal', redirectUris: 'https://srv.acme.example/portal', allowedOrigins: '', kind: 'public', scopes: 'account' }))
    const portal = await t.db.selectFrom('oauth_clients').select('client_id').where('name', '=', 'Acme Portal').executeTakeFirstOrThrow()
    expect(web.body).toContain('Acme Portal is registered.')
    const start = await browser.get(url(`/apps/${portal.client_id}`))
    expect(start.body).toContain('client.buildAuthorizationUrl(config, {')
    expect(start.body).toContain('redirect_uri: &#39;https://srv.acme.example/portal&#39;,')
    const portalConfig = await oidc.discovery(new URL(issuer), portal.client_id, undefined, undefined, { execute: [oidc.allowInsecureRequests] })
    const verifier = oidc.randomPKCECodeVerifier()
    const signIn = oidc.buildAuthorizationUrl(portalConfig, { redirect_uri: 'https://srv.acme.example/portal', scope: 'account', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' })
    const person = new PageClient(base)
    const form = await person.get(signIn.pathname + signIn.search)
    const inbox = await person.submit(form, '/auth/oauth2/authorize/email', { email: 'quick-start@example.test' })
    const back = await person.submit(inbox, '/auth/oauth2/authorize/code', { code: (await newestMail(t, 'quick-start@example.test')).code ?? '' })
    expect(back.location).toMatch(/^https:\/\/srv\.acme\.example\/portal\?code=/)
    const tokens = await oidc.authorizationCodeGrant(portalConfig, new URL(back.location ?? ''), { pkceCodeVerifier: verifier })
    expect(tokens.access_token).toBeTruthy()
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect((me.json() as { user: { email: string } }).user.email).toBe('quick-start@example.test')
    // the app's page lists its recent attempts from the brand's sign-in log
    const recent = await browser.get(url(`/apps/${portal.client_id}`))
    expect(recent.body).toContain('<h2>Recent sign-ins</h2>')
    expect(recent.body).toMatch(/<td>signed in<\/td><td><a href="[^"]+\/person\/\d+">quick-start@example.test<\/a><\/td><td>Acme Portal<\/td>/)

    // a member reads who to ask; another tenant's id is a 404
    const member = await signedInBrowser(t, base, w.member)
    expect((await member.get(url(`/apps/${row.client_id}`))).body).toContain('registered by the admins of Acme Climate')
    expect((await browser.get(url(`/apps/${row.client_id}`, w.otherId))).status).toBe(404)
  })


  it("a brand's admin registers a confidential app, edits it, rotates its secret (shown once) and deletes it", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/apps'))
    expect(page.body).toContain('Register app')
    const posted = await browser.submit(page, url('/apps'), { name: 'Acme Server', redirectUris: 'https://srv.acme.example/cb', allowedOrigins: '', kind: 'confidential', scopes: 'sensors:read' })
    // post/redirect/get: the form answers 303 to the page that shows the secret, which is in
    // neither the answer nor its URL, and travels sealed (never as written) in a cookie
    expect(posted.location).toBe(url('/apps/secret'))
    const sealed = browser.cookies.get('trellis_console_secret') ?? ''
    expect(sealed).toMatch(/^tsk1\./)
    const created = await browser.get(posted.location ?? '')
    expect(created.status, created.body).toBe(200)
    expect(created.headers.get('cache-control')).toBe('no-store')
    const secret = secretOn(created.body) ?? ''
    expect(secret.length).toBeGreaterThan(30)
    expect(posted.body + (posted.location ?? '') + sealed).not.toContain(secret)
    expect(created.body).toContain('Acme Server is registered. Its secret is shown once: keep it now.')
    // read again (a reload): the secret is not shown, the page says it was shown already, and no second app is made
    const reloaded = await browser.get(url('/apps/secret'))
    expect(secretOn(reloaded.body)).toBeUndefined()
    expect(reloaded.body).toContain('This secret was shown once already and is not shown again')
    // the sealed cookie sent again (a copy kept by someone) opens in no other browser
    const stranger = await signedInBrowser(t, base, w.admin)
    stranger.cookies.set('trellis_console_secret', sealed)
    expect(secretOn((await stranger.get(url('/apps/secret'))).body)).toBeUndefined()
    const row = await t.db.selectFrom('oauth_clients').selectAll().where('name', '=', 'Acme Server').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ tenant_id: w.brandId, is_public: false, scopes: ['sensors:read'] })
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'client.create').where('target_id', '=', row.client_id).executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ actor_id: String(w.admin.user.id), tenant_id: w.brandId, source_ip: '127.0.0.1' })
    // shown once: the page read again holds no secret
    const again = await browser.get(url('/apps'))
    expect(secretOn(again.body)).toBeUndefined()
    expect(again.body).not.toContain(secret)

    const edited = await landed(browser, await browser.submit(again, url(`/apps/${row.client_id}/edit`), { redirectUris: 'https://srv.acme.example/cb\nhttps://srv.acme.example/cb2', allowedOrigins: 'https://web.acme.example', scopes: 'account' }))
    expect(edited.body).toContain('Acme Server is saved.')
    const stored = await t.db.selectFrom('oauth_clients').select(['redirect_uris', 'allowed_origins', 'scopes']).where('client_id', '=', row.client_id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ redirect_uris: ['https://srv.acme.example/cb', 'https://srv.acme.example/cb2'], allowed_origins: ['https://web.acme.example'], scopes: ['account'] })
    const refused = await browser.submit(edited, url(`/apps/${row.client_id}/edit`), { redirectUris: 'not a uri', allowedOrigins: '', scopes: 'account' })
    expect(refused.status).toBe(400)
    // said in words at the field, the edit form open with what was typed
    expect(refused.body).toContain('Redirect URIs: one absolute URI per line, like https://app.example/callback')
    expect(refused.body).toContain('aria-invalid="true"')
    expect(refused.body).toMatch(/<textarea [^>]*>not a uri<\/textarea>/)
    expect(refused.body).not.toContain('must match')

    const rotated = await landed(browser, await browser.submit(await browser.get(url('/apps')), url(`/apps/${row.client_id}/rotate`)))
    const fresh = secretOn(rotated.body) ?? ''
    expect(fresh.length).toBeGreaterThan(30)
    expect(fresh).not.toBe(secret)
    const client = await t.app.services.clients.find(row.client_id, true)
    expect(client && t.app.services.clients.verifySecret(client, fresh)).toBe(true)
    expect(client && t.app.services.clients.verifySecret(client, secret)).toBe(false)
    expect((await browser.get(url('/apps'))).body).not.toContain(fresh)

    // deleting asks first: the apps page links to a page that says what will happen; only its button deletes
    const apps = await browser.get(url('/apps'))
    expect(apps.body).toContain(`href="${url(`/apps/${row.client_id}/delete`)}"`)
    expect(apps.body).not.toContain(`action="${url(`/apps/${row.client_id}/delete`)}"`)
    const asked = await browser.get(url(`/apps/${row.client_id}/delete`))
    expect(asked.status).toBe(200)
    expect(asked.body).toContain('Acme Server will be deleted: every person signed in through it is signed out at once')
    expect(asked.body).toContain(`href="${url('/apps')}" class="button secondary">Cancel</a>`)
    expect(await t.db.selectFrom('oauth_clients').select('id').where('client_id', '=', row.client_id).executeTakeFirst()).toBeDefined()
    const deleted = await landed(browser, await browser.submit(asked, url(`/apps/${row.client_id}/delete`)))
    expect(deleted.body).toContain('Acme Server is deleted and every session it opened is ended.')
    expect(await t.db.selectFrom('oauth_clients').select('id').where('client_id', '=', row.client_id).executeTakeFirst()).toBeUndefined()
  })

  it("a brand's admin is refused on the form an app (or an edit) sending codes off the brand's approved domains", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/apps'))
    expect(page.body).toContain('Only https, on this brand&#39;s approved domains.')
    const refused = await browser.submit(page, url('/apps'), { name: 'Evil App', redirectUris: 'https://srv.acme.example/cb\nhttps://evil.example/cb', allowedOrigins: '', kind: 'public', scopes: 'account' })
    expect(refused.status).toBe(403)
    expect(refused.body).toContain('redirectUris.1 must be on an origin verified for this brand')
    expect(refused.body).toContain('https://evil.example is not')
    expect(refused.body).toContain('Register app')
    const native = await browser.submit(refused, url('/apps'), { name: 'Evil App', redirectUris: 'com.evil.app:/cb', allowedOrigins: '', kind: 'public', scopes: 'account' })
    expect(native.status).toBe(403)
    expect(native.body).toContain('redirectUris.0 must be an https URL')
    expect(await t.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Evil App').executeTakeFirst()).toBeUndefined()

    const mine = await createClient(t.app, { tenantId: w.brandId, redirectUris: ['https://srv.acme.example/mine'] })
    const widened = await browser.submit(await browser.get(url('/apps')), url(`/apps/${mine.clientId}/edit`), { redirectUris: 'https://srv.acme.example/mine\nhttps://evil.example/cb', allowedOrigins: '', scopes: 'account' })
    expect(widened.status).toBe(403)
    expect(widened.body).toContain('redirectUris.1 must be on an origin verified for this brand')
    expect((await t.app.services.clients.find(mine.clientId, true))?.redirect_uris).toEqual(['https://srv.acme.example/mine'])
    // the platform's administrators register any origin, and see no such hint
    const platform = await signedInBrowser(t, base, w.platformAdmin)
    const platformPage = await platform.get(url('/apps'))
    expect(platformPage.body).not.toContain('approved domains')
    const registered = await landed(platform, await platform.submit(platformPage, url('/apps'), { name: 'Platform Native', redirectUris: 'com.acme.app:/cb', allowedOrigins: '', kind: 'public', scopes: 'account' }))
    expect(registered.body).toContain('Platform Native is registered.')
  })

  it("a member sees no form and is refused; another tenant's app is a 404; a tenant that is not a brand registers none", async () => {
    const mine = await createClient(t.app, { public: false, tenantId: w.brandId })
    const theirs = await createClient(t.app, { public: false, tenantId: w.otherId })
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/apps'))
    expect(memberPage.body).not.toContain('Register app')
    expect(memberPage.body).toContain('registered by the admins of Acme Climate')
    const csrf = csrfOf(memberPage.body)
    expect((await member.request('POST', url('/apps'), { _csrf: csrf, name: 'Sneaky', redirectUris: 'https://x.test/cb' })).status).toBe(403)
    for (const action of ['rotate', 'delete', 'edit']) {
      expect((await member.request('POST', url(`/apps/${mine.clientId}/${action}`), { _csrf: csrf, redirectUris: 'https://x.test/cb' })).status, action).toBe(403)
    }
    const admin = await signedInBrowser(t, base, w.admin)
    const adminCsrf = csrfOf((await admin.get(url('/apps'))).body)
    for (const action of ['rotate', 'delete', 'edit']) {
      expect((await admin.request('POST', url(`/apps/${theirs.clientId}/${action}`), { _csrf: adminCsrf, redirectUris: 'https://x.test/cb' })).status, action).toBe(404)
      expect((await admin.request('POST', url(`/apps/${theirs.clientId}/${action}`, w.otherId), { _csrf: adminCsrf, redirectUris: 'https://x.test/cb' })).status, action).toBe(404)
    }
    const kept = await t.app.services.clients.find(theirs.clientId, true)
    expect(kept && t.app.services.clients.verifySecret(kept, theirs.secret ?? '')).toBe(true)

    const customer = await t.app.services.tenants.create(OPERATOR, { name: 'Customer Home', parentTenantId: w.brandId })
    const owner = await createActor(t, { tenantId: customer.id, role: 'owner' })
    const ownerBrowser = await signedInBrowser(t, base, owner)
    const ownerPage = await ownerBrowser.get(url('/apps', customer.id))
    expect(ownerPage.body).toContain('registered by the platform&#39;s administrators')
    const tried = await ownerBrowser.request('POST', url('/apps', customer.id), { _csrf: csrfOf(ownerPage.body), name: 'Mine', redirectUris: 'https://mine.test/cb' })
    expect(tried.status).toBe(403)
  })
})

describe('devices', () => {
  it("new MQTT credentials from the console are audited in the admin's name and tenant; a member and another tenant are refused", async () => {
    const fan = await createFan(t, w.brandId, w.admin)
    const theirs = await createFan(t, w.otherId, w.platformAdmin)
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/devices'))
    expect(page.body).toContain('New MQTT password for Fan')
    expect(page.body).toContain('Registered by Acme Climate')
    const issued = await landed(browser, await browser.submit(page, url(`/devices/${fan.sensorId}/credentials`)))
    expect(issued.status).toBe(200)
    expect(issued.url).toContain(url('/devices/credentials'))
    const password = /<code class="secret">([^<]+)<\/code>/.exec(issued.body)?.[1] ?? ''
    expect(password.length).toBeGreaterThan(30)
    expect(password).not.toBe(fan.password)
    // shown once: the same page read again says so, and shows no password
    const again = await browser.get(url('/devices/credentials'))
    expect(again.body).not.toContain(password)
    expect(again.body).toContain('This password was shown once already')
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'device.credentials.issue').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ actor_kind: 'user', actor_id: String(w.admin.user.id), tenant_id: w.brandId, target_id: fan.mac, source_ip: '127.0.0.1' })
    const csrf = csrfOf(page.body)
    expect((await browser.request('POST', url(`/devices/${theirs.sensorId}/credentials`), { _csrf: csrf })).status).toBe(404)
    expect((await browser.request('POST', url(`/devices/${theirs.sensorId}/credentials`, w.otherId), { _csrf: csrf })).status).toBe(404)
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/devices'))
    expect(memberPage.body).not.toContain('New MQTT password')
    expect(memberPage.body).not.toContain('Registered by')
    expect((await member.request('POST', url(`/devices/${fan.sensorId}/credentials`), { _csrf: csrfOf(memberPage.body) })).status).toBe(403)
  })
})

describe("a brand's devices", () => {
  it('its admin registers one and imports a file; the list names the model, who holds each, online or not and the last report', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/devices'))
    const one = await landed(browser, await browser.submit(page, url('/devices/register'), { mac: 'E0:5A:1B:00:00:01', model: '58', claimCode: 'BOX-CODE-0001', factoryPassword: '' }))
    expect(one.body).toContain('e0:5a:1b:00:00:01 is registered.')
    expect(one.body).toMatch(/<code>e0:5a:1b:00:00:01<\/code><\/th><td>Whisper Flex 2 <span class="hint">58<\/span><\/td>\s*<td>unclaimed<\/td><td>-<\/td><td>-<\/td>/)

    // a file: one row refused by the API's rules refuses the file, saying which field; a good one registers all
    const bad = await browser.submit(one, url('/devices/import'), { file: `mac,model,claimCode\ne0:5a:1b:00:00:02,${'5'.repeat(101)},BOX-CODE-0002` })
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('The device e0:5a:1b:00:00:02 needs another look: model must not have more than 100 characters.')
    const noCode = await browser.submit(one, url('/devices/import'), { file: 'mac,model\ne0:5a:1b:00:00:02,58' })
    expect(noCode.status).toBe(400)
    expect(noCode.body).toContain('row 2: a claim code or a factory password is required')
    const imported = await landed(browser, await browser.submit(one, url('/devices/import'), { file: 'mac,model,claimCode\ne0:5a:1b:00:00:02,58,BOX-CODE-0002\ne0:5a:1b:00:00:01,26,BOX-CODE-0001\n' }))
    expect(imported.body).toContain('Imported: 1 registered, 1 updated, 0 refused.')
    expect(imported.body).toContain('Whisper Flex <span class="hint">26</span>')

    // a customer claims one: the brand sees the customer's tenant (no personal data), offline until it reports
    const customer = await t.app.services.tenants.create(OPERATOR, { name: 'Ana Home', parentTenantId: w.brandId })
    const owner = await createActor(t, { tenantId: customer.id, role: 'owner' })
    const claimed = await t.app.inject({ method: 'POST', url: `/tenants/${customer.id}/devices/claim`, headers: owner.headers, payload: { mac: 'e0:5a:1b:00:00:02', code: 'BOX-CODE-0002', name: 'Bedroom fan' } })
    expect(claimed.statusCode).toBe(201)
    const held = await browser.get(url('/devices'))
    expect(held.body).toMatch(new RegExp(`<code>e0:5a:1b:00:00:02</code></th><td>Whisper Flex 2 <span class="hint">58</span></td>\\s*<td>by customer tenant #${customer.id}</td><td><span class="badge">offline</span></td><td>-</td>`))
    expect(held.body).not.toContain(owner.user.email)

    // the device connects and reports: online, with its last report; gone, it is offline again
    const sensorId = (claimed.json() as { id: number }).id
    const creds = (await t.app.inject({ method: 'POST', url: `/tenants/${customer.id}/sensors/${sensorId}/credentials`, headers: owner.headers })).json() as { password: string }
    const sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl ?? '', deviceId: 'e0:5a:1b:00:00:02', password: creds.password, intervalMs: 60_000 })
    try {
      await sim.start()
      await expect.poll(async () => (await t.db.selectFrom('sensors').select('last_seen_at').where('id', '=', sensorId).executeTakeFirstOrThrow()).last_seen_at, { timeout: 10_000 }).not.toBeNull()
      const online = await browser.get(url('/devices'))
      expect(online.body).toMatch(new RegExp(`<code>e0:5a:1b:00:00:02</code></th>[\\s\\S]*?<td><span class="badge on">online</span></td><td>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC</td>`))
    } finally {
      await sim.stop()
    }
    await expect.poll(async () => (await t.db.selectFrom('sensors').select('online').where('id', '=', sensorId).executeTakeFirstOrThrow()).online, { timeout: 10_000 }).toBe(false)
    expect((await browser.get(url('/devices'))).body).toMatch(/<code>e0:5a:1b:00:00:02<\/code><\/th>[\s\S]*?<td><span class="badge">offline<\/span><\/td><td>\d{4}-/)
    // past a hundred devices: a search by the start of a MAC, and the older ones a page on
    const fleet = Array.from({ length: 105 }, (_, i) => ({ mac: `e0:5a:1c:00:${Math.floor(i / 256).toString(16).padStart(2, '0')}:${(i % 256).toString(16).padStart(2, '0')}`, model: '58', claimCode: `FLEET-CODE-${i}` }))
    await t.app.services.devices.registry.registerMany(OPERATOR, w.brandId, fleet)
    const newest = await browser.get(url('/devices'))
    expect(newest.body).toContain('<code>e0:5a:1c:00:00:68</code>')
    expect(newest.body).not.toContain('<code>e0:5a:1b:00:00:01</code>')
    const older = /<a href="([^"]+)" rel="next">Older devices<\/a>/.exec(newest.body)?.[1]?.replaceAll('&amp;', '&') ?? ''
    expect(older).toMatch(/\/devices\?before=\d+$/)
    const rest = await browser.get(older)
    expect(rest.body).toContain('<code>e0:5a:1b:00:00:01</code>')
    expect(rest.body).not.toContain('rel="next"')
    const found = await browser.get(url('/devices?mac=E0:5A:1B'))
    expect(found.body).toContain('<code>e0:5a:1b:00:00:02</code>')
    expect(found.body).not.toContain('<code>e0:5a:1c:00:00:00</code>')
    const audited = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', String(w.admin.user.id)).where('action', 'in', ['device.register', 'device.register.bulk']).execute()
    expect(audited.map((a) => a.action).sort()).toEqual(['device.register', 'device.register.bulk'])
  })
})

describe('the platform page', () => {
  it("reads through a service that refuses anyone but the platform's administrators", async () => {
    const { platform } = t.app.services.pages
    await expect(platform.inspect({ kind: 'user', userId: w.admin.user.id, homeTenantId: w.brandId, platformAdmin: false, clientId: null, sessionId: null, scopes: null })).rejects.toMatchObject({ statusCode: 403 })
    const status = await platform.inspect(OPERATOR)
    expect(status.tenants.map(({ tenant }) => tenant.id)).toEqual(expect.arrayContaining([w.brandId, w.otherId]))
    expect(status.keys.some((k) => k.state === 'signing')).toBe(true)
  })
})
