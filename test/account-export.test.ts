/**
 * A copy of one's data (issue 42): a person seeded through the API as a brand's customer (a
 * password, a confirmed address, a sign-in by code to a confidential app, a claimed heater with
 * issued MQTT credentials and a transfer code, a schedule, a live-stream ticket) exports their
 * data. The document holds every section docs/api.md documents, and none of the secrets the
 * fixture was handed: the test scans the whole document for each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'
import { uniqueMac } from './device-helpers.ts'
import { mailParts } from './page-client.ts'

let t: TestApp
let brand: number

beforeAll(async () => {
  t = await createTestApp()
  brand = await createTenant(t, 'Heaters Inc', { signup: 'customers' })
})
afterAll(async () => {
  await t.close()
})

const send = (method: 'POST' | 'PATCH' | 'GET', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) })

/** Every section docs/api.md "A copy of your data" documents, in its order. */
const SECTIONS = ['format', 'exportedAt', 'profile', 'tenants', 'devices', 'sensors', 'schedules', 'sessions', 'apps', 'audit']

describe('GET /users/current/export', () => {
  it('holds each documented section and none of the secrets the person was ever handed', async () => {
    const email = 'exporter@heaters.test'
    const password = 'correct horse battery staple'
    const secrets: Record<string, string> = { password }
    // a password and a confirmed address
    expect((await send('POST', `/tenants/${brand}/users/register`, {}, { email, password })).statusCode).toBe(200)
    await mailSettled(t.app)
    const confirmation = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).where('type', '=', 'emailConfirmation').executeTakeFirstOrThrow()
    secrets.confirmationToken = new URL(mailParts(confirmation.text).links.find((l) => l.includes('token=')) ?? '').searchParams.get('token') ?? ''
    expect((await send('POST', '/users/confirmEmail', {}, { token: secrets.confirmationToken })).statusCode).toBe(200)
    // a sign-in by code to a confidential app of the brand
    const app = await createClient(t.app, { tenantId: brand, public: false, redirectUris: ['https://heaters.test/cb'] })
    secrets.clientSecret = app.secret ?? ''
    const pair = pkcePair()
    secrets.codeVerifier = pair.verifier
    await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: brand })
    secrets.loginCode = await latestCode(t, email)
    const tokens = (await exchange(t.app, { grant_type: 'authorization_code', code: secrets.loginCode, code_verifier: pair.verifier, client_id: app.clientId, client_secret: app.secret, redirect_uri: app.redirectUri })).json() as { access_token: string; refresh_token: string }
    secrets.accessToken = tokens.access_token
    secrets.refreshToken = tokens.refresh_token
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    const me = (await send('GET', '/users/current', headers)).json() as { user: { id: number; tenants: { id: number; role: string }[] } }
    const home = me.user.tenants.find((x) => x.role === 'owner')?.id ?? 0
    // a heater claimed with the code on its box, its own MQTT password, a transfer code, a schedule
    const brandAdmin = await createActor(t, { tenantId: brand, role: 'admin' })
    const mac = uniqueMac()
    secrets.claimCode = 'BOX-CODE-98765'
    expect((await send('POST', `/tenants/${brand}/devices`, brandAdmin.headers, { mac, model: '58', claimCode: secrets.claimCode })).statusCode).toBe(201)
    const sensorId = ((await send('POST', `/tenants/${home}/devices/claim`, headers, { mac, code: secrets.claimCode })).json() as { id: number }).id
    secrets.devicePassword = ((await send('POST', `/sensors/${sensorId}/credentials`, headers)).json() as { password: string }).password
    secrets.transferCode = ((await send('POST', `/sensors/${sensorId}/transfer-code`, headers)).json() as { transferCode: string }).transferCode
    const schedule = await send('POST', `/sensors/${sensorId}/scheduleGroups`, headers, { SensorSchedules: [{ cron: '0 6 * * 1', type: 'tune', value: { power: 1 } }] })
    expect(schedule.statusCode).toBe(201)
    secrets.wsTicket = ((await send('GET', '/ws/ticket', headers)).json() as { ticket: string }).ticket
    // the brand's admin makes the person a member, from an address of the admin's own
    const promoted = await t.app.inject({ method: 'PATCH', url: `/tenants/${brand}/members/${me.user.id}`, headers: brandAdmin.headers, payload: { role: 'member' }, remoteAddress: '10.9.8.7' })
    expect(promoted.statusCode).toBe(200)
    const stored = await t.db.selectFrom('users').select(['password_hash']).where('email', '=', email).executeTakeFirstOrThrow()
    secrets.passwordHash = stored.password_hash ?? ''

    const res = await send('GET', `/tenants/${brand}/users/current/export`, headers)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const document = res.json() as Record<string, unknown> & {
      profile: { email: string; hasPassword: boolean }
      tenants: { id: number; role: string }[]
      devices: { deviceId: string }[]
      sensors: { id: number }[]
      schedules: { SensorId: number }[]
      sessions: { app: string; network: string | null }[]
      apps: { clientId: string; name: string | null }[]
      audit: { action: string; sourceIp: string | null }[]
    }
    expect(Object.keys(document)).toEqual(SECTIONS)
    expect(document.format).toBe('trellis.account-export/1')
    expect(document.profile).toMatchObject({ email, hasPassword: true, emailConfirmed: true, tenantId: brand })
    expect(document.tenants).toEqual(expect.arrayContaining([expect.objectContaining({ id: brand, role: 'member' }), expect.objectContaining({ id: home, role: 'owner' })]))
    expect(document.devices).toEqual([{ deviceId: mac, sensorId, tenantId: home }])
    expect(document.sensors.map((s) => s.id)).toEqual([sensorId])
    expect(document.schedules.map((g) => g.SensorId)).toEqual([sensorId])
    expect(document.sessions.map((s) => s.app)).toContain(app.clientId)
    expect(document.apps).toEqual([expect.objectContaining({ clientId: app.clientId, name: 'Test app' })])
    expect(document.audit.map((e) => e.action)).toEqual(expect.arrayContaining(['device.claim', 'device.credentials.issue', 'member.role.change']))
    // what others did to the person is there, without the others' addresses
    expect(document.audit.find((e) => e.action === 'member.role.change')).toMatchObject({ actor: { id: String(brandAdmin.user.id) }, sourceIp: null })
    expect(res.body).not.toContain('10.9.8.7')

    const text = res.body
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5)
      expect(text.includes(secret), `the export holds the ${name}`).toBe(false)
    }
    // nor any session's id, which the person's tokens name
    const sessionIds = await t.db.selectFrom('sessions').select('id').where('user_id', '=', me.user.id).execute()
    for (const { id } of sessionIds) expect(text).not.toContain(id)
    // the export is in the brand's audit log, without the address
    const log = (await send('GET', `/tenants/${brand}/audit`, brandAdmin.headers)).json() as { action: string; summary: unknown }[]
    const exported = log.find((e) => e.action === 'account.export')
    expect(exported).toBeDefined()
    expect(JSON.stringify(exported)).not.toContain(email)
  })

  it('needs the account scope: a token without it is refused, and so is no token', async () => {
    const person = await createActor(t, { scopes: ['sensors:read'] })
    expect((await send('GET', '/users/current/export', person.headers)).statusCode).toBe(403)
    expect((await send('GET', '/users/current/export', {})).statusCode).toBe(401)
  })
})
