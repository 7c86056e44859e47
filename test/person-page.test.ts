// A person's page in the console, over HTTP: a brand admin finds a customer by address, opens
// their page (apps, networks, tenants, sessions), blocks them (their token and refresh stop at
// once, and the refusal is in the sign-in log), unblocks them (they sign in again), ends their
// sessions, and deletes the account; another brand's admin cannot open the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, uniqueEmail, type TestApp } from './helpers.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'
import { consoleTestbed, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import type { PageClient } from './page-client.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let admin: PageClient
let client: { clientId: string; redirectUri: string }
const IP = '203.0.113.7'

async function signIn(email: string) {
  const pair = pkcePair()
  await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: w.brandId, ip: IP })
  const code = await latestCode(t, email)
  return exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, IP)
}
async function signedIn(email: string) {
  const res = await signIn(email)
  expect(res.statusCode, res.body).toBe(200)
  const tokens = res.json() as { access_token: string; refresh_token: string }
  const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${tokens.access_token}` } })).json() as { user: { id: number } }
  return { ...tokens, userId: me.user.id }
}
const current = (token: string) => t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${token}` } })
const refresh = (token: string) => exchange(t.app, { grant_type: 'refresh_token', refresh_token: token, client_id: client.clientId }, {}, IP)
const outcomes = async (email: string) => (await t.db.selectFrom('sign_ins').select('outcome').where('email', '=', email).orderBy('id', 'desc').execute()).map((r) => r.outcome)
const personUrl = (userId: number, path = '') => `/console/tenants/${w.brandId}/person/${userId}${path}`

