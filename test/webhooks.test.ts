// Webhooks (docs/webhooks.md): a brand's backend hears what happens under it, each message
// signed per Standard Webhooks and verified here by the `standardwebhooks` package, delivered
// at least once with backoff on the app's clock; nothing for a change that rolled back, nothing
// to another brand, and no target inside the operator's network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_TYPES } from '../src/lib/events.ts'
import { ManualClock } from '../src/lib/clock.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, createTenant, createTestApp, errorBody, renewed, scrapeMetrics, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, signUpAtBrand } from './login-helpers.ts'
import { CLAIM_CODE, registerDevice, uniqueMac } from './device-helpers.ts'
import { Receiver } from './webhook-receiver.ts'
import { createWebhooksModule } from '../src/modules/webhooks/index.ts'
import pino from 'pino'

const silent = pino({ level: 'silent' })

let t: TestApp
let receiver: Receiver
let brandA: number
let brandB: number
let adminA: Actor
let adminB: Actor

interface Created {
  endpoint: { id: number; tenantId: number | null; url: string; eventTypes: string[]; enabled: boolean }
  secret: string
}

async function addEndpoint(who: Actor, tenantId: number | null, path: string, eventTypes: readonly string[] = EVENT_TYPES): Promise<Created> {
  // tests move the clock past access tokens' lifetime: a token minted now
  const admin = await renewed(t, who)
  const res = await t.app.inject({ method: 'POST', url: '/webhooks', headers: admin.headers, payload: { tenantId, url: receiver.url(path), eventTypes } })
  expect(res.statusCode, res.body).toBe(201)
  const created = res.json() as Created
  receiver.secrets.set(path, [created.secret])
  return created
}

/** Delivers what is due, again and again, until nothing is (each pass is one claim of the worker). */
async function deliverAll(): Promise<number> {
  let total = 0
  for (let n = await t.app.services.webhooks.deliverDue(); n > 0; n = await t.app.services.webhooks.deliverDue()) total += n
  return total
}

beforeAll(async () => {
  receiver = new Receiver({ now: () => t.clock.now() })
  await receiver.start()
  // a clock that stands still: the coalescing second is the test's to end
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_MAIL_PER_IP: '100000/1s' }, { clock: new ManualClock() })
  brandA = await createTenant(t, 'Brand A', { signup: 'customers' })
  brandB = await createTenant(t, 'Brand B', { signup: 'customers' })
  adminA = await createActor(t, { tenantId: brandA, role: 'admin' })
  adminB = await createActor(t, { tenantId: brandB, role: 'admin' })
})

afterAll(async () => {
  await t?.close()
  await receiver?.close()
})

