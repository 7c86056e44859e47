/**
 * The React passwordless example (CLIENTS.md 2.7): no tenant prefix, a verifier of 32 code
 * points U+0000-U+00FF (control characters, `\` and `"` included), the challenge over its
 * UTF-8 bytes, a JSON token request with control characters JSON-escaped, no long-lasting
 * flag, and a CORS preflight when the page is served from another origin.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '../helpers.ts'
import { importDuux, latestLoginEmail, WEB_REDIRECT, type Imported } from './import.ts'

let t: TestApp
let imported: Imported

const PAGE_ORIGIN = 'https://fans.example.test'

/** The example's verifier: 32 random bytes read as code points; the first few force the awkward cases. */
function browserVerifier(): string {
  const forced = [0x03, 0x5c, 0x22, 0x00, 0xe9, 0xff, 0x7f, 0x80]
  const rest = [...randomBytes(32 - forced.length)]
  return String.fromCharCode(...forced, ...rest)
}

beforeAll(async () => {
  t = await createTestApp()
  imported = await importDuux(t)
})
afterAll(() => t.close())

describe('React passwordless example', () => {
  it('requests a code without a prefix and claims it with its non-standard verifier', async () => {
    const email = uniqueEmail('web')
    const verifier = browserVerifier()
    const challenge = createHash('sha256').update(Buffer.from(verifier, 'utf8')).digest('base64url')
    const sent = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, client_id: imported.web.clientId, redirect_uri: WEB_REDIRECT, code_challenge_method: 'sha256', code_challenge: challenge }),
    })
    expect(sent.statusCode).toBe(200)

    // the /claim page reads ?code= from the link in the email
    const { code, text } = await latestLoginEmail(t, email)
    const link = new URL(/https:\/\/fans\.example\.test\/claim\S*/.exec(text)![0])
    expect(link.searchParams.get('code')).toBe(code)

    const body = JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: imported.web.clientId, redirect_uri: WEB_REDIRECT })
    expect(body).toContain('\\u0003') // control characters arrive JSON-escaped, U+0080 and up raw
    const res = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', headers: { 'content-type': 'application/json' }, payload: body })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900, refresh_token: expect.any(String) })
  })

  it('a cross-origin page gets through the CORS preflight of both requests', async () => {
    for (const url of ['/auth/passwordlessLogin/code', '/auth/oauth2/token']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: PAGE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
      expect(res.statusCode, url).toBeLessThan(300)
      expect([PAGE_ORIGIN, '*']).toContain(res.headers['access-control-allow-origin'])
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type')
    }
  })
})
