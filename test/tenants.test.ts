import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTenant, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let platformAdmin: Actor
let tenantA: number
let tenantB: number
let ownerA: Actor
let adminA: Actor
let memberA: Actor
let ownerB: Actor

beforeAll(async () => {
  t = await createTestApp()
  platformAdmin = await createActor(t, { platformAdmin: true })
  tenantA = await createTenant(t, 'A')
  tenantB = await createTenant(t, 'B')
  ownerA = await createActor(t, { tenantId: tenantA, role: 'owner' })
  adminA = await createActor(t, { tenantId: tenantA, role: 'admin' })
  memberA = await createActor(t, { tenantId: tenantA, role: 'member' })
  ownerB = await createActor(t, { tenantId: tenantB, role: 'owner' })
})
afterAll(() => t.close())

describe('tenants', () => {
  it('a platform admin creates a tenant; others may not', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: platformAdmin.headers,
      payload: { name: 'Acme', countryCode: 'de', logoUrl: 'https://acme.test/logo.png', unknownField: 1 },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'Acme', countryCode: 'DE', signup: 'closed', parentTenantId: null, emailConfig: {} })
    const denied = await t.app.inject({ method: 'POST', url: '/tenants', headers: ownerA.headers, payload: { name: 'x' } })
    expect(denied.statusCode).toBe(403)
  })

  it('PATCH merges field by field and null removes a value', async () => {
    const first = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${tenantA}`,
      headers: adminA.headers,
      payload: { address: '1 Main St', emailConfig: { template: { buttonColor: '#ff0000', textColor: '#222' } } },
    })
    expect(first.statusCode).toBe(200)
    const second = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${tenantA}`,
      headers: adminA.headers,
      payload: { zipCode: '10115', emailConfig: { template: { textColor: null } } },
    })
    expect(second.json()).toMatchObject({
      name: 'A',
      address: '1 Main St',
      zipCode: '10115',
      emailConfig: { template: { buttonColor: '#ff0000' } },
    })
    expect(second.json().emailConfig.template.textColor).toBeUndefined()
  })

  it('a bad time zone is a 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}`, headers: adminA.headers, payload: { timeZone: 'Mars/Base' } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.[0]?.field).toBe('body.timeZone')
  })

  it('an unknown field in an email type\'s texts or in the template is a 400 naming it, and nothing is stored', async () => {
    for (const [emailConfig, field] of [
      [{ emailTypeConfig: { passwordReset: { subject: 'Reset', bogus: 'x' } } }, 'body.emailConfig.emailTypeConfig.passwordReset.bogus'],
      [{ template: { buttonColor: '#123456', shade: 'dark' } }, 'body.emailConfig.template.shade'],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}`, headers: adminA.headers, payload: { emailConfig } })
      expect(res.statusCode).toBe(400)
      expect(errorBody(res).details?.[0]).toEqual({ field, message: 'is not allowed' })
    }
    const stored = (await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}`, headers: adminA.headers })).json()
    expect(JSON.stringify(stored)).not.toMatch(/bogus|shade/)
  })

  it('members read, but may not write', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}`, headers: memberA.headers })).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}`, headers: memberA.headers, payload: { name: 'x' } })
    expect(res.statusCode).toBe(403)
  })

  it('GET /tenants: all for platform admins, own for others', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/tenants', headers: platformAdmin.headers })
    expect(all.json().length).toBeGreaterThanOrEqual(2)
    const own = await t.app.inject({ method: 'GET', url: '/tenants', headers: ownerB.headers })
    expect(own.json().map((x: { id: number }) => x.id)).toEqual([tenantB])
  })

  it('members join only by accepting an invitation; admins change roles and remove; the last owner stays', async () => {
    const email = uniqueEmail('invited')
    const invite = await t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'member' } })
    expect(invite.statusCode).toBe(201)
    expect(invite.json()).toMatchObject({ email, role: 'member', status: 'pending', tenantId: tenantA })
    const members = async () => (await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}/members`, headers: memberA.headers })).json() as { email: string; userId: number; role: string }[]
    expect((await members()).map((m) => m.email)).not.toContain(email)

    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).where('type', '=', 'invitation').executeTakeFirstOrThrow()
    const token = /invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()
    const preview = await t.app.inject({ method: 'GET', url: `/invitations/preview?token=${token}` })
    expect(preview.json()).toMatchObject({ tenantId: tenantA, tenantName: 'A', email, role: 'member' })

    // someone else holding the link cannot use it
    const other = await createActor(t)
    const stolen = await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: other.headers, payload: { token } })
    expect(stolen.statusCode).toBe(403)
    expect(errorBody(stolen).code).toBe('invitation_email_mismatch')
    const invitee = await createActor(t, { email })
    const accepted = await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: invitee.headers, payload: { token } })
    expect(accepted.json()).toMatchObject({ success: true, tenantId: tenantA, role: 'member' })
    expect((await members()).find((m) => m.email === email)).toMatchObject({ role: 'member', userId: invitee.user.id })
    const again = await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: invitee.headers, payload: { token } })
    expect(errorBody(again).code).toBe('invalid_token')

    const ownerByAdmin = await t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'owner' } })
    expect(ownerByAdmin.statusCode).toBe(403)
    const promoted = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantA}/members/${invitee.user.id}`, headers: adminA.headers, payload: { role: 'admin' } })
    expect(promoted.json()).toMatchObject({ userId: invitee.user.id, role: 'admin' })
    const del = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantA}/members/${invitee.user.id}`, headers: adminA.headers })
    expect(del.statusCode).toBe(204)
    const lastOwner = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantA}/members/${ownerA.user.id}`, headers: ownerA.headers })
    expect(lastOwner.statusCode).toBe(409)
    expect(errorBody(lastOwner).code).toBe('last_owner')
  })

  it('invitations are listed and can be revoked; a revoked link grants nothing', async () => {
    const email = uniqueEmail('revoked')
    const invite = (await t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'admin' } })).json()
    const list = await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}/invitations`, headers: adminA.headers })
    expect(list.json().map((i: { id: number }) => i.id)).toContain(invite.id)
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}/invitations`, headers: memberA.headers })).statusCode).toBe(403)
    const revoke = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantA}/invitations/${invite.id}`, headers: adminA.headers })
    expect(revoke.statusCode).toBe(204)
    const page = await t.app.inject({ method: 'GET', url: `/tenants/${tenantA}/v4/invitations?limit=50`, headers: adminA.headers })
    expect(page.json().edges.find((e: { node: { id: number } }) => e.node.id === invite.id).node.status).toBe('revoked')
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow()
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    const invitee = await createActor(t, { email })
    const res = await t.app.inject({ method: 'POST', url: '/invitations/accept', headers: invitee.headers, payload: { token } })
    expect(errorBody(res).code).toBe('invalid_token')
  })

  it('an invitation needs an address mail can reach, and is not made for someone already a member', async () => {
    const invite = (email: string) => t.app.inject({ method: 'POST', url: `/tenants/${tenantA}/members`, headers: adminA.headers, payload: { email, role: 'member' } })
    const unreachable = await invite('a@b')
    expect(unreachable.statusCode).toBe(400)
    expect(errorBody(unreachable)).toMatchObject({ code: 'validation_failed', details: [{ field: 'body.email' }] })
    // the service itself refuses it too, for the callers without the API's schema (the console's form)
    await expect(t.app.services.invitations.invite(OPERATOR, tenantA, { email: 'a@b', role: 'member' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'body.email', message: 'must be an address with a domain, like name@example.com' }],
    })
    const member = await invite(memberA.user.email.toUpperCase())
    expect(member.statusCode).toBe(409)
    expect(errorBody(member).code).toBe('already_member')
    const pending = await t.db.selectFrom('invitations').select('id').where('email', 'in', ['a@b', memberA.user.email]).execute()
    expect(pending).toEqual([])
  })

  it("another tenant's admin gets 404 on every tenant and member route", async () => {
    const routes = [
      { method: 'GET', url: `/tenants/${tenantA}` },
      { method: 'PATCH', url: `/tenants/${tenantA}`, payload: { name: 'pwned' } },
      { method: 'GET', url: `/tenants/${tenantA}/members` },
      { method: 'POST', url: `/tenants/${tenantA}/members`, payload: { email: uniqueEmail(), role: 'admin' } },
      { method: 'DELETE', url: `/tenants/${tenantA}/members/${memberA.user.id}` },
      { method: 'PATCH', url: `/tenants/${tenantA}/members/${memberA.user.id}`, payload: { role: 'admin' } },
      { method: 'GET', url: `/tenants/${tenantA}/invitations` },
      { method: 'GET', url: `/tenants/${tenantA}/v4/members` },
    ] as const
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: ownerB.headers })
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404)
      expect(errorBody(res).code).toBe('not_found')
    }
    // and the same answer as for a tenant that does not exist
    const missing = await t.app.inject({ method: 'GET', url: '/tenants/999999', headers: ownerB.headers })
    expect(missing.statusCode).toBe(404)
  })
})
