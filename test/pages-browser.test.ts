/// <reference lib="dom" />
/**
 * The hosted pages as a person uses them, in Chromium: sign in to an app under a tenant's
 * branding by typed code and by the email's link, reset a password and confirm an address
 * from the emails' links, use the account page, and call the API from another origin
 * (CORS). Each page is photographed at 375 px and 1280 px into test-artifacts/.
 */
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { type TestApp, listeningTestApp } from './helpers.ts'
import { launchBrowser, snapshot, startRelyingParty } from './browser.ts'
import { createClient, pkcePair, mailSettled } from './login-helpers.ts'
import { mailParts } from './page-client.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let rp: Awaited<ReturnType<typeof startRelyingParty>>
let context: BrowserContext
let tenantId: number
const cspErrors: string[] = []

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
  rp = await startRelyingParty(base)
  const tenant = await t.app.services.tenants.create(OPERATOR, {
    name: 'Acme Climate',
    signup: 'customers',
    logoUrl: `${rp.origin}/logo.svg`,
    emailConfig: { template: { buttonColor: '#0a7d3e', textColor: '#222222' } },
  })
  tenantId = tenant.id
  browser = await launchBrowser()
  context = browser.context
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
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

async function startAppLogin(page: Page) {
  const client = await createClient(t.app, { redirectUris: [`${rp.origin}/callback`] })
  const { challenge } = pkcePair()
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 'state-42', code_challenge: challenge, code_challenge_method: 'S256' })
  await page.goto(`${base}/tenants/${tenantId}/auth/oauth2/authorize?${query.toString()}`)
  return client
}

describe('sign in to an app on the hosted page', () => {
  it('by typed code, under the tenant prefix with its branding', async () => {
    const page = await newPage()
    await startAppLogin(page)
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true)
    const logo = page.getByRole('img', { name: 'Acme Climate' })
    expect(await logo.isVisible()).toBe(true)
    // the tenant's logo loads: the page's CSP allows exactly its origin
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img.logo')?.complete === true)
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const button = page.getByRole('button', { name: 'Email me a code' })
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(10, 125, 62)')
    await snapshot(page, 'authorize-email')

    await page.getByLabel('Email address').fill('typed-browser@example.test')
    await button.click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await snapshot(page, 'authorize-check-inbox')
    await page.getByLabel('Code from the email').fill('AAAAA-AAAAA')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('That code is not right')
    await snapshot(page, 'authorize-wrong-code')

    const mail = await mailTo('typed-browser@example.test')
    await page.getByLabel('Code from the email').fill(mail.code ?? '')
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Sign in' }).click()])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('code')).toBe(mail.code)
    expect(landed.searchParams.get('state')).toBe('state-42')
    // the tenant's own issuer (its discovery document: /tenants/{id}/.well-known/openid-configuration)
    expect(landed.searchParams.get('iss')).toBe(`${base}/tenants/${tenantId}`)
    await page.close()
  })

  it('a second app in the same browser signs in straight away, without a code (single sign-on)', async () => {
    const mails = async () => (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'typed-browser@example.test').execute()).length
    const before = await mails()
    const page = await newPage()
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), startAppLogin(page)])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('code')).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)
    expect(landed.searchParams.get('state')).toBe('state-42')
    expect(await mails()).toBe(before)
    await page.close()
  })

  it('by the link in the email, in the same browser; elsewhere the link shows the code', async () => {
    await context.clearCookies() // a browser that has not signed in here yet
    const page = await newPage()
    await startAppLogin(page)
    await page.getByLabel('Email address').fill('linked-browser@example.test')
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    const mail = await mailTo('linked-browser@example.test')
    const link = mail.links.find((l) => l.includes(`/tenants/${tenantId}/auth/oauth2/authorize/link`)) ?? ''
    expect(link).not.toBe('')
    await page.goto(link)
    await page.waitForURL(`${rp.origin}/callback?**`)
    expect(new URL(page.url()).searchParams.get('code')).toBe(mail.code)

    // another device: no cookie of the browser that started
    await context.clearCookies()
    await page.goto(link)
    expect(await page.locator('.shown-code').textContent()).toBe(mail.code)
    await snapshot(page, 'authorize-link-other-device')
    await page.close()
  })

  it('shows an unverified redirect URI as an error on the page', async () => {
    const page = await newPage()
    const response = await page.goto(`${base}/auth/oauth2/authorize?client_id=unknown&response_type=code&redirect_uri=https%3A%2F%2Fevil.test%2F`)
    expect(response?.status()).toBe(400)
    expect(await page.getByRole('alert').textContent()).toContain('not registered')
    await snapshot(page, 'authorize-error')
    await page.close()
  })
})

