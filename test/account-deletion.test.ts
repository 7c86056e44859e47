/**
 * A person leaves (issue 42): a customer who signed in at a brand's app, holds a heater that is
 * connected over MQTT and watched on a live socket, deletes their account. Everything is real:
 * the passwordless sign-in, the embedded broker with the mqtt client, the WebSocket, the SMTP
 * sink, the database; time moves only on the injected clock.
 */
import { sql } from 'kysely'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { type Actor, createActor, createTenant, createTestApp, errorBody, renewed, type TestApp } from './helpers.ts'
import { signedInBrowser } from './console-helpers.ts'
import { createClient, exchange, pkcePair, requestCode } from './login-helpers.ts'
import { uniqueMac, waitFor } from './device-helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

interface Person {
  email: string
  userId: number
  home: number
  headers: { authorization: string }
  accessToken: string
  refreshToken: string
}

const BOX_CODE = 'BOX-CODE-1234'
let t: TestApp
let sink: SmtpSink
let base: string
let mqttUrl: string
let brand: number
let brandAdmin: { authorization: string }
let brandAdminActor: Actor
let client: { clientId: string; redirectUri: string }
const closers: (() => Promise<unknown>)[] = []

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) })

/** The login code of the newest mail to `email` the SMTP sink received after `before` messages. */
async function mailedCode(email: string, before: number): Promise<string> {
  const mail = await sink.next(email, before)
  const code = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(mail.text ?? '')?.[1]
  if (!code) throw new Error('no code in the email')
  return code
}

/** Signs in (signing up the first time) at the brand with a mailed code, as the brand's app does. */
async function signIn(email: string): Promise<Person> {
  const pair = pkcePair()
  const before = sink.messages.length
  await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: brand })
  const code = await mailedCode(email, before)
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
  expect(res.statusCode).toBe(200)
  const tokens = res.json() as { access_token: string; refresh_token: string }
  const headers = { authorization: `Bearer ${tokens.access_token}` }
  const me = (await send('GET', '/users/current', headers)).json() as { user: { id: number; tenants: { id: number; role: string }[] } }
  const home = me.user.tenants.find((x) => x.role === 'owner')?.id ?? 0
  return { email, userId: me.user.id, home, headers, accessToken: tokens.access_token, refreshToken: tokens.refresh_token }
}

async function register(): Promise<string> {
  const mac = uniqueMac()
  expect((await send('POST', `/tenants/${brand}/devices`, brandAdmin, { mac, model: '58', claimCode: BOX_CODE })).statusCode).toBe(201)
  return mac
}

const claim = (person: Person, mac: string, code: string) => send('POST', `/tenants/${person.home}/devices/claim`, person.headers, { mac, code })

async function connectDevice(mac: string, password: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(mqttUrl, { clientId: mac, username: mac, password, reconnectPeriod: 0, connectTimeout: 3000 })
  closers.push(() => c.endAsync(true))
  return c
}

