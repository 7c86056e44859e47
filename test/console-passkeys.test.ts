/**
 * The console's passkeys page over real HTTP (docs/console.md, docs/api.md "Passkeys"): a
 * brand's admin chooses how the brand offers passkeys, registers an Apple and an Android app
 * (which the association files then list), is told what a form refused, and removes an app.
 * A member sees no forms and is refused; a customer's tenant has no passkeys section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, listeningTestApp, type TestApp } from './helpers.ts'
import { consoleWorld, csrfOf, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  w = await consoleWorld(t)
})
afterAll(async () => t?.close())

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i + 16).toString(16).toUpperCase()).join(':')

describe('the passkeys page', () => {
  it("a brand's admin chooses the mode, registers an Apple and an Android app, and removes one", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/passkeys'))
    expect(page.status).toBe(200)
    expect(page.body).toContain(`href="${url('/passkeys')}" aria-current="page">Passkeys</a>`)
    expect(page.body).toMatch(/<input type="radio" name="mode" value="offered" checked>/)
    expect(page.body).toContain('No native apps for Acme Climate yet.')

    const suggested = await landed(browser, await browser.submit(page, url('/passkeys/mode'), { mode: 'suggested' }))
    expect(suggested.body).toContain('Saved: how people sign in with passkeys.')
    expect(suggested.body).toMatch(/<input type="radio" name="mode" value="suggested" checked>/)
    const policy = await t.app.inject({ method: 'GET', url: `/tenants/${w.brandId}/passkeyPolicy`, headers: w.admin.headers })
    expect(policy.json()).toEqual({ mode: 'suggested' })

    const apple = await landed(browser, await browser.submit(suggested, url('/passkeys/apps'), { platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.acme.climate' }))
    expect(apple.body).toContain('Added: ABCDE12345.com.acme.climate.')
    const badAndroid = await browser.submit(apple, url('/passkeys/apps'), { platform: 'android', packageName: 'com.acme.climate', fingerprints: 'not a fingerprint' })
    expect(badAndroid.status).toBe(400)
    expect(badAndroid.body).toContain('sha256Fingerprints.0')
    const android = await landed(browser, await browser.submit(apple, url('/passkeys/apps'), { platform: 'android', packageName: 'com.acme.climate', fingerprints: `${FINGERPRINT}\n` }))
    expect(android.body).toContain('Added: com.acme.climate.')
    expect(android.body).toContain(`<code class="wrap">${FINGERPRINT}</code>`)

    const association = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' })
    expect(association.json()).toEqual({ webcredentials: { apps: ['ABCDE12345.com.acme.climate'] } })
    const links = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' })
    expect(links.json()).toMatchObject([{ target: { package_name: 'com.acme.climate', sha256_cert_fingerprints: [FINGERPRINT] } }])

    const apps = (await t.app.inject({ method: 'GET', url: `/tenants/${w.brandId}/nativeApps`, headers: w.admin.headers })).json() as { nativeApps: { id: number; platform: string }[] }
    const appleId = apps.nativeApps.find((a) => a.platform === 'apple')?.id
    const removed = await landed(browser, await browser.submit(android, url(`/passkeys/apps/${appleId}/delete`)))
    expect(removed.body).toContain('The app is removed.')
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' })).json()).toEqual({ webcredentials: { apps: [] } })
    const audited = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', String(w.admin.user.id)).where('action', 'in', ['passkeys.mode', 'nativeApp.add', 'nativeApp.delete']).execute()
    expect(audited.map((a) => a.action).sort()).toEqual(['nativeApp.add', 'nativeApp.add', 'nativeApp.delete', 'passkeys.mode'])
  })

  it("a member sees no forms and is refused; a customer's tenant has no passkeys section", async () => {
    const browser = await signedInBrowser(t, base, w.member)
    const page = await browser.get(url('/passkeys'))
    expect(page.body).toContain('How Acme Climate offers passkeys is chosen by its admins.')
    expect(page.body).not.toContain('name="mode"')
    const refused = await browser.request('POST', url('/passkeys/mode'), { _csrf: csrfOf(page.body), mode: 'off' })
    expect(refused.status).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${w.brandId}/passkeyPolicy`, headers: w.admin.headers })).json()).toEqual({ mode: 'suggested' })

    const customer = await t.app.services.tenants.create(OPERATOR, { name: 'Customer Home', parentTenantId: w.brandId })
    const owner = await createActor(t, { tenantId: customer.id, role: 'owner' })
    const own = await signedInBrowser(t, base, owner)
    const home = await own.get(url('', customer.id))
    expect(home.body).not.toContain(`href="${url('/passkeys', customer.id)}"`)
    expect((await own.get(url('/passkeys', customer.id))).body).toContain('Passkeys are set up per brand: Customer Home is not one.')
  })
})
