/**
 * The edges of the brand and device rules, from the attacker's side: a token placeholder in a
 * body text instead of the verified ctaLink, a stranger's wrong claim codes against the owner's
 * claim, the scrypt work a claim does, a recipient's address quoted by an SMTP server, and a
 * takeover of anonymous firmware carried over by the device migration.
 */
import { Writable } from 'node:stream'
import nodemailer from 'nodemailer'
import pino from 'pino'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../src/db/connect.ts'
import { migrateTo } from '../src/db/migrate.ts'
import { logOptions } from '../src/lib/log-redaction.ts'
import { OutboxWorker } from '../src/modules/email/worker.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { proofChecks } from '../src/modules/devices/claim-proof.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { createActor, createTenant, createTestApp, createTestDatabase, testConfig, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, pkcePair, requestCode } from './login-helpers.ts'
import { uniqueMac } from './device-helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

describe('a brand admin sends a customer\'s reset token to a host the brand never proved', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a token placeholder in the email body next to an outside URL is refused like a ctaLink on that host', async () => {
    const brand = await createTenant(t, 'Brand', { signup: 'customers' })
    const admin = await createActor(t, { tenantId: brand, role: 'admin' })
    // the ctaLink rule holds...
    const link = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brand}`,
      headers: admin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { ctaLink: 'https://evil.example/r?t={{resetToken}}' } } } },
    })
    expect(link.statusCode).toBe(400)
    // ...but the same URL, written into the text above the button, carries the token all the same
    // (mail clients turn it into a link; the plain-text part prints it as is)
    const body = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brand}`,
      headers: admin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { contentBeforeCta: 'Reset here: https://evil.example/r?t={{resetToken}}' } } } },
    })
    expect(body.statusCode).toBe(400)
  })
})

describe('a stranger delays the rightful owner\'s claim for as long as they like', () => {
  let t: TestApp
  let client: { clientId: string; redirectUri: string }
  let brand: number

  async function signUp(email: string) {
    const pair = pkcePair()
    await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: brand })
    const code = await latestCode(t, email)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
    const headers = { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` }
    const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers })).json() as { user: { tenants: { id: number; role: string }[] } }
    return { headers, home: me.user.tenants.find((x) => x.role === 'owner')!.id }
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_FAILED_CLAIM_PER_DEVICE: '3/1d', RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
    brand = (await t.app.services.tenants.create(OPERATOR, { name: 'Brand', signup: 'customers' })).id
    client = await createClient(t.app, { tenantId: brand, redirectUris: ['https://app.brand.test/callback'] })
  })
  afterAll(() => t.close())

  it('after a few wrong codes from a stranger, the owner holding the right code is still let in', async () => {
    const mac = uniqueMac()
    await t.app.services.devices.registry.register(OPERATOR, brand, { mac, model: '58', claimCode: 'BOX-CODE-1234' })
    const stranger = await signUp('stranger-claim@example.test')
    const owner = await signUp('owner-claim@example.test')
    // one account, a handful of requests a day: it spends its own budget for this device, not the owner's
    const guesses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/tenants/${stranger.home}/devices/claim`, headers: stranger.headers, payload: { mac, code: `guess-${i}-xxxx` } })
      guesses.push(res.statusCode)
    }
    expect(guesses).toContain(429)
    const res = await t.app.inject({ method: 'POST', url: `/tenants/${owner.home}/devices/claim`, headers: owner.headers, payload: { mac, code: 'BOX-CODE-1234' } })
    expect(res.statusCode).toBe(201)
  })

  it('a transfer leaves behind the MQTT password issued in the old tenant', async () => {
    const mac = uniqueMac()
    await t.app.services.devices.registry.register(OPERATOR, brand, { mac, model: '58', claimCode: 'BOX-CODE-5678' })
    const owner = await signUp('mover@example.test')
    const claimed = await t.app.inject({ method: 'POST', url: `/tenants/${owner.home}/devices/claim`, headers: owner.headers, payload: { mac, code: 'BOX-CODE-5678' } })
    const sensorId = (claimed.json() as { id: number }).id
    const issued = await t.app.inject({ method: 'POST', url: `/tenants/${owner.home}/sensors/${sensorId}/credentials`, headers: owner.headers })
    expect(issued.statusCode).toBe(201)
    const second = (await t.app.services.tenants.create(OPERATOR, { name: 'Second home', parentTenantId: brand })).id
    await addMembership(t.db, second, (await t.app.inject({ method: 'GET', url: '/users/current', headers: owner.headers })).json().user.id, 'owner')
    const moved = await t.app.inject({ method: 'POST', url: `/tenants/${owner.home}/sensors/${sensorId}/transfer`, headers: owner.headers, payload: { toTenantId: second } })
    expect(moved.statusCode).toBe(200)
    const device = await t.db.selectFrom('devices').select('password_hash').where('mac', '=', mac).executeTakeFirstOrThrow()
    expect(device.password_hash).toBeNull()
  })
})

