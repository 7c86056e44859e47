/// <reference lib="dom" />
/**
 * The console's webhooks page as a brand's admin uses it in Chromium: they add an endpoint
 * pointing at a real HTTP receiver, see its signing secret once (a reload does not show it
 * again), send it a test event, and the receiver verifies the message with the
 * `standardwebhooks` package's Webhook.verify and the secret the page showed; the endpoint's
 * delivery log then shows it delivered. axe-core finds no WCAG A/AA violation on either page,
 * and the pages' Content-Security-Policy refuses nothing they use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { listeningTestApp, type TestApp } from './helpers.ts'
import { axeCheck, launchBrowser } from './browser.ts'
import { consoleWorld, type ConsoleWorld } from './console-helpers.ts'
import { Receiver } from './webhook-receiver.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let receiver: Receiver
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
const cspErrors: string[] = []

beforeAll(async () => {
  // the receiver listens on loopback, a target only an operator's configuration allows
  const listening = await listeningTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
  t = listening
  base = listening.base
  w = await consoleWorld(t)
  receiver = new Receiver(t.clock)
  await receiver.start()
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
}, 60_000)
/** axe-core in the page, evaluated by the driver (the page's CSP stays as it is): no WCAG A/AA violation. */
async function accessible(name: string, checked: string[] = ['color-contrast', 'label']): Promise<void> {
  const { violations, passed } = await axeCheck(page)
  expect(violations, name).toEqual([])
  // axe did look: what the page holds (its labels and contrast, its buttons' names) was checked, not skipped
  expect(passed, name).toEqual(expect.arrayContaining(checked))
}

afterAll(async () => {
  await browser?.close()
  await t?.close()
  await receiver?.close()
})

describe('the webhooks page in a browser', () => {
  it('adds an endpoint, shows its secret once, sends a test event the receiver verifies, and logs it delivered', async () => {
    const { cookie } = await t.app.services.pages.sessions.create(w.admin.user.id, null)
    await context.addCookies([{ name: 'trellis_session', value: cookie, url: base, httpOnly: true, sameSite: 'Lax' }])
    await page.goto(`${base}/console/tenants/${w.brandId}`)
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Webhooks')

    await accessible('the webhooks page')
    const target = receiver.url('/trellis')
    await page.getByLabel('URL', { exact: true }).fill(target)
    await page.getByLabel('user.created').check()
    await page.getByLabel('device.claimed').check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByText(`The endpoint ${target} is added. Its signing secret is shown once: keep it now.`).isVisible()).resolves.toBe(true)
    const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue()
    expect(secret).toMatch(/^whsec_/)
    // a reload repeats the page, not the form: the secret is not shown again, and no second endpoint is made
    await page.reload()
    await expect(page.getByText('This secret was shown once already and is not shown again.').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('Signing secret', { exact: true }).count()).resolves.toBe(0)
    expect(await page.content()).not.toContain(secret)
    await expect(page.getByRole('row').filter({ hasText: target }).count()).resolves.toBe(1)
    await expect(page.getByRole('row').filter({ hasText: target }).textContent()).resolves.toContain('device.claimed, user.created')

    await page.getByRole('button', { name: `Send a test event to ${target}` }).click()
    await expect(page.getByText(`A test event is on its way to ${target}`).isVisible()).resolves.toBe(true)
    expect(page.url()).toMatch(/\/webhooks\/\d+$/)
    // the receiver checks each message with Webhook.verify and the secret the page showed
    receiver.secrets.set('/trellis', [secret])
    while ((await t.app.services.webhooks.deliverDue()) > 0) {
      // each pass is one claim of the worker
    }
    expect(receiver.at('/trellis')).toMatchObject([{ verifiedBy: [0], status: 200, message: { type: 'webhook.test', tenantId: w.brandId } }])
    await page.reload()
    const row = page.getByRole('row').filter({ hasText: 'webhook.test' })
    await expect(row.textContent()).resolves.toMatch(/webhook\.test\s*delivered\s*1\s*200/)
    await accessible('the delivery log', ['button-name', 'td-headers-attr', 'th-has-data-cells'])
    await page.goto(`${base}/console/tenants/${w.brandId}/webhooks`)
    await accessible('the webhooks page with an endpoint')
    expect(cspErrors).toEqual([])
  })
})
