// The sign-in log (GET /tenants/{id}/v4/sign-ins, GET /v4/sign-ins): every outcome recorded
// where it is decided, the network as a /24 or /48, no code or token in any row, searched by
// address, cursor-paged, and read only by the brand's admins and the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'

interface Row { id: number; outcome: string; detail: string | null; email: string | null; clientId: string | null; network: string | null; tenantId: number | null; userId: number | null }
interface Page { edges: { node: Row; cursor: string }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }; totalCount: number }

let t: TestApp
let brandA: number
let brandB: number
let adminA: Actor
let adminB: Actor
let platform: Actor
let client: { clientId: string; redirectUri: string }
const IP = '203.0.113.7'

async function log(actor: Actor, query = '', tenantId: number | null = brandA) {
  const url = tenantId === null ? `/v4/sign-ins${query}` : `/tenants/${tenantId}/v4/sign-ins${query}`
  return t.app.inject({ method: 'GET', url, headers: actor.headers })
}
async function rowsOf(email: string): Promise<Row[]> {
  const res = await log(adminA, `?limit=250&email=${encodeURIComponent(email)}`)
  expect(res.statusCode).toBe(200)
  return (res.json() as Page).edges.map((e) => e.node)
}

/** A sign-in by a mailed code at brand A, from `ip`: the token response and the code. */
async function signIn(email: string, ip = IP) {
  const pair = pkcePair()
  await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: brandA, ip })
  const code = await latestCode(t, email)
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, ip)
  expect(res.statusCode).toBe(200)
  return { tokens: res.json() as { access_token: string; refresh_token: string }, code }
}

beforeAll(async () => {
  t = await createTestApp()
  brandA = await createTenant(t, 'Brand A', { signup: 'customers' })
  brandB = await createTenant(t, 'Brand B', { signup: 'customers' })
  client = await createClient(t.app, { tenantId: brandA })
  adminA = await createActor(t, { tenantId: brandA, role: 'admin' })
  adminB = await createActor(t, { tenantId: brandB, role: 'admin' })
  platform = await createActor(t, { platformAdmin: true })
})
afterAll(async () => {
  await t.close()
})

