/**
 * Machine clients (docs/api.md "Machine clients"; policy.ts manageMachines): identities for
 * automation, made by a person for the platform or for one brand, whose client_credentials
 * tokens do on the admin API what the platform's or that brand's admin would, within their
 * scopes, audited as the client. Over real HTTP, tokens got by oauth4webapi at the discovered
 * token endpoint.
 */
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli.ts'
import { MACHINE_SCOPES } from '../src/modules/tenancy/actor.ts'
import { createActor, createTenant, errorBody, listeningTestApp, migratedDatabase, type Actor, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'

let t: TestApp & { base: string }
let as: oauth.AuthorizationServer
let brand: number
let otherBrand: number
let customerTenant: number
const who: Record<string, Actor> = {}

beforeAll(async () => {
  // a small budget per inviter, so that a test spends it (docs/security.md "Limits")
  t = await listeningTestApp({ RATE_LIMIT_INVITATIONS_PER_INVITER: '2/1h' })
  const issuer = new URL(t.base)
  const options = { [oauth.allowInsecureRequests]: true }
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }))
  brand = await createTenant(t, 'Brand B', { signup: 'customers' })
  otherBrand = await createTenant(t, 'Brand O')
  // a stranger who signed up as the brand's customer owns a tenant of their own under it
  customerTenant = await createTenant(t, 'Customer C', { parentTenantId: brand })
  who.platform = await createActor(t, { platformAdmin: true })
  who.brandAdmin = await createActor(t, { tenantId: brand, role: 'admin' })
  who.otherAdmin = await createActor(t, { tenantId: otherBrand, role: 'admin' })
  who.customerOwner = await createActor(t, { tenantId: customerTenant, role: 'owner' })
}, 60_000)
afterAll(() => t.close())

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${t.base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  const json = text ? (JSON.parse(text) as unknown) : null
  return { statusCode: res.status, body: text, headers: Object.fromEntries(res.headers), json: () => json as never }
}

const as_ = (actor: Actor) => actor.headers

/** A client_credentials token from the token endpoint, asked for by oauth4webapi with HTTP Basic. */
async function machineToken(clientId: string, secret: string, scope?: string): Promise<Record<string, string>> {
  const client: oauth.Client = { client_id: clientId }
  const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(secret), scope ? { scope } : {}, {
    [oauth.allowInsecureRequests]: true,
  })
  const tokens = await oauth.processClientCredentialsResponse(as, client, response)
  return { authorization: `Bearer ${tokens.access_token}` }
}

async function makeMachine(maker: Actor, body: Record<string, unknown>) {
  const res = await call(as_(maker), 'POST', '/oauth/clients', { name: 'Automation', redirectUris: [], machine: true, ...body })
  expect(res.statusCode, res.body).toBe(201)
  const made = res.json() as { clientId: string; clientSecret: string; scopes: string[]; grantTypes: string[]; machine: boolean; tenantId: number | null }
  return { ...made, headers: await machineToken(made.clientId, made.clientSecret) }
}

