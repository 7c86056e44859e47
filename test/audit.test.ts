/**
 * Versions of a tenant's email settings and the audit log, as an admin sees them: a change,
 * another, a restore; who did what, from where; filters, paging, retention; that entries
 * cannot be changed and never hold a secret; `trellis audit list`.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { main } from '../src/cli.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { CredentialsService } from '../src/modules/devices/device-auth.service.ts'
import { createActor, createTenant, createTestApp, migratedDatabase, type TestApp } from './helpers.ts'
import { createClient, latestCode, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let brand: number
let admin: Awaited<ReturnType<typeof createActor>>
let stranger: Awaited<ReturnType<typeof createActor>>
let platform: Awaited<ReturnType<typeof createActor>>

beforeAll(async () => {
  t = await createTestApp()
  brand = await createTenant(t, 'Brand B')
  admin = await createActor(t, { tenantId: brand, role: 'admin' })
  stranger = await createActor(t, { tenantId: await createTenant(t, 'Other brand'), role: 'owner' })
  platform = await createActor(t, { platformAdmin: true })
})
afterAll(() => t.close())

const patch = (tenantId: number, payload: object, who = admin) => t.app.inject({ method: 'PATCH', url: `/tenants/${tenantId}`, headers: who.headers, payload })
const get = (url: string, who = admin) => t.app.inject({ method: 'GET', url, headers: who.headers })

interface VersionNode { version: number; actor: { kind: string; id: string | null }; changed: string[]; restoredFrom: number | null; settings: Record<string, unknown> }

describe('email-settings versions', () => {
  it('changing a template twice and restoring the first version gives back the first texts; the list shows both changes and who made them', async () => {
    const first = { subject: 'Reset your password', contentBeforeCta: 'First words', ctaLabel: 'Reset' }
    expect((await patch(brand, { emailConfig: { emailTypeConfig: { passwordReset: first }, template: { buttonColor: '#112233' } } })).statusCode).toBe(200)
    const second = { subject: 'A new password', contentBeforeCta: 'Second words', ctaLabel: null, footerTitle: 'Bye' }
    expect((await patch(brand, { emailConfig: { emailTypeConfig: { passwordReset: second }, template: { textColor: '#445566' } } })).statusCode).toBe(200)

    const list = await get(`/tenants/${brand}/email-settings/versions`)
    expect(list.statusCode).toBe(200)
    const nodes = list.json() as VersionNode[]
    expect(nodes.map((n) => n.version)).toEqual([2, 1])
    for (const n of nodes) expect(n.actor).toEqual({ kind: 'user', id: String(admin.user.id) })
    expect(nodes.map((n) => n.changed)).toEqual([['emailConfig'], ['emailConfig']])
    expect((await get(`/tenants/${brand}/v4/email-settings/versions`)).json().totalCount).toBe(2)

    const restore = await t.app.inject({ method: 'POST', url: `/tenants/${brand}/email-settings/versions/1/restore`, headers: admin.headers })
    expect(restore.statusCode).toBe(201)
    expect(restore.json()).toMatchObject({ version: 3, restoredFrom: 1, changed: ['emailConfig'] })

    const tenant = (await get(`/tenants/${brand}`)).json()
    expect(tenant.emailConfig).toEqual({ emailTypeConfig: { passwordReset: first }, template: { buttonColor: '#112233' } })
    const preview = await get(`/tenants/${brand}/emails/passwordReset/preview`)
    expect(preview.json().subject).toBe('Reset your password')
    expect(preview.json().html).toContain('First words')
    expect(preview.json().html).not.toContain('Second words')
    const one = await get(`/tenants/${brand}/email-settings/versions/3`)
    expect(one.json().settings.emailConfig).toEqual((await get(`/tenants/${brand}/email-settings/versions/1`)).json().settings.emailConfig)
  })

  it('pages newest first with cursors; ids of another tenant, and strangers, get 404', async () => {
    const page1 = (await get(`/tenants/${brand}/v4/email-settings/versions?limit=2`)).json()
    expect(page1.edges.map((e: { node: VersionNode }) => e.node.version)).toEqual([3, 2])
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false })
    const page2 = (await get(`/tenants/${brand}/v4/email-settings/versions?limit=2&after=${page1.pageInfo.endCursor}`)).json()
    expect(page2.edges.map((e: { node: VersionNode }) => e.node.version)).toEqual([1])
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true })
    expect((await get(`/tenants/${brand}/email-settings/versions/99`)).statusCode).toBe(404)
    expect((await get(`/tenants/${brand}/email-settings/versions/1`, stranger)).statusCode).toBe(404)
    const restore = await t.app.inject({ method: 'POST', url: `/tenants/${brand}/email-settings/versions/1/restore`, headers: stranger.headers })
    expect(restore.statusCode).toBe(404)
  })

  it('a customer tenant versions its own fields and restores them; it is never given a face', async () => {
    const child = await createTenant(t, 'Customer C', { parentTenantId: brand })
    const owner = await createActor(t, { tenantId: child, role: 'owner' })
    expect((await patch(child, { address: '1 First St' }, owner)).statusCode).toBe(200)
    expect((await patch(child, { address: '2 Second St', signup: 'closed' }, owner)).statusCode).toBe(200)
    const versions = (await get(`/tenants/${child}/email-settings/versions`, owner)).json()
    expect(versions.map((v: VersionNode) => [v.version, v.changed])).toEqual([[2, ['address']], [1, ['address']]])
    const restore = await t.app.inject({ method: 'POST', url: `/tenants/${child}/email-settings/versions/1/restore`, headers: owner.headers })
    expect(restore.statusCode).toBe(201)
    expect((await get(`/tenants/${child}`, owner)).json().address).toBe('1 First St')
    expect((await patch(child, { name: 'Big Bank' }, owner)).statusCode).toBe(403)
  })
})

interface EntryNode { id: number; action: string; actor: { kind: string; id: string | null }; tenantId: number | null; target: { type: string; id: string | null }; sourceIp: string | null; summary: { fields?: string[]; values?: Record<string, unknown> } }
const entries = async (url: string, who = admin) => {
  const res = await get(url, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as EntryNode[]
}

describe('audit log', () => {
  it('names the actor, the tenant, the target, the address and the changed fields; filters by action, actor and time', async () => {
    const before = t.clock.now().toISOString()
    t.clock.advance(60)
    const since = t.clock.now().toISOString()
    expect((await patch(brand, { address: '9 Audit Rd', signup: 'customers' })).statusCode).toBe(200)
    const [latest] = await entries(`/tenants/${brand}/audit`)
    expect(latest).toMatchObject({
      action: 'tenant.update',
      actor: { kind: 'user', id: String(admin.user.id) },
      tenantId: brand,
      target: { type: 'tenant', id: String(brand) },
      summary: { fields: ['address', 'signup'], values: { address: '9 Audit Rd', signup: 'customers' } },
    })
    expect(latest?.sourceIp).toMatch(/\d/)
    const updates = await entries(`/tenants/${brand}/audit?action=tenant.update`)
    expect(updates.length).toBeGreaterThanOrEqual(3)
    expect(new Set(updates.map((e) => e.action))).toEqual(new Set(['tenant.update']))
    expect((await entries(`/tenants/${brand}/audit?action=email_settings.*`)).map((e) => e.action)).toEqual(['email_settings.restore'])
    expect(await entries(`/tenants/${brand}/audit?since=${encodeURIComponent(since)}`)).toHaveLength(1)
    expect((await entries(`/tenants/${brand}/audit?since=${encodeURIComponent(before)}&actor=operator`))).toEqual([])
    expect((await entries(`/tenants/${brand}/audit?actor=user:${admin.user.id}`)).length).toBeGreaterThanOrEqual(4)
    expect((await get(`/tenants/${brand}/audit?since=yesterday`)).statusCode).toBe(400)
    // a cursor is bound to its filters
    const page = (await get(`/tenants/${brand}/v4/audit?limit=1`)).json()
    expect((await get(`/tenants/${brand}/v4/audit?limit=1&action=tenant.update&after=${page.pageInfo.endCursor}`)).statusCode).toBe(400)
  })

  it('holds no secret issued along the way: client secrets, rotated secrets, device passwords and claim codes, invitation tokens, login codes', async () => {
    const secrets: string[] = []
    const created = await t.app.inject({ method: 'POST', url: '/oauth/clients', headers: platform.headers, payload: { name: 'Secretive', redirectUris: ['https://s.test/cb'], tenantId: brand } })
    secrets.push(created.json().clientSecret)
    secrets.push(await t.app.services.clients.rotateSecret(OPERATOR, created.json().clientId))
    const fixed = await t.app.services.clients.create(OPERATOR, { name: 'Imported', redirectUris: [], grantTypes: ['client_credentials'], tenantId: brand, clientSecret: 'a-chosen-client-secret-0123456789' })
    secrets.push(fixed.secret ?? '')
    const device = { mac: 'e0:5a:1b:09:00:01', model: '58', claimCode: 'claim-code-9-on-the-box', factoryPassword: 'factory-password-9-long' }
    expect((await t.app.inject({ method: 'POST', url: '/devices', headers: platform.headers, payload: device })).statusCode).toBe(201)
    secrets.push(device.claimCode, device.factoryPassword)
    const claimed = await t.app.inject({ method: 'POST', url: `/tenants/${brand}/devices/claim`, headers: admin.headers, payload: { mac: device.mac, code: device.claimCode } })
    expect(claimed.statusCode).toBe(201)
    const issued = await t.app.inject({ method: 'POST', url: `/sensors/${claimed.json().id}/credentials`, headers: admin.headers })
    secrets.push(issued.json().password)
    const email = 'invitee-audit@example.test'
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/members`, headers: admin.headers, payload: { email, role: 'member' } })).statusCode).toBe(201)
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow()
    secrets.push(/token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '')
    const app = await createClient(t.app)
    expect((await requestCode(t.app, { email: admin.user.email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pkcePair().challenge })).statusCode).toBeLessThan(300)
    secrets.push(await latestCode(t, admin.user.email), admin.headers.authorization?.replace('Bearer ', '') ?? '')
    expect(secrets.filter((s) => s.length < 6)).toEqual([])

    const rows = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute())
    for (const action of ['client.create', 'client.secret.rotate', 'device.register', 'device.claim', 'device.credentials.issue', 'invitation.create']) expect(rows).toContain(action)
    expect(rows).toContain('claimCode')
    expect(secrets.filter((secret) => rows.includes(secret))).toEqual([])
  })

  it('deleting a sensor that presents a claimed device records the release; a device change and its entry commit together or not at all', async () => {
    const mac = 'e0:5a:1b:09:00:02'
    expect((await t.app.inject({ method: 'POST', url: '/devices', headers: platform.headers, payload: { mac, model: '58', claimCode: 'claim-code-2-on-the-box' } })).statusCode).toBe(201)
    const claimed = await t.app.inject({ method: 'POST', url: `/tenants/${brand}/devices/claim`, headers: admin.headers, payload: { mac, code: 'claim-code-2-on-the-box' } })
    const sensorId = claimed.json().id
    const label = (await t.app.inject({ method: 'POST', url: `/tenants/${brand}/sensors`, headers: admin.headers, payload: { deviceId: 'a-label', name: 'L', type: 'co2' } })).json().id

    // a device whose audit entry cannot be written keeps its password: the change rolls back with it
    const failing = new CredentialsService(t.db, t.clock, { record: async () => { throw new Error('audit log unavailable') } })
    const device = await t.db.selectFrom('devices').select(['id', 'mac', 'password_hash']).where('mac', '=', mac).executeTakeFirstOrThrow()
    await expect(failing.issue(device)).rejects.toThrow('audit log unavailable')
    expect((await t.db.selectFrom('devices').select('password_hash').where('id', '=', device.id).executeTakeFirstOrThrow()).password_hash).toBe(device.password_hash)

    // the holder's MQTT password goes with the sensor, as with a release: a former holder keeps nothing
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/sensors/${sensorId}/credentials`, headers: admin.headers })).statusCode).toBe(201)
    const passwordOf = async () => (await t.db.selectFrom('devices').select('password_hash').where('id', '=', device.id).executeTakeFirstOrThrow()).password_hash
    expect(await passwordOf()).not.toBeNull()
    // issue 39: after a release the printed code proves nothing; the holder hands over a transfer code
    const { transferCode } = (await t.app.inject({ method: 'POST', url: `/tenants/${brand}/sensors/${sensorId}/transfer-code`, headers: admin.headers })).json()
    for (const id of [sensorId, label]) expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${brand}/sensors/${id}`, headers: admin.headers })).statusCode).toBe(204)
    expect(await passwordOf()).toBeNull()
    const [release] = await entries(`/tenants/${brand}/audit?action=device.release`)
    expect(release).toMatchObject({ actor: { kind: 'user', id: String(admin.user.id) }, tenantId: brand, target: { type: 'device', id: mac }, summary: { values: { sensorId } } })
    expect(await entries(`/tenants/${brand}/audit?action=device.release`)).toHaveLength(1)
    // the device is free again: a claim with the transfer code succeeds, the printed code no longer does
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/devices/claim`, headers: admin.headers, payload: { mac, code: 'claim-code-2-on-the-box' } })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/devices/claim`, headers: admin.headers, payload: { mac, code: transferCode } })).statusCode).toBe(201)
  })

  it('deleting a space with its contents releases each claimed device in it: password voided, device.release recorded', async () => {
    const mac = 'e0:5a:1b:09:00:03'
    expect((await t.app.inject({ method: 'POST', url: '/devices', headers: platform.headers, payload: { mac, model: '58', claimCode: 'claim-code-3-on-the-box' } })).statusCode).toBe(201)
    const sensorId = (await t.app.inject({ method: 'POST', url: `/tenants/${brand}/devices/claim`, headers: admin.headers, payload: { mac, code: 'claim-code-3-on-the-box' } })).json().id
    const hall = (await t.app.inject({ method: 'POST', url: `/tenants/${brand}/spaces`, headers: admin.headers, payload: { name: 'Hall' } })).json().id
    const room = (await t.app.inject({ method: 'POST', url: `/tenants/${brand}/spaces`, headers: admin.headers, payload: { name: 'Room', parentId: hall } })).json().id
    expect((await t.app.inject({ method: 'PATCH', url: `/tenants/${brand}/sensors/${sensorId}`, headers: admin.headers, payload: { spaceId: room } })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/sensors/${sensorId}/credentials`, headers: admin.headers })).statusCode).toBe(201)
    const passwordOf = async () => (await t.db.selectFrom('devices').select('password_hash').where('mac', '=', mac).executeTakeFirstOrThrow()).password_hash
    expect(await passwordOf()).not.toBeNull()

    expect((await t.app.inject({ method: 'DELETE', url: `/tenants/${brand}/spaces/${hall}?cascade=true`, headers: admin.headers })).statusCode).toBe(204)
    expect(await passwordOf()).toBeNull()
    const releases = (await entries(`/tenants/${brand}/audit?action=device.release`)).filter((e) => e.target.id === mac)
    expect(releases).toHaveLength(1)
    expect(releases[0]).toMatchObject({ actor: { kind: 'user', id: String(admin.user.id) }, summary: { values: { sensorId } } })
  })

  it('entries cannot be changed or removed, not even in the database; retention purges them on the clock', async () => {
    await expect(t.db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(/cannot be changed/)
    const count = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
    const entries = await count()
    expect(entries).toBeGreaterThan(0)
    const refused = /cannot be removed/
    await expect(t.db.deleteFrom('audit_log').where('action', '=', 'tenant.update').execute()).rejects.toThrow(refused)
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(refused)
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(refused)
    expect(await count()).toBe(entries)
    t.clock.advance(300 * 86_400)
    await t.app.services.housekeeping(t.clock.now())
    expect(await count()).toBe(entries)
    // after a purge, the setting is gone: a plain delete is still refused
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(refused)
    t.clock.advance(70 * 86_400)
    await t.app.services.housekeeping(t.clock.now())
    expect(await count()).toBe(0)
  })
})

describe('trellis audit list', () => {

  async function trellis(url: string, args: string[]): Promise<string> {
    let stdout = ''
    const io = { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, stdout: (s: string) => (stdout += s), stderr: () => {} }
    expect(await main(args, io)).toBe(0)
    return stdout
  }

  it('prints the entries of what the CLI and others did, with the API filters', async () => {
    const db = await migratedDatabase()
    const url = db.url
    onTestFinished(() => db.drop())
    await trellis(url, ['migrate'])
    const tenant = JSON.parse(await trellis(url, ['tenants', 'create', '--name', 'Audited', '--json']))
    await trellis(url, ['keys', 'rotate'])
    const text = await trellis(url, ['audit', 'list'])
    expect(text).toMatch(/tenant\.create/)
    expect(text).toMatch(/signing_key\.rotate/)
    expect(text).toContain(`tenant:${tenant.id}`)
    const json = JSON.parse(await trellis(url, ['audit', 'list', '--tenant', String(tenant.id), '--action', 'tenant.*', '--json']))
    expect(json.entries).toEqual([expect.objectContaining({ action: 'tenant.create', actor: { kind: 'operator', id: null }, sourceIp: null, tenantId: tenant.id })])
  }, 60_000)
})
