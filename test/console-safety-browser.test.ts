/// <reference lib="dom" />
/**
 * What the console promises about being safe and clear, as a person sees it in Chromium:
 * reloading after each form repeats none of them (a device command reaches the device once,
 * an app is registered once, its secret is shown once); deleting an app asks first; a bad
 * colour is named at its field with the typed value kept; a sign-in code the address may not
 * be sent now says so on the page; an owner made as README.md shows signs in at the brand's
 * /tenants/{id}/console; the console speaks the browser's language (and `ui_locales`); and a
 * console error page fits a 375 px phone without scrolling sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { DeviceSimulator, type AppliedCommand } from '../src/modules/devices/simulator.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { launchBrowser, unfold } from './browser.ts'
import { createFan, waitFor } from './device-helpers.ts'
import { consoleTestbed, newestMail, type ConsoleWorld, signInContext } from './console-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
let sim: DeviceSimulator | undefined

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed(['app.acme.example']))
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
}, 60_000)
afterAll(async () => {
  await sim?.stop().catch(() => undefined)
  await browser?.close()
  await t?.close()
})

/** The browser signed in as `actor` by a page session opened directly (the sign-in itself is tested below). */
async function actAs(actor: Actor): Promise<void> {
  await signInContext(t, context, base, actor)
}

const tenantUrl = (path = '') => `${base}/console/tenants/${w.brandId}${path}`
const auditCount = async (action: string) =>
  (await t.db.selectFrom('audit_log').select('id').where('action', '=', action).where('tenant_id', '=', w.brandId).execute()).length

/**
 * A form sent from the page as a person sends it, then the page reloaded: `count` (what the
 * form makes) grows by one with the form and not at all with the reload, and the reload
 * shows the page the form went on to, without its sentence.
 */
async function sentOnceThenReloaded(send: () => Promise<void>, said: string, count: () => Promise<number>): Promise<void> {
  const before = await count()
  await send()
  await expect(page.getByText(said).first().isVisible(), said).resolves.toBe(true)
  expect(await count(), said).toBe(before + 1)
  const landing = page.url()
  await page.reload()
  expect(page.url()).toBe(landing)
  await expect(page.getByText(said).count(), said).resolves.toBe(0)
  expect(await count(), said).toBe(before + 1)
}

