import { describe, expect, it } from 'vitest'
import { brandOf, contrast } from './brand.ts'
import { html } from './html.ts'
import { checkAuthorization } from './authorize-params.ts'
import { pageHeaders, type PagePolicy } from './security.ts'
import type { OAuthClient, Tenant } from '../../db/database.ts'

describe('html tag', () => {
  it('escapes every value unless it is already markup', () => {
    const name = '<script>alert("x")</script>'
    const out = html`<p title="${name}">${name}${html`<b>${"O'Neil"}</b>`}${[1, '&']}${null}${false}</p>`.value
    expect(out).toBe('<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<b>O&#39;Neil</b>1&amp;</p>')
  })
})

describe('brand', () => {
  it('picks button text that contrasts with the tenant colour and keeps body text readable', () => {
    const tenant = (buttonColor: string, textColor: string): Tenant => ({
      id: 1, name: 'T', email_address: null, address: null, phone_number: null, logo_url: null, zip_code: null, country_code: null,
      sender_email: null, time_zone: null, default_locale: null, parent_tenant_id: null, signup: 'customers', marked_brand: false, link_domains: [], created_at: new Date(0), updated_at: new Date(0),
      email_config: { template: { buttonColor, textColor } },
    })
    expect(brandOf(tenant('#ffee00', '#222')).onAccent).toBe('#000000')
    expect(brandOf(tenant('#0a3d7e', '#222')).onAccent).toBe('#ffffff')
    // a pale text colour would be unreadable on white: the default is used
    expect(brandOf(tenant('#0a3d7e', '#eeeeee')).text).toBe('#1f2937')
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21)
  })
})

describe('authorization parameters', () => {
  const client = { client_id: 'c1', is_public: true, redirect_uris: ['https://app.test/cb'], grant_types: ['authorization_code'], scopes: ['sensors:read'] } as OAuthClient
  const find = async (id: string) => (id === 'c1' ? client : undefined)
  const base = { client_id: 'c1', redirect_uri: 'https://app.test/cb', response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }

  it('never redirects before client_id and redirect_uri are verified', async () => {
    expect((await checkAuthorization({ ...base, client_id: ['c1', 'c1'] }, find)).kind).toBe('page-error')
    expect((await checkAuthorization({ ...base, redirect_uri: 'https://app.test/cb/' }, find)).kind).toBe('page-error')
    expect((await checkAuthorization({ ...base, redirect_uri: ['https://app.test/cb', 'https://evil.test'] }, find)).kind).toBe('page-error')
  })

  it('sends later faults to the app and ignores what it does not know', async () => {
    const plain = await checkAuthorization({ ...base, code_challenge_method: 'plain' }, find)
    expect(plain).toMatchObject({ kind: 'redirect-error', error: 'invalid_request' })
    const ok = await checkAuthorization({ ...base, loginRedirectType: 'passwordless', scope: 'my_scope' }, find)
    expect(ok.kind).toBe('ok')
    const noRedirect = await checkAuthorization({ ...base, redirect_uri: undefined }, find)
    expect(noRedirect).toMatchObject({ kind: 'ok', params: { redirectUri: 'https://app.test/cb', scope: null, prompt: null, maxAge: null } })
  })

  it('reads prompt, max_age and scope', async () => {
    const read = async (extra: Record<string, string>) => checkAuthorization({ ...base, ...extra }, find)
    expect(await read({ prompt: 'none' })).toMatchObject({ params: { prompt: 'none' } })
    expect(await read({ prompt: 'select_account consent' })).toMatchObject({ params: { prompt: 'login' } })
    expect(await read({ prompt: 'consent create' })).toMatchObject({ params: { prompt: null } })
    expect(await read({ prompt: 'none login' })).toMatchObject({ kind: 'redirect-error', error: 'invalid_request' })
    expect(await read({ max_age: '0' })).toMatchObject({ params: { maxAge: 0 } })
    expect(await read({ max_age: '-1' })).toMatchObject({ kind: 'redirect-error', error: 'invalid_request' })
    expect(await read({ scope: 'openid sensors:read my_scope' })).toMatchObject({ params: { scope: 'openid sensors:read' } })
    expect(await read({ scope: 'sensors:write' })).toMatchObject({ kind: 'redirect-error', error: 'invalid_scope' })
  })
})

describe('page headers', () => {
  const headersOf = (policy?: PagePolicy) => {
    const set: Record<string, string> = {}
    const reply = { header: (name: string, value: string) => ((set[name] = value), reply), type: (value: string) => ((set['content-type'] = value), reply) }
    // a stand-in for the reply: the builder only sets headers and the content type
    pageHeaders(reply as never, 'N', policy)
    return set
  }

  it('allows by default no framing, forms only to Trellis, images from Trellis and https', () => {
    const h = headersOf()
    expect(h['content-security-policy']).toBe("default-src 'none'; script-src 'nonce-N'; style-src 'self' 'nonce-N'; img-src 'self' https: data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    expect(h['x-frame-options']).toBe('DENY')
  })

  it("sets each allowance from the page's policy: the console's frames, an app's form target, a framed and sandboxed preview", () => {
    expect(headersOf({ frames: true, formTargets: ['https://app.test', null] })['content-security-policy']).toContain("frame-src 'self'; form-action 'self' https://app.test; frame-ancestors 'none'")
    const preview = headersOf({ imageOrigin: 'http://logo.test', formTargets: 'none', framedBy: 'self', sandbox: true })
    expect(preview['content-security-policy']).toBe("default-src 'none'; script-src 'nonce-N'; style-src 'self' 'nonce-N'; img-src 'self' https: data: http://logo.test; connect-src 'self'; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox")
    expect(preview['x-frame-options']).toBe('SAMEORIGIN')
  })
})