beforeAll(async () => {
  ;({ t, base, w } = await consoleTestbed())
  client = await createClient(t.app, { tenantId: w.brandId })
  admin = await signedInBrowser(t, base, w.admin)
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe("a person's page", () => {
  it('is found from the customers list by address and shows who they are and where they sign in', async () => {
    const email = uniqueEmail('found')
    const { userId } = await signedIn(email)
    const list = await admin.get(`/console/tenants/${w.brandId}/customers?email=${encodeURIComponent(email)}`)
    expect(list.status).toBe(200)
    expect(list.body).toContain(`href="${personUrl(userId)}"`)
    const page = await admin.get(personUrl(userId))
    expect(page.status, page.body).toBe(200)
    expect(page.body).toContain(email)
    expect(page.body).toContain('Test app')
    expect(page.body).toContain('203.0.113.0/24')
    expect(page.body).toContain('Acme Climate')
    expect(page.body).toContain('Open sessions')
    expect(page.body).not.toContain('never, as far as')
  })

  it('blocks: the token and the refresh stop at once, sign-in is refused and logged; unblocking lets them in again', async () => {
    const email = uniqueEmail('blocked')
    const tokens = await signedIn(email)
    expect((await current(tokens.access_token)).statusCode).toBe(200)
    const page = await admin.get(personUrl(tokens.userId))
    const done = await landed(admin, await admin.submit(page, `/person/${tokens.userId}/block`))
    expect(done.body).toContain(`${email} is blocked`)
    expect(done.body).toContain('Blocked since')
    expect((await current(tokens.access_token)).statusCode).toBe(401)
    const refused = await refresh(tokens.refresh_token)
    expect(refused.statusCode).toBe(400)
    expect((refused.json() as { error_description: string }).error_description).toMatch(/blocked/)
    // a new code is not sent, and the refusals are in the log, shown on the sign-in log page
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pkcePair().challenge, tenantId: w.brandId, ip: IP })
    await mailSettled(t.app)
    expect((await outcomes(email)).slice(0, 2)).toEqual(['refused_blocked', 'refused_blocked'])
    const log = await admin.get(`/console/tenants/${w.brandId}/sign-ins?email=${encodeURIComponent(email)}`)
    expect(log.status).toBe(200)
    expect(log.body).toContain('refused: blocked')
    const audit = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', String(tokens.userId)).execute()
    expect(audit.map((a) => a.action)).toContain('person.block')

    const again = await admin.get(personUrl(tokens.userId))
    const unblocked = await landed(admin, await admin.submit(again, `/person/${tokens.userId}/unblock`))
    expect(unblocked.body).toContain(`${email} is unblocked`)
    const back = await signedIn(email)
    expect((await current(back.access_token)).statusCode).toBe(200)
  })

  it("ends one session, then every one of the person's sessions", async () => {
    const email = uniqueEmail('sessions')
    const first = await signedIn(email)
    const second = await signedIn(email)
    const page = await admin.get(personUrl(first.userId))
    const session = /\/sessions\/([0-9a-f-]{36})\/end"/.exec(page.body)?.[1]
    expect(session).toBeDefined()
    await landed(admin, await admin.submit(page, `/sessions/${session}/end`))
    const live = [(await current(first.access_token)).statusCode, (await current(second.access_token)).statusCode].sort()
    expect(live).toEqual([200, 401])
    const after = await admin.get(personUrl(first.userId))
    const ended = await landed(admin, await admin.submit(after, `/person/${first.userId}/sessions/end-all`))
    expect(ended.body).toContain(`Every session of ${email} is ended`)
    expect((await current(first.access_token)).statusCode).toBe(401)
    expect((await current(second.access_token)).statusCode).toBe(401)
  })

  it('sends the address confirmation again to an account not yet confirmed, and only then', async () => {
    const email = uniqueEmail('unconfirmed')
    const user = await insertUser(t.db, { email, tenantId: w.brandId, emailConfirmedAt: null })
    await addMembership(t.db, w.brandId, user.id, 'customer')
    const page = await admin.get(personUrl(user.id))
    expect(page.body).toContain('Address confirmed')
    const sent = await landed(admin, await admin.submit(page, `/person/${user.id}/confirmation`))
    expect(sent.body).toContain(`A new address confirmation is on its way to ${email}`)
    await mailSettled(t.app)
    const mail = await t.db.selectFrom('email_outbox').select('type').where('to_address', '=', email).execute()
    expect(mail.map((m) => m.type)).toEqual(['emailConfirmation'])
    const audit = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', String(user.id)).execute()
    expect(audit.map((a) => a.action)).toEqual(['person.confirmation.resend'])
    // a confirmed address has no such button
    const { userId } = await signedIn(uniqueEmail('confirmed'))
    expect((await admin.get(personUrl(userId))).body).not.toContain('/confirmation"')
  })

  it('deletes the account as its own deletion does, with its sign-in rows', async () => {
    const email = uniqueEmail('deleted')
    const { userId } = await signedIn(email)
    const ask = await admin.get(personUrl(userId, '/delete'))
    expect(ask.status).toBe(200)
    expect(ask.body).toContain(`Delete ${email}?`)
    const done = await landed(admin, await admin.submit(ask, `/person/${userId}/delete`))
    expect(done.body).toMatch(/The account is deleted; the audit log names it deleted-/)
    expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined()
    expect(await outcomes(email)).toEqual([])
  })

  it("is not another brand's to open, and a platform account is not the brand's to block", async () => {
    const email = uniqueEmail('theirs')
    const { userId } = await signedIn(email)
    const other = await createActor(t, { tenantId: w.otherId, role: 'admin' })
    const stranger = await signedInBrowser(t, base, other)
    expect((await stranger.get(personUrl(userId))).status).toBe(404)
    expect((await stranger.get(`/console/tenants/${w.otherId}/person/${userId}`)).status).toBe(404)
    // a platform account on the brand's staff: its page says only the platform blocks it
    const staff = await createActor(t, { tenantId: w.brandId, role: 'member' })
    const page = await admin.get(personUrl(staff.user.id))
    expect(page.status).toBe(200)
    expect(page.body).toContain('only the platform blocks or deletes it')
    const api = await t.app.inject({ method: 'POST', url: `/tenants/${w.brandId}/people/${staff.user.id}/block`, headers: w.admin.headers })
    expect(api.statusCode).toBe(403)
  })
})
