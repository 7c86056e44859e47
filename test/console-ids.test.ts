/**
 * Every console route validates its ids: the route table is walked, every method of every
 * /console route, with each path parameter replaced by something that is not an id (a word,
 * a negative number, a number past any integer column), as a signed-in admin with a valid
 * CSRF token. Every answer is a clear 4xx: nothing reaches the database as a wrong type and
 * nothing answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from './helpers.ts'
import type { PageClient } from './page-client.ts'
import { consoleTestbed, csrfOf, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'

let t: TestApp
let base: string
let w: ConsoleWorld

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
})
afterAll(async () => t?.close())

const BAD = ['abc', '-1', '99999999999999999999', '0', '1.5', '1e3']

/** The console's routes, from the route table (HEAD answers as GET does). */
function consoleRoutes(): { method: string; url: string }[] {
  const seen = new Set<string>()
  return t.app.routeList.filter((r) => {
    const key = `${r.method} ${r.url}`
    if (!r.url.startsWith('/console') || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** URLs of a route with bad values: every parameter bad at once, and each one bad with the others valid. */
function badUrls(url: string): string[] {
  const params = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '')
  const valid: Record<string, string> = { tenantId: String(w.brandId), emailType: 'passwordReset' }
  const fill = (bad: string, only?: string) => url.replace(/:([A-Za-z]+)/g, (_, name: string) => (only === undefined || name === only ? bad : valid[name] ?? '1'))
  return BAD.flatMap((bad) => [fill(bad), ...(params.length > 1 ? params.map((p) => fill(bad, p)) : [])])
}

async function walk(browser: PageClient): Promise<{ checked: number; wrong: string[] }> {
  const csrf = csrfOf((await browser.get(`/console/tenants/${w.brandId}/people`)).body)
  const form = { _csrf: csrf, name: 'x', email: 'x@example.test', role: 'member', command: 'status', subject: 'x', code: 'x' }
  const wrong: string[] = []
  let checked = 0
  for (const route of consoleRoutes()) {
    if (!route.url.includes(':')) continue
    for (const url of new Set(badUrls(route.url))) {
      const res = await browser.request(route.method, url, route.method === 'GET' || route.method === 'HEAD' ? undefined : form)
      checked++
      if (res.status < 400 || res.status >= 500) wrong.push(`${route.method} ${url}: ${res.status}`)
    }
  }
  return { checked, wrong }
}

describe('every console route with ids that are not ids', () => {
  it('answers a 4xx to a brand admin, never a 5xx', async () => {
    const { checked, wrong } = await walk(await signedInBrowser(t, base, w.admin))
    expect(checked).toBeGreaterThan(100)
    expect(wrong).toEqual([])
  }, 120_000)

  it('answers a 4xx to a platform administrator, never a 5xx', async () => {
    const { checked, wrong } = await walk(await signedInBrowser(t, base, w.platformAdmin))
    expect(checked).toBeGreaterThan(100)
    expect(wrong).toEqual([])
  }, 120_000)

  it('the brand preview, the route that answered 500, is a 4xx with a word for an id, both ways', async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const csrf = csrfOf((await browser.get(`/console/tenants/${w.brandId}/brand`)).body)
    const get = await browser.get('/console/tenants/abc/brand/preview')
    expect(get.status).toBe(400)
    const post = await browser.request('POST', '/console/tenants/abc/brand/preview', { _csrf: csrf })
    expect(post.status).toBe(400)
    expect((await browser.get(`/console/tenants/${w.brandId}/brand/preview`)).status).toBe(200)
  })
})
