/**
 * The login email as it arrives over SMTP: the code shown as typed (large, monospaced, in a
 * `<code>` of its own, and on a line of its own in the text part), and nothing loaded from a
 * third party: no web fonts, no images but the logo a tenant configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTestApp, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, pkcePair, requestCode } from './login-helpers.ts'
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let brandId: number
let client: { clientId: string; redirectUri: string }
const LOGO = 'https://cdn.fanco.test/logo.png'
const CODE = /\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true' })
  brandId = (await t.app.services.tenants.create(OPERATOR, { name: 'Fan Co', signup: 'customers', logoUrl: LOGO })).id
  client = await createClient(t.app, { redirectUris: ['https://app.fanco.test/login/verify'] })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

/** The login email to a new address, under the brand or the platform: its two parts. */
async function loginEmail(tenantId?: number): Promise<{ text: string; html: string }> {
  const email = uniqueEmail('code-reader')
  const before = sink.messages.length
  const res = await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId })
  expect(res.statusCode).toBe(200)
  const mail: ReceivedMail = await sink.next(email, before)
  return { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' }
}

/** Every URL the HTML makes a mail client fetch: images, stylesheets, @import and url(...) in CSS. */
function fetchedUrls(html: string): string[] {
  const patterns = [/<img\b[^>]*\bsrc="([^"]*)"/gi, /<link\b[^>]*\bhref="([^"]*)"/gi, /@import\s+(?:url\()?['"]?([^'")\s;]+)/gi, /url\(\s*['"]?([^'")]+)/gi, /\bbackground="([^"]*)"/gi]
  return patterns.flatMap((p) => [...html.matchAll(p)].map((m) => m[1] ?? ''))
}

/** The text of the `<code>` element and its inline style. */
function codeElement(html: string): { text: string; style: string } | null {
  const match = /<code\b[^>]*\bstyle="([^"]*)"[^>]*>([^<]*)<\/code>/i.exec(html)
  return match ? { style: match[1] ?? '', text: match[2] ?? '' } : null
}

describe('the passwordless login email', () => {
  it("a brand's: the code as typed in a large monospaced <code>, and only the brand's logo fetched", async () => {
    const mail = await loginEmail(brandId)
    const code = CODE.exec(mail.text)?.[0]
    expect(code).toBeDefined()
    const element = codeElement(mail.html)
    expect(element?.text).toBe(code)
    expect(element?.style).toMatch(/font-family:[^;]*\bmonospace\b/)
    expect(Number(/font-size:(\d+)px/.exec(element?.style ?? '')?.[1])).toBeGreaterThanOrEqual(24)
    expect(element?.style).toContain('white-space:nowrap')
    // the text part: the code alone on its line, as it is typed
    expect(mail.text.split('\n')).toContain(code)

    expect(fetchedUrls(mail.html)).toEqual([LOGO])
    expect(mail.html).not.toMatch(/fonts\.(googleapis|gstatic)\.com|@font-face/)
  })

  it("the platform's: no image and no web font at all", async () => {
    const mail = await loginEmail()
    const code = CODE.exec(mail.text)?.[0]
    expect(codeElement(mail.html)?.text).toBe(code)
    expect(fetchedUrls(mail.html)).toEqual([])
    expect(mail.html).not.toMatch(/fonts\.(googleapis|gstatic)\.com|@font-face/)
    // the only web address left in it is the login link
    const addresses = new Set(mail.html.match(/https?:\/\/[^\s"'<>)]+/g))
    addresses.delete('http://www.w3.org/1999/xhtml')
    expect([...addresses].map((a) => a.replaceAll('&amp;', '&'))).toEqual([`${client.redirectUri}?code=${code}`])
  })
})
