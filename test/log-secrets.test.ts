/**
 * Nothing secret in a log, by construction: every flow of the product runs over real HTTP
 * against a server whose log (at `debug`, and at the default `info`) is captured, and no
 * secret the flows saw (codes, tokens, client and device secrets, passwords, the CLI's admin
 * secret, addresses) appears anywhere in it, raw or URL-encoded.
 */
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ADMIN_PATH } from '../src/cli/remote.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTestApp, freePort, uniqueEmail, type TestApp } from './helpers.ts'
import { pkcePair } from './login-helpers.ts'
import { mailParts, PageClient } from './page-client.ts'
import { SoftwareAuthenticator } from './software-authenticator.ts'

/** A form body; a value missing from an earlier answer becomes empty (the flow's own checks catch it). */
const form = (fields: Record<string, string | null | undefined>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, v ?? '']))

interface Run {
  t: TestApp
  base: string
  log: () => string
  adminSecret: Buffer
}

async function start(level: 'debug' | 'info'): Promise<Run> {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const adminSecret = randomBytes(32)
  const t = await createTestApp({ PUBLIC_URL: base, LOG_LEVEL: level }, { logger: { level, stream }, adminSecret })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { t, base, log: () => lines.join(''), adminSecret }
}

/** Every flow, collecting each secret it sees. */
async function everyFlow({ t, base, adminSecret }: Run, seen: Set<string>): Promise<void> {
  const keep = (...values: (string | null | undefined)[]) => values.forEach((v) => v && seen.add(v))
  const http = async (method: string, path: string, body?: object | URLSearchParams, headers: Record<string, string> = {}) => {
    const json = body && !(body instanceof URLSearchParams)
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json ? JSON.stringify(body) : body,
    })
    const text = await res.text()
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, string> }
  }
  const lastMail = async (to: string) => {
    await t.app.services.email.idle()
    const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow()
    return mailParts(row.text)
  }
  const tokenIn = (links: string[]) => {
    const link = links.find((l) => l.includes('token='))
    return link ? new URL(link).searchParams.get('token') : null
  }

  const brand = await t.app.services.tenants.create(OPERATOR, { name: 'Brand', signup: 'customers' })
  const redirectUri = 'https://app.test/callback'
  const { client } = await t.app.services.clients.create(OPERATOR, { name: 'App', public: true, redirectUris: [redirectUri], grantTypes: ['authorization_code', 'refresh_token', 'password'], tenantId: null })

  // login by code, the token endpoint (form), the profile, refresh and revocation
  const email = uniqueEmail('logs')
  const pkce = pkcePair()
  keep(email, encodeURIComponent(email), pkce.verifier)
  const asked = await http('POST', `/tenants/${brand.id}/auth/passwordlessLogin/code`, { email, client_id: client.client_id, redirect_uri: redirectUri, code_challenge: pkce.challenge, code_challenge_method: 'S256' })
  expect(asked.status).toBe(200)
  const { code } = await lastMail(email)
  keep(code)
  const tokens = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'authorization_code', code: code ?? '', code_verifier: pkce.verifier, client_id: client.client_id, redirect_uri: redirectUri }))).json()
  keep(tokens.access_token, tokens.refresh_token)
  const bearer = { authorization: `Bearer ${tokens.access_token}` }
  expect((await http('GET', '/users/current', undefined, bearer)).status).toBe(200)

  // a passkey registered and signed in with: its challenges, credential, signatures, handle and code
  const authenticator = new SoftwareAuthenticator(base)
  const creation = JSON.parse((await http('POST', '/users/current/passkeys/options', {}, bearer)).text) as { challenge: string; rp: { id: string }; user: { id: string } }
  const attestation = authenticator.create(creation)
  keep(creation.challenge, creation.user.id, attestation.id, attestation.response.clientDataJSON, attestation.response.attestationObject)
  expect((await http('POST', '/users/current/passkeys', { response: attestation }, bearer)).status).toBe(201)
  const passkeyPkce = pkcePair()
  keep(passkeyPkce.verifier)
  const request = (await http('POST', `/tenants/${brand.id}/auth/passkeys/options`, { client_id: client.client_id, redirect_uri: redirectUri, code_challenge: passkeyPkce.challenge, code_challenge_method: 'S256' })).json()
  const assertion = authenticator.get({ challenge: request.challenge ?? '' })
  keep(request.challenge, assertion.response.signature, assertion.response.authenticatorData, assertion.response.clientDataJSON)
  const passkeyCode = (await http('POST', `/tenants/${brand.id}/auth/passkeys/signIn`, { response: assertion })).json().code
  keep(passkeyCode)
  const passkeyTokens = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'authorization_code', code: passkeyCode, code_verifier: passkeyPkce.verifier, client_id: client.client_id, redirect_uri: redirectUri }))).json()
  keep(passkeyTokens.access_token, passkeyTokens.refresh_token)
  expect(passkeyTokens.access_token).toBeTruthy()
  const refreshed = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id }))).json()
  keep(refreshed.access_token, refreshed.refresh_token)
  const fresh = { authorization: `Bearer ${refreshed.access_token}` }

  // login by link on the hosted page, with login_hint and state in the URL
  const browser = new PageClient(base)
  const linkPkce = pkcePair()
  const linkEmail = uniqueEmail('link')
  keep(linkEmail, encodeURIComponent(linkEmail), linkPkce.verifier, 'state-secret-123')
  const query = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirectUri, code_challenge: linkPkce.challenge, code_challenge_method: 'S256', state: 'state-secret-123', login_hint: linkEmail })
  const page = await browser.get(`/tenants/${brand.id}/auth/oauth2/authorize?${query}`)
  expect(page.status).toBe(200)
  await browser.submit(page, '/auth/oauth2/authorize/email', { email: linkEmail })
  const linkMail = await lastMail(linkEmail)
  keep(linkMail.code)
  const link = linkMail.links.find((l) => l.includes('/authorize/link')) ?? ''
  const back = await browser.get(link)
  const pageCode = new URL(back.location ?? `${base}/`).searchParams.get('code')
  keep(pageCode, ...browser.cookies.values())
  expect(back.status).toBe(303)
  await browser.get(`/tenants/${brand.id}/account`)

  // register, confirm (page and API), reset (page and API), password grant
  const member = uniqueEmail('register')
  keep(member, encodeURIComponent(member), 'a long passphrase 1', 'a new passphrase 22')
  expect((await http('POST', '/users/register', { email: member, password: 'a long passphrase 1' })).status).toBe(200)
  const confirmation = tokenIn((await lastMail(member)).links)
  keep(confirmation)
  expect((await http('GET', `/confirm-email?token=${confirmation}`)).status).toBe(200)
  expect((await http('POST', '/users/confirmEmail', { token: confirmation })).status).toBe(200)
  expect((await http('POST', '/users/forgotPassword', { email: member })).status).toBe(200)
  const reset = tokenIn((await lastMail(member)).links)
  keep(reset)
  expect((await http('GET', `/reset-password?token=${reset}`)).status).toBe(200)
  expect((await http('POST', '/users/resetPassword', { token: reset, password: 'a new passphrase 22' })).status).toBe(200)
  const password = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'password', username: member, password: 'a new passphrase 22', client_id: client.client_id }))).json()
  keep(password.access_token, password.refresh_token)

  // an invitation, opened and accepted
  const admin = await createActor(t, { tenantId: brand.id, role: 'owner' })
  keep(admin.token, admin.user.email)
  expect((await http('POST', `/tenants/${brand.id}/members`, { email, role: 'member' }, admin.headers)).status).toBe(201)
  const invitation = tokenIn((await lastMail(email)).links)
  keep(invitation)
  expect((await http('GET', `/invitations/accept?token=${invitation}`)).status).toBe(200)
  expect((await http('GET', `/invitations/preview?token=${invitation}`)).status).toBe(200)
  expect((await http('POST', '/invitations/accept', { token: invitation }, fresh)).status).toBe(200)

  // client secrets: created over the API and the CLI's admin channel, used in Basic auth and in the body
  const platform = await createActor(t, { platformAdmin: true })
  keep(platform.token, platform.user.email, adminSecret.toString('base64url'))
  const backend = (await http('POST', '/oauth/clients', { name: 'Backend', redirectUris: [], grantTypes: ['client_credentials'], public: false, tenantId: brand.id, scopes: ['sensors:read'] }, platform.headers)).json()
  keep(backend.clientSecret)
  const basic = `Basic ${Buffer.from(`${backend.clientId}:${backend.clientSecret}`).toString('base64')}`
  const cc = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'client_credentials' }), { authorization: basic })).json()
  keep(cc.access_token)
  const cc2 = (await http('POST', '/auth/oauth2/token', form({ grant_type: 'client_credentials', client_id: backend.clientId, client_secret: backend.clientSecret }))).json()
  keep(cc2.access_token)
  expect((await http('POST', '/auth/oauth2/introspect', form({ token: refreshed.access_token }), { authorization: basic })).status).toBe(200)
  const cli = (await http('POST', ADMIN_PATH, { argv: ['clients', 'rotate-secret', backend.clientId, '--json'] }, { 'x-trellis-admin-secret': adminSecret.toString('base64url') })).json()
  keep(JSON.parse(String(cli.stdout)).clientSecret)

  // the device authorization grant: its codes in a body, a query string and a cookie, and its tokens
  const tv = (await http('POST', '/oauth/clients', { name: 'TV', redirectUris: [], grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'], public: true, tenantId: null }, platform.headers)).json()
  const started = (await http('POST', '/auth/oauth2/device_authorization', form({ client_id: tv.clientId }))).json()
  keep(started.device_code, started.user_code, started.user_code?.replace('-', ''))
  expect((await http('POST', '/auth/oauth2/token', form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: started.device_code, client_id: tv.clientId }))).json().error).toBe('authorization_pending')
  expect((await http('GET', `/device?user_code=${started.user_code}`)).status).toBe(200)

  // device credentials, and the live stream's ticket in a query string
  const sensor = (await http('POST', `/tenants/${brand.id}/sensors`, { deviceId: 'e0:5a:1b:77:00:01', name: 'Fan', type: '58' }, admin.headers)).json()
  const device = (await http('POST', `/tenants/${brand.id}/sensors/${sensor.id}/credentials`, undefined, admin.headers)).json()
  keep(device.password)
  const ticket = (await http('GET', '/ws/ticket', undefined, admin.headers)).json()
  keep(ticket.ticket)
  await http('GET', `/ws?token=${ticket.ticket}`)

  // the v5 dialect: camelCase code login, token, profile; password login
  const v5Email = uniqueEmail('v5')
  const v5Pkce = pkcePair()
  keep(v5Email, v5Pkce.verifier)
  await http('POST', '/v5/auth/passwordlessLogin/code', { email: v5Email, clientId: client.client_id, codeChallenge: v5Pkce.challenge, codeChallengeMethod: 'sha256', redirectUri })
  const v5Code = (await lastMail(v5Email)).code
  keep(v5Code)
  const v5 = (await http('POST', '/v5/auth/token', { code: v5Code, codeVerifier: v5Pkce.verifier, grantType: 'authorization_code', clientId: client.client_id, redirectUri })).json()
  const v5Token = (JSON.parse(JSON.stringify(v5.data)) as { token: string }).token
  keep(v5Token)
  await http('GET', '/v5/user/me', undefined, { authorization: `Bearer ${v5Token}` })
  await http('POST', '/v5/auth/v4/login', { username: member, password: 'a new passphrase 22' })

  // a refused attempt with a secret-looking value in the URL and a bad token
  await http('GET', `/reset-password?token=${reset}&email=${encodeURIComponent(member)}`)
  await http('GET', '/users/current', undefined, { authorization: 'Bearer not.a.valid-token-value-xyz' })
  keep('not.a.valid-token-value-xyz')
  expect((await http('POST', '/auth/oauth2/revoke', form({ token: refreshed.refresh_token, client_id: client.client_id }))).status).toBe(200)
}

describe('no secret in the log', () => {
  for (const level of ['debug', 'info'] as const) {
    it(`at ${level}: every flow, and none of its secrets in the captured log`, async () => {
      const run = await start(level)
      try {
        const seen = new Set<string>()
        await everyFlow(run, seen)
        await run.t.app.services.email.idle()
        const log = run.log()
        // the log is not empty, and it shows that it redacted
        expect(log).toContain('incoming request')
        expect(log).toContain('[redacted]')
        const leaked = [...seen].filter((secret) => secret.length >= 6 && log.includes(secret))
        expect(leaked).toEqual([])
        expect(seen.size).toBeGreaterThan(30)
      } finally {
        await run.t.close()
      }
    })
  }
})