async function liveSocket(headers: object): Promise<WebSocket> {
  const ticket = (await send('GET', '/ws/ticket', headers)).json() as { ticket: string }
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${ticket.ticket}`)
  closers.push(async () => ws.close())
  await waitFor(ws, 'open')
  return ws
}

/** Resolves with the first `event` of `emitter` and how long it took; rejects after `ms`. */
function timed<T>(emitter: { once(event: string, listener: (value: T) => void): unknown }, event: string, ms = 1000): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms)
    emitter.once(event, (value: T) => {
      clearTimeout(timer)
      resolve({ value, ms: performance.now() - start })
    })
  })
}

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true' })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  mqttUrl = t.app.services.devices.mqttUrl!
  brand = await createTenant(t, 'Heaters Inc', { signup: 'customers' })
  brandAdminActor = await createActor(t, { tenantId: brand, belongsTo: brand, role: 'admin' })
  brandAdmin = brandAdminActor.headers
  client = await createClient(t.app, { tenantId: brand, redirectUris: ['https://heaters.test/cb'] })
})
afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined)
  await t.close()
  await sink.stop()
})

describe('a customer deletes their account', () => {
  it('ends the token, the refresh token and the socket within 1 s, releases the heater to the next holder, and leaves nothing of the person', async () => {
    const leaver = await signIn('leaver@heaters.test')
    expect((await send('PATCH', '/users/current', leaver.headers, { locale: 'de' })).statusCode).toBe(200)
    const mac = await register()
    const claimed = await claim(leaver, mac, BOX_CODE)
    expect(claimed.statusCode).toBe(201)
    const sensorId = (claimed.json() as { id: number }).id
    // the leaver hands the heater over: a transfer code, given with the device, proves the next claim
    const { transferCode } = (await send('POST', `/sensors/${sensorId}/transfer-code`, leaver.headers)).json() as { transferCode: string }
    const issued = await send('POST', `/sensors/${sensorId}/credentials`, leaver.headers)
    expect(issued.statusCode).toBe(201)
    const heater = await connectDevice(mac, (issued.json() as { password: string }).password)
    const ws = await liveSocket(leaver.headers)
    const before = sink.messages.length

    const socketClosed = timed<number>(ws, 'close')
    const heaterCut = timed(heater, 'close')
    const deleted = await send('DELETE', `/tenants/${brand}/users/current`, leaver.headers)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ success: true, message: 'The account was deleted.' })
    const closed = await socketClosed
    expect(closed.value).toBe(4403)
    expect(closed.ms).toBeLessThan(1000)
    expect((await heaterCut).ms).toBeLessThan(1000)
    // the access token and the refresh token are refused like revoked ones
    expect((await send('GET', '/users/current', leaver.headers)).statusCode).toBe(401)
    const refreshed = await exchange(t.app, { grant_type: 'refresh_token', refresh_token: leaver.refreshToken, client_id: client.clientId })
    expect(refreshed.statusCode).toBe(400)
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' })
    // the personal tenant went with its sensors
    expect(await t.db.selectFrom('tenants').select('id').where('id', '=', leaver.home).executeTakeFirst()).toBeUndefined()
    expect(await t.db.selectFrom('sensors').select('id').where('tenant_id', '=', leaver.home).execute()).toEqual([])
    expect(await t.db.selectFrom('users').select('id').where('email', '=', leaver.email).execute()).toEqual([])

    // another customer claims the heater with the code it was handed over with; the printed code proves nothing
    const next = await signIn('next-owner@heaters.test')
    expect((await claim(next, mac, BOX_CODE)).statusCode).toBe(403)
    expect((await claim(next, mac, transferCode)).statusCode).toBe(201)

    // the audit entry is in the brand's log, naming the person by a pseudonym, without the address
    const log = (await send('GET', `/tenants/${brand}/audit`, brandAdmin)).json() as { action: string; target: { id: string }; actor: { id: string } }[]
    const entry = log.find((e) => e.action === 'account.delete')
    expect(entry?.target.id).toMatch(/^deleted-/)
    expect(entry?.actor.id).toBe(entry?.target.id)
    const rows = await t.db.selectFrom('audit_log').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(leaver.email)
    expect(rows.filter((r) => r.actor_kind === 'user' && r.actor_id === String(leaver.userId))).toEqual([])
    // the brand's console lists the deleted account by its pseudonym, for 30 days
    const people = await (await signedInBrowser(t, base, brandAdminActor)).get(`/console/tenants/${brand}/people`)
    expect(people.body).toContain('Deleted accounts')
    expect(people.body).toContain(entry?.target.id)
    expect(people.body).not.toContain(leaver.email)
    t.clock.advance(31 * 86_400)
    const later = await (await signedInBrowser(t, base, brandAdminActor)).get(`/console/tenants/${brand}/people`)
    expect(later.body).not.toContain(entry?.target.id)

    // the confirmation, in the person's language, with no link
    const mail = await sink.next(leaver.email, before)
    expect(mail.subject).toBe('Dein Heaters Inc-Konto wurde gelöscht')
    expect(mail.text).toContain('wurde am')
    expect(mail.text).not.toMatch(/https?:\/\/[^\s]*(token|code|undo|restore)/i)
    expect(mail.html).not.toMatch(/<a [^>]*class="button/)

    // the address signs up again as a new person, with nothing of the old
    const again = await signIn(leaver.email)
    expect(again.userId).not.toBe(leaver.userId)
    expect(again.home).not.toBe(leaver.home)
    const me = (await send('GET', '/users/current', again.headers)).json() as { user: { locale: string | null; tenants: unknown[] } }
    expect(me.user.locale).toBeNull()
    expect((await send('GET', `/tenants/${again.home}/sensors`, again.headers)).json()).toEqual([])
  })
})

describe('the rules a deletion keeps', () => {
  it('refuses a token whose session signed in 6 minutes ago with the re-authentication hint; a fresh code then deletes', async () => {
    const person = await signIn('stale@heaters.test')
    t.clock.advance(6 * 60)
    const refused = await send('DELETE', '/users/current', person.headers)
    expect(refused.statusCode).toBe(401)
    const body = errorBody(refused)
    expect(body.code).toBe('insufficient_user_authentication')
    expect(body.message).toContain('prompt=login')
    expect(body.message).toContain('max_age=300')
    expect(String(refused.headers['www-authenticate'])).toContain('error="insufficient_user_authentication"')
    const fresh = await signIn(person.email)
    expect((await send('DELETE', '/users/current', fresh.headers)).statusCode).toBe(200)
  })

  it('refuses the last owner of a tenant with other members with 409 naming the tenant', async () => {
    const owner = await signIn('owner@heaters.test')
    const member = await createActor(t, { tenantId: owner.home, role: 'member' })
    const refused = await send('DELETE', '/users/current', owner.headers)
    expect(refused.statusCode).toBe(409)
    const body = errorBody(refused)
    expect(body.code).toBe('sole_owner')
    expect(body.message).toContain(`tenant ${owner.home}`)
    expect(body.details).toEqual([{ field: `tenants.${owner.home}`, message: expect.any(String) }])
    // handed over, the account goes and the tenant stays with its other member
    expect((await send('PATCH', `/tenants/${owner.home}/members/${member.user.id}`, owner.headers, { role: 'owner' })).statusCode).toBe(200)
    expect((await send('DELETE', '/users/current', owner.headers)).statusCode).toBe(200)
    expect((await send('GET', `/tenants/${owner.home}`, member.headers)).statusCode).toBe(200)
  })

  it('refuses the v5 and v4 tokens of a deleted person as it refuses revoked ones, on the routes the apps call', async () => {
    const v5 = t.config.v5.basePath
    const email = 'old-app@heaters.test'
    const password = 'correct horse battery staple'
    await t.app.services.clients.create(OPERATOR, { clientId: t.config.v5.clientId, tenantId: brand, name: 'v5 app', public: true, redirectUris: ['https://heaters.test/v5'], grantTypes: ['password', 'refresh_token'] })
    let before = sink.messages.length
    expect((await send('POST', `/tenants/${brand}/users/register`, {}, { email, password })).statusCode).toBe(200)
    const token = /token=([\w-]+)/.exec((await sink.next(email, before)).text ?? '')?.[1] ?? ''
    expect((await send('POST', '/users/confirmEmail', {}, { token })).statusCode).toBe(200)
    // a v5 token (the camelCase code flow) and v4 tokens (the password login), one of them revoked by its app
    const pair = pkcePair()
    before = sink.messages.length
    const json = { 'content-type': 'application/json' }
    await send('POST', `${v5}/auth/passwordlessLogin/code`, json, { email, clientId: client.clientId, codeChallenge: pair.challenge, codeChallengeMethod: 'sha256', redirectUri: client.redirectUri, tenantId: brand })
    const code = await mailedCode(email, before)
    const v5Token = ((await send('POST', `${v5}/auth/token`, json, { code, codeVerifier: pair.verifier, grantType: 'authorization_code', clientId: client.clientId, redirectUri: client.redirectUri })).json() as { data: { token: string } }).data.token
    const v4Login = async () => (await send('POST', `${v5}/auth/v4/login`, json, { username: email, password })).json() as { token: string; refresh_token: string }
    const v4 = await v4Login()
    const revoked = await v4Login()
    expect((await send('POST', '/auth/oauth2/revoke', {}, { token: revoked.refresh_token, client_id: t.config.v5.clientId })).statusCode).toBe(200)
    const calls = [`${v5}/user/me`, `${v5}/users/current`, `${v5}/sensor/`, '/v4/sensors', '/users/current']
    const answers = async (authorization: string) => Promise.all(calls.map(async (url) => {
      const res = await send('GET', url, { authorization })
      return { url, status: res.statusCode, body: res.body }
    }))
    const asRevoked = await answers(revoked.token)
    expect(asRevoked.map((a) => a.status)).toEqual([401, 401, 401, 401, 401])

    expect((await send('DELETE', '/users/current', { authorization: v4.token })).statusCode).toBe(200)
    expect(await answers(`Bearer ${v5Token}`)).toEqual(asRevoked)
    expect(await answers(v4.token)).toEqual(asRevoked)
  })

  it("refuses a brand's last owner naming the brand; a brand's customised confirmation goes to its own people", async () => {
    const lone = await createTenant(t, 'Lone Brand')
    const owner = await createActor(t, { tenantId: lone, belongsTo: lone, role: 'owner' })
    const refused = await send('DELETE', '/users/current', owner.headers)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).details).toEqual([{ field: `tenants.${lone}`, message: 'Lone Brand' }])
    // the brand words its own confirmation; its person deleting under its prefix gets it
    const custom = { emailConfig: { emailTypeConfig: { accountDeleted: { subject: 'Goodbye from {{company.name}}' } } } }
    // (a token of now: an earlier test moved the clock past the first one's lifetime)
    expect((await send('PATCH', `/tenants/${brand}`, (await renewed(t, brandAdminActor)).headers, custom)).statusCode).toBe(200)
    const person = await signIn('custom-goodbye@heaters.test')
    const before = sink.messages.length
    expect((await send('DELETE', `/tenants/${brand}/users/current`, person.headers)).statusCode).toBe(200)
    expect((await sink.next(person.email, before)).subject).toBe('Goodbye from Heaters Inc')
  })

  it('the audit log lets an erasure rename a person and forget their address, and nothing else', async () => {
    const [entry] = await t.db.selectFrom('audit_log').select(['id']).orderBy('id', 'desc').limit(1).execute()
    const id = entry?.id ?? 0
    const attempt = (change: string) =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local trellis.audit_erasure = 'on'`.execute(trx)
        await sql`update audit_log set ${sql.raw(change)} where id = ${id}`.execute(trx)
      })
    await expect(attempt("action = 'tenant.delete'")).rejects.toThrow(/cannot be changed/)
    await expect(attempt("tenant_id = 999")).rejects.toThrow(/cannot be changed/)
    await expect(attempt("source_ip = '10.0.0.1'")).rejects.toThrow(/cannot be changed/)
    await attempt("actor_id = 'deleted-x', source_ip = null")
    // without the erasure's setting, nothing changes an entry
    await expect(sql`update audit_log set actor_id = 'y' where id = ${id}`.execute(t.db)).rejects.toThrow(/cannot be changed/)
  })
})