describe("a brand's endpoint hears its customers' lives, verified", () => {
  it('sign-up, claim, presence, coalesced states, a confirmed and an expired command, deletion: each verified at brand A only', async () => {
    const a = await addEndpoint(adminA, brandA, '/a')
    await addEndpoint(adminB, brandB, '/b')
    expect(a.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    // the secret is shown once: never in a read, and sealed in the table
    const read = await t.app.inject({ method: 'GET', url: `/webhooks/${a.endpoint.id}`, headers: adminA.headers })
    expect(read.body).not.toContain(a.secret.slice(6))
    const stored = await t.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', a.endpoint.id).executeTakeFirstOrThrow()
    expect(stored.secret).not.toContain(a.secret.slice(6))

    const client = await createClient(t.app, { tenantId: brandA, redirectUris: ['https://app.brand-a.test/callback'] })
    const email = uniqueEmail('customer')
    const person = await signUpAtBrand(t, client, brandA, email)
    const mac = await registerDevice(t, uniqueMac(), brandA)
    const claim = await t.app.inject({ method: 'POST', url: `/tenants/${person.home}/devices/claim`, headers: person.headers, payload: { mac, code: CLAIM_CODE } })
    expect(claim.statusCode, claim.body).toBe(201)
    const sensorId = (claim.json() as { id: number }).id
    const { state } = t.app.services.devices
    await state.applyPresence(mac, { online: true, connectionType: 'mqtt' })
    // three states within one second: one device.state, carrying the last
    await state.applyState(mac, { power: 0, speed: 1 })
    await state.applyState(mac, { power: 0, speed: 2 })
    await state.applyState(mac, { power: 0, speed: 3 })
    const command = (text: string) => t.app.inject({ method: 'POST', url: `/tenants/${person.home}/sensors/${sensorId}/command`, headers: person.headers, payload: { command: text } })
    const confirmed = await command('tune set power 1')
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const confirmedId = (confirmed.json() as { command: { id: number } }).command.id
    t.clock.advance(2)
    await state.applyState(mac, { power: 1, speed: 3 })
    const expiring = await command('tune set speed 012')
    expect(expiring.statusCode, expiring.body).toBe(200)
    const expiringId = (expiring.json() as { command: { id: number } }).command.id
    t.clock.advance(31)
    expect(await t.app.services.devices.commands.expire()).toBe(1)
    // the person leaves (DELETE /users/current, a sign-in seconds old): the personal tenant goes, its device is released
    const left = await t.app.inject({ method: 'DELETE', url: '/users/current', headers: person.headers })
    expect(left.statusCode, left.body).toBe(200)
    t.clock.advance(2)
    await deliverAll()

    const atA = receiver.at('/a')
    expect(atA.filter((r) => r.verifiedBy.length === 0)).toEqual([])
    expect(receiver.at('/b')).toEqual([])
    const types = atA.map((r) => r.message.type).sort()
    expect(types).toEqual(['command.confirmed', 'command.expired', 'device.claimed', 'device.online', 'device.released', 'device.state', 'device.state', 'user.created', 'user.deleted'])
    const of = (type: string) => atA.filter((r) => r.message.type === type).map((r) => r.message)
    expect(of('user.created')).toEqual([expect.objectContaining({ version: 1, tenantId: brandA, data: { userId: person.userId, email } })])
    expect(of('device.claimed')[0]).toMatchObject({ tenantId: person.home, data: { sensorId, mac } })
    expect(of('device.state').map((m) => m.data.state)).toEqual(expect.arrayContaining([{ power: 0, speed: 3 }, { power: 1, speed: 3 }]))
    expect(of('command.confirmed')[0]?.data).toEqual({ sensorId, commandId: confirmedId })
    expect(of('command.expired')[0]?.data).toEqual({ sensorId, commandId: expiringId })
    expect(of('user.deleted')[0]?.data).toEqual({ userId: person.userId })
    expect(of('device.released')[0]).toMatchObject({ tenantId: person.home, data: { sensorId, mac } })
    // webhook-id names the event: the same on a retry, different across events
    expect(new Set(atA.map((r) => r.headers['webhook-id'])).size).toBe(atA.length)
    // no secret, token or code in any payload
    for (const r of atA) expect(r.body).not.toMatch(/whsec_|Bearer|claim-code|access_token/)
    // the delivery log shows each, delivered at the first attempt
    const log = await t.app.inject({ method: 'GET', url: `/webhooks/${a.endpoint.id}/deliveries`, headers: adminA.headers })
    expect(log.statusCode).toBe(200)
    const entries = log.json() as { status: string; attempts: number; lastStatus: number }[]
    expect(entries).toHaveLength(atA.length)
    expect(entries.every((e) => e.status === 'delivered' && e.attempts === 1 && e.lastStatus === 200)).toBe(true)
  })

  it('a 500 is retried after each backoff, three times, then the 200 ends it; a re-send goes again with the same webhook-id', async () => {
    const r = await addEndpoint(adminA, brandA, '/retry', ['member.removed'])
    receiver.answers.set('/retry', [500, 500, 500])
    const test = await t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/test`, headers: adminA.headers })
    expect(test.statusCode).toBe(202)
    const seen = () => receiver.at('/retry').length
    expect(await t.app.services.webhooks.deliverDue()).toBe(1)
    expect(seen()).toBe(1)
    // each wait is 5 s x 4^(n-1), jittered between half and all of it
    for (const [attempt, waitSeconds] of [[2, 5], [3, 20], [4, 80]] as const) {
      t.clock.advance(waitSeconds / 2 - 0.5)
      expect(await t.app.services.webhooks.deliverDue()).toBe(0)
      t.clock.advance(waitSeconds / 2 + 0.5)
      expect(await t.app.services.webhooks.deliverDue()).toBe(1)
      expect(seen()).toBe(attempt)
    }
    t.clock.advance(86_400)
    expect(await deliverAll()).toBe(0)
    adminA = await renewed(t, adminA)
    const all = receiver.at('/retry')
    expect(all.map((x) => x.status)).toEqual([500, 500, 500, 200])
    expect(all.every((x) => x.verifiedBy.length === 1 && x.message.type === 'webhook.test')).toBe(true)
    expect(new Set(all.map((x) => x.headers['webhook-id'])).size).toBe(1)
    const log = (await t.app.inject({ method: 'GET', url: `/webhooks/${r.endpoint.id}/deliveries`, headers: adminA.headers })).json() as { id: number; status: string; attempts: number; lastStatus: number }[]
    expect(log).toEqual([expect.objectContaining({ status: 'delivered', attempts: 4, lastStatus: 200 })])

    const resend = await t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/deliveries/${log[0]!.id}/resend`, headers: adminA.headers })
    expect(resend.statusCode).toBe(202)
    await deliverAll()
    expect(seen()).toBe(5)
    expect(receiver.at('/retry')[4]!.headers['webhook-id']).toBe(all[0]!.headers['webhook-id'])
  })

  it('a change that rolled back sends nothing; the same change committed sends its event', async () => {
    await addEndpoint(adminA, brandA, '/rollback', ['member.removed'])
    // the port every module records through, built as the wiring builds it, on the app's database
    const { events, webhooks } = createWebhooksModule({ db: t.db, clock: t.clock, log: silent, secretBox: t.app.secretBox, policy: t.app.services.policy, audit: t.app.services.audit, allowPrivateTargets: true })
    const member = await createActor(t, { tenantId: brandA, role: 'member' })
    const removal = (trx: Parameters<typeof events.record>[0]) =>
      events.record(trx, { type: 'member.removed', tenantId: brandA, data: { userId: member.user.id, role: 'member' } })
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('memberships').where('user_id', '=', member.user.id).execute()
        await removal(trx)
        throw new Error('the change fails after its event was written')
      }),
    ).rejects.toThrow('the change fails')
    await deliverAll()
    expect(receiver.at('/rollback')).toEqual([])
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('memberships').where('user_id', '=', member.user.id).execute()
      await removal(trx)
    })
    // brand A's three endpoints that hear member.removed: this one, the catch-all and the retry test's
    expect(await webhooks.deliverDue()).toBe(3)
    expect(receiver.at('/rollback').map((r) => [r.message.type, r.verifiedBy])).toEqual([['member.removed', [0]]])
  })

  it('member.removed through the API reaches the brand', async () => {
    adminA = await renewed(t, adminA)
    const member = await createActor(t, { tenantId: brandA, role: 'member' })
    const res = await t.app.inject({ method: 'DELETE', url: `/tenants/${brandA}/members/${member.user.id}`, headers: adminA.headers })
    expect(res.statusCode, res.body).toBe(204)
    await deliverAll()
    expect(receiver.at('/rollback').filter((r) => r.message.data.userId === member.user.id).map((r) => r.message.type)).toEqual(['member.removed'])
  })
})

