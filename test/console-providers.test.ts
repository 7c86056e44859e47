/**
 * The console's sign-in providers page over real HTTP: a brand's admin adds an Apple-like and a
 * Google-like provider (real oidc-provider instances, test/oidc-upstream.ts) with the fields each
 * needs, tests one (discovery and keys fetched now), turns it off and on, and deletes it after a
 * page that asks; the secret and the key never come back in a page. A member sees no forms and is
 * refused; a customer's tenant has no such section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, listeningTestApp, type TestApp } from './helpers.ts'
import { consoleWorld, csrfOf, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import { startUpstream, type Upstream } from './oidc-upstream.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let google: Upstream
let apple: Upstream

beforeAll(async () => {
  const listening = await listeningTestApp({ UPSTREAM_ALLOW_PRIVATE_ISSUERS: 'true' })
  t = listening
  base = listening.base
  w = await consoleWorld(t)
  google = await startUpstream('google', `${base}/auth/upstream/callback`)
  apple = await startUpstream('apple', `${base}/auth/upstream/callback`)
}, 60_000)
afterAll(async () => {
  await google?.close()
  await apple?.close()
  await t?.close()
})

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`

describe('the sign-in providers page', () => {
  it("a brand's admin adds Google and Apple, tests one, turns it off and on, and deletes it", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/providers'))
    expect(page.status).toBe(200)
    expect(page.body).toContain('No sign-in providers for Acme Climate yet.')
    expect(page.body).toContain(`<code class="wrap">${base}/auth/upstream/callback</code>`)

    // a form without what its kind needs is refused, naming the field
    const keyless = await browser.submit(page, url('/providers'), { kind: 'apple', clientId: apple.clientId, teamId: apple.apple?.teamId ?? '', keyId: apple.apple?.keyId ?? '', privateKey: '' })
    expect(keyless.status).toBe(400)
    expect(keyless.body).toContain('privateKey')

    const withGoogle = await landed(browser, await browser.submit(page, url('/providers'), { kind: 'google', issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret }))
    expect(withGoogle.body).toContain('Google is added: its button is on the sign-in page.')
    const withApple = await landed(browser, await browser.submit(withGoogle, url('/providers'), { kind: 'apple', issuer: apple.issuer, clientId: apple.clientId, teamId: apple.apple?.teamId ?? '', keyId: apple.apple?.keyId ?? '', privateKey: apple.apple?.privateKey ?? '' }))
    expect(withApple.body).toContain('Apple is added')
    expect(withApple.body).not.toContain(google.clientSecret)
    expect(withApple.body).not.toContain('PRIVATE KEY')

    const listed = (await t.app.inject({ method: 'GET', url: `/tenants/${w.brandId}/v4/connections`, headers: w.admin.headers })).json() as { id: number; kind: string; hasSecret: boolean }[] | { connections: { id: number; kind: string; hasSecret: boolean }[] }
    const connections = Array.isArray(listed) ? listed : listed.connections
    expect(connections.map((c) => [c.kind, c.hasSecret]).sort()).toEqual([['apple', true], ['google', true]])
    const googleId = connections.find((c) => c.kind === 'google')?.id ?? 0

    const tested = await landed(browser, await browser.submit(withApple, url(`/providers/${googleId}/test`)))
    expect(tested.body).toContain(`The provider answers: issuer ${google.issuer}`)
    const off = await landed(browser, await browser.submit(tested, url(`/providers/${googleId}/enabled`), { enabled: 'false' }))
    expect(off.body).toContain('Google is off: its button is gone.')
    const on = await landed(browser, await browser.submit(off, url(`/providers/${googleId}/enabled`), { enabled: 'true' }))
    expect(on.body).toContain('Google is on.')
    const asked = await browser.get(url(`/providers/${googleId}/delete`))
    expect(asked.body).toContain('Google will be deleted')
    const deleted = await landed(browser, await browser.submit(asked, url(`/providers/${googleId}/delete`)))
    expect(deleted.body).toContain('Google is deleted.')
    const audited = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', String(w.admin.user.id)).where('action', 'like', 'connection.%').execute()
    expect(audited.length).toBeGreaterThanOrEqual(4)
  })

  it("a member sees no forms and is refused; a customer's tenant has no providers section", async () => {
    const member = await signedInBrowser(t, base, w.member)
    const page = await member.get(url('/providers'))
    expect(page.body).toContain('The sign-in providers of Acme Climate are managed by its admins.')
    expect((await member.request('POST', url('/providers'), { _csrf: csrfOf(page.body), kind: 'google', clientId: 'x', clientSecret: 'y' })).status).toBe(403)
    const customer = await t.app.services.tenants.create(OPERATOR, { name: 'Customer Home', parentTenantId: w.brandId })
    const owner = await createActor(t, { tenantId: customer.id, role: 'owner' })
    const own = await signedInBrowser(t, base, owner)
    expect((await own.get(url('/providers', customer.id))).body).toContain('Sign-in providers belong to a brand: Customer Home is not one.')
  })

  it("a platform administrator adds a provider for every brand on the platform's page; a brand's admin is refused", async () => {
    const platform = await signedInBrowser(t, base, w.platformAdmin)
    const home = await platform.get('/console/platform')
    expect(home.body).toContain('<a href="/console/platform/providers">Sign-in providers for every brand</a>')
    const page = await platform.get('/console/platform/providers')
    expect(page.status).toBe(200)
    expect(page.body).toContain('The platform offers no sign-in providers of its own.')
    const added = await platform.submit(page, '/console/platform/providers', { kind: 'google', issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret })
    expect(added.status).toBe(303)
    expect(added.location).toBe('/console/platform/providers')
    const listed = await platform.get('/console/platform/providers')
    expect(listed.body).toContain('Google is added: its button is on the sign-in page.')
    expect(listed.body).not.toContain(google.clientSecret)
    const own = (await t.app.inject({ method: 'GET', url: '/v4/connections', headers: w.platformAdmin.headers })).json() as { id: number; tenantId: number | null }[] | { connections: { id: number; tenantId: number | null }[] }
    const platformOwn = Array.isArray(own) ? own : own.connections
    expect(platformOwn.map((c) => c.tenantId)).toEqual([null])
    const id = platformOwn[0]?.id ?? 0
    const tested = await platform.submit(listed, `/console/platform/providers/${id}/test`)
    expect((await platform.get(tested.location ?? '')).body).toContain(`The provider answers: issuer ${google.issuer}`)
    const asked = await platform.get(`/console/platform/providers/${id}/delete`)
    expect(asked.body).toContain('Google will be deleted')
    const deleted = await platform.submit(asked, `/console/platform/providers/${id}/delete`)
    expect((await platform.get(deleted.location ?? '')).body).toContain('Google is deleted.')

    const admin = await signedInBrowser(t, base, w.admin)
    expect((await admin.get('/console/platform/providers')).status).toBe(403)
    const forged = await admin.request('POST', '/console/platform/providers', { _csrf: csrfOf((await admin.get(url('/providers'))).body), kind: 'google', issuer: google.issuer, clientId: 'x', clientSecret: 'y' })
    expect(forged.status).toBe(403)
  })
})