describe('a platform machine client', () => {
  it('is made by a platform administrator, its secret shown once and stored hashed; its token creates a tenant and lists it; the audit names the client', async () => {
    const machine = await makeMachine(who.platform!, { name: 'Provisioning' })
    expect(machine).toMatchObject({ machine: true, tenantId: null, grantTypes: ['client_credentials'], scopes: [...MACHINE_SCOPES] })
    expect(machine.scopes).not.toContain('account')
    const row = await t.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', machine.clientId).executeTakeFirstOrThrow()
    expect(row.secret_hash).not.toBe(machine.clientSecret)
    expect(row.secret_hash).not.toContain(machine.clientSecret)
    const shown = await call(as_(who.platform!), 'GET', `/oauth/clients/${machine.clientId}`)
    expect(shown.json()).toMatchObject({ machine: true })
    expect(shown.body).not.toContain(machine.clientSecret)

    const created = await call(machine.headers, 'POST', '/tenants', { name: 'Made by automation' })
    expect(created.statusCode, created.body).toBe(201)
    const tenantId = (created.json() as { id: number }).id
    const listed = await call(machine.headers, 'GET', '/tenants')
    expect(listed.statusCode).toBe(200)
    expect((listed.json() as { id: number; name: string }[]).map((x) => x.name)).toEqual(expect.arrayContaining(['Made by automation', 'Brand B', 'Brand O']))

    const audit = await call(machine.headers, 'GET', `/audit?action=tenant.create&actor=client:${machine.clientId}`)
    expect(audit.statusCode).toBe(200)
    expect(audit.json()).toEqual([
      expect.objectContaining({ action: 'tenant.create', actor: { kind: 'client', id: machine.clientId }, target: { type: 'tenant', id: String(tenantId) }, sourceIp: expect.any(String) }),
    ])
  })

  it('does what the platform does within its scopes only, and never what needs a person', async () => {
    const machine = await makeMachine(who.platform!, { name: 'Reader', scopes: ['tenants:read'] })
    expect(machine.scopes).toEqual(['tenants:read'])
    expect((await call(machine.headers, 'GET', '/tenants')).statusCode).toBe(200)
    const create = await call(machine.headers, 'POST', '/tenants', { name: 'Not allowed' })
    expect(create.statusCode).toBe(403)
    expect(errorBody(create).code).toBe('insufficient_scope')

    const full = await makeMachine(who.platform!, { name: 'Full' })
    // a person's own account, and making machine identities, stay a person's
    const me = await call(full.headers, 'GET', '/users/current')
    expect(me.statusCode).toBe(403)
    const another = await call(full.headers, 'POST', '/oauth/clients', { name: 'Successor', redirectUris: [], machine: true })
    expect(another.statusCode).toBe(403)
    expect(errorBody(another)).toMatchObject({ code: 'forbidden', message: 'A person must do this, not a machine token.' })
    const rotate = await call(full.headers, 'POST', `/oauth/clients/${full.clientId}/secret`)
    expect(rotate.statusCode).toBe(403)
    // a person replaces its secret: the new one is shown once and works, the old one no longer does
    const rotated = await call(as_(who.platform!), 'POST', `/oauth/clients/${machine.clientId}/secret`)
    expect(rotated.statusCode).toBe(200)
    const secret = (rotated.json() as { clientSecret: string }).clientSecret
    expect((await call(await machineToken(machine.clientId, secret), 'GET', '/tenants')).statusCode).toBe(200)
    await expect(machineToken(machine.clientId, machine.clientSecret)).rejects.toThrow()
    const remove = await call(full.headers, 'DELETE', `/oauth/clients/${machine.clientId}`)
    expect(remove.statusCode).toBe(403)
    // an app is a client like any other: the platform's machine registers one
    const app = await call(full.headers, 'POST', '/oauth/clients', { name: 'Backend', redirectUris: [], grantTypes: ['client_credentials'], tenantId: brand })
    expect(app.statusCode, app.body).toBe(201)
    expect(app.json()).toMatchObject({ machine: false, tenantId: brand })
  })

  it('stops working the moment a person deletes it', async () => {
    const machine = await makeMachine(who.platform!, { name: 'Short-lived' })
    expect((await call(machine.headers, 'GET', '/tenants')).statusCode).toBe(200)
    expect((await call(as_(who.platform!), 'DELETE', `/oauth/clients/${machine.clientId}`)).statusCode).toBe(204)
    expect((await call(machine.headers, 'GET', '/tenants')).statusCode).toBe(401)
  })
})