describe('a batch of device states', () => {
  it("one ingest batch of two brands' devices: each brand hears its own device's latest state once, at the end of the second", async () => {
    await addEndpoint(adminA, brandA, '/batch-a', ['device.state'])
    await addEndpoint(adminB, brandB, '/batch-b', ['device.state'])
    const homeA = await createTenant(t, 'Home under A', { parentTenantId: brandA })
    const homeB = await createTenant(t, 'Home under B', { parentTenantId: brandB })
    const macA = await registerDevice(t, uniqueMac(), brandA)
    const macB = await registerDevice(t, uniqueMac(), brandB)
    const sensorA = await t.app.services.devices.registry.claim(OPERATOR, homeA, { mac: macA, code: CLAIM_CODE, name: 'Fan A' })
    const sensorB = await t.app.services.devices.registry.claim(OPERATOR, homeB, { mac: macB, code: CLAIM_CODE, name: 'Fan B' })
    const { state } = t.app.services.devices
    await state.applyPresence(macA, { online: true, connectionType: 'mqtt' })
    await state.applyPresence(macB, { online: true, connectionType: 'mqtt' })
    const applied = await state.applyStates([
      { mac: macA, fullData: { power: 1, speed: 4 } },
      { mac: macB, fullData: { power: 1, speed: 2 } },
      { mac: macA, fullData: { power: 0, speed: 4 } },
    ])
    expect(applied.map((r) => r.mac).sort()).toEqual([macA, macB].sort())
    t.clock.advance(2)
    await deliverAll()
    const heard = (path: string) => receiver.at(path).map((r) => ({ type: r.message.type, tenantId: r.message.tenantId, data: r.message.data, verified: r.verifiedBy.length > 0 }))
    expect(heard('/batch-a')).toEqual([{ type: 'device.state', tenantId: homeA, data: { sensorId: sensorA.id, mac: macA, state: { power: 0, speed: 4 } }, verified: true }])
    expect(heard('/batch-b')).toEqual([{ type: 'device.state', tenantId: homeB, data: { sensorId: sensorB.id, mac: macB, state: { power: 1, speed: 2 } }, verified: true }])
  })
})

