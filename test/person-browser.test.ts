/// <reference lib="dom" />
/**
 * A person's page in Chromium, as a brand's support desk uses it: find a customer by address,
 * open their page (their device and session are there), block them (their token and refresh
 * stop at once), see the refused attempt in the sign-in log with its reason, unblock them (they
 * sign in again), and find another customer's code held back by the mail limit. axe-core checks
 * both pages (WCAG 2.1 A and AA): no violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { uniqueEmail, type TestApp } from './helpers.ts'
import { axeCheck, launchBrowser, snapshot } from './browser.ts'
import { consoleTestbed, type ConsoleWorld, signInContext } from './console-helpers.ts'
import { CLAIM_CODE, registerDevice, uniqueMac } from './device-helpers.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await t?.close()
})

async function accessible(name: string): Promise<void> {
  const { violations, passed } = await axeCheck(page)
  expect(violations, name).toEqual([])
  expect(passed, name).toEqual(expect.arrayContaining(['color-contrast']))
  await snapshot(page, `console-${name}`)
}

describe("a brand's support desk", () => {
  it('finds a customer, sees their device and session, blocks them, and finds the refusal in the sign-in log', async () => {
    const client = await createClient(t.app, { tenantId: w.brandId })
    const email = uniqueEmail('desk')
    const pair = pkcePair()
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: w.brandId, ip: '198.51.100.23' })
    const signedIn = await exchange(t.app, { grant_type: 'authorization_code', code: await latestCode(t, email), code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, '198.51.100.23')
    const tokens = signedIn.json() as { access_token: string; refresh_token: string }
    const bearer = { authorization: `Bearer ${tokens.access_token}` }
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers: bearer })).json() as { user: { tenants: { id: number; role: string }[] } }
    const home = me.user.tenants.find((x) => x.role === 'owner')?.id ?? 0
    const mac = uniqueMac()
    await registerDevice(t, mac, w.brandId)
    await t.app.services.devices.registry.claim(OPERATOR, home, { mac, code: CLAIM_CODE, name: 'Bedroom fan' })

    await signInContext(t, context, base, w.admin)
    await page.goto(`${base}/console/tenants/${w.brandId}/customers`)
    await page.getByLabel('Address starts with').fill(email.slice(0, 10))
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: email }).click()
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe(email)
    await expect.poll(() => page.getByText('Bedroom fan').count()).toBe(1)
    await expect.poll(() => page.getByText('198.51.100.0/24').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('button', { name: /^End the session opened/ }).count()).toBe(1)
    await accessible('person')

    await page.getByRole('button', { name: `Block ${email}` }).click()
    await expect.poll(() => page.getByText(`${email} is blocked`).count()).toBe(1)
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers: bearer })).statusCode).toBe(401)
    const refresh = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.clientId })
    expect(refresh.statusCode).toBe(400)
    await accessible('person-blocked')

    await page.getByRole('link', { name: `Sign-ins of ${email}` }).click()
    await expect.poll(() => page.getByRole('cell', { name: 'refused: blocked' }).count()).toBe(1)
    await expect.poll(() => page.getByRole('cell', { name: 'signed in' }).count()).toBe(1)
    await accessible('sign-ins')

    // unblocked, the person signs in again
    await page.goBack()
    await page.getByRole('button', { name: `Unblock ${email}` }).click()
    await expect.poll(() => page.getByRole('button', { name: `Block ${email}` }).count()).toBe(1)
    const again = pkcePair()
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: again.challenge, tenantId: w.brandId, ip: '198.51.100.23' })
    const back = await exchange(t.app, { grant_type: 'authorization_code', code: await latestCode(t, email), code_verifier: again.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, '198.51.100.23')
    expect(back.statusCode).toBe(200)

    // another customer asks for codes past the mail limit: the log says the code was held back, and by which limit
    const held = uniqueEmail('held')
    for (let i = 0; i < 4; i++) await requestCode(t.app, { email: held, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId: w.brandId, ip: '203.0.113.77' })
    await mailSettled(t.app)
    await page.goto(`${base}/console/tenants/${w.brandId}/sign-ins`)
    await page.getByLabel('Address starts with').fill(held)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByRole('cell', { name: /^code held back by a mail limit \(this network's share of the address\)$/ }).count()).toBeGreaterThan(0)
    await accessible('sign-ins-held-back')
  }, 90_000)
})