describe("a brand's machine client", () => {
  it("is made by the brand's admin and administers the brand: reads its members, changes its settings, registers an app", async () => {
    const machine = await makeMachine(who.brandAdmin!, { name: 'Brand sync', tenantId: brand })
    expect(machine).toMatchObject({ machine: true, tenantId: brand })
    const members = await call(machine.headers, 'GET', `/tenants/${brand}/members`)
    expect(members.statusCode, members.body).toBe(200)
    expect((members.json() as { userId: number }[]).map((m) => m.userId)).toContain(who.brandAdmin!.user.id)
    const renamed = await call(machine.headers, 'PATCH', `/tenants/${brand}`, { name: 'Brand B (synced)' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const app = await call(machine.headers, 'POST', '/oauth/clients', { name: 'Brand backend', redirectUris: [], grantTypes: ['client_credentials'], tenantId: brand })
    expect(app.statusCode, app.body).toBe(201)
    const listed = await call(machine.headers, 'GET', '/tenants')
    expect((listed.json() as { id: number }[]).map((x) => x.id)).toEqual([brand])
    const audit = await call(machine.headers, 'GET', `/tenants/${brand}/audit?action=client.create`)
    expect(audit.statusCode).toBe(200)
    expect(audit.json()).toEqual(expect.arrayContaining([expect.objectContaining({ actor: { kind: 'client', id: machine.clientId } })]))
    expect((await call(machine.headers, 'GET', `/tenants/${brand}/email-settings/versions`)).statusCode).toBe(200)
    // a preview or a test email goes to the person's own mailbox: a machine has none
    const preview = await call(machine.headers, 'GET', `/tenants/${brand}/emails/passwordlessLogin/preview`)
    expect(preview.statusCode).toBe(403)
    expect(errorBody(preview)).toMatchObject({ code: 'forbidden', message: 'A person must do this, not a machine token.' })
  })

  it("invites, the brand's machine clients spending one inviter's budget together", async () => {
    const first = await makeMachine(who.brandAdmin!, { name: 'Inviter 1', tenantId: brand })
    const second = await makeMachine(who.brandAdmin!, { name: 'Inviter 2', tenantId: brand })
    const invite = (headers: Record<string, string>, n: number) => call(headers, 'POST', `/tenants/${brand}/members`, { email: `invitee${n}@example.test`, role: 'member' })
    const made = await invite(first.headers, 0)
    expect(made.statusCode, made.body).toBe(201)
    let n = 1
    while ((await invite(first.headers, n)).statusCode === 201) n += 1
    expect(n).toBeLessThan(10)
    const refused = await invite(second.headers, 100)
    expect(refused.statusCode).toBe(429)
    expect(errorBody(refused).code).toBe('rate_limited')
    // a person's budget is their own
    expect((await invite(as_(who.brandAdmin!), 101)).statusCode).toBe(201)
  })

  it('is refused on another brand, on its customers\' tenants, and on every platform operation', async () => {
    const machine = await makeMachine(who.brandAdmin!, { name: 'Brand ops', tenantId: brand })
    // another brand, or a customer's tenant under this one: no role there, so not found, as for a brand's admin
    for (const tenantId of [otherBrand, customerTenant]) {
      for (const [method, path, body] of [
        ['GET', `/tenants/${tenantId}/members`],
        ['PATCH', `/tenants/${tenantId}`, { name: 'Taken over' }],
        ['POST', '/oauth/clients', { name: 'Foothold', redirectUris: [], grantTypes: ['client_credentials'], tenantId }],
      ] as const) {
        const res = await call(machine.headers, method, path, body)
        expect(res.statusCode, `${method} ${path}`).toBe(404)
        expect(errorBody(res).code).toBe('not_found')
      }
    }
    // platform operations: 403 in the documented error shape
    for (const [method, path, body] of [
      ['POST', '/tenants', { name: 'Own brand' }],
      ['GET', '/audit'],
      ['GET', '/oauth/clients'],
      ['POST', '/oauth/clients', { name: 'Platform app', redirectUris: [], grantTypes: ['client_credentials'] }],
      ['PATCH', `/tenants/${brand}`, { linkDomains: ['evil.example'] }],
    ] as const) {
      const res = await call(machine.headers, method, path, body)
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403)
      expect(errorBody(res).code).toBe('forbidden')
    }
  })

  it("holds no more than its maker's scopes, and hands out no more than it holds", async () => {
    const narrow = await createActor(t, { tenantId: brand, role: 'admin', scopes: ['tenants:read', 'tenants:admin'] })
    const beyond = await call(as_(narrow), 'POST', '/oauth/clients', { name: 'Wider', redirectUris: [], machine: true, tenantId: brand, scopes: ['sensors:write'] })
    expect(beyond.statusCode).toBe(403)
    expect(errorBody(beyond).details).toEqual([{ field: 'body.scopes', message: expect.stringContaining('sensors:write') }])
    const machine = await makeMachine(narrow, { name: 'Narrow', tenantId: brand })
    expect(machine.scopes).toEqual(['tenants:read', 'tenants:admin'])
    // changed as made: no wider than the changer's token, never by the machine itself
    const widened = await call(as_(narrow), 'PATCH', `/oauth/clients/${machine.clientId}`, { scopes: ['tenants:admin', 'sensors:write'] })
    expect(widened.statusCode).toBe(403)
    expect(errorBody(widened).details?.[0]?.field).toBe('body.scopes')
    expect((await call(machine.headers, 'PATCH', `/oauth/clients/${machine.clientId}`, { scopes: ['tenants:admin'] })).statusCode).toBe(403)
    const narrowed = await call(as_(narrow), 'PATCH', `/oauth/clients/${machine.clientId}`, { scopes: ['tenants:read', 'tenants:admin'], redirectUris: ['https://app.b.test/cb'] })
    expect(narrowed.statusCode).toBe(400)
    expect(errorBody(narrowed).details?.map((d) => d.field)).toEqual(['body.redirectUris'])
    const account = await call(as_(who.brandAdmin!), 'POST', '/oauth/clients', { name: 'Person', redirectUris: [], machine: true, tenantId: brand, scopes: ['account'] })
    expect(account.statusCode).toBe(400)
    expect(errorBody(account).details?.[0]?.field).toBe('body.scopes')
    // an app it registers with client_credentials would otherwise hold what the machine does not
    const app = await call(machine.headers, 'POST', '/oauth/clients', { name: 'Wider app', redirectUris: [], grantTypes: ['client_credentials'], tenantId: brand, scopes: ['sensors:write'] })
    expect(app.statusCode).toBe(403)
    const fitting = await call(machine.headers, 'POST', '/oauth/clients', { name: 'Fitting app', redirectUris: [], grantTypes: ['client_credentials'], tenantId: brand })
    expect(fitting.statusCode, fitting.body).toBe(201)
    expect(fitting.json()).toMatchObject({ scopes: ['tenants:read', 'tenants:admin'] })
  })

  it('signs no one in: confidential, client_credentials only, no redirect URIs', async () => {
    const res = await call(as_(who.brandAdmin!), 'POST', '/oauth/clients', {
      name: 'Odd', machine: true, tenantId: brand, public: true, redirectUris: ['https://app.b.test/cb'], grantTypes: ['authorization_code'], allowedOrigins: ['https://app.b.test'],
    })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.map((d) => d.field)).toEqual(expect.arrayContaining(['body.public', 'body.redirectUris', 'body.grantTypes', 'body.allowedOrigins']))
  })
})

