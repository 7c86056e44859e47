/**
 * Signing keys across instances: a rotation reaches a running instance without a restart
 * (LISTEN/NOTIFY on PostgreSQL, the periodic refresh on PGlite), and a retired key stops
 * signing at once and stops verifying once its last token has expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { KeyStore } from '../src/modules/oauth/keys.service.ts'
import { ManualClock } from '../src/lib/clock.ts'
import { addSigningKey, listSigningKeys, retireSigningKey } from '../src/modules/oauth/signing-keys.repository.ts'
import { createTestApp, untilReloaded, usingPostgres, type TestApp } from './helpers.ts'
import type { FastifyInstance } from 'fastify'
import { connectDatabase, type DB } from '../src/db/connect.ts'

let t: TestApp
let other: FastifyInstance
let otherDb: DB | null = null
beforeAll(async () => {
  t = await createTestApp()
  // a second instance: on PostgreSQL its own connection pool (so NOTIFY has to cross
  // connections), on in-memory PGlite the same database object
  otherDb = usingPostgres ? await connectDatabase(t.config.database) : null
  other = await buildApp(t.config, { db: otherDb ?? t.db, logger: false })
})
afterAll(async () => {
  await other.close()
  await otherDb?.destroy()
  await t.close()
})

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid
}

const sign = (app: FastifyInstance) => app.keys.sign({ sub: '1' }, { issuer: app.config.publicUrl, expiresInSeconds: 60 })

describe('signing keys', () => {
  it('a rotation made elsewhere reaches a running instance within seconds, and it signs with the new key', async () => {
    const kid = await addSigningKey(t.db, t.app.secretBox)
    const began = Date.now()
    await untilReloaded(other, () => other.keys.jwks().keys.some((k) => k.kid === kid))
    expect(Date.now() - began).toBeLessThan(10_000)
    expect(kidOf(await sign(other))).toBe(kid)
  })

  it('a retired key stops signing now, verifies until retired_at + the access token TTL, then leaves the JWKS', async () => {
    const old = await addSigningKey(t.db, t.app.secretBox)
    await t.app.keys.reload()
    const token = await sign(t.app)
    expect(kidOf(token)).toBe(old)
    const replacement = await addSigningKey(t.db, t.app.secretBox)
    expect(await retireSigningKey(t.db, old, t.clock.now())).toBe('retired')
    await t.app.keys.reload()
    expect(kidOf(await sign(t.app))).toBe(replacement)
    await expect(t.app.keys.verify(token, t.config.publicUrl)).resolves.toBeDefined()

    // the same database seen by an instance whose clock is past the retired key's last token
    const clock = new ManualClock(t.clock.now())
    const later = new KeyStore(t.db, t.app.secretBox, t.config.accessTokenTtlSeconds, clock)
    await later.reload()
    expect(later.jwks().keys.map((k) => k.kid)).toContain(old)
    clock.advance(t.config.accessTokenTtlSeconds + 1)
    expect(later.jwks().keys.map((k) => k.kid)).not.toContain(old)
    await expect(later.verify(token, t.config.publicUrl)).rejects.toThrow()

    const listed = await listSigningKeys(t.db, t.config.accessTokenTtlSeconds, clock.now())
    expect(listed.find((k) => k.kid === old)?.state).toBe('expired')
    expect(listed.find((k) => k.kid === replacement)?.state).toBe('signing')
  })

  it('retiring refuses the only signing key of an algorithm, an unknown kid and a retired one', async () => {
    await addSigningKey(t.db, t.app.secretBox, undefined, 'RS256')
    const keys = await listSigningKeys(t.db, t.config.accessTokenTtlSeconds, t.clock.now())
    for (const alg of ['ES256', 'RS256'] as const) {
      const signing = keys.filter((k) => k.retiredAt === null && k.alg === alg)
      expect(signing.length, alg).toBeGreaterThan(1)
      for (const k of signing.slice(1)) expect(await retireSigningKey(t.db, k.kid, t.clock.now())).toBe('retired')
      expect(await retireSigningKey(t.db, signing[0]!.kid, t.clock.now())).toBe('last_key')
      expect(await retireSigningKey(t.db, signing[1]!.kid, t.clock.now())).toBe('already_retired')
    }
    expect(await retireSigningKey(t.db, 'no-such-kid', t.clock.now())).toBe('unknown')
  })

  it('an RS256 key signs ID tokens and verifies only RS256 tokens; access tokens stay ES256', async () => {
    await t.app.keys.reload()
    const idToken = await t.app.keys.sign({ sub: '1' }, { issuer: t.config.publicUrl, expiresInSeconds: 60, typ: 'JWT', alg: 'RS256' })
    expect(JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'RS256', typ: 'JWT' })
    await expect(t.app.keys.verify(idToken, t.config.publicUrl, 'JWT')).resolves.toBeDefined()
    // an ID token is no access token, whatever its algorithm
    await expect(t.app.keys.verify(idToken, t.config.publicUrl)).rejects.toThrow()
    // a header that names ES256 over an RS256 key's kid verifies nothing
    const [header, payload, signature] = idToken.split('.')
    const relabelled = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header!, 'base64url').toString()), alg: 'ES256' })).toString('base64url')
    await expect(t.app.keys.verify(`${relabelled}.${payload}.${signature}`, t.config.publicUrl, 'JWT')).rejects.toThrow()
  })
})
