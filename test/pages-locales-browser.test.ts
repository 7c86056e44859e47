/// <reference lib="dom" />
/**
 * The hosted sign-in in French and German, in Chromium: `ui_locales` picks the language of
 * every step (heading, labels, buttons, `<html lang>`), and the longer German and French texts
 * still fit a 375 px phone (snapshot fails on sideways scrolling).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { type TestApp, listeningTestApp } from './helpers.ts'
import { launchBrowser, snapshot, startRelyingParty } from './browser.ts'
import { createClient, mailSettled, pkcePair } from './login-helpers.ts'
import { mailParts } from './page-client.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let rp: Awaited<ReturnType<typeof startRelyingParty>>

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  rp = await startRelyingParty(base)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await rp?.close()
  await t?.close()
})

async function mailedCode(address: string): Promise<string> {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return mailParts(row.text).code ?? ''
}

async function startLogin(page: Page, uiLocales: string): Promise<void> {
  const client = await createClient(t.app, { redirectUris: [`${rp.origin}/callback`] })
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 'st', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ui_locales: uiLocales })
  await page.goto(`${base}/auth/oauth2/authorize?${query.toString()}`)
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)

describe('the hosted sign-in in the language of ui_locales', () => {
  it('ui_locales=fr: a French page from the email step to the app', async () => {
    const page = await browser.context.newPage()
    await startLogin(page, 'fr')
    await page.getByRole('heading', { name: 'Se connecter' }).waitFor()
    expect(await htmlLang(page)).toBe('fr')
    await snapshot(page, 'authorize-email-fr')
    await page.getByLabel('Adresse e-mail').fill('browser-fr@example.test')
    await page.getByRole('button', { name: 'M’envoyer un code' }).click()
    await page.getByRole('heading', { name: 'Consultez votre boîte de réception' }).waitFor()
    expect(await htmlLang(page)).toBe('fr')
    await page.getByLabel('Code reçu par e-mail').fill(await mailedCode('browser-fr@example.test'))
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Se connecter' }).click()])
    expect(new URL(page.url()).searchParams.get('state')).toBe('st')
    await page.close()
  }, 60_000)

  it('ui_locales=de: the code step and its error are German and fit a phone', async () => {
    // signed out: the French sign-in above opened a browser session, which would sign this one in at once
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await startLogin(page, 'de')
    await page.getByLabel('E-Mail-Adresse').fill('browser-de@example.test')
    await page.getByRole('button', { name: 'Code per E-Mail senden' }).click()
    await page.getByRole('heading', { name: 'Sehen Sie in Ihrem Posteingang nach' }).waitFor()
    expect(await htmlLang(page)).toBe('de')
    await page.getByLabel('Code aus der E-Mail').fill('AAAAA-AAAAA')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('Dieser Code stimmt nicht')
    await snapshot(page, 'authorize-wrong-code-de')
    await page.close()
  }, 60_000)
})