describe("an app's client_credentials token (not a machine client)", () => {
  it('keeps what it had: refused where a person (or a machine client) must act; a platform app sees no tenants', async () => {
    const platformApp = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes: ['tenants:read', 'tenants:admin'] })
    const headers = await machineToken(platformApp.clientId, platformApp.secret!)
    const create = await call(headers, 'POST', '/tenants', { name: 'By an app' })
    expect(create.statusCode).toBe(403)
    expect(errorBody(create).code).toBe('forbidden')
    const listed = await call(headers, 'GET', '/tenants')
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toEqual([])

    const brandApp = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], tenantId: brand })
    const brandHeaders = await machineToken(brandApp.clientId, brandApp.secret!)
    expect((await call(brandHeaders, 'GET', `/tenants/${brand}/members`)).statusCode).toBe(200)
    const invite = await call(brandHeaders, 'POST', `/tenants/${brand}/members`, { email: 'someone@example.test', role: 'member' })
    expect(invite.statusCode).toBe(403)
    expect(errorBody(invite).code).toBe('forbidden')
  })
})

describe("a customer's tenant", () => {
  it('cannot make a machine client for itself, for its brand, or for the platform', async () => {
    const owner = as_(who.customerOwner!)
    const own = await call(owner, 'POST', '/oauth/clients', { name: 'Mine', redirectUris: [], machine: true, tenantId: customerTenant })
    expect(own.statusCode).toBe(403)
    expect(errorBody(own).code).toBe('not_a_brand')
    const platform = await call(owner, 'POST', '/oauth/clients', { name: 'Mine', redirectUris: [], machine: true })
    expect(platform.statusCode).toBe(403)
    expect(errorBody(platform).code).toBe('forbidden')
    const ofBrand = await call(owner, 'POST', '/oauth/clients', { name: 'Mine', redirectUris: [], machine: true, tenantId: brand })
    expect(ofBrand.statusCode).toBe(404)
    // not even the platform makes one there: a machine client belongs to the platform or a brand
    const byPlatform = await call(as_(who.platform!), 'POST', '/oauth/clients', { name: 'Theirs', redirectUris: [], machine: true, tenantId: customerTenant })
    expect(byPlatform.statusCode).toBe(403)
    expect(errorBody(byPlatform)).toMatchObject({ code: 'not_a_brand', details: [{ field: 'body.tenantId', message: expect.any(String) }] })
    expect(await t.db.selectFrom('oauth_clients').select('id').where('machine', '=', true).where('tenant_id', '=', customerTenant).execute()).toEqual([])
  })
})

