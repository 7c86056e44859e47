/**
 * A browser without a browser, for HTTP-level tests of the hosted pages: real HTTP
 * (fetch), a cookie jar, manual redirects, and the forms' hidden fields read from the page.
 */
import { expect } from 'vitest'
import type { DB } from '../src/db/connect.ts'

export interface PageResponse {
  status: number
  url: string
  location: string | null
  headers: Headers
  body: string
}

export class PageClient {
  readonly cookies = new Map<string, string>()
  /** Headers sent with every request, as a browser's own (Accept-Language). */
  readonly headers: Record<string, string> = {}

  constructor(readonly base: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair?.indexOf('=') ?? -1
      if (!pair || eq < 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async request(method: string, path: string, form?: Record<string, string>): Promise<PageResponse> {
    const url = new URL(path, this.base).toString()
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    })
    this.remember(response.headers)
    return { status: response.status, url, location: response.headers.get('location'), headers: response.headers, body: await response.text() }
  }

  get(path: string) {
    return this.request('GET', path)
  }

  /** Submits the form whose action ends with `action` on `page`, with its hidden fields plus `fields`. */
  submit(page: PageResponse, action: string, fields: Record<string, string> = {}) {
    const forms = [...page.body.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)]
    const form = forms.find((f) => f[1]?.endsWith(action))
    if (!form?.[1] || form[2] === undefined) throw new Error(`no form ${action} on the page:\n${page.body}`)
    const hidden: Record<string, string> = {}
    for (const input of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      if (input[1]) hidden[input[1]] = unescape(input[2] ?? '')
    }
    return this.request('POST', unescape(form[1]), { ...hidden, ...fields })
  }
}

function unescape(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/** The newest email to `address` in the outbox: its text, code and first link. */
export function mailParts(text: string): { code: string | null; links: string[] } {
  return {
    code: /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(text)?.[1] ?? null,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
  }
}

/**
 * Plays the person at the hosted sign-in: the email step, then the code from the newest mail to
 * `email` (after `settled`, which waits for the outbox); returns where the pages send the browser.
 */
export async function signInWithMailedCode(browser: PageClient, authorizationUrl: string, email: string, db: DB, settled: () => Promise<void>): Promise<URL> {
  const page = await browser.get(authorizationUrl)
  expect(page.status).toBe(200)
  const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
  await settled()
  const row = await db.selectFrom('email_outbox').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
  const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: mailParts(row.text).code ?? '' })
  expect(done.status).toBe(303)
  return new URL(done.location ?? '')
}
