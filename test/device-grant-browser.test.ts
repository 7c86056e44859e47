/// <reference lib="dom" />
/**
 * The device authorization grant as a person and a device use it: openid-client starts the
 * flow and polls (the device); in Chromium the person opens verification_uri_complete, signs
 * in with the code the brand's email brings (a real SMTP sink), sees the app and the scopes,
 * allows, and the polling device gets its tokens. The pages pass axe-core's WCAG 2.1 AA rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import * as client from 'openid-client'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { axeCheck, launchBrowser, snapshot } from './browser.ts'
import { type TestApp, listeningTestApp, uniqueEmail } from './helpers.ts'
import { mailParts } from './page-client.ts'
import { SmtpSink } from './smtp-sink.ts'

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

let t: TestApp
let base: string
let sink: SmtpSink
let browser: Awaited<ReturnType<typeof launchBrowser>>
let brandId: number
let clientId: string
const cspErrors: string[] = []

beforeAll(async () => {
  sink = await new SmtpSink().start()
  const listening = await listeningTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true' })
  t = listening
  base = listening.base
  brandId = (
    await t.app.services.tenants.create(OPERATOR, { name: 'Acme Screens', signup: 'customers', emailConfig: { template: { buttonColor: '#0a7d3e', textColor: '#222222' } } })
  ).id
  const { client: made } = await t.app.services.clients.create(OPERATOR, {
    tenantId: brandId,
    name: 'Acme TV',
    public: true,
    redirectUris: [],
    grantTypes: [DEVICE_GRANT, 'refresh_token'],
    scopes: ['openid', 'email', 'sensors:read'],
  })
  clientId = made.client_id
  browser = await launchBrowser()
  browser.context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
})
afterAll(async () => {
  await browser?.close()
  await t?.close()
  await sink?.stop()
})

const issuer = () => `${base}/tenants/${brandId}`

/**
 * The device: discovery at the brand's issuer, then openid-client's own polling loop. Its wait
 * between polls is the test's clock moving 5 s (the library is told interval 0), and every poll
 * after the first waits for the person's decision, so the loop sees `authorization_pending`
 * first and then the decision, without sleeping.
 */
async function startDevice(decided: Promise<void>) {
  const config = await client.discovery(new URL(issuer()), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] })
  const started = await client.initiateDeviceAuthorization(config, { scope: 'openid email sensors:read' })
  const answers: string[] = []
  let polls = 0
  config[client.customFetch] = async (url, options) => {
    if (!url.endsWith('/auth/oauth2/token')) return fetch(url, options as RequestInit)
    polls += 1
    if (polls > 1) await decided
    t.clock.advance(5)
    // the person's part may take longer than a request's own timeout: this poll is sent when it is over
    const response = await fetch(url, { ...(options as RequestInit), signal: null })
    if (!response.ok) answers.push(((await response.clone().json()) as { error: string }).error)
    return response
  }
  const polling = client.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 })
  return { started, polling, answers }
}

async function signInOnThePage(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email)
  const before = sink.messages.length
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
  const mail = await sink.next(email, before)
  expect(mail.subject).toBeTruthy()
  const code = mailParts(mail.text ?? '').code ?? ''
  expect(code).not.toBe('')
  await page.getByLabel('Code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

describe('a device signed in by a person in a browser', () => {
  const email = uniqueEmail('tv-owner')

  it('opens verification_uri_complete, signs in with the emailed code, allows, and the polling device gets tokens', async () => {
    await insertUser(t.db, { email, tenantId: brandId, emailConfirmedAt: t.clock.now() })
    let decide = () => {}
    const decided = new Promise<void>((resolve) => (decide = resolve))
    const device = await startDevice(decided)

    const page = await browser.context.newPage()
    await page.goto(device.started.verification_uri_complete ?? '')
    await page.getByRole('heading', { name: 'Connect a device' }).waitFor()
    expect(await page.getByText('Sign in to connect the device that shows you a code.').isVisible()).toBe(true)
    await snapshot(page, 'device-signin')
    await signInOnThePage(page, email)

    // back on the device page, signed in, with the code from the link filled in and asked about
    await page.getByRole('heading', { name: 'Allow Acme TV?' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/tenants/${brandId}/device`)
    const body = (await page.locator('main').textContent()) ?? ''
    expect(body).toContain(`Acme TV on a device asks to sign in to your Acme Screens account (${email})`)
    expect(body).toContain('sensors:read')
    expect(body).toContain(device.started.user_code)
    expect(body).toContain('Allow only if you started this on your own device')
    const axe = await axeCheck(page)
    expect(axe.violations).toEqual([])
    expect(axe.passed).toContain('color-contrast')
    await snapshot(page, 'device-confirm')
    // the device is still waiting
    expect(device.answers).toEqual(['authorization_pending'])

    await page.getByRole('button', { name: 'Allow' }).click()
    await page.getByText('Done: Acme TV is signed in. You can go back to your device.').waitFor()
    decide()
    const tokens = await device.polling
    expect(tokens.access_token).toBeTruthy()
    expect(tokens.refresh_token).toBeTruthy()
    expect(tokens.claims()?.email).toBe(email)
    expect(tokens.claims()?.iss).toBe(issuer())
    expect(device.answers).toEqual(['authorization_pending'])
    expect(cspErrors).toEqual([])
    await page.close()
  })

  it('the code typed by hand on the entry page: the page is accessible, and a used code is refused', async () => {
    const page = await browser.context.newPage()
    // the same browser is still signed in at this brand: straight to the entry form
    await page.goto(`${issuer()}/device`)
    await page.getByLabel('Code from your device').waitFor()
    const axe = await axeCheck(page)
    expect(axe.violations).toEqual([])
    expect(axe.passed).toContain('label')
    await snapshot(page, 'device-entry')

    // a fresh device's code, typed in lower case with a space: still found
    let decide = () => {}
    const device = await startDevice(new Promise<void>((resolve) => (decide = resolve)))
    await page.getByLabel('Code from your device').fill(device.started.user_code.toLowerCase().replace('-', ' '))
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { name: 'Allow Acme TV?' }).waitFor()
    await page.getByRole('button', { name: 'Deny' }).click()
    await page.getByText('Denied: Acme TV was not signed in.').waitFor()
    decide()
    await expect(device.polling).rejects.toMatchObject({ error: 'access_denied' })

    // the same code again
    await page.goto(`${issuer()}/device`)
    await page.getByLabel('Code from your device').fill(device.started.user_code)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('That code is not right, has expired or was already used')
    expect(cspErrors).toEqual([])
    await page.close()
  })
})
