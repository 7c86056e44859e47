/// <reference lib="dom" />
/**
 * Passkeys on the hosted pages in Chromium, with the DevTools Protocol's virtual authenticator
 * (resident keys, user verification): a person signs in to an app with an emailed code, adds a
 * passkey on the account page (and is mailed about it), renames it, signs out, and signs in to
 * the app with the passkey alone, through the browser's autofill (conditional mediation, which
 * the virtual authenticator answers at once) and through the button; the app redeems the code
 * at the token endpoint with its PKCE verifier and gets tokens for the same account. WebAuthn
 * needs a secure context and a domain as RP ID: the pages are served as http://localhost. A
 * passkey of one brand is refused at another's sign-in; deleting one asks for a fresh sign-in,
 * is mailed, and the deleted passkey signs in no more. A brand that suggests passkeys asks
 * after a sign-in by code; one that turned them off shows neither the button nor the autofill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTestApp, freePort, type TestApp } from './helpers.ts'
import { axeCheck, launchBrowser, startRelyingParty } from './browser.ts'
import { createClient, exchange, mailSettled, pkcePair } from './login-helpers.ts'
import { mailParts } from './page-client.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let rp: Awaited<ReturnType<typeof startRelyingParty>>
let brand: number
let client: { clientId: string; redirectUri: string }

beforeAll(async () => {
  const port = await freePort()
  base = `http://localhost:${port}`
  t = await createTestApp({ PUBLIC_URL: base })
  await t.app.listen({ port, host: '127.0.0.1' })
  rp = await startRelyingParty(base)
  brand = (await t.app.services.tenants.create(OPERATOR, { name: 'Passkey Brand', signup: 'customers' })).id
  client = await createClient(t.app, { redirectUris: [`${rp.origin}/callback`] })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await rp?.close()
  await t?.close()
})

/** Starts the app's sign-in at the brand's hosted page; returns the PKCE verifier the app keeps. */
async function startAppLogin(page: Page, at = brand): Promise<string> {
  const pkce = pkcePair()
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 'st-7', code_challenge: pkce.challenge, code_challenge_method: 'S256' })
  await page.goto(`${base}/tenants/${at}/auth/oauth2/authorize?${query.toString()}`)
  return pkce.verifier
}