describe('reloading after a console form', () => {
  it('repeats none of them: brand, emails, invitation, app, role and a device command each happen once', async () => {
    await actAs(w.admin)
    await page.goto(tenantUrl('/brand'))
    await sentOnceThenReloaded(async () => {
      await page.getByLabel('Name').fill('Acme Climate')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
    }, 'Saved: the hosted pages and emails wear this look from now on.', () => auditCount('tenant.update'))

    await page.goto(tenantUrl('/emails/passwordReset?locale=en'))
    await sentOnceThenReloaded(async () => {
      await page.getByLabel('Subject').fill('Reset for {{company.name}}')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
    }, 'Saved: the password reset email', () => auditCount('tenant.update'))
    const tests = async () => (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', w.admin.user.email).execute()).length
    await sentOnceThenReloaded(() => page.getByRole('button', { name: 'Send a test to me' }).click(), 'A test email is on its way', tests)

    const invited = uniqueEmail('reloaded')
    await page.goto(tenantUrl('/people'))
    await sentOnceThenReloaded(async () => {
      await page.getByLabel('Email address to invite').fill(invited)
      await page.getByRole('button', { name: 'Send invitation' }).click()
    }, `An invitation is on its way to ${invited}`, async () => (await t.db.selectFrom('invitations').select('id').where('email', '=', invited).execute()).length)

    const member = w.member
    await sentOnceThenReloaded(async () => {
      await page.getByLabel(`Role of ${member.user.email}`).selectOption('admin')
      await page.getByRole('row').filter({ hasText: member.user.email }).getByRole('button', { name: 'Change role' }).click()
    }, `${member.user.email} is now admin.`, () => auditCount('member.role.change'))

    await page.goto(tenantUrl('/apps'))
    const apps = (name: string) => async () => (await t.db.selectFrom('oauth_clients').select('id').where('name', '=', name).execute()).length
    await sentOnceThenReloaded(async () => {
      await unfold(page, 'details.register')
      await page.getByLabel('App name').fill('Acme Reloaded')
      await page.getByLabel('Redirect URIs', { exact: true }).fill('https://app.acme.example/callback')
      await page.getByRole('button', { name: 'Register app' }).click()
    }, 'Acme Reloaded is registered.', apps('Acme Reloaded'))

    // a device command: the simulated fan receives it once, and the audit log holds it once
    const fan = await createFan(t, w.brandId, w.admin)
    sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl ?? '', deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    await sim.start()
    await expect.poll(async () => (await t.db.selectFrom('sensors').select('online').where('id', '=', fan.sensorId).executeTakeFirstOrThrow()).online).toBe(true)
    let received = 0
    sim.on('command', () => (received += 1))
    const applied = waitFor<AppliedCommand>(sim, 'command', () => true, 5000)
    await page.goto(tenantUrl('/devices'))
    const commands = async () => (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'sensor.command').where('target_id', '=', String(fan.sensorId)).execute()).length
    await sentOnceThenReloaded(() => page.getByRole('button', { name: 'Turn on Fan' }).click(), '"tune set power 1" sent to Fan.', commands)
    expect(await applied).toMatchObject({ key: 'power', value: 1 })
    // the device had the time to receive a second one, had it been sent
    await page.goto(tenantUrl('/devices'))
    expect(received).toBe(1)
  })

  it("a confidential app's secret is shown once on a page of its own: a reload registers nothing and says it was shown", async () => {
    await actAs(w.admin)
    await page.goto(tenantUrl('/apps'))
    await unfold(page, 'details.register')
    await page.getByLabel('App name').fill('Acme Backend')
    await page.getByLabel('Redirect URIs', { exact: true }).fill('https://app.acme.example/backend')
    await page.getByRole('radio', { name: /^Confidential/ }).check({ timeout: 5000 })
    await page.getByRole('button', { name: 'Register app' }).click()
    await page.waitForURL(tenantUrl('/apps/secret'))
    await expect(page.getByText('Acme Backend is registered. Its secret is shown once: keep it now.').isVisible()).resolves.toBe(true)
    const secret = await page.getByLabel('Client secret').inputValue()
    expect(secret.length).toBeGreaterThan(30)
    // the secret is in no URL and in no cookie as written
    expect(page.url()).not.toContain(secret)
    expect((await context.cookies(base)).some((c) => c.value.includes(secret))).toBe(false)
    await page.reload()
    await expect(page.getByText('This secret was shown once already and is not shown again').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('Client secret').count()).resolves.toBe(0)
    expect(await page.content()).not.toContain(secret)
    expect(await t.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Acme Backend').execute()).toHaveLength(1)
  })
})

describe('a destructive action', () => {
  it('deleting an app asks first, on a page naming what happens; Cancel keeps it, the button deletes it once', async () => {
    await actAs(w.admin)
    const made = await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: w.admin.headers, payload: { name: 'Doomed App', redirectUris: ['https://app.acme.example/doomed'], public: true, tenantId: w.brandId } })
    expect(made.statusCode, made.body).toBe(201)
    const stored = async () => (await t.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Doomed App').execute()).length
    await page.goto(tenantUrl('/apps'))
    await page.getByRole('link', { name: 'Delete Doomed App' }).click()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Delete Doomed App?')
    await expect(page.getByText('Doomed App will be deleted: every person signed in through it is signed out at once').isVisible()).resolves.toBe(true)
    expect(await stored()).toBe(1)
    await page.getByRole('link', { name: 'Cancel' }).click()
    await page.waitForURL(tenantUrl('/apps'))
    expect(await stored()).toBe(1)
    await page.getByRole('link', { name: 'Delete Doomed App' }).click()
    await page.getByRole('button', { name: 'Delete Doomed App' }).click()
    await page.waitForURL(tenantUrl('/apps'))
    await expect(page.getByText('Doomed App is deleted and every session it opened is ended.').isVisible()).resolves.toBe(true)
    expect(await stored()).toBe(0)
    await page.reload()
    await expect(page.getByText('Doomed App is deleted').count()).resolves.toBe(0)
    expect(await auditCount('client.delete')).toBe(1)
  })
})

describe('a refused form', () => {
  it('a bad colour is named at its field in words, with the colour as it was typed', async () => {
    await actAs(w.admin)
    await page.goto(tenantUrl('/brand'))
    await page.getByLabel('Button colour').fill('#12345')
    await page.getByLabel('Name').fill('Acme Typed')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Nothing is saved yet: the fields marked below need another look.').isVisible()).resolves.toBe(true)
    const colour = page.getByLabel('Button colour')
    await expect(colour.inputValue()).resolves.toBe('#12345')
    await expect(colour.getAttribute('aria-invalid')).resolves.toBe('true')
    // the sentence is the field's description, as a screen reader announces it
    await expect(page.locator('#f-buttonColor-problem').textContent()).resolves.toBe('Button colour: use #RGB or #RRGGBB, like #0a7d3e, or leave it empty.')
    await expect(page.getByRole('textbox', { name: 'Button colour' }).evaluate((el) => el.getAttribute('aria-describedby'))).resolves.toContain('f-buttonColor-problem')
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Acme Typed')
    expect(await page.content()).not.toMatch(/must match|anyOf/)
    expect((await t.db.selectFrom('tenants').select('name').where('id', '=', w.brandId).executeTakeFirstOrThrow()).name).toBe('Acme Climate')
  })
})

