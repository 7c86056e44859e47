/**
 * The console's newer pages in Chromium, each checked by axe-core (WCAG A and AA, contrast
 * included): a brand's passkeys page, an app's page with its quick start, the devices page with
 * its register and import forms open, the sign-in providers page, and, for a platform administrator, the tenant picker and
 * the platform page with their search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import type { Actor, TestApp } from './helpers.ts'
import { axeCheck, launchBrowser } from './browser.ts'
import { consoleTestbed, type ConsoleWorld, signInContext } from './console-helpers.ts'
import { registerDevice } from './device-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
let clientId: string

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed(['srv.acme.example']))
  const { client } = await t.app.services.clients.create(OPERATOR, { name: 'Acme Web', redirectUris: ['https://srv.acme.example/cb'], public: false, scopes: ['account'], tenantId: w.brandId })
  clientId = client.client_id
  await registerDevice(t, undefined, w.brandId)
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await t?.close()
})

async function actAs(actor: Actor): Promise<void> {
  await signInContext(t, context, base, actor)
}

async function accessible(path: string, heading: string): Promise<void> {
  await page.goto(`${base}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  // what a details element holds is checked open, as a person who opens it meets it
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')))
  const { violations, passed } = await axeCheck(page)
  expect(violations, path).toEqual([])
  expect(passed, path).toEqual(expect.arrayContaining(['color-contrast']))
}

describe('the newer console pages', () => {
  it("a brand admin's passkeys, app and devices pages have no accessibility violation", async () => {
    await actAs(w.admin)
    await accessible(`/console/tenants/${w.brandId}/passkeys`, 'Passkeys')
    await accessible(`/console/tenants/${w.brandId}/providers`, 'Sign-in providers')
    await accessible(`/console/tenants/${w.brandId}/apps/${clientId}`, 'Acme Web')
    await accessible(`/console/tenants/${w.brandId}/apps`, 'Apps')
    await accessible(`/console/tenants/${w.brandId}/devices`, 'Devices')
  }, 90_000)

  it("a platform administrator's picker and platform page, with their search, have none either", async () => {
    await actAs(w.platformAdmin)
    await accessible('/console?q=acme', 'Your tenants')
    await accessible('/console/platform', 'Platform')
    await accessible('/console/platform/providers', 'Sign-in providers for every brand')
  }, 60_000)
})
