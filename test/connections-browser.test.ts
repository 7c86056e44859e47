/// <reference lib="dom" />
/**
 * Upstream sign-in in Chromium: the brand's sign-in page shows its providers' buttons (and
 * passes axe-core); a new person signs in through a Google-like and an Apple-like provider
 * (node-oidc-provider, test/oidc-upstream.ts; Apple's answer comes back as a form_post) and
 * the app redeems its code for tokens; the second sign-in finds the same account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTestApp, freePort, uniqueEmail, type TestApp } from './helpers.ts'
import { axeCheck, launchBrowser, startRelyingParty } from './browser.ts'
import { createClient, exchange, pkcePair } from './login-helpers.ts'
import { startUpstream, type Upstream } from './oidc-upstream.ts'

let t: TestApp
let base: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
let rp: Awaited<ReturnType<typeof startRelyingParty>>
let brand: number
let client: { clientId: string; redirectUri: string }
let google: Upstream
let apple: Upstream

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  t = await createTestApp({ PUBLIC_URL: base, UPSTREAM_ALLOW_PRIVATE_ISSUERS: 'true' })
  await t.app.listen({ port, host: '127.0.0.1' })
  rp = await startRelyingParty(base)
  brand = (await t.app.services.tenants.create(OPERATOR, { name: 'Upstream Brand', signup: 'customers' })).id
  client = await createClient(t.app, { redirectUris: [`${rp.origin}/callback`] })
  google = await startUpstream('google', `${base}/auth/upstream/callback`)
  apple = await startUpstream('apple', `${base}/auth/upstream/callback`)
  const admin = await createActor(t, { tenantId: brand, role: 'admin' })
  const add = (payload: object) => t.app.inject({ method: 'POST', url: `/tenants/${brand}/v4/connections`, headers: admin.headers, payload })
  expect((await add({ kind: 'google', issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret })).statusCode).toBe(201)
  expect((await add({ kind: 'apple', issuer: apple.issuer, clientId: apple.clientId, ...apple.apple })).statusCode).toBe(201)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await rp?.close()
  await google?.close()
  await apple?.close()
  await t?.close()
})

async function startAppLogin(page: Page): Promise<string> {
  const pkce = pkcePair()
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 'st-9', code_challenge: pkce.challenge, code_challenge_method: 'S256' })
  await page.goto(`${base}/tenants/${brand}/auth/oauth2/authorize?${query.toString()}`)
  return pkce.verifier
}

/** Presses the provider's button and signs in at its development login form; the browser lands at the app. */
async function signIn(page: Page, provider: 'Google' | 'Apple', login: string): Promise<number> {
  const verifier = await startAppLogin(page)
  await page.getByRole('button', { name: `Continue with ${provider}` }).click()
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any')
  await Promise.all([page.waitForURL(`${rp.origin}/callback?**`), page.locator('button[type="submit"]').first().click()])
  expect(new URL(page.url()).searchParams.get('state')).toBe('st-9')
  const code = new URL(page.url()).searchParams.get('code') ?? ''
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
  expect(res.statusCode).toBe(200)
  const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` } })
  return (me.json() as { user: { id: number } }).user.id
}

describe('upstream sign-in in a browser', () => {
  it("the sign-in page shows the brand's providers, accessibly", async () => {
    const page = await browser.context.newPage()
    await startAppLogin(page)
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor()
    await page.getByRole('button', { name: 'Continue with Apple' }).waitFor()
    const { violations, passed } = await axeCheck(page)
    expect(violations).toEqual([])
    // axe did look at the buttons' colours
    expect(passed).toEqual(expect.arrayContaining(['color-contrast']))
    await page.close()
  })

  for (const [provider, upstream] of [['Google', () => google], ['Apple', () => apple]] as const) {
    it(`a new person signs in with ${provider}-like and the app gets tokens; the second sign-in finds the same account`, async () => {
      const login = `${provider.toLowerCase()}-browser`
      upstream().people.set(login, { email: uniqueEmail(login), emailVerified: true })
      // a new browser: no session here (it would pass straight through) nor at either provider (both live on 127.0.0.1)
      await browser.context.clearCookies()
      const page = await browser.context.newPage()
      const first = await signIn(page, provider, login)
      await page.context().clearCookies()
      expect(await signIn(page, provider, login)).toBe(first)
      await page.close()
    })
  }
})