async function redeem(page: Page, verifier: string) {
  const code = new URL(page.url()).searchParams.get('code') ?? ''
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
  expect(res.statusCode).toBe(200)
  const headers = { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` }
  const me = await t.app.inject({ method: 'GET', url: '/users/current', headers })
  return { ...(me.json() as { user: { id: number; email: string } }).user, headers }
}

/** A browser without the autofill (conditional mediation): the sign-in page's button is the way. */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
}

async function withAuthenticator(page: Page) {
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  return { cdp, authenticatorId }
}

/** The newest mail to an address, once the outbox has sent it. */
async function lastMail(email: string) {
  await mailSettled(t.app)
  return t.db.selectFrom('email_outbox').select(['subject', 'text']).where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
}

/** The app's sign-in with an emailed code, at the brand's hosted page. */
async function signInByCode(page: Page, email: string, at = brand) {
  const verifier = await startAppLogin(page, at)
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
  const code = mailParts((await lastMail(email)).text).code ?? ''
  await page.getByLabel('Code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return verifier
}

describe('passkeys on the hosted pages', () => {
  it('adds, renames and uses a passkey (autofill and button); refused at another brand; deleted after a fresh sign-in, it signs in no more', async () => {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(20_000)
    const { cdp, authenticatorId } = await withAuthenticator(page)

    // a code first: the emailed code is the way in before any passkey
    const email = 'passkey-person@example.test'
    const firstVerifier = await signInByCode(page, email)
    await page.waitForURL(`${rp.origin}/callback?**`)
    const first = await redeem(page, firstVerifier)

    // the account page: add a passkey; it is listed, and the person is mailed about it
    await page.goto(`${base}/tenants/${brand}/account`)
    await page.getByText('You have no passkeys yet.').waitFor()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByText('Passkey added.').waitFor()
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.isResidentCredential).toBe(true)
    await page.getByText('not used yet').waitFor()
    const added = await lastMail(email)
    expect(added.subject).toBe('A passkey was added to your Passkey Brand account')
    expect(added.text).toContain('A passkey named "Passkey" was added')
    await axeCheck(page)

    // renamed on the page
    await page.getByLabel('New name for Passkey').fill('Work laptop')
    await page.getByRole('button', { name: 'Rename' }).click()
    await page.getByText('Passkey renamed.').waitFor()
    expect(await page.getByLabel('New name for Work laptop').inputValue()).toBe('Work laptop')

    // sign out, then the app's sign-in: the browser's autofill offers the passkey and signs in, no click, no mail
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByText('You are signed out.').waitFor()
    const mails = (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).length
    const autofillVerifier = await startAppLogin(page)
    await page.waitForURL(`${rp.origin}/callback?**`)
    expect(new URL(page.url()).searchParams.get('state')).toBe('st-7')
    expect((await redeem(page, autofillVerifier)).id).toBe(first.id)

    // a browser without the autofill: the button
    await page.context().clearCookies()
    await withoutAutofill(page)
    const verifier = await startAppLogin(page)
    // the field the browser offers passkeys in
    expect(await page.getByLabel('Email address').getAttribute('autocomplete')).toBe('username webauthn')
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Sign in with a passkey' }).click()])
    const second = await redeem(page, verifier)
    expect(second.id).toBe(first.id)
    expect((await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).length).toBe(mails)

    // at another brand the same passkey signs nobody in: the page says so and stays
    const otherBrand = (await t.app.services.tenants.create(OPERATOR, { name: 'Other Brand', signup: 'customers' })).id
    await startAppLogin(page, otherBrand)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('The passkey did not work')
    expect(page.url()).toContain(`/tenants/${otherBrand}/auth/oauth2/authorize`)

    // six minutes on, deleting asks for a fresh sign-in; the passkey gives one, then it is deleted and mailed
    t.clock.advance(6 * 60)
    await page.goto(`${base}/tenants/${brand}/account`)
    await page.getByRole('button', { name: 'Delete the passkey Work laptop' }).click()
    await page.getByText('sign in again right before you change your passkeys').waitFor()
    await page.getByRole('button', { name: 'Sign in again' }).click()
    await Promise.all([page.waitForURL(`${base}/tenants/${brand}/account**`), page.getByRole('button', { name: 'Sign in with a passkey' }).click()])
    await page.getByRole('button', { name: 'Delete the passkey Work laptop' }).click()
    await page.getByText('Passkey deleted.').waitFor()
    await page.getByText('You have no passkeys yet.').waitFor()
    const removed = await lastMail(email)
    expect(removed.subject).toBe('A passkey was deleted from your Passkey Brand account')
    expect(removed.text).toContain('"Work laptop"')

    // deleted, it no longer signs in at its own brand either
    await page.context().clearCookies()
    await startAppLogin(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('The passkey did not work')
    await page.close()
  }, 90_000)

  it('a brand that suggests passkeys asks after a sign-in by code; one that turned them off offers neither button nor autofill', async () => {
    const suggesting = (await t.app.services.tenants.create(OPERATOR, { name: 'Suggesting Brand', signup: 'customers' })).id
    const admin = await createActor(t, { tenantId: suggesting, role: 'admin' })
    const set = (tenantId: number, mode: string, headers = admin.headers) => t.app.inject({ method: 'PUT', url: `/tenants/${tenantId}/passkeyPolicy`, headers, payload: { mode } })
    expect((await set(suggesting, 'suggested')).statusCode).toBe(200)

    const page = await browser.context.newPage()
    page.setDefaultTimeout(20_000)
    await withAuthenticator(page)
    const email = 'suggested-person@example.test'
    const verifier = await signInByCode(page, email, suggesting)
    await page.getByRole('heading', { name: 'Sign in faster next time' }).waitFor()
    await axeCheck(page)
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Add a passkey' }).click()])
    const person = await redeem(page, verifier)
    expect(person.email).toBe(email)
    const list = await t.app.inject({ method: 'GET', url: '/users/current/passkeys', headers: person.headers })
    expect((list.json() as { passkeys: unknown[] }).passkeys).toHaveLength(1)

    // with a passkey, the next sign-in by code goes straight to the app
    await page.context().clearCookies()
    await withoutAutofill(page)
    await signInByCode(page, email, suggesting)
    await page.waitForURL(`${rp.origin}/callback?**`)

    // turned off: no button, a plain email field, and the API refuses options
    const admin2 = await createActor(t, { tenantId: suggesting, role: 'owner' })
    expect((await set(suggesting, 'off', admin2.headers)).statusCode).toBe(200)
    await page.context().clearCookies()
    await startAppLogin(page, suggesting)
    expect(await page.getByLabel('Email address').getAttribute('autocomplete')).toBe('email')
    expect(await page.locator('#passkey-signin').count()).toBe(0)
    // nor on the device page's sign-in (the device authorization grant)
    const devicePage = await t.app.inject({ method: 'GET', url: `/tenants/${suggesting}/device` })
    expect(devicePage.body).toContain('Email me a code')
    expect(devicePage.body).not.toContain('id="passkey-signin"')
    const options = await t.app.inject({ method: 'POST', url: `/tenants/${suggesting}/auth/passkeys/options`, payload: { client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' } })
    expect(options.statusCode).toBe(403)
    expect((options.json() as { code: string }).code).toBe('passkeys_off')
    await page.close()
  }, 60_000)

  it("the console accepts a brand admin's passkey", async () => {
    const admin = await createActor(t, { tenantId: brand, role: 'admin', email: 'passkey-admin@example.test' })
    const page = await browser.context.newPage()
    page.setDefaultTimeout(20_000)
    await withAuthenticator(page)
    // the admin's own account page (the platform's): a code, then a passkey
    await page.goto(`${base}/account`)
    await page.getByLabel('Email address').fill(admin.user.email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the email').fill(mailParts((await lastMail(admin.user.email)).text).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByText('Passkey added.').waitFor()
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByText('You are signed out.').waitFor()

    // the console's sign-in: the passkey, offered by the browser, signs in; the brand's console opens
    await page.goto(`${base}/console`)
    await page.waitForURL(`${base}/console/tenants/${brand}**`)
    await page.getByRole('heading', { name: 'Passkey Brand' }).first().waitFor()
    await page.close()
  }, 60_000)
})
