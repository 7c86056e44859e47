/**
 * The attacks the trust model must defeat, driven over HTTP as an attacker would, and the
 * white-label sign-up it must support.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../src/lib/crypto.ts'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode, mailSettled } from './login-helpers.ts'

let t: TestApp
let app: Awaited<ReturnType<typeof createClient>>
const pair = pkcePair()

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s', RATE_LIMIT_FAILED_TOKEN_PER_IP: '100000/1s' })
  app = await createClient(t.app, { redirectUris: ['https://app.test/cb'] })
})
afterAll(() => t.close())

const call = (who: Actor | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) })

/** Everything queued for an address, once the app's mail jobs are decided. */
const mailTo = async (email: string, type?: string) => {
  await mailSettled(t.app)
  let q = t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email)
  if (type) q = q.where('type', '=', type)
  return q.execute()
}

async function codeLogin(email: string, tenantId?: number) {
  const res = await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId })
  expect(res.statusCode).toBe(200)
  const code = await latestCode(t, email)
  const token = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri })
  expect(token.statusCode).toBe(200)
  return { authorization: `Bearer ${token.json().access_token}` }
}

describe('attack 1: a tenant admin takes over an account through a reset link of their choosing', () => {
  for (const victimKind of ['platform admin', 'member of another tenant'] as const) {
    it(`fails at every step against a ${victimKind}`, async () => {
      const evil = await createTenant(t, 'Evil Co')
      const attacker = await createActor(t, { tenantId: evil, role: 'owner' })
      const home = await createTenant(t, 'Victim Home')
      const victim = victimKind === 'platform admin'
        ? await createActor(t, { platformAdmin: true })
        : await createActor(t, { tenantId: home, role: 'owner', belongsTo: home })

      // step 1: adding the victim only invites them; they are not a member
      const added = await call(attacker, 'POST', `/tenants/${evil}/members`, { email: victim.user.email, role: 'member' })
      expect(added.json()).toMatchObject({ status: 'pending' })
      const members = await call(attacker, 'GET', `/tenants/${evil}/members`)
      expect(members.json().map((m: { email: string }) => m.email)).not.toContain(victim.user.email)

      // step 2: the attacker's tenant is a brand, but its token links go only to origins verified for it
      const patched = await call(attacker, 'PATCH', `/tenants/${evil}`, {
        emailConfig: { emailTypeConfig: { passwordReset: { ctaLink: 'https://evil.example/steal?t={{resetToken}}' } } },
      })
      expect(patched.statusCode).toBe(400)
      expect(errorBody(patched).details?.[0]?.field).toBe('emailConfig.emailTypeConfig.passwordReset.ctaLink')

      // step 3: a reset under the attacker's tenant never carries the tenant's texts or links: the
      // victim has no account there, so a platform account gets the platform's own reset email
      // (the prefix rule) and another tenant's account gets nothing
      const before = (await mailTo(victim.user.email)).length
      const forgot = await call(null, 'POST', `/tenants/${evil}/users/forgotPassword`, { email: victim.user.email })
      expect(forgot.statusCode).toBe(200)
      expect(await mailTo(victim.user.email)).toHaveLength(before + (victimKind === 'platform admin' ? 1 : 0))
      const platformOnly = async () => {
        for (const reset of await mailTo(victim.user.email, 'passwordReset')) {
          expect(reset.tenant_id).toBeNull()
          expect(`${reset.subject}\n${reset.text}\n${reset.html}`).not.toMatch(/Evil Co|evil\.example/)
        }
      }
      await platformOnly()
      expect((await t.db.selectFrom('email_outbox').select('text').where('text', 'like', '%evil.example%').execute())).toHaveLength(0)

      // step 4: even if the victim accepted the invitation, the tenant's texts never reach them
      const invite = (await mailTo(victim.user.email, 'invitation')).at(-1)!
      const token = /token=([A-Za-z0-9_-]+)/.exec(invite.text)![1]
      expect((await call(victim, 'POST', '/invitations/accept', { token })).statusCode).toBe(200)
      await call(null, 'POST', `/tenants/${evil}/users/forgotPassword`, { email: victim.user.email })
      expect(await mailTo(victim.user.email, 'passwordReset')).toHaveLength(victimKind === 'platform admin' ? 2 : 0)
      await platformOnly()

      // step 5: the attacker, now sharing a tenant with the victim, reads nothing of the victim's other tenants
      const victimsTenants = await call(attacker, 'GET', `/tenants/${home}`)
      expect(victimsTenants.statusCode).toBe(404)
      // and cannot reset with a token they never received, nor log in as the victim
      const reset = await call(null, 'POST', '/users/resetPassword', { token: 'guessed-token-value', password: 'attacker password 1' })
      expect(errorBody(reset).code).toBe('invalid_token')
    })
  }
})