describe('the dev login printed by npm start', () => {
  it('starts a login in the browser (PKCE made in the page) and lands on the tokens and /users/current', async () => {
    const dev = await createClient(t.app, { redirectUris: [`${base}/dev/callback`] })
    const page = await newPage()
    await page.goto(`${base}/dev/login?client_id=${dev.clientId}`)
    await page.getByLabel('Email address').fill('dev-browser@example.test')
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the email').fill((await mailTo('dev-browser@example.test')).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'GET /users/current' }).waitFor()
    const shown = await page.locator('pre').allTextContents()
    expect(JSON.parse(shown[0] ?? '{}')).toMatchObject({ token_type: 'Bearer' })
    expect(JSON.parse(shown[0] ?? '{}').id_token).toBeTypeOf('string')
    expect(JSON.parse(shown[1] ?? '{}')).toMatchObject({ user: { email: 'dev-browser@example.test' } })
    await snapshot(page, 'dev-callback')
    await page.close()
  })
})

describe('account pages from the emails', () => {
  it('resets a password from the email link, with the policy shown', async () => {
    const email = 'reset-browser@example.test'
    await insertUser(t.db, { email, tenantId, emailConfirmedAt: t.clock.now() })
    await fetch(`${base}/tenants/${tenantId}/users/forgotPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })
    const mail = await mailTo(email)
    expect(mail.type).toBe('passwordReset')
    const page = await newPage()
    const link = mail.links.find((l) => l.includes('/reset-password')) ?? ''
    await page.goto(link)
    expect(await page.getByText('At least 10 characters').isVisible()).toBe(true)
    await snapshot(page, 'reset-password')
    await page.getByLabel('New password').fill('aaaaaaaaaaaa')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    expect(await page.getByRole('alert').textContent()).toContain('must not be one character repeated')
    await page.getByLabel('New password').fill('a brand new passphrase')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    await snapshot(page, 'reset-password-done')
    // the link is single use (the page is no-store, so the link is opened again)
    await page.goto(link)
    await page.getByLabel('New password').fill('yet another passphrase')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    expect(await page.getByRole('alert').textContent()).toContain('invalid, expired or already used')
    await page.close()
  })

  it('confirms an email address from the email link', async () => {
    const email = 'confirm-browser@example.test'
    await fetch(`${base}/users/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a long passphrase' }) })
    const mail = await mailTo(email)
    const page = await newPage()
    await page.goto(mail.links.find((l) => l.includes('/confirm-email')) ?? '')
    await snapshot(page, 'confirm-email')
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor()
    await snapshot(page, 'confirm-email-done')
    const user = await t.db.selectFrom('users').select('email_confirmed_at').where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.email_confirmed_at).not.toBeNull()
    await page.close()
  })

  it('asks for a reset link', async () => {
    const page = await newPage()
    await page.goto(`${base}/forgot-password`)
    await snapshot(page, 'forgot-password')
    await page.getByLabel('Email address').fill('nobody@example.test')
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await snapshot(page, 'forgot-password-sent')
    await page.close()
  })

  it('signs in to the account page, renames, and signs out everywhere', async () => {
    const email = 'account-browser@example.test'
    await insertUser(t.db, { email, tenantId, emailConfirmedAt: t.clock.now() })
    await context.clearCookies() // the dev login above left this browser signed in
    const page = await newPage()
    await page.goto(`${base}/tenants/${tenantId}/account`)
    await snapshot(page, 'account-sign-in')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the email').fill((await mailTo(email)).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    await page.getByLabel('Display name').fill('Ana Browser')
    await page.getByRole('button', { name: 'Save the name' }).click()
    expect(await page.getByRole('status').textContent()).toContain('Your name is saved')
    await snapshot(page, 'account')
    const user = await t.db.selectFrom('users').select('display_name').where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.display_name).toBe('Ana Browser')
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByRole('heading', { name: 'Signed out' }).waitFor()
    await snapshot(page, 'account-signed-out')
    await page.goto(`${base}/tenants/${tenantId}/auth/oauth2/logout?state=x`)
    await snapshot(page, 'end-session')
    await page.goto(`${base}/tenants/${tenantId}/account`)
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    await page.close()
  })
})

describe('CORS from another origin', () => {
  it('lets an allowed origin read the token endpoint and blocks another', async () => {
    await createClient(t.app, { redirectUris: [`${rp.origin}/callback`] })
    const page = await newPage()
    await page.goto(`${rp.origin}/cors.html`)
    await page.waitForFunction(() => document.getElementById('result')?.textContent !== 'running')
    expect(await page.locator('#result').textContent()).toBe('status 401 invalid_client')
    // the same page from another origin (localhost is not 127.0.0.1) is not allowed
    await page.goto(`http://localhost:${rp.port}/cors.html`)
    await page.waitForFunction(() => document.getElementById('result')?.textContent !== 'running')
    expect(await page.locator('#result').textContent()).toBe('blocked TypeError')
    await page.close()
  })

  it('raised no Content-Security-Policy violation on any page', () => {
    expect(cspErrors).toEqual([])
  })
})
