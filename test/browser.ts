/// <reference lib="dom" />
/**
 * Debian's Chromium driven by playwright-core, one browser per test file, with a fresh
 * profile. Also a second tiny server on another loopback port: a relying party that serves
 * a callback page, a logo, and a page that calls the API from its own origin (CORS).
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { TestRunner } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** Screenshots the test took (paths from the repository root), listed in the JSON report's `meta`. */
    screenshots?: string[]
  }
}

export const CHROMIUM = '/usr/bin/chromium'
const ARTIFACTS = join(import.meta.dirname, '..', 'test-artifacts')

export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'trellis-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
    // the pages follow Accept-Language: an English browser whatever the machine's own locale
    locale: 'en-US',
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Screenshots at phone and desktop width, kept in test-artifacts/ and attached to the running
 * test (an annotation with the PNG, copied by Vitest into its attachments folder, and the
 * paths in the test's `meta`, which the JSON report carries); fails if 375 px scrolls sideways.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const test = TestRunner.getCurrentTest()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    const file = `${name}-${width}.png`
    const path = join(ARTIFACTS, file)
    await page.screenshot({ path, fullPage: true })
    if (test) {
      await test.context.annotate(`screenshot ${name} at ${width} px`, 'screenshot', { path, contentType: 'image/png' })
      test.meta.screenshots = [...(test.meta.screenshots ?? []), `test-artifacts/${file}`]
    }
    if (width === 375) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      if (scrollWidth > 375) throw new Error(`${name} is ${scrollWidth}px wide at 375px`)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40">
<rect width="40" height="40" rx="8" fill="#0a7d3e"/><text x="50" y="28" font-family="sans-serif" font-size="22" font-weight="700" fill="#222">Acme</text></svg>`

/** The page another origin serves: it calls the token endpoint and writes what happened. */
function corsPage(api: string): string {
  return `<!doctype html><html><body><p id="result">running</p><script>
fetch(${JSON.stringify(`${api}/auth/oauth2/token`)}, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'authorization_code', code: 'AAAAA-AAAAA', client_id: 'x', redirect_uri: 'x' }) })
  .then((r) => r.json().then((b) => { document.getElementById('result').textContent = 'status ' + r.status + ' ' + b.error }))
  .catch((e) => { document.getElementById('result').textContent = 'blocked ' + e.name })
</script></body></html>`
}

export async function startRelyingParty(api: string): Promise<{ origin: string; port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path === '/logo.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LOGO)
    if (path === '/cors.html') return res.writeHead(200, { 'content-type': 'text/html' }).end(corsPage(api))
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>callback</title><p>app callback</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core run in the page on WCAG 2.1 A and AA, evaluated by the driver (the page's CSP stays
 * as it is): each violation with the nodes it names, and the rules that passed (a caller checks
 * that the rules it cares about did look, rather than being skipped).
 */
export async function axeCheck(page: Page): Promise<{ violations: string[]; passed: string[] }> {
  await page.evaluate(AXE)
  return page.evaluate(async () => {
    type Rule = { id: string; nodes: { target: unknown }[] }
    const axe: { run(context: unknown, options: unknown): Promise<{ violations: Rule[]; passes: Rule[] }> } = Reflect.get(window, 'axe')
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, iframes: false })
    return { violations: result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`), passed: result.passes.map((p) => p.id) }
  })
}

/** Opens a folded section (a details element) as a person would, by its summary, unless it is open already. */
export async function unfold(page: Page, selector: string): Promise<void> {
  const section = page.locator(selector)
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click()
}