describe('attack 2: a stranger joins a tenant by logging in under its prefix', () => {
  it('a new tenant is closed: no code, no account, no membership', async () => {
    const tenant = await createTenant(t, 'Private Co')
    const owner = await createActor(t, { tenantId: tenant, role: 'owner' })
    const stranger = uniqueEmail('stranger')
    const res = await requestCode(t.app, { email: stranger, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: tenant })
    expect(res.statusCode).toBe(200)
    expect(await mailTo(stranger)).toHaveLength(0)
    const register = await call(null, 'POST', `/tenants/${tenant}/users/register`, { email: stranger, password: 'a long passphrase' })
    expect(register.statusCode).toBe(403)
    const members = await call(owner, 'GET', `/tenants/${tenant}/members`)
    expect(members.json().map((m: { email: string }) => m.email)).not.toContain(stranger)
  })

  it('under a brand open to customers, a stranger becomes a customer who sees only the public face', async () => {
    const brand = await createTenant(t, 'Open Brand', { signup: 'customers' })
    const admin = await createActor(t, { tenantId: brand, role: 'admin' })
    await call(admin, 'POST', `/tenants/${brand}/sensors`, { deviceId: 'brand-secret', name: 'Secret', type: 'co2' })
    const headers = await codeLogin(uniqueEmail('customer'), brand)
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers })
    expect(Object.keys((await get(`/tenants/${brand}`)).json()).sort()).toEqual(['id', 'logoUrl', 'name', 'parentTenantId'])
    expect((await get(`/tenants/${brand}/members`)).statusCode).toBe(403)
    expect((await get(`/tenants/${brand}/sensors`)).json()).toEqual([])
    expect((await get(`/tenants/${brand}/emails/passwordReset/preview`)).statusCode).toBe(403)
    expect((await get('/sensors')).json().map((s: { deviceId: string }) => s.deviceId)).not.toContain('brand-secret')
  })
})

describe('attack 3: pre-hijacking an account with a password', () => {
  it("a login code proves the address and discards the squatter's password", async () => {
    const email = uniqueEmail('victim')
    const firstParty = await createClient(t.app, { public: false, grantTypes: ['password'] })
    const register = await call(null, 'POST', '/users/register', { email, password: 'squatter password' })
    expect(register.statusCode).toBe(200)
    const password = () =>
      exchange(t.app, { grant_type: 'password', username: email, password: 'squatter password', client_id: firstParty.clientId, client_secret: firstParty.secret! })
    expect((await password()).json().error).toBe('invalid_grant') // unconfirmed

    const headers = await codeLogin(email)
    expect((await t.app.inject({ method: 'GET', url: '/users/current', headers })).json().user).toMatchObject({ email, emailConfirmed: true })
    const after = await password()
    expect(after.statusCode).toBe(400)
    expect(after.json().error).toBe('invalid_grant')
    const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.password_hash).toBeNull()
  })

  it('a password set after the proof (by its owner) stays', async () => {
    const actor = await createActor(t)
    await t.db.updateTable('users').set({ password_hash: await hashPassword('owner password 1', t.config.scrypt) }).where('id', '=', actor.user.id).execute()
    await codeLogin(actor.user.email)
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', actor.user.id).executeTakeFirstOrThrow()
    expect(row.password_hash).not.toBeNull()
  })
})

