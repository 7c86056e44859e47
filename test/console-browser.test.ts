/// <reference lib="dom" />
/**
 * The console as a brand admin uses it, in Chromium: sign in through the brand's hosted
 * login, change the password-reset subject in Dutch and watch the preview follow before
 * saving, save, send a test and read it; invite a member who accepts; register a public app
 * and copy its id; a simulated fan shows online and is turned on from the console; change an
 * email by keyboard alone; a member sees the pages read-only; the admin finds it all in the
 * audit log. axe-core checks every page (labels, keyboard, contrast AA), and each is
 * photographed at 375 and 1280 px into test-artifacts/ and attached to its test.
 */
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { DeviceSimulator, type AppliedCommand } from '../src/modules/devices/simulator.ts'
import { uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { axeCheck, launchBrowser, snapshot, unfold } from './browser.ts'
import { createFan, waitFor } from './device-helpers.ts'
import { PageClient } from './page-client.ts'
import { consoleTestbed, newestMail, type ConsoleWorld, signInContext } from './console-helpers.ts'


let t: TestApp
let base: string
let w: ConsoleWorld
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
let sim: DeviceSimulator | undefined
let fan: { sensorId: number; mac: string; password: string }
const cspErrors: string[] = []

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed(['app.acme.example']))
  fan = await createFan(t, w.brandId, w.admin)
  browser = await launchBrowser()
  context = browser.context
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
}, 60_000)
afterAll(async () => {
  await sim?.stop().catch(() => undefined)
  await browser?.close()
  await t?.close()
})

/** axe-core in the page (evaluated by the driver, so the page's CSP stays as it is): no WCAG A/AA violation. */
async function accessible(name: string): Promise<void> {
  const { violations, passed } = await axeCheck(page)
  expect(violations, name).toEqual([])
  // axe did look: labels and contrast were checked, not skipped
  expect(passed, name).toEqual(expect.arrayContaining(['color-contrast']))
  await snapshot(page, `console-${name}`)
}

/** The browser signed in as `actor` by a page session opened directly (the sign-in itself is tested once, below). */
async function actAs(actor: Actor): Promise<void> {
  await signInContext(t, context, base, actor)
}

const tenantUrl = (path = '') => `${base}/console/tenants/${w.brandId}${path}`