describe('a claim\'s answer time says nothing about what is registered', () => {
  it('an unknown MAC and a registered device with a claim code and a factory password take the same scrypt work', () => {
    // by construction, as the equal-timing tests check statements: the same two scrypt checks
    // whatever is registered (timings belong to benchmarks, not to tests)
    const cases = [undefined, { claim_hash: 'c', factory_hash: null }, { claim_hash: null, factory_hash: 'f' }, { claim_hash: 'c', factory_hash: 'f' }]
    const checks = cases.map((device) => proofChecks(device, 'dummy'))
    expect(checks.map((c) => c.length)).toEqual([2, 2, 2, 2])
    expect(checks[0]!.every((c) => c.hash === 'dummy' && !c.real)).toBe(true)
    expect(checks[3]).toEqual([{ hash: 'c', real: true }, { hash: 'f', real: true }])
    expect(checks[1]).toEqual([{ hash: 'c', real: true }, { hash: 'dummy', real: false }])
  })
})

describe('no email address in the log', () => {
  let t: TestApp
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await new SmtpSink().start()
    t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'false' })
  })
  afterAll(async () => {
    await t.close()
    await sink.stop()
  })

  it('an SMTP refusal that quotes the recipient (as Postfix does) is logged without the address', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const log = pino(logOptions({ level: 'debug' }), stream)
    const to = 'alice.private@example.test'
    sink.respond = (rcpt) => ({ code: 550, message: `5.1.1 <${rcpt[0]}>: Recipient address rejected: User unknown in local recipient table` })
    await t.app.services.email.send(t.db, { type: 'passwordResetSuccess', to: { email: to } })
    const worker = new OutboxWorker(t.db, nodemailer.createTransport(sink.url), log, {
      pollMs: 20,
      retryBaseMs: 20,
      messageIdDomain: 'trellis.test',
      timeoutMs: 5000,
      concurrency: 1,
      box: t.app.secretBox,
      decide: (message) => t.app.services.email.jobs.decide(message),
      clock: t.clock,
    })
    expect(await worker.runOnce()).toBe(1)
    const text = lines.join('')
    expect(text).toContain('email delivery failed')
    expect(text).not.toContain(to)
  })
})

describe('migrating: anonymous firmware a customer turned on survives as a platform decision', () => {
  it('a device that only a customer\'s tenant used keeps no allowAnonymous it set itself', async () => {
    const database = await createTestDatabase()
    const db = await connectDatabase(testConfig({ DATABASE_URL: database.url }).database)
    try {
      await migrateTo(db, '0013_brands')
      const mac = 'e0:5a:1b:bb:00:01'
      // data from before devices were records: a stranger under brand 1 typed a MAC nobody had onboarded and allowed anonymous firmware
      await sql`
        insert into tenants (id, name) values (1, 'Brand');
        insert into tenants (id, name, parent_tenant_id) values (2, 'stranger@example.test', 1);
        insert into sensors (id, tenant_id, device_id, name, type) values (1, 2, ${sql.lit(mac)}, 'heater', '58');
        insert into device_access (sensor_id, tenant_id, mac, password_hash, allow_anonymous) values (1, 2, ${sql.lit(mac)}, null, true);
      `.execute(db)
      await migrateTo(db, '0014_device_identity')
      const device = await db.selectFrom('devices').select(['allow_anonymous', 'registered_by']).where('mac', '=', mac).executeTakeFirstOrThrow()
      // a platform device (registered_by null) on which anyone may speak as the heater, decided by a customer
      expect(device).toMatchObject({ registered_by: null })
      expect(device.allow_anonymous).toBe(false)
    } finally {
      await db.destroy()
      await database.drop()
    }
  })
})
