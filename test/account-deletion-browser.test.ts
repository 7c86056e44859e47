/// <reference lib="dom" />
/**
 * Leaving on a brand's hosted account page, in Dutch, in Chromium, without the app (the web
 * address app stores ask for): a copy of one's data downloaded, then the account deleted after
 * a confirmation, with a fresh sign-in asked for when the last one is too old.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, listeningTestApp, type TestApp } from './helpers.ts'
import { launchBrowser, snapshot } from './browser.ts'
import { createClient, mailSettled, signUpAtBrand } from './login-helpers.ts'
import { mailParts } from './page-client.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let brand: number

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  browser = await launchBrowser()
  brand = await createTenant(t, 'Kachels BV', { signup: 'customers' })
})
afterAll(async () => {
  await browser?.close()
  await t?.close()
})

async function newestMail(address: string, type: string) {
  await mailSettled(t.app)
  return t.db.selectFrom('email_outbox').select(['subject', 'text']).where('to_address', '=', address).where('type', '=', type).orderBy('id', 'desc').executeTakeFirstOrThrow()
}

/** The account page's sign-in, in Dutch: the address, then the mailed code. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Meld je aan bij je account' }).waitFor()
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByRole('button', { name: 'Mail me een code' }).click()
  await page.getByLabel('Code uit de e-mail').fill(mailParts((await newestMail(email, 'passwordlessLogin')).text).code ?? '')
  await page.getByRole('button', { name: 'Aanmelden' }).click()
  await page.getByRole('heading', { name: 'Je account' }).waitFor()
}

describe("a brand's hosted account page, in Dutch", () => {
  it('downloads a copy of the data, asks for a fresh sign-in, then deletes the account after a confirmation', async () => {
    const email = 'vertrekker@kachels.test'
    const client = await createClient(t.app, { tenantId: brand, redirectUris: ['https://kachels.test/cb'] })
    const person = await signUpAtBrand(t, client, brand, email)
    expect((await t.app.inject({ method: 'PATCH', url: '/users/current', headers: person.headers, payload: { locale: 'nl' } })).statusCode).toBe(200)

    const page = await browser.context.newPage()
    await page.goto(`${base}/tenants/${brand}/account?ui_locales=nl`)
    await signIn(page, email)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl')

    // the copy of the data: a JSON file with the person's profile and their own tenant
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download mijn gegevens' }).click()])
    const copy = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string }; tenants: { id: number }[] }
    expect(copy.profile.email).toBe(email)
    expect(copy.tenants.map((x) => x.id)).toContain(person.home)

    await page.getByRole('link', { name: 'Verwijder mijn account' }).click()
    await page.getByRole('heading', { name: 'Verwijder je account' }).waitFor()
    await snapshot(page, 'account-delete-nl')
    // six minutes later the sign-in is too old: the page asks to sign in again first
    t.clock.advance(6 * 60)
    await page.getByLabel('Ik begrijp dat dit niet ongedaan kan worden gemaakt').check()
    await page.getByRole('button', { name: 'Verwijder mijn account voorgoed' }).click()
    expect(await page.getByText('meld je opnieuw aan met een nieuwe code').count()).toBe(1)
    await page.getByRole('button', { name: 'Opnieuw aanmelden' }).click()
    await signIn(page, email)

    await page.getByRole('link', { name: 'Verwijder mijn account' }).click()
    // not confirmed: nothing happens
    await page.evaluate(() => document.querySelector('input[name=confirm]')?.removeAttribute('required'))
    await page.getByRole('button', { name: 'Verwijder mijn account voorgoed' }).click()
    expect(await page.getByRole('alert').textContent()).toContain('Vink het vakje aan')
    await page.getByLabel('Ik begrijp dat dit niet ongedaan kan worden gemaakt').check()
    await page.getByRole('button', { name: 'Verwijder mijn account voorgoed' }).click()
    await page.getByRole('heading', { name: 'Je account is verwijderd' }).waitFor()
    await snapshot(page, 'account-deleted-nl')

    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([])
    expect(await t.db.selectFrom('tenants').select('id').where('id', '=', person.home).execute()).toEqual([])
    expect((await newestMail(email, 'accountDeleted')).subject).toBe('Je Kachels BV-account is verwijderd')
    // signed out: the account page asks to sign in
    await page.goto(`${base}/tenants/${brand}/account?ui_locales=nl`)
    await page.getByRole('heading', { name: 'Meld je aan bij je account' }).waitFor()
    await page.close()
  }, 90_000)
})