describe('a device moving on', () => {
  it('offline, transferred (told to the tenant it joined) and released reach the brand', async () => {
    await addEndpoint(adminA, brandA, '/moves', ['device.offline', 'device.transferred', 'device.released'])
    const first = await createTenant(t, 'Home one', { parentTenantId: brandA })
    const second = await createTenant(t, 'Home two', { parentTenantId: brandA })
    const mac = await registerDevice(t, uniqueMac(), brandA)
    const sensor = await t.app.services.devices.registry.claim(OPERATOR, first, { mac, code: CLAIM_CODE, name: 'Fan' })
    await t.app.services.devices.state.applyPresence(mac, { online: true, connectionType: 'mqtt' })
    await t.app.services.devices.state.applyPresence(mac, { online: false, connectionType: 'mqtt' })
    await t.app.services.devices.handover.transfer(OPERATOR, sensor.id, undefined, second)
    await t.app.services.devices.handover.release(OPERATOR, sensor.id, undefined)
    await deliverAll()
    // deliveries run side by side: the order of arrival is not the order of the changes
    const got = receiver.at('/moves').map((r) => [r.message.type, r.message.tenantId, r.message.data])
    expect(got).toHaveLength(3)
    expect(got).toEqual(expect.arrayContaining([
      ['device.offline', first, { sensorId: sensor.id, mac }],
      ['device.transferred', second, { sensorId: sensor.id, mac, fromTenantId: first, toTenantId: second }],
      ['device.released', second, { sensorId: sensor.id, mac }],
    ]))
    expect(receiver.at('/moves').every((r) => r.verifiedBy.length === 1)).toBe(true)
  })
})

describe('an endpoint that fails for days, and the figures', () => {
  it('is disabled once its deliveries failed for five days, and then gets no new deliveries', async () => {
    const r = await addEndpoint(adminA, brandA, '/down', ['user.deleted'])
    receiver.answers.set('/down', Array.from({ length: 50 }, () => 503))
    await t.app.services.webhooks.sendTest(OPERATOR, r.endpoint.id)
    expect(await t.app.services.webhooks.deliverDue()).toBe(1)
    t.clock.advance(4 * 86_400)
    await t.app.services.webhooks.sendTest(OPERATOR, r.endpoint.id)
    expect(await t.app.services.webhooks.deliverDue()).toBeGreaterThan(0)
    expect((await t.app.services.webhooks.get(OPERATOR, r.endpoint.id)).enabled).toBe(true)
    t.clock.advance(86_400)
    await t.app.services.webhooks.sendTest(OPERATOR, r.endpoint.id)
    await deliverAll()
    const view = await t.app.services.webhooks.get(OPERATOR, r.endpoint.id)
    expect(view).toMatchObject({ enabled: false, disabledReason: 'every delivery failed for days' })
    // brand A's admins are told, by mail
    const mail = await t.db.selectFrom('email_outbox').select(['to_address', 'subject', 'text']).where('type', '=', 'webhookDisabled').execute()
    expect(mail.map((m) => m.to_address)).toContain(adminA.user.email)
    expect(mail[0]!.text).toContain(receiver.url('/down'))
    const member = await createActor(t, { belongsTo: brandA })
    await t.app.services.accounts.deleteUser(OPERATOR, member.user.id)
    const log = await t.app.services.webhooks.deliveries(OPERATOR, r.endpoint.id, 50)
    expect(log.map((d) => d.type)).not.toContain('user.deleted')
    receiver.answers.delete('/down')
    // its retries still queued go with it
    await t.app.services.webhooks.remove(OPERATOR, r.endpoint.id)
  })

  it('/metrics shows deliveries, failures, latency and the queue', async () => {
    const text = (await scrapeMetrics(t.app)).body
    expect(text).toMatch(/trellis_webhook_deliveries_total\{type="device.state"\} [1-9]/)
    expect(text).toMatch(/trellis_webhook_failures_total\{type="webhook.test",final="false"\} [1-9]/)
    expect(text).toMatch(/trellis_webhook_delivery_latency_seconds_count [1-9]/)
    expect(text).toMatch(/trellis_webhook_queue_depth \d+/)
  })
})