describe('trellis clients create --machine', () => {
  it("makes the platform's or a brand's machine client, its secret shown once; none for a customer's tenant", async () => {
    const database = await migratedDatabase()
    try {
      const trellis = async (args: string[]) => {
        let stdout = ''
        let stderr = ''
        const io = { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' }, stdout: (x: string) => (stdout += x), stderr: (x: string) => (stderr += x) }
        const code = await main([...args, '--json'], io)
        return { code, json: () => JSON.parse(stdout.trim()) as Record<string, unknown>, stderr }
      }
      const platform = await trellis(['clients', 'create', '--name', 'Provisioning', '--machine'])
      expect(platform.code, platform.stderr).toBe(0)
      expect(platform.json()).toMatchObject({ machine: true, tenantId: null, grantTypes: ['client_credentials'], redirectUris: [], scopes: [...MACHINE_SCOPES], clientSecret: expect.any(String) })
      const brandId = (await trellis(['tenants', 'create', '--name', 'CLI brand'])).json().id as number
      const customerId = (await trellis(['tenants', 'create', '--name', 'CLI customer', '--parent', String(brandId)])).json().id as number
      const ofBrand = await trellis(['clients', 'create', '--name', 'Brand sync', '--machine', '--tenant', String(brandId), '--scopes', 'tenants:read'])
      expect(ofBrand.json()).toMatchObject({ machine: true, tenantId: brandId, scopes: ['tenants:read'] })
      const ofCustomer = await trellis(['clients', 'create', '--name', 'Foothold', '--machine', '--tenant', String(customerId)])
      expect(ofCustomer.code).not.toBe(0)
      expect(ofCustomer.stderr).toContain('brand')
    } finally {
      await database.drop()
    }
  }, 60_000)
})
