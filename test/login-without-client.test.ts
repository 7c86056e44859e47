/**
 * The specification's code request: `email`, `code_challenge`, `code_challenge_method` and
 * `redirect_uri`, no `client_id`. The redirect URI names the client when exactly one client
 * that may use login codes accepts it (src/modules/oauth/client-lookup.service.ts); otherwise a 400
 * in the API's error shape names `client_id`. Mail goes through a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTenant, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, pkcePair } from './login-helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
const pair = pkcePair()
let seq = 0
/** A redirect URI no other test registers. */
const freshUri = (path = 'cb') => `https://app${++seq}.example.test/${path}`

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true', EMAIL_POLL_MS: '20', RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

function fourFields(email: string, redirectUri: string, prefix = '') {
  return t.app.inject({
    method: 'POST',
    url: `${prefix}/auth/passwordlessLogin/code`,
    payload: { email, code_challenge: pair.challenge, code_challenge_method: 'S256', redirect_uri: redirectUri },
  })
}

function codeIn(text: string | undefined): string {
  const match = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(text ?? '')
  if (!match?.[1]) throw new Error(`no code in: ${text}`)
  return match[1]
}

function expectClientIdRequired(res: Awaited<ReturnType<typeof fourFields>>, why: RegExp) {
  expect(res.statusCode).toBe(400)
  const body = errorBody(res)
  expect(body.code).toBe('client_id_required')
  expect(body.message).toMatch(why)
  expect(body.details).toEqual([{ field: 'body.client_id', message: expect.stringMatching(/^is required when redirect_uri/) }])
}

describe('a code request without client_id', () => {
  it('works with the four fields: the mail arrives, and the code is bound to the client the URI named', async () => {
    const redirectUri = freshUri('login/verify')
    const app = await createClient(t.app, { redirectUris: [redirectUri] })
    const other = await createClient(t.app, { redirectUris: [freshUri()] })
    const email = uniqueEmail('four')
    const before = sink.messages.length
    const res = await fourFields(email, redirectUri)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: expect.any(String) })
    const mail = await sink.next(email, before)
    const code = codeIn(mail.text)
    expect(mail.text).toContain(`${redirectUri}?code=${code}`)

    const params = { grant_type: 'authorization_code', code, code_verifier: pair.verifier, redirect_uri: redirectUri }
    // bound to the client the URI named: another client cannot redeem it
    expect((await exchange(t.app, { ...params, client_id: other.clientId })).json().error).toBe('invalid_grant')
    const token = await exchange(t.app, { ...params, client_id: app.clientId })
    expect(token.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${token.json().access_token}` } })
    expect(me.json().user.email).toBe(email)
  })

  it('the same as a form, and under a tenant prefix (the tenant brands the mail)', async () => {
    const redirectUri = freshUri()
    await createClient(t.app, { redirectUris: [redirectUri] })
    const brand = await createTenant(t, 'Four Fields Co', { signup: 'customers' })
    const email = uniqueEmail('form')
    const before = sink.messages.length
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${brand}/auth/passwordlessLogin/code`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, code_challenge: pair.challenge, code_challenge_method: 'sha256', redirect_uri: redirectUri }).toString(),
    })
    expect(res.statusCode).toBe(200)
    const mail = await sink.next(email, before)
    expect(mail.from?.name).toBe('Four Fields Co')
  })

  it('a registered fragment wildcard names its client too', async () => {
    const base = freshUri('auth/')
    await createClient(t.app, { redirectUris: [`${base}#/*`] })
    const email = uniqueEmail('wild')
    const before = sink.messages.length
    expect((await fourFields(email, `${base}#/install-42`)).statusCode).toBe(200)
    const mail = await sink.next(email, before)
    expect(mail.text).toContain(`${base}#/install-42?code=${codeIn(mail.text)}`)
  })

  it('an unknown redirect_uri: 400 naming client_id', async () => {
    expectClientIdRequired(await fourFields(uniqueEmail(), freshUri()), /no client/)
    // a client that cannot use login codes does not count
    const machineUri = freshUri()
    await createClient(t.app, { public: false, grantTypes: ['client_credentials'], redirectUris: [machineUri] })
    expectClientIdRequired(await fourFields(uniqueEmail(), machineUri), /no client/)
  })

  it('several clients accept the URI, exactly or by a wildcard: 400 naming client_id; client_id settles it', async () => {
    const shared = freshUri()
    const first = await createClient(t.app, { redirectUris: [shared] })
    await createClient(t.app, { redirectUris: [shared] })
    expectClientIdRequired(await fourFields(uniqueEmail(), shared), /more than one client/)

    // an exact registration does not outrank a wildcard that also covers the URI
    const base = freshUri('app/')
    await createClient(t.app, { redirectUris: [`${base}#/*`] })
    const exact = await createClient(t.app, { redirectUris: [`${base}#/home`] })
    expectClientIdRequired(await fourFields(uniqueEmail(), `${base}#/home`), /more than one client/)
    // elsewhere in the fragment only the wildcard matches
    expect((await fourFields(uniqueEmail(), `${base}#/elsewhere`)).statusCode).toBe(200)

    for (const [clientId, redirectUri] of [[first.clientId, shared], [exact.clientId, `${base}#/home`]] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/passwordlessLogin/code',
        payload: { email: uniqueEmail(), client_id: clientId, redirect_uri: redirectUri, code_challenge: pair.challenge, code_challenge_method: 'S256' },
      })
      expect(res.statusCode).toBe(200)
    }
  })

  it('a client registered after a refusal is found at once; a removed one is gone at once', async () => {
    const redirectUri = freshUri()
    expectClientIdRequired(await fourFields(uniqueEmail(), redirectUri), /no client/)
    const app = await createClient(t.app, { redirectUris: [redirectUri] })
    expect((await fourFields(uniqueEmail(), redirectUri)).statusCode).toBe(200)
    await t.app.services.clients.remove(OPERATOR, app.clientId)
    expectClientIdRequired(await fourFields(uniqueEmail(), redirectUri), /no client/)
  })

  it('the token endpoint still needs client_id (or client credentials)', async () => {
    const redirectUri = freshUri()
    await createClient(t.app, { redirectUris: [redirectUri] })
    const email = uniqueEmail('tok')
    const before = sink.messages.length
    await fourFields(email, redirectUri)
    const code = codeIn((await sink.next(email, before)).text)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, redirect_uri: redirectUri })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'client_id is required.' })
  })
})
