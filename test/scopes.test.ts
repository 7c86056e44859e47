/**
 * Requested scopes are honoured (src/modules/oauth/scopes.ts): a token carries the scopes
 * asked for in the code request, narrowed at the token endpoint and on refresh, within what
 * the client may have; a scope it may not have is `invalid_scope` and costs the code nothing;
 * no scope (or only scopes nobody defines, as an existing app sends) gives the client's
 * defaults; the routes hold a token to what it carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair } from './login-helpers.ts'

let t: TestApp
let app: { clientId: string; redirectUri: string }
const pair = pkcePair()

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
  app = await createClient(t.app, { scopes: ['account', 'sensors:read', 'spaces:read'] })
})
afterAll(() => t.close())

/** Asks for a code with `scope` (omitted when undefined) and returns the code request's reply and the code. */
async function codeFor(scope: string | undefined) {
  const email = uniqueEmail('scope')
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/passwordlessLogin/code',
    payload: { email, client_id: app.clientId, redirect_uri: app.redirectUri, code_challenge: pair.challenge, code_challenge_method: 'S256', ...(scope === undefined ? {} : { scope }) },
  })
  return { res, email, code: res.statusCode === 200 ? await latestCode(t, email) : '' }
}

function redeem(code: string, extra: Record<string, string> = {}) {
  return exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri, ...extra })
}

const scopeOf = (accessToken: string) => decodeJwt(accessToken).scope

describe('requested scopes', () => {
  it('no scope, or only scopes nobody defines: the client\'s defaults, as the existing apps get', async () => {
    for (const scope of [undefined, 'my_scope']) {
      const { code } = await codeFor(scope)
      const body = (await redeem(code)).json()
      expect(body.scope, String(scope)).toBe('account sensors:read spaces:read')
      expect(body.id_token).toBeUndefined()
    }
  })

  it('a token carries exactly what the code request asked for, and the routes hold it to that', async () => {
    const { code } = await codeFor('sensors:read')
    const body = (await redeem(code)).json()
    expect(body.scope).toBe('sensors:read')
    expect(scopeOf(body.access_token)).toBe('sensors:read')
    const headers = { authorization: `Bearer ${body.access_token}` }
    expect((await t.app.inject({ method: 'GET', url: '/sensors', headers })).statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers })
    expect(me.statusCode).toBe(403)
    expect(errorBody(me).code).toBe('insufficient_scope')
  })

  it('a scope the client may not have: 400 invalid_scope at the code request, nothing mailed', async () => {
    const { res, email } = await codeFor('sensors:read sensors:write')
    expect(res.statusCode).toBe(400)
    expect(errorBody(res)).toMatchObject({ code: 'invalid_scope', details: [{ field: 'body.scope' }] })
    expect(await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).toEqual([])
  })

  it('the token endpoint narrows; wider than the code is invalid_scope and the code stays redeemable', async () => {
    const { code, email } = await codeFor('sensors:read spaces:read')
    for (const scope of ['sensors:read account', 'sensors:write']) {
      const refused = await redeem(code, { scope })
      expect(refused.json().error, scope).toBe('invalid_scope')
    }
    const row = await t.db.selectFrom('login_codes').select(['consumed_at', 'failed_attempts']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toEqual({ consumed_at: null, failed_attempts: 0 })
    const narrowed = (await redeem(code, { scope: 'spaces:read' })).json()
    expect(narrowed.scope).toBe('spaces:read')

    // a refresh keeps what was granted, or narrows it for that one token; it never widens
    const keep = (await exchange(t.app, { grant_type: 'refresh_token', refresh_token: narrowed.refresh_token, client_id: app.clientId })).json()
    expect(keep.scope).toBe('spaces:read')
    const wider = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: keep.refresh_token, client_id: app.clientId, scope: 'spaces:read sensors:read' })
    expect(wider.json().error).toBe('invalid_scope')
  })

  it('a refresh narrows for one token and the session keeps the rest', async () => {
    const { code } = await codeFor(undefined)
    const first = (await redeem(code)).json()
    const narrow = (await exchange(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: app.clientId, scope: 'sensors:read' })).json()
    expect(scopeOf(narrow.access_token)).toBe('sensors:read')
    const back = (await exchange(t.app, { grant_type: 'refresh_token', refresh_token: narrow.refresh_token, client_id: app.clientId })).json()
    expect(back.scope).toBe('account sensors:read spaces:read')
  })

  it('openid is every app\'s to ask for; the ID token and userinfo reveal what the scopes allow', async () => {
    const { code } = await codeFor('openid')
    const body = (await redeem(code)).json()
    expect(body.scope).toBe('openid')
    const claims = decodeJwt(body.id_token)
    expect(claims.sub).toEqual(expect.any(String))
    expect(claims.email).toBeUndefined()
    const info = await t.app.inject({ method: 'GET', url: '/userinfo', headers: { authorization: `Bearer ${body.access_token}` } })
    expect(info.json()).toEqual({ sub: claims.sub })

    const withEmail = (await redeem((await codeFor('openid email profile')).code)).json()
    const full = await t.app.inject({ method: 'GET', url: '/userinfo', headers: { authorization: `Bearer ${withEmail.access_token}` } })
    expect(full.json()).toMatchObject({ email: expect.stringContaining('@'), email_verified: true, name: expect.any(String), preferred_username: expect.any(String) })
    expect(decodeJwt(withEmail.id_token).email).toEqual(full.json().email)
  })
})