describe('the sign-in log', () => {
  it('records a code sent, a sign-in and a refresh, with the app and the /24, and never a code or token', async () => {
    const email = uniqueEmail('log')
    const { tokens, code } = await signIn(email)
    const refreshed = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.clientId }, {}, IP)
    expect(refreshed.statusCode).toBe(200)
    const rows = await rowsOf(email)
    expect(rows.map((r) => r.outcome)).toEqual(['refreshed', 'signed_in', 'code_sent'])
    for (const r of rows) {
      expect(r).toMatchObject({ email, clientId: client.clientId, network: '203.0.113.0/24', tenantId: brandA })
    }
    const text = JSON.stringify(await t.db.selectFrom('sign_ins').selectAll().execute())
    expect(text).not.toContain(IP)
    for (const secret of [code, code.replace('-', ''), tokens.access_token, tokens.refresh_token, (refreshed.json() as { refresh_token: string }).refresh_token]) {
      expect(text).not.toContain(secret)
    }
  })

  it('records a wrong code, an expired one and one presented again', async () => {
    const email = uniqueEmail('wrong')
    const wrong = await exchange(t.app, { grant_type: 'authorization_code', code: 'AAAAA-AAAAA', code_verifier: pkcePair().verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, IP)
    expect(wrong.statusCode).toBe(400)
    const unknown = (await log(adminA, '?limit=1')).json() as Page
    expect(unknown.edges[0]?.node).toMatchObject({ outcome: 'code_wrong', email: null, clientId: client.clientId, network: '203.0.113.0/24', tenantId: brandA })

    const pair = pkcePair()
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: brandA, ip: IP })
    const code = await latestCode(t, email)
    const params = { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }
    t.clock.advance(11 * 60)
    expect((await exchange(t.app, params, {}, IP)).statusCode).toBe(400)
    expect((await rowsOf(email)).map((r) => r.outcome)).toEqual(['code_expired', 'code_sent'])
  })

  it('records a code held back by the mail limit, naming the limit', async () => {
    const email = uniqueEmail('held')
    for (let i = 0; i < 4; i++) {
      const res = await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId: brandA, ip: '198.51.100.9' })
      expect(res.statusCode).toBe(200)
    }
    await mailSettled(t.app)
    const held = (await rowsOf(email)).filter((r) => r.outcome === 'held_back')
    expect(held.length).toBeGreaterThanOrEqual(1)
    expect(held[0]).toMatchObject({ detail: 'per_address_network', network: '198.51.100.0/24', clientId: client.clientId, tenantId: brandA })
  })

  it('names an IPv6 network by its /48', async () => {
    const email = uniqueEmail('six')
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId: brandA, ip: '2001:db8:1:2::5' })
    await mailSettled(t.app)
    expect((await rowsOf(email))[0]).toMatchObject({ outcome: 'code_sent', network: '2001:db8:1::/48' })
  })

  it('records a blocked person refused: their refresh and their next code', async () => {
    const email = uniqueEmail('blocked')
    const { tokens } = await signIn(email)
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${tokens.access_token}` } })).json() as { user: { id: number } }
    const blocked = await t.app.inject({ method: 'POST', url: `/tenants/${brandA}/people/${me.user.id}/block`, headers: adminA.headers })
    expect(blocked.statusCode).toBe(200)
    expect((blocked.json() as { blockedAt: string | null }).blockedAt).not.toBeNull()
    const refresh = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.clientId }, {}, IP)
    expect(refresh.statusCode).toBe(400)
    expect((refresh.json() as { error_description: string }).error_description).toMatch(/blocked/)
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId: brandA, ip: IP })
    await mailSettled(t.app)
    expect((await rowsOf(email)).slice(0, 2).map((r) => r.outcome)).toEqual(['refused_blocked', 'refused_blocked'])
  })

  it('searches by the start of an address and pages by cursor, exactly', async () => {
    const email = uniqueEmail('pager')
    await signIn(email)
    await signIn(email)
    const all = await rowsOf(email)
    expect(all).toHaveLength(4)
    const first = (await log(adminA, `?limit=3&email=${encodeURIComponent(email.slice(0, 8).toUpperCase())}`)).json() as Page
    expect(first.totalCount).toBe(4)
    expect(first.edges.map((e) => e.node.id)).toEqual(all.slice(0, 3).map((r) => r.id))
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false })
    const second = (await log(adminA, `?limit=3&email=${encodeURIComponent(email.slice(0, 8))}&after=${encodeURIComponent(first.pageInfo.endCursor ?? '')}`)).json() as Page
    expect(second.edges.map((e) => e.node.id)).toEqual([all[3]?.id])
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true })
    // a cursor of another search is refused
    const other = await log(adminA, `?limit=3&after=${encodeURIComponent(first.pageInfo.endCursor ?? '')}`)
    expect(other.statusCode).toBe(400)
  })

  it("keeps each brand's log to its admins and the platform", async () => {
    const email = uniqueEmail('iso')
    const { tokens } = await signIn(email)
    // brand B's admin: brand A is not theirs (404, as for a tenant that does not exist)
    expect((await log(adminB)).statusCode).toBe(404)
    expect(((await log(adminB, '', brandB)).json() as Page).edges.map((e) => e.node.email)).not.toContain(email)
    // the customer: a customer of brand A, and the owner of their own tenant, which is no brand
    const customer = { headers: { authorization: `Bearer ${tokens.access_token}` } } as Actor
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers: customer.headers })).json() as { user: { tenants: { id: number; role: string }[] } }
    const home = me.user.tenants.find((x) => x.role === 'owner')?.id ?? 0
    expect([403, 404]).toContain((await log(customer)).statusCode)
    const own = await log(customer, '', home)
    expect(own.statusCode).toBe(403)
    expect(['not_a_brand', 'insufficient_scope', 'forbidden']).toContain(errorBody(own).code)
    // brand A's admin cannot read the platform's whole log; the platform can, and sees the row
    expect((await log(adminA, '', null)).statusCode).toBe(403)
    const everything = (await log(platform, `?email=${encodeURIComponent(email)}`, null)).json() as Page
    expect(everything.edges.map((e) => e.node.outcome)).toEqual(['signed_in', 'code_sent'])
  })
})