describe('a brand admin', () => {
  it("signs in through the brand's hosted login and lands on the brand's overview", async ({ task }) => {
    await page.goto(`${base}/tenants/${w.brandId}/console`)
    await page.getByLabel('Email address').fill(w.admin.user.email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the email').fill((await newestMail(t, w.admin.user.email)).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(tenantUrl())
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Acme Climate')
    await accessible('overview')
    // the screenshots are attached to this test, not only written to disk
    const shots = task.annotations.filter((a) => a.type === 'screenshot').map((a) => a.message)
    expect(shots).toEqual(['screenshot console-overview at 375 px', 'screenshot console-overview at 1280 px'])
    expect(task.meta.screenshots).toEqual(['test-artifacts/console-overview-375.png', 'test-artifacts/console-overview-1280.png'])
    expect(task.annotations.every((a) => a.attachment?.contentType === 'image/png' && existsSync(a.attachment.path ?? ''))).toBe(true)
  })

  it('changes the password-reset subject in Dutch, sees the preview follow before saving, saves, and gets the test email', async () => {
    await page.goto(tenantUrl('/emails/passwordReset'))
    await accessible('email-editor')
    await page.getByRole('link', { name: 'Nederlands' }).click()
    await page.waitForURL(tenantUrl('/emails/passwordReset?locale=nl'))
    // the preview is in Dutch before anything is typed: the platform's Dutch default subject
    await expect(page.locator('#preview-subject').textContent()).resolves.not.toMatch(/reset your password/i)
    const dutchDefault = await page.locator('#preview-subject').textContent()
    const subject = 'Stel je wachtwoord opnieuw in voor {{company.name}}'
    await page.getByLabel('Subject').fill(subject)
    await expect.poll(() => page.locator('#preview-subject').textContent()).toBe('Stel je wachtwoord opnieuw in voor Acme Climate')
    await page.getByLabel('Title').fill('Nieuw wachtwoord')
    await expect.poll(() => page.frameLocator('#email-preview').locator('body').textContent()).toContain('Nieuw wachtwoord')
    // nothing is saved yet
    const before = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(before.email_config.emailTypeConfig?.passwordReset).toBeUndefined()
    // an unknown placeholder is marked as it is typed
    await page.getByLabel('Footer').fill('Groeten {{company.nam}}')
    await expect.poll(() => page.getByLabel('Footer').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Footer').fill('')
    await expect.poll(() => page.getByLabel('Footer').getAttribute('aria-invalid')).toBe('false')

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved' }).isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Send a test to me' }).click()
    await expect(page.getByText(`A test email is on its way to ${w.admin.user.email}`).isVisible()).resolves.toBe(true)
    const mail = await newestMail(t, w.admin.user.email)
    expect(mail.type).toBe('passwordReset')
    expect(mail.subject).toBe('Stel je wachtwoord opnieuw in voor Acme Climate')
    expect(mail.html).toContain('Nieuw wachtwoord')
    expect(mail.html).toContain('lang="nl"')
    // and read where a developer reads it: the dev mailbox
    const mailbox = await context.newPage()
    await mailbox.goto(`${base}/dev/mailbox`)
    await mailbox.getByText('Stel je wachtwoord opnieuw in voor Acme Climate').first().waitFor()
    await mailbox.close()
    // saved as the Dutch text only: the English email keeps its default
    const after = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(after.email_config.emailTypeConfig?.passwordReset?.subject).toEqual({ nl: subject })
    expect(dutchDefault).not.toBe('Stel je wachtwoord opnieuw in voor Acme Climate')
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(tenantUrl('/emails/passwordReset?locale=en'))
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('')
    // the save is a version, with a restore button
    await expect(page.getByRole('button', { name: 'Restore version 1' }).isVisible()).resolves.toBe(true)
    await accessible('email-versions')
  })

  it('previews the brand look as it is typed', async () => {
    await page.goto(tenantUrl('/brand'))
    await accessible('brand')
    await page.getByLabel('Name').fill('Acme Cooling')
    await expect.poll(() => page.frameLocator('#brand-preview').locator('.wordmark').textContent()).toBe('Acme Cooling')
  })

  it('invites a member, who accepts on the hosted invitation page', async () => {
    await page.goto(tenantUrl('/people'))
    const email = uniqueEmail('invitee')
    await page.getByLabel('Email address to invite').fill(email)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`An invitation is on its way to ${email}`).isVisible()).resolves.toBe(true)
    await accessible('people')

    const link = (await newestMail(t, email)).links.find((l) => l.includes('/invitations/accept?token=')) ?? ''
    const invitee = new PageClient(base)
    const offer = await invitee.get(link)
    const inbox = await invitee.submit(offer, '/invitations/accept/signin')
    const signedIn = await invitee.submit(inbox, '/auth/oauth2/authorize/code', { code: (await newestMail(t, email)).code ?? '' })
    const back = await invitee.get(signedIn.location ?? '')
    const accepted = await invitee.submit(back, '/invitations/accept/confirm')
    expect(accepted.status).toBe(200)

    await page.reload()
    await expect(page.getByRole('rowheader').filter({ hasText: email }).isVisible()).resolves.toBe(true)
  })

  it('sees the simulated fan online and turns it on from the console', async () => {
    await actAs(w.admin)
    sim = new DeviceSimulator({ url: t.app.services.devices.mqttUrl ?? '', deviceId: fan.mac, password: fan.password, intervalMs: 60_000 })
    await sim.start()
    await expect.poll(async () => (await t.db.selectFrom('sensors').select('online').where('id', '=', fan.sensorId).executeTakeFirstOrThrow()).online).toBe(true)
    await page.goto(tenantUrl('/devices'))
    await expect(page.getByText('1 devices, 1 online now, 1 claimed.').isVisible()).resolves.toBe(true)
    await accessible('devices')
    const applied = waitFor<AppliedCommand>(sim, 'command', () => true, 5000)
    let received = 0
    sim.on('command', () => (received += 1))
    await page.getByRole('button', { name: 'Turn on Fan' }).click()
    await expect(page.getByText('"tune set power 1" sent to Fan.').isVisible()).resolves.toBe(true)
    expect(await applied).toEqual({ text: 'tune set power 1', key: 'power', value: 1 })
    expect(sim.state.power).toBe(1)
    // the form answered with a redirect: a reload reads the devices page again and sends nothing
    expect(new URL(page.url()).pathname).toBe(`/console/tenants/${w.brandId}/devices`)
    await page.reload()
    await expect(page.getByText('"tune set power 1" sent to Fan.').count()).resolves.toBe(0)
    const sent = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'sensor.command').where('target_id', '=', String(fan.sensorId)).execute()
    expect(sent).toHaveLength(1)
    expect(received).toBe(1)
  })

  it('registers a public app for the brand and copies its id', async () => {
    await actAs(w.admin)
    await page.goto(tenantUrl('/apps'))
    await unfold(page, 'details.register')
    await page.getByLabel('App name').fill('Acme Home')
    await page.getByLabel('Redirect URIs', { exact: true }).fill('https://app.acme.example/callback')
    await page.getByRole('button', { name: 'Register app' }).click()
    await expect(page.getByText('Acme Home is registered.').isVisible()).resolves.toBe(true)
    await accessible('apps')
    const stored = await t.db.selectFrom('oauth_clients').select(['client_id', 'is_public', 'tenant_id']).where('name', '=', 'Acme Home').executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ is_public: true, tenant_id: w.brandId })
    await page.getByRole('button', { name: 'Copy client id' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.client_id)
  })

  it('changes an email subject by keyboard alone: skip link, Tab to the field, type, Tab to Save, Enter', async () => {
    await page.goto(tenantUrl('/emails/passwordResetSuccess?locale=en'))
    const focused = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      const style = el ? getComputedStyle(el) : null
      const box = el?.getBoundingClientRect()
      return {
        tag: el?.tagName ?? '',
        name: el?.getAttribute('name') ?? '',
        text: el?.textContent?.trim() ?? '',
        outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
        onScreen: !!box && box.right > 0 && box.width > 0,
        inMain: !!el?.closest('main'),
      }
    })
    await page.keyboard.press('Tab')
    await expect(focused()).resolves.toMatchObject({ tag: 'A', text: 'Skip to content', onScreen: true })
    await page.keyboard.press('Enter')
    await page.waitForURL(/#main$/)
    // the skip link moved the keyboard past the navigation: the next Tab lands in the main content
    await page.keyboard.press('Tab')
    expect((await focused()).inMain).toBe(true)
    const tabTo = async (match: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
      for (let i = 0; i < 60; i += 1) {
        const now = await focused()
        if (match(now)) return now
        await page.keyboard.press('Tab')
      }
      throw new Error('not reached by Tab')
    }
    const subject = await tabTo((f) => f.name === 'subject')
    // focus is visible: the outline of :focus-visible
    expect(subject.outline).toMatch(/^solid [1-9]/)
    await page.keyboard.type('Typed by keyboard')
    const save = await tabTo((f) => f.tag === 'BUTTON' && f.text === 'Save')
    expect(save.outline).toMatch(/^solid [1-9]/)
    await page.keyboard.press('Enter')
    // a key press does not wait for the page it submits, as a click does: wait for the answer
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    const stored = await t.db.selectFrom('tenants').select('email_config').where('id', '=', w.brandId).executeTakeFirstOrThrow()
    expect(stored.email_config.emailTypeConfig?.passwordResetSuccess?.subject).toBe('Typed by keyboard')
  })
})