describe('redirects', () => {
  it('a 3xx is a failed attempt: the Location is never followed', async () => {
    const r = await addEndpoint(adminA, brandA, '/moved', ['user.deleted'])
    receiver.answers.set('/moved', [307])
    receiver.locations.set('/moved', receiver.url('/inside'))
    const admin = await renewed(t, adminA)
    await t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/test`, headers: admin.headers })
    await deliverAll()
    expect(receiver.at('/moved')).toHaveLength(1)
    expect(receiver.at('/inside')).toEqual([])
    const [entry] = (await t.app.inject({ method: 'GET', url: `/webhooks/${r.endpoint.id}/deliveries`, headers: admin.headers })).json() as { status: string; lastStatus: number; lastError: string }[]
    expect(entry).toMatchObject({ status: 'queued', lastStatus: 307 })
    expect(entry!.lastError).toMatch(/redirects are not followed/)
  })
})

describe('rotation', () => {
  it('during the overlap a receiver with either secret verifies; after it only the new one', async () => {
    const r = await addEndpoint(adminA, brandA, '/rotate', ['user.deleted'])
    const old = r.secret
    const admin = await renewed(t, adminA)
    const rotated = await t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/rotate`, headers: admin.headers })
    expect(rotated.statusCode).toBe(200)
    const { secret: fresh, previousSecretUntil } = rotated.json() as { secret: string; previousSecretUntil: string }
    expect(fresh).not.toBe(old)
    expect(new Date(previousSecretUntil).getTime() - t.clock.now().getTime()).toBeGreaterThan(86_000_000)
    receiver.secrets.set('/rotate', [old, fresh])
    const test = () => t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/test`, headers: admin.headers })
    expect((await test()).statusCode).toBe(202)
    await deliverAll()
    expect(receiver.at('/rotate').at(-1)!.verifiedBy).toEqual([0, 1])
    expect(String(receiver.at('/rotate').at(-1)!.headers['webhook-signature']).split(' ')).toHaveLength(2)

    t.clock.advance(86_401)
    const later = await renewed(t, adminA)
    expect((await t.app.inject({ method: 'POST', url: `/webhooks/${r.endpoint.id}/test`, headers: later.headers })).statusCode).toBe(202)
    await deliverAll()
    expect(receiver.at('/rotate').at(-1)!.verifiedBy).toEqual([1])
    const view = (await t.app.inject({ method: 'GET', url: `/webhooks/${r.endpoint.id}`, headers: later.headers })).json() as { previousSecretUntil: string | null }
    expect(view.previousSecretUntil).toBeNull()
  })
})

describe('who may have endpoints', () => {
  it("a customer's own tenant gets none, another brand's admin sees none of brand A's, a member may not, the platform's need a platform admin", async () => {
    const client = await createClient(t.app, { tenantId: brandA, redirectUris: ['https://app.brand-a.test/callback'] })
    const stranger = await signUpAtBrand(t, client, brandA, uniqueEmail('stranger'))
    const own = await t.app.inject({ method: 'POST', url: '/webhooks', headers: stranger.headers, payload: { tenantId: stranger.home, url: receiver.url('/x'), eventTypes: ['device.state'] } })
    expect(errorBody(own).code).toBe('not_a_brand')
    const intoBrand = await t.app.inject({ method: 'POST', url: '/webhooks', headers: stranger.headers, payload: { tenantId: brandA, url: receiver.url('/x'), eventTypes: ['device.state'] } })
    expect([403, 404]).toContain(intoBrand.statusCode)
    const platform = await t.app.inject({ method: 'POST', url: '/webhooks', headers: stranger.headers, payload: { url: receiver.url('/x'), eventTypes: ['device.state'] } })
    expect(platform.statusCode).toBe(403)

    const b = await renewed(t, adminB)
    const listA = await t.app.inject({ method: 'GET', url: `/webhooks?tenantId=${brandA}`, headers: b.headers })
    expect(listA.statusCode).toBe(404)
    const a = await renewed(t, adminA)
    const some = ((await t.app.inject({ method: 'GET', url: `/webhooks?tenantId=${brandA}`, headers: a.headers })).json() as { id: number }[])[0]!
    for (const [method, url] of [['GET', `/webhooks/${some.id}`], ['DELETE', `/webhooks/${some.id}`], ['POST', `/webhooks/${some.id}/rotate`], ['GET', `/webhooks/${some.id}/deliveries`]] as const) {
      expect((await t.app.inject({ method, url, headers: b.headers })).statusCode, `${method} ${url}`).toBe(404)
    }
    const member = await createActor(t, { tenantId: brandA, role: 'member' })
    expect((await t.app.inject({ method: 'GET', url: `/webhooks?tenantId=${brandA}`, headers: member.headers })).statusCode).toBe(403)

    const admin = await createActor(t, { platformAdmin: true })
    const made = await t.app.inject({ method: 'POST', url: '/webhooks', headers: admin.headers, payload: { url: receiver.url('/platform'), eventTypes: ['member.removed'] } })
    expect(made.statusCode).toBe(201)
    expect((made.json() as Created).endpoint.tenantId).toBeNull()
  })
})

describe('no target inside the network', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await createTestApp()
  })
  afterAll(async () => {
    await strict?.close()
  })

  it('refuses at save 10.0.0.1, 169.254.169.254, a name resolving to 127.0.0.1, plain http and credentials in the URL', async () => {
    const brand = await strict.app.services.tenants.create(OPERATOR, { name: 'Strict brand' })
    const admin = await createActor(strict, { tenantId: brand.id, role: 'admin' })
    const save = (url: string) => strict.app.inject({ method: 'POST', url: '/webhooks', headers: admin.headers, payload: { tenantId: brand.id, url, eventTypes: ['device.state'] } })
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://localhost/hook', `https://127.0.0.1:${receiver.port}/hook`, 'https://[::1]/hook', 'https://[::ffff:10.0.0.1]/hook', 'http://example.com/hook', 'https://user:pass@example.com/hook']) {
      const res = await save(url)
      expect(res.statusCode, url).toBe(400)
      expect(errorBody(res).code, url).toBe('webhook_target_refused')
    }
  })

  it('refuses at delivery a name that resolved to a public address when saved and to 127.0.0.1 now (DNS rebinding), and follows no redirect', async () => {
    const brand = await strict.app.services.tenants.create(OPERATOR, { name: 'Rebinding brand' })
    let answer = '93.184.216.34'
    const { webhooks } = createWebhooksModule({
      db: strict.db,
      clock: strict.clock,
      log: silent,
      secretBox: strict.app.secretBox,
      policy: strict.app.services.policy,
      audit: strict.app.services.audit,
      allowPrivateTargets: false,
      resolve: async () => [{ address: answer, family: 4 }],
    })
    const created = await webhooks.create(OPERATOR, brand.id, { url: `https://hooks.brand.test:${receiver.port}/rebound`, eventTypes: ['device.state'] })
    answer = '127.0.0.1'
    await webhooks.sendTest(OPERATOR, created.endpoint.id)
    expect(await webhooks.deliverDue()).toBe(1)
    expect(receiver.at('/rebound')).toEqual([])
    const [entry] = await webhooks.deliveries(OPERATOR, created.endpoint.id, 10)
    expect(entry).toMatchObject({ status: 'queued', attempts: 1, lastStatus: null })
    expect(entry!.lastError).toMatch(/target refused: resolves to 127\.0\.0\.1/)
  })
})