describe('signing in to the console', () => {
  it("an owner made as README.md shows signs in at the brand's /tenants/{id}/console", async () => {
    const email = uniqueEmail('readme-owner')
    // what `trellis users create --email E --tenant T --role owner` calls
    await t.app.services.accounts.createUser(OPERATOR, { email, tenantId: w.brandId, role: 'owner' })
    await context.clearCookies()
    await page.goto(`${base}/tenants/${w.brandId}/console`)
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the email').fill((await newestMail(t, email)).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(tenantUrl())
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Acme Climate')
    await expect(page.getByText('You are owner in Acme Climate.').isVisible()).resolves.toBe(true)
  })

  it('a code the address may not be sent now says so on the page, not "Check your inbox"', async () => {
    const email = uniqueEmail('hurried')
    await t.app.services.accounts.createUser(OPERATOR, { email, tenantId: w.brandId, role: 'admin' })
    let headline = ''
    for (let i = 0; i < 4; i++) {
      await context.clearCookies()
      await page.goto(`${base}/tenants/${w.brandId}/console`)
      await page.getByLabel('Email address').fill(email)
      await page.getByRole('button', { name: 'Email me a code' }).click()
      headline = (await page.locator('main').textContent()) ?? ''
    }
    // one network's share of one address holds 3 (docs/security.md "Limits"): the fourth is told so
    expect(headline).toMatch(/This address has had its share of sign-in emails for now\. Use the newest code it received, or ask for a new one in \d+ minutes\./)
    expect(headline).not.toContain('Check your inbox')
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email)
  })
})

describe("the console's language", () => {
  it('follows Accept-Language (Dutch) and ui_locales (German)', async () => {
    await actAs(w.admin)
    const dutch = await context.newPage()
    // the browser's languages, as a Dutch browser sends them (the profile itself is English)
    await dutch.route(`${base}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'accept-language': 'nl-NL,nl;q=0.9' } }))
    await dutch.goto(tenantUrl('/people'))
    await expect(dutch.locator('html').getAttribute('lang')).resolves.toBe('nl')
    await expect(dutch.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Mensen')
    await expect(dutch.getByRole('link', { name: 'Apparaten' }).isVisible()).resolves.toBe(true)
    await expect(dutch.getByRole('button', { name: 'Uitnodiging sturen' }).isVisible()).resolves.toBe(true)
    // a form done says so in Dutch
    const email = uniqueEmail('nederlands')
    await dutch.getByLabel('E-mailadres om uit te nodigen').fill(email)
    await dutch.getByRole('button', { name: 'Uitnodiging sturen' }).click()
    await expect(dutch.getByText(`Er is een uitnodiging onderweg naar ${email}.`).isVisible()).resolves.toBe(true)
    // a refused field in Dutch
    await dutch.goto(tenantUrl('/brand'))
    await dutch.getByLabel('Knopkleur').fill('groen')
    await dutch.getByRole('button', { name: 'Opslaan', exact: true }).click()
    await expect(dutch.getByText('Knopkleur: gebruik #RGB of #RRGGBB, zoals #0a7d3e, of laat het leeg.').isVisible()).resolves.toBe(true)
    await expect(dutch.getByLabel('Knopkleur').inputValue()).resolves.toBe('groen')
    // ui_locales wins over the browser's languages
    await dutch.goto(tenantUrl('/apps?ui_locales=de'))
    await expect(dutch.locator('html').getAttribute('lang')).resolves.toBe('de')
    await expect(dutch.getByRole('heading', { name: 'Eine App registrieren' }).isVisible()).resolves.toBe(true)
    await dutch.close()
  })
})

describe('a console error page on a phone', () => {
  it('fits 375 px without scrolling sideways, in the console layout', async () => {
    await actAs(w.admin)
    const phone = await context.newPage()
    await phone.setViewportSize({ width: 375, height: 800 })
    const pages: [string, number, string][] = [
      [tenantUrl('/no-such-page-' + 'x'.repeat(120)), 404, 'Back to Acme Climate'],
      [tenantUrl(`/apps/${'unknown-client-'.repeat(6)}/delete`), 404, 'Back to Acme Climate'],
      [tenantUrl('/people/members/2147483647/remove'), 404, 'Back to Acme Climate'],
      [`${base}/console/tenants/${'9'.repeat(20)}/people`, 400, 'Back to the console'],
    ]
    for (const [url, status, back] of pages) {
      const answer = await phone.goto(url)
      expect(answer?.status(), url).toBe(status)
      await expect(phone.getByRole('link', { name: back }).isVisible(), url).resolves.toBe(true)
      const width = await phone.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity)
      expect(width, url).toBeLessThanOrEqual(375)
    }
    await phone.close()
  })
})
