// Three instances on one database (PostgreSQL in the services phase: TEST_DATABASE_URL), each
// with its own pool and worker pass running at once: every event reaches the receiver once.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { ManualClock } from '../src/lib/clock.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTestApp, usingPostgres, type TestApp } from './helpers.ts'
import { Receiver } from './webhook-receiver.ts'

let t: TestApp
let receiver: Receiver
const others: FastifyInstance[] = []
const pools: DB[] = []

beforeAll(async () => {
  receiver = new Receiver({ now: () => t.clock.now() })
  await receiver.start()
  // one SECRETS_KEY for the fleet: an endpoint's secret sealed by one instance is opened by another
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', SECRETS_KEY: randomBytes(32).toString('base64') }, { clock: new ManualClock() })
  for (let i = 0; i < 2; i++) {
    const db = usingPostgres ? await connectDatabase(t.config.database) : t.db
    if (usingPostgres) pools.push(db)
    others.push(await buildApp(t.config, { db, logger: false, clock: t.clock }))
  }
})

afterAll(async () => {
  for (const app of others) await app.close()
  for (const db of pools) await db.destroy()
  await t?.close()
  await receiver?.close()
})

describe('a fleet of three', () => {
  it('delivers each of 60 events once, whichever instance claims it', async () => {
    const brand = await t.app.services.tenants.create(OPERATOR, { name: 'Fleet brand' })
    const { endpoint, secret } = await t.app.services.webhooks.create(OPERATOR, brand.id, { url: receiver.url('/fleet'), eventTypes: ['device.state'] })
    receiver.secrets.set('/fleet', [secret])
    for (let i = 0; i < 60; i++) await t.app.services.webhooks.sendTest(OPERATOR, endpoint.id)
    const drain = async (app: FastifyInstance) => {
      let handled = 0
      for (let n = await app.services.webhooks.deliverDue(7); n > 0; n = await app.services.webhooks.deliverDue(7)) handled += n
      return handled
    }
    const handled = await Promise.all([t.app, ...others].map(drain))
    expect(handled.reduce((a, b) => a + b, 0)).toBe(60)
    const got = receiver.at('/fleet')
    expect(got).toHaveLength(60)
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(60)
    expect(got.every((r) => r.verifiedBy.length === 1)).toBe(true)
    if (usingPostgres) expect(handled.filter((n) => n > 0).length, 'more than one instance took a share').toBeGreaterThan(1)
  })
})