describe('a member', () => {
  it('sees brand settings read-only and no admin forms, on accessible pages', async () => {
    await actAs(w.member)
    await page.goto(tenantUrl('/brand'))
    await expect(page.getByLabel('Name').getAttribute('readonly')).resolves.toBe('')
    await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0)
    await accessible('brand-member')
    await page.goto(tenantUrl('/apps'))
    await expect(page.getByRole('button', { name: 'Register app' }).count()).resolves.toBe(0)
    await page.goto(tenantUrl('/people'))
    await expect(page.getByRole('button', { name: 'Send invitation' }).count()).resolves.toBe(0)
    expect(cspErrors).toEqual([])
  })
})

describe('the audit log', () => {
  it("shows the brand admin the email change, the invitation, the fan turned on and the app's registration, and filters them", async () => {
    await actAs(w.admin)
    await page.goto(tenantUrl('/audit'))
    for (const action of ['tenant.update', 'invitation.create', 'sensor.command', 'client.create']) {
      await expect(page.getByRole('rowheader', { name: action, exact: true }).first().isVisible(), action).resolves.toBe(true)
    }
    await expect(page.getByRole('row').filter({ hasText: 'tenant.update' }).first().textContent()).resolves.toContain(`you (${w.admin.user.email})`)
    const command = await page.getByRole('row').filter({ hasText: 'sensor.command' }).first().textContent()
    expect(command).toContain('tune set power 1')
    expect(command).toContain(`you (${w.admin.user.email})`)
    await expect(page.getByRole('row').filter({ hasText: 'client.create' }).first().textContent()).resolves.toContain(`you (${w.admin.user.email})`)
    await accessible('audit')
    await page.getByLabel(/^Action/).fill('client.*')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/action=client/)
    await expect(page.getByRole('rowheader', { name: 'client.create', exact: true }).count()).resolves.toBe(1)
    await expect(page.getByRole('rowheader', { name: 'tenant.update', exact: true }).count()).resolves.toBe(0)
    expect(cspErrors).toEqual([])
  })
})
