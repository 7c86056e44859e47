/**
 * Passkeys for native apps, over the API, with a software authenticator making real
 * attestations and ES256 assertions (test/software-authenticator.ts): registering one needs a
 * recent sign-in; signing in with one ends in a login code the token endpoint exchanges with
 * PKCE; a replayed assertion, a wrong origin or RP ID, a reused or expired challenge, a lowered
 * counter and another brand's sign-in are each refused with the documented error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, mailSettled, pkcePair, signUpAtBrand } from './login-helpers.ts'
import { SoftwareAuthenticator, type Lies } from './software-authenticator.ts'

const PUBLIC_URL = 'https://id.trellis.test'
let t: TestApp
let brandA: number
let brandB: number
let client: { clientId: string; redirectUri: string }
let person: { headers: { authorization: string }; userId: number }
const authenticator = new SoftwareAuthenticator(PUBLIC_URL)

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL })
  brandA = await createTenant(t, 'Brand A', { signup: 'customers' })
  brandB = await createTenant(t, 'Brand B', { signup: 'customers' })
  client = await createClient(t.app, { public: true, redirectUris: ['https://app.test/callback'] })
  person = await signUpAtBrand(t, client, brandA, uniqueEmail('passkey'))
})
afterAll(async () => t.close())

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers })
}

/** Sign-in options under a brand for the app's request with a fresh PKCE pair. */
async function signInOptions(tenantId: number) {
  const pkce = pkcePair()
  const res = await post(`/tenants/${tenantId}/auth/passkeys/options`, { client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pkce.challenge, code_challenge_method: 'S256' })
  expect(res.statusCode).toBe(200)
  const options = res.json() as { challenge: string; rpId: string; userVerification: string }
  return { options, pkce }
}

async function assert(tenantId: number, lies: Lies = {}) {
  const { options, pkce } = await signInOptions(tenantId)
  const response = authenticator.get(options, lies)
  return { res: await post(`/tenants/${tenantId}/auth/passkeys/signIn`, { response }), response, pkce, options }
}

