/** Helpers of the console's tests: a brand with people in it, and signing a browser in. */
import { expect } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, listeningTestApp, type Actor, type TestApp } from './helpers.ts'
import { mailSettled } from './login-helpers.ts'
import { mailParts, PageClient } from './page-client.ts'

export interface ConsoleWorld {
  brandId: number
  otherId: number
  admin: Actor
  member: Actor
  platformAdmin: Actor
}

export async function consoleWorld(t: TestApp): Promise<ConsoleWorld> {
  const brand = await t.app.services.tenants.create(OPERATOR, { name: 'Acme Climate', signup: 'customers', emailConfig: { template: { buttonColor: '#0a7d3e' } } })
  const other = await t.app.services.tenants.create(OPERATOR, { name: 'Other Brand' })
  return {
    brandId: brand.id,
    otherId: other.id,
    // the brand's staff have accounts of the brand: they sign in through its hosted login
    admin: await createActor(t, { tenantId: brand.id, belongsTo: brand.id, role: 'admin', displayName: 'Ada Admin' }),
    member: await createActor(t, { tenantId: brand.id, belongsTo: brand.id, role: 'member' }),
    platformAdmin: await createActor(t, { platformAdmin: true }),
  }
}

/**
 * A listening app with the console's world in it; `linkDomains`: the domains the platform
 * approved for the brand (a brand admin's app may send codes only there).
 */
export async function consoleTestbed(linkDomains: string[] = []): Promise<{ t: TestApp; base: string; w: ConsoleWorld }> {
  const t = await listeningTestApp()
  const w = await consoleWorld(t)
  if (linkDomains.length) await t.app.services.tenants.update(OPERATOR, w.brandId, { linkDomains })
  return { t, base: t.base, w }
}

/** The newest mail to an address, once the outbox has settled. */
export async function newestMail(t: TestApp, to: string) {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return { ...row, ...mailParts(row.text) }
}

/** Signs a browser in to the console through the hosted login (a brand's, with `tenantId`), by the mailed code. */
export async function signInToConsole(t: TestApp, browser: PageClient, email: string, tenantId?: number) {
  const start = tenantId ? `/tenants/${tenantId}/console` : '/console'
  const page = await browser.get(start)
  expect(page.status).toBe(200)
  const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
  const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: (await newestMail(t, email)).code ?? '' })
  expect(done.status, done.body).toBe(303)
  expect(new URL(done.location ?? '').pathname).toBe(start)
  return browser.get(start)
}

/** A browser already signed in as `actor` (a page session opened directly), with its browser cookie. */
export async function signedInBrowser(t: TestApp, base: string, actor: Actor): Promise<PageClient> {
  const browser = new PageClient(base)
  await browser.get('/console/console.css')
  await browser.get('/console')
  const { cookie } = await t.app.services.pages.sessions.create(actor.user.id, null)
  browser.cookies.set('trellis_session', cookie)
  return browser
}

/** The CSRF token of a page (every console form carries the same one for a browser). */
export function csrfOf(body: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(body)?.[1]
  if (!token) throw new Error('no CSRF token on the page')
  return token
}

/**
 * A console form's answer after it was done (post/redirect/get): a 303 to the page that says
 * what was done, which is fetched as the browser would; that page shows its sentence once.
 */
export async function landed(browser: PageClient, answer: { status: number; location: string | null; body: string }) {
  expect(answer.status, answer.body).toBe(303)
  expect(answer.location).toMatch(/^\/console\/tenants\/\d+\//)
  return browser.get(answer.location ?? '')
}

/** A Chromium context signed in as `actor` (a page session opened directly, as `signedInBrowser` does for the HTTP client). */
export async function signInContext(t: TestApp, context: BrowserContext, base: string, actor: Actor): Promise<void> {
  await context.clearCookies()
  const { cookie } = await t.app.services.pages.sessions.create(actor.user.id, null)
  await context.addCookies([{ name: 'trellis_session', value: cookie, url: base, httpOnly: true, sameSite: 'Lax' }])
}
