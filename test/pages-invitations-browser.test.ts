/// <reference lib="dom" />
/**
 * Accepting an invitation as a person does, in Chromium: open the invitation email's link,
 * sign in with the code emailed to the invited address, accept, land on the joined page;
 * and the page a browser signed in as someone else sees. Each page is photographed at
 * 375 px and 1280 px into test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { membershipRole } from '../src/modules/tenancy/tenants.repository.ts'
import { findUserByEmail } from '../src/modules/users/users.repository.ts'
import { launchBrowser, snapshot, startRelyingParty } from './browser.ts'
import { createActor, type Actor, type TestApp, listeningTestApp } from './helpers.ts'
import { mailSettled } from './login-helpers.ts'
import { mailParts } from './page-client.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let rp: Awaited<ReturnType<typeof startRelyingParty>>
let context: BrowserContext
let tenantId: number
let admin: Actor
const cspErrors: string[] = []

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  // the relying party's server only serves the tenant's logo here
  rp = await startRelyingParty(base)
  const tenant = await t.app.services.tenants.create(OPERATOR, {
    name: 'Acme Climate',
    logoUrl: `${rp.origin}/logo.svg`,
    emailConfig: { template: { buttonColor: '#0a7d3e', textColor: '#222222' } },
  })
  tenantId = tenant.id
  admin = await createActor(t, { tenantId, role: 'admin' })
  browser = await launchBrowser()
  context = browser.context
})
afterAll(async () => {
  await browser?.close()
  await rp?.close()
  await t?.close()
})

async function mailTo(address: string) {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').select(['text', 'type']).where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return { type: row.type, ...mailParts(row.text) }
}

async function newPage(): Promise<Page> {
  const page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
  return page
}

/** Invites through the API and returns the link of the invitation email. */
async function invite(email: string, role: 'member' | 'admin'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/members`, headers: admin.headers, payload: { email, role } })
  expect(res.statusCode).toBe(201)
  const mail = await mailTo(email)
  expect(mail.type).toBe('invitation')
  return mail.links.find((l) => l.includes('/invitations/accept?token=')) ?? ''
}

/** On a page showing "Check your inbox": types the code mailed to `email`. */
async function typeCode(page: Page, email: string): Promise<void> {
  const mail = await mailTo(email)
  expect(mail.type).toBe('passwordlessLogin')
  await page.getByLabel('Code from the email').fill(mail.code ?? '')
  await page.getByRole('button', { name: 'Sign in' }).click()
}

describe('accepting an invitation in the browser', () => {
  it('from the email link: sign in with the emailed code, accept, see the joined page', async () => {
    const email = 'invited-browser@example.test'
    const link = await invite(email, 'admin')
    const page = await newPage()
    await page.goto(link)
    await page.getByRole('heading', { name: 'Invitation' }).waitFor()
    expect(await page.getByText('You are invited to join Acme Climate as an admin.').isVisible()).toBe(true)
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img.logo')?.complete === true)
    const button = page.getByRole('button', { name: 'Sign in to accept' })
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(10, 125, 62)')
    await snapshot(page, 'invitation-signed-out')

    await button.click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    expect(await page.getByText(email).first().isVisible()).toBe(true)
    await snapshot(page, 'invitation-check-inbox')
    await typeCode(page, email)
    await page.waitForURL(`${base}/tenants/${tenantId}/invitations/accept`)
    const accept = page.getByRole('button', { name: 'Accept the invitation' })
    await accept.waitFor()
    await snapshot(page, 'invitation-signed-in')

    await accept.click()
    await page.getByRole('heading', { name: 'You joined Acme Climate' }).waitFor()
    expect(await page.getByRole('status').textContent()).toBe('You joined Acme Climate as an admin.')
    await snapshot(page, 'invitation-joined')
    const user = await findUserByEmail(t.db, email, null)
    expect(await membershipRole(t.db, tenantId, user?.id ?? 0)).toBe('admin')

    // onward to the account page, signed in; the used link now explains itself
    await page.getByRole('link', { name: 'Go to your account' }).click()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    await page.goto(link)
    expect(await page.getByRole('alert').textContent()).toContain('already used')
    await snapshot(page, 'invitation-used')
    await page.close()
  })

  it('signed in as someone else: names the invited address and switches on request', async () => {
    const invited = 'invited-switch@example.test'
    const link = await invite(invited, 'member')
    // this browser is signed in as the previous test's address
    const page = await newPage()
    await page.goto(link)
    const alert = page.getByRole('alert')
    expect(await alert.textContent()).toContain(`This invitation is for ${invited}, and you are signed in as invited-browser@example.test`)
    await snapshot(page, 'invitation-wrong-account')
    await page.getByRole('button', { name: `Sign out and continue as ${invited}` }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await typeCode(page, invited)
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.getByRole('heading', { name: 'You joined Acme Climate' }).waitFor()
    const user = await findUserByEmail(t.db, invited, null)
    expect(await membershipRole(t.db, tenantId, user?.id ?? 0)).toBe('member')
    await page.close()
  })

  it('raised no Content-Security-Policy violation on any page', () => {
    expect(cspErrors).toEqual([])
  })
})