describe('passkeys for native apps', () => {
  it('registers a passkey on a freshly signed-in account: discoverable, user verification required, attestation none, an opaque handle', async () => {
    const res = await post('/users/current/passkeys/options', {}, person.headers)
    expect(res.statusCode).toBe(200)
    const options = res.json() as { challenge: string; rp: { id: string }; user: { id: string; name: string }; attestation: string; authenticatorSelection: { residentKey: string; userVerification: string } }
    expect(options.rp.id).toBe('id.trellis.test')
    expect(options.attestation).toBe('none')
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(Buffer.from(options.user.id, 'base64url').length).toBe(32)
    // the handle is the account's 32 random bytes drawn once (stored beside it), nothing of its address or id
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', person.userId).executeTakeFirstOrThrow()).email
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain(email)
    expect(options.user.id).not.toBe(Buffer.from(String(person.userId)).toString('base64url'))
    expect((await t.db.selectFrom('webauthn_user_handles').select('handle').where('user_id', '=', person.userId).executeTakeFirstOrThrow()).handle).toBe(options.user.id)
    const created = await post('/users/current/passkeys', { response: authenticator.create(options), name: 'My phone' }, person.headers)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'My phone', kind: null, lastUsedAt: null })
    const list = await t.app.inject({ method: 'GET', url: '/users/current/passkeys', headers: person.headers })
    expect((list.json() as { passkeys: { name: string }[] }).passkeys.map((p) => p.name)).toEqual(['My phone'])
    // the person is told, in their brand's look
    await mailSettled(t.app)
    const mail = await t.db.selectFrom('email_outbox').select(['subject', 'text']).where('type', '=', 'passkeyAdded').executeTakeFirstOrThrow()
    expect(mail.subject).toBe('A passkey was added to your Brand A account')
    expect(mail.text).toContain('"My phone"')
  })

  it('the same registration answer twice is refused: its challenge was used', async () => {
    const res = await post('/users/current/passkeys/options', {}, person.headers)
    const options = res.json() as { challenge: string; rp: { id: string }; user: { id: string } }
    const response = authenticator.create(options, { origin: 'https://evil.test' })
    const first = await post('/users/current/passkeys', { response }, person.headers)
    expect(errorBody(first).code).toBe('passkey_refused')
    const again = await post('/users/current/passkeys', { response }, person.headers)
    expect(errorBody(again).code).toBe('passkey_challenge_unknown')
    authenticator.credentials.pop()
  })

  it("signs in with the passkey: the login code exchanges at the token endpoint with the request's PKCE verifier, for the same account", async () => {
    const { res, pkce } = await assert(brandA)
    expect(res.statusCode).toBe(200)
    const { code } = res.json() as { code: string }
    const wrongVerifier = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pkcePair().verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
    expect(wrongVerifier.statusCode).toBe(400)
    const { res: again, pkce: pkce2 } = await assert(brandA)
    const token = await exchange(t.app, { grant_type: 'authorization_code', code: (again.json() as { code: string }).code, code_verifier: pkce2.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
    expect(token.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` } })
    expect((me.json() as { user: { id: number } }).user.id).toBe(person.userId)
    expect(pkce.verifier).not.toBe(pkce2.verifier)
  })

  it('a replayed assertion is refused', async () => {
    const { res, response } = await assert(brandA)
    expect(res.statusCode).toBe(200)
    const replay = await post(`/tenants/${brandA}/auth/passkeys/signIn`, { response })
    expect(replay.statusCode).toBe(400)
    expect(errorBody(replay).code).toBe('passkey_challenge_unknown')
  })

  it('a wrong origin, a wrong RP ID and an unverified user are refused, and a challenge used by a refused answer is not used again', async () => {
    const origin = await assert(brandA, { origin: 'https://id.trellis.test.evil.example' })
    expect(origin.res.statusCode).toBe(400)
    expect(errorBody(origin.res).code).toBe('passkey_refused')
    const rpId = await assert(brandA, { rpId: 'evil.example' })
    expect(errorBody(rpId.res).code).toBe('passkey_refused')
    const unverified = await assert(brandA, { unverified: true })
    expect(errorBody(unverified.res).code).toBe('passkey_refused')
    // the challenge of the wrong-origin attempt, answered properly now
    const reused = await post(`/tenants/${brandA}/auth/passkeys/signIn`, { response: authenticator.get(origin.options) })
    expect(errorBody(reused).code).toBe('passkey_challenge_unknown')
  })

  it('a lowered counter is refused', async () => {
    const lowered = await assert(brandA, { counter: 1 })
    expect(lowered.res.statusCode).toBe(400)
    expect(errorBody(lowered.res).code).toBe('passkey_refused')
    expect((await assert(brandA)).res.statusCode).toBe(200)
  })

  it("a passkey of brand A's account signs nobody in at brand B, nor at the platform", async () => {
    const atB = await assert(brandB)
    expect(atB.res.statusCode).toBe(400)
    expect(errorBody(atB.res).code).toBe('passkey_refused')
    const { options } = await signInOptions(brandA)
    // options made under A, answered under B: bound to the tenant they were made for
    const crossed = await post(`/tenants/${brandB}/auth/passkeys/signIn`, { response: authenticator.get(options) })
    expect(errorBody(crossed).code).toBe('passkey_challenge_unknown')
  })

  it("an answer from a brand's registered Android app (its certificate's origin) signs in; from an unregistered app it is refused", async () => {
    const certificate = createHash('sha256').update('the app signing certificate').digest()
    const appOrigin = `android:apk-key-hash:${certificate.toString('base64url')}`
    expect(errorBody((await assert(brandA, { origin: appOrigin })).res).code).toBe('passkey_refused')
    const admin = await createActor(t, { tenantId: brandA, role: 'admin' })
    const fingerprint = [...certificate].map((b) => b.toString(16).padStart(2, '0')).join(':')
    const registered = await post(`/tenants/${brandA}/nativeApps`, { platform: 'android', packageName: 'com.brand_a.app', sha256Fingerprints: [fingerprint] }, admin.headers)
    expect(registered.statusCode).toBe(201)
    expect((await assert(brandA, { origin: appOrigin })).res.statusCode).toBe(200)
  })

  it('renames, and after five minutes refuses new passkeys and deletions with 401 insufficient_user_authentication until a new sign-in; the deleted passkey signs in no more', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/users/current/passkeys', headers: person.headers })).json() as { passkeys: { id: number; lastUsedAt: string | null }[] }
    const id = list.passkeys[0]?.id ?? 0
    expect(list.passkeys[0]?.lastUsedAt).not.toBeNull()
    const renamed = await t.app.inject({ method: 'PATCH', url: `/users/current/passkeys/${id}`, payload: { name: 'Work laptop' }, headers: person.headers })
    expect(renamed.json()).toMatchObject({ id, name: 'Work laptop' })
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'passkey.%').execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['passkey.add', 'passkey.rename'])

    // the same recent sign-in as an account's deletion (RECENT_SIGN_IN_SECONDS, 300 by default): RFC 9470's step-up answer
    t.clock.advance(301)
    const staleOptions = await post('/users/current/passkeys/options', {}, person.headers)
    expect(staleOptions.statusCode).toBe(401)
    expect(errorBody(staleOptions).code).toBe('insufficient_user_authentication')
    const staleRename = await t.app.inject({ method: 'PATCH', url: `/users/current/passkeys/${id}`, payload: { name: 'Stolen' }, headers: person.headers })
    expect(errorBody(staleRename).code).toBe('insufficient_user_authentication')
    const stale = await t.app.inject({ method: 'DELETE', url: `/users/current/passkeys/${id}`, headers: person.headers })
    expect(stale.statusCode).toBe(401)
    expect(errorBody(stale).code).toBe('insufficient_user_authentication')
    expect(stale.headers['www-authenticate']).toContain('error="insufficient_user_authentication"')
    expect(stale.headers['www-authenticate']).toContain('max_age=300')

    const fresh = await signUpAtBrand(t, client, brandA, (await t.db.selectFrom('users').select('email').where('id', '=', person.userId).executeTakeFirstOrThrow()).email)
    const deleted = await t.app.inject({ method: 'DELETE', url: `/users/current/passkeys/${id}`, headers: fresh.headers })
    expect(deleted.statusCode).toBe(204)
    expect(errorBody((await assert(brandA)).res).code).toBe('passkey_refused')
    const actions = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'passkey.delete').execute()
    expect(actions).toHaveLength(1)
    await mailSettled(t.app)
    const mail = await t.db.selectFrom('email_outbox').select(['subject', 'text']).where('type', '=', 'passkeyRemoved').executeTakeFirstOrThrow()
    expect(mail.subject).toBe('A passkey was deleted from your Brand A account')
    expect(mail.text).toContain('"Work laptop"')
  })

  it('an expired challenge is refused (the clock moved past five minutes)', async () => {
    const { options } = await signInOptions(brandA)
    t.clock.advance(301)
    const late = await post(`/tenants/${brandA}/auth/passkeys/signIn`, { response: authenticator.get(options) })
    expect(late.statusCode).toBe(400)
    expect(errorBody(late).code).toBe('passkey_challenge_unknown')
  })
})

describe('passkey sign-in options', () => {
  it("are limited per address like started sign-ins (ten times the address's mail budget): then 429 with Retry-After", async () => {
    const small = await createTestApp({ PUBLIC_URL, RATE_LIMIT_MAIL_PER_IP: '1/1h' })
    try {
      const app = await createClient(small.app, { public: true, redirectUris: ['https://app.test/callback'] })
      const ask = () => small.app.inject({ method: 'POST', url: '/auth/passkeys/options', remoteAddress: '203.0.113.9', payload: { client_id: app.clientId, redirect_uri: app.redirectUri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' } })
      const answers: number[] = []
      for (let i = 0; i < 12; i++) answers.push((await ask()).statusCode)
      expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10)
      const refused = await ask()
      expect(refused.statusCode).toBe(429)
      expect(errorBody(refused).code).toBe('rate_limited')
      expect(refused.headers['retry-after']).toBeDefined()
    } finally {
      await small.close()
    }
  })
})
