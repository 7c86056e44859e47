/// <reference lib="dom" />
/**
 * Passkeys on the hosted pages in Chromium, with the DevTools Protocol's virtual authenticator
 * (resident keys, user verification): a person signs in to an app with an emailed code, adds a
 * passkey on the account page, signs out, and signs in to the app with the passkey alone; the
 * app redeems the code at the token endpoint with its PKCE verifier and gets tokens for the
 * same account. WebAuthn needs a secure context and a domain as RP ID: the pages are served
 * as http://localhost. A passkey of one brand is refused at another's sign-in, and a deleted one
 * signs in no more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTestApp, freePort, type TestApp } from './helpers.ts'
import { launchBrowser, startRelyingParty } from './browser.ts'
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

describe('passkeys on the hosted pages', () => {
  it('signs in with a code, adds a passkey, signs out, and signs in to the app with the passkey; refused at another brand and once deleted', async () => {
    const page = await browser.context.newPage()
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    })

    // a code first: the emailed code is the way in before any passkey
    const email = 'passkey-person@example.test'
    const firstVerifier = await startAppLogin(page)
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await mailSettled(t.app)
    const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
    await page.getByLabel('Code from the email').fill(mailParts(row.text).code ?? '')
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Sign in' }).click()])
    const first = await redeem(page, firstVerifier)

    // the account page: add a passkey
    await page.goto(`${base}/tenants/${brand}/account`)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByText('Passkey added.').waitFor()
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.isResidentCredential).toBe(true)

    // sign out, then the app's sign-in with the passkey alone: no mail
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByText('You are signed out.').waitFor()
    const mails = (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).length
    const verifier = await startAppLogin(page)
    await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.getByRole('button', { name: 'Sign in with a passkey' }).click()])
    expect(new URL(page.url()).searchParams.get('state')).toBe('st-7')
    const second = await redeem(page, verifier)
    expect(second.id).toBe(first.id)
    expect((await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).length).toBe(mails)

    // at another brand the same passkey signs nobody in: the page says so and stays
    const otherBrand = (await t.app.services.tenants.create(OPERATOR, { name: 'Other Brand', signup: 'customers' })).id
    await page.context().clearCookies()
    await startAppLogin(page, otherBrand)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('The passkey did not work')
    expect(page.url()).toContain(`/tenants/${otherBrand}/auth/oauth2/authorize`)

    // deleted (through the API, just signed in), it no longer signs in at its own brand either
    const list = await t.app.inject({ method: 'GET', url: '/users/current/passkeys', headers: second.headers })
    const passkeyId = (list.json() as { passkeys: { id: number }[] }).passkeys[0]?.id ?? 0
    expect((await t.app.inject({ method: 'DELETE', url: `/users/current/passkeys/${passkeyId}`, headers: second.headers })).statusCode).toBe(204)
    await startAppLogin(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('The passkey did not work')
    await page.close()
  })
})