describe('attack 4: scopes issued but not enforced', () => {
  it('a sensors:read token cannot create sensors; a client_credentials token acts for its tenant', async () => {
    const tenant = await createTenant(t, 'Scoped Co')
    const reader = await createActor(t, { tenantId: tenant, role: 'admin', scopes: ['sensors:read'] })
    const create = await call(reader, 'POST', `/tenants/${tenant}/sensors`, { deviceId: 'x-1', name: 'X', type: 'co2' })
    expect(create.statusCode).toBe(403)
    expect(errorBody(create).code).toBe('insufficient_scope')
    expect(create.headers['www-authenticate']).toContain('insufficient_scope')
    expect((await call(reader, 'GET', `/tenants/${tenant}/sensors`)).statusCode).toBe(200)

    const admin = await createActor(t, { tenantId: tenant, role: 'admin' })
    await call(admin, 'POST', `/tenants/${tenant}/sensors`, { deviceId: 'machine-read', name: 'M', type: 'co2' })
    const machine = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['sensors:read'], tenantId: tenant })
    const token = (await exchange(t.app, { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.secret! })).json()
    const headers = { authorization: `Bearer ${token.access_token}` }
    const list = await t.app.inject({ method: 'GET', url: '/sensors', headers })
    expect(list.statusCode).toBe(200)
    expect(list.json().map((s: { deviceId: string }) => s.deviceId)).toEqual(['machine-read'])
    const write = await t.app.inject({ method: 'POST', url: '/sensors', headers, payload: { tenantId: tenant, deviceId: 'x-2', name: 'X', type: 'co2' } })
    expect(errorBody(write).code).toBe('insufficient_scope')

    // deleting the client ends its tokens at once
    await t.db.deleteFrom('oauth_clients').where('client_id', '=', machine.clientId).execute()
    expect((await t.app.inject({ method: 'GET', url: '/sensors', headers })).statusCode).toBe(401)
  })
})

describe('white-label sign-up', () => {
  it("a customer's own tenant sits under the brand, and their sensors are invisible to every other customer", async () => {
    const brand = await createTenant(t, 'Duux-like', { signup: 'customers' })
    const ana = await codeLogin(uniqueEmail('ana'), brand)
    const bob = await codeLogin(uniqueEmail('bob'), brand)
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers: ana })).json().user
    expect(me.tenantId).toBe(brand)
    expect(me.tenants).toEqual([
      { id: brand, name: 'Duux-like', role: 'customer', parentTenantId: null },
      { id: expect.any(Number), name: me.email, role: 'owner', parentTenantId: brand },
    ])
    const home = me.tenants[1].id as number
    const sensor = await t.app.inject({ method: 'POST', url: `/tenants/${home}/sensors`, headers: ana, payload: { deviceId: 'e0:5a:1b:76:ef:60', name: 'Fan', type: 'fan' } })
    expect(sensor.statusCode).toBe(201)
    const id = sensor.json().id
    for (const url of [`/sensors/${id}`, `/tenants/${home}/sensors/${id}`, `/tenants/${home}/sensors`, `/tenants/${home}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bob })).statusCode, url).toBe(404)
    }
    expect((await t.app.inject({ method: 'GET', url: '/sensors', headers: bob })).json()).toEqual([])
    const brandAdmin = await createActor(t, { tenantId: brand, role: 'admin' })
    expect((await call(brandAdmin, 'GET', `/sensors/${id}`)).statusCode).toBe(404)
  })

  it('under a tenant open to members, a new user joins as member', async () => {
    const team = await createTenant(t, 'Team', { signup: 'members' })
    const headers = await codeLogin(uniqueEmail('teammate'), team)
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers })).json().user
    expect(me.tenants).toEqual([{ id: team, name: 'Team', role: 'member', parentTenantId: null }])
  })

  it('the same address signs up under two brands as two separate accounts', async () => {
    const one = await createTenant(t, 'Brand One', { signup: 'customers' })
    const two = await createTenant(t, 'Brand Two', { signup: 'customers' })
    const email = uniqueEmail('twice')
    const a = (await t.app.inject({ method: 'GET', url: '/users/current', headers: await codeLogin(email, one) })).json().user
    const b = (await t.app.inject({ method: 'GET', url: '/users/current', headers: await codeLogin(email, two) })).json().user
    expect(a.id).not.toBe(b.id)
    expect([a.tenantId, b.tenantId]).toEqual([one, two])
  })
})
