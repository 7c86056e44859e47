/**
 * The SECRETS_KEY rotation runbook (docs/operations.md), on two instances of one database:
 * the first is restarted with the new key (SECRETS_KEY_PREVIOUS re-seals every secret) and a
 * signing key is rotated; the second, still on the old key, cannot unseal the new signing key.
 * It keeps verifying every token (public keys are stored in the clear), signs none rather than
 * fall back to an older key, and says why on /ready (503) and in its log. Rolled with the new
 * key, it is ready again. At every step, an instance that /ready calls ready answers every
 * request: a load balancer that follows /ready sees no failure.
 */
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { addSigningKey } from '../src/modules/oauth/signing-keys.repository.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTestApp, untilReloaded, usingPostgres, type TestApp } from './helpers.ts'

const OLD_KEY = randomBytes(32).toString('base64')
const NEW_KEY = randomBytes(32).toString('base64')

let t: TestApp
const instances: FastifyInstance[] = []
const pools: DB[] = []
let client: { id: string; secret: string }

/** Another instance on the same database: its own pool on PostgreSQL, the same database object on PGlite. */
async function instance(env: Record<string, string>, log?: string[]): Promise<FastifyInstance> {
  const db = usingPostgres ? await connectDatabase(t.config.database) : t.db
  if (usingPostgres) pools.push(db)
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log?.push(chunk.toString())
      done()
    },
  })
  const config = { ...t.config, secretsKey: Buffer.from(env.SECRETS_KEY!, 'base64'), secretsKeyPrevious: env.SECRETS_KEY_PREVIOUS ? Buffer.from(env.SECRETS_KEY_PREVIOUS, 'base64') : null }
  const app = await buildApp(config, { db, logger: log ? { level: 'error', stream } : false })
  instances.push(app)
  return app
}

async function token(app: FastifyInstance) {
  return app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret, scope: 'sensors:read' } })
}

/** What a load balancer following /ready would see: ready instances sign and verify every token offered. */
async function readyOnesServe(apps: FastifyInstance[], tokens: string[]): Promise<void> {
  for (const app of apps) {
    if ((await app.inject({ method: 'GET', url: '/ready' })).statusCode !== 200) continue
    const issued = await token(app)
    expect(issued.statusCode).toBe(200)
    for (const access of [...tokens, issued.json().access_token as string]) {
      expect((await app.inject({ method: 'GET', url: '/sensors', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200)
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: OLD_KEY })
  const tenant = await t.app.services.tenants.create(OPERATOR, { name: 'Fleet' })
  const created = await t.app.services.clients.create(OPERATOR, { name: 'Fleet backend', redirectUris: [], grantTypes: ['client_credentials'], scopes: ['sensors:read'], tenantId: tenant.id })
  client = { id: created.client.client_id, secret: created.secret! }
})
afterAll(async () => {
  for (const app of instances.reverse()) await app.close()
  for (const db of pools) await db.destroy()
  await t.close()
})

describe('rotating SECRETS_KEY across two instances', () => {
  it('the instance on the old key verifies but never signs with an older key, says why, and is ready again once rolled', async () => {
    const log: string[] = []
    const second = await instance({ SECRETS_KEY: OLD_KEY }, log)
    await readyOnesServe([t.app, second], [])

    // step 1: the first instance restarts on the new key, re-sealing every secret under it
    const first = await instance({ SECRETS_KEY: NEW_KEY, SECRETS_KEY_PREVIOUS: OLD_KEY })
    // step 2: a signing key made now is sealed under the new key only
    const kid = await addSigningKey(t.db, first.secretBox)
    await untilReloaded(first, () => first.keys.jwks().keys.some((k) => k.kid === kid))
    await untilReloaded(second, () => second.keys.problem() !== null)

    const ready = await second.inject({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json().checks.signing_key).toMatchObject({ status: 'failing', message: expect.stringContaining("cannot be unsealed with this instance's SECRETS_KEY") })
    const refused = await token(second)
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' })
    // it still verifies what the rolled instance signs, with the new key
    const fromFirst = (await token(first)).json().access_token as string
    expect((await second.inject({ method: 'GET', url: '/sensors', headers: { authorization: `Bearer ${fromFirst}` } })).statusCode).toBe(200)
    expect(log.join('')).toContain('cannot be unsealed')
    await readyOnesServe([first, second], [fromFirst])

    // step 3: roll the second instance onto the new key
    const rolled = await instance({ SECRETS_KEY: NEW_KEY })
    expect((await rolled.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
    await readyOnesServe([first, rolled], [fromFirst, (await token(rolled)).json().access_token as string])
  }, 60_000)
})
