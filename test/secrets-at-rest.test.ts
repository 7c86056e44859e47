/**
 * Signing keys and HMAC keys are sealed under SECRETS_KEY: a fresh database holds them
 * sealed, a database from before encryption is sealed at the first start with every key
 * unchanged, SECRETS_KEY_PREVIOUS re-wraps under a new key (at start, or with
 * `trellis secrets rewrap`), and the wrong key stops the start instead of signing with a
 * new key silently.
 */
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { Migrator, sql, type Migration } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { main } from '../src/cli.ts'
import { appSecret } from '../src/db/app-secrets.ts'
import { connectDatabase, type DB } from '../src/db/connect.ts'
import { secretsKeyFor } from '../src/db/secrets-key.ts'
import { SecretBox } from '../src/lib/secret-box.ts'
import * as m0001 from '../src/db/migrations/0001_foundation.ts'
import * as m0002 from '../src/db/migrations/0002_email_outbox.ts'
import * as m0003 from '../src/db/migrations/0003_oauth.ts'
import * as m0004 from '../src/db/migrations/0004_spaces_sensors.ts'
import * as m0005 from '../src/db/migrations/0005_accounts.ts'
import { createTestDatabase, migratedDatabase, openTestDb, testConfig, usingPostgres } from './helpers.ts'

const KEY_1 = Buffer.alloc(32, 1).toString('base64')
const KEY_2 = Buffer.alloc(32, 2).toString('hex')
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

/** An empty database, or (migrated) one from the run's snapshot, which boots faster. */
async function database(migrated = true): Promise<{ db: DB; url: string }> {
  const target = await createTestDatabase()
  const config = testConfig({ DATABASE_URL: target.url })
  const db = migrated ? await openTestDb(config) : await connectDatabase(config.database)
  cleanup.push(() => target.drop())
  cleanup.push(() => db.destroy())
  return { db, url: target.url }
}

/** Builds an app on `db` with the given keys, closes it, and returns what it would sign with. */
async function start(db: DB, url: string, env: Record<string, string>) {
  const app = await buildApp(testConfig({ DATABASE_URL: url, ...env }), { db, logger: false })
  const token = await app.keys.sign({ sub: '1' }, { issuer: 'http://trellis.test', expiresInSeconds: 60 })
  const codeKey = await appSecret(db, 'login_code_hmac', app.secretBox)
  await app.close()
  return { token, codeKey }
}

async function storedSecrets(db: DB): Promise<string[]> {
  const keys = await db.selectFrom('signing_keys').select('private_jwk').execute()
  const secrets = await db.selectFrom('app_secrets').select('value').execute()
  return [...keys.map((k) => k.private_jwk), ...secrets.map((s) => s.value)]
}

describe('secrets at rest', () => {
  let shared: { db: DB; url: string }

  it('a fresh database holds signing and HMAC keys sealed; the wrong key refuses to start', async () => {
    shared = await database()
    const { db, url } = shared
    await start(db, url, { SECRETS_KEY: KEY_1 })
    const stored = await storedSecrets(db)
    expect(stored.length).toBeGreaterThanOrEqual(3)
    const id1 = new SecretBox(Buffer.from(KEY_1, 'base64')).seal('x', 'y').split('.')[1]
    for (const value of stored) expect(value.startsWith(`tsk1.${id1}.`)).toBe(true)
    expect(stored.join()).not.toMatch(/"d":/)

    await expect(start(db, url, { SECRETS_KEY: KEY_2 })).rejects.toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/)
  })

  it('a database from before encryption is sealed at the first start, every key unchanged', async () => {
    const { db, url } = await database(false)
    const old: Record<string, Migration> = { '0001_foundation': m0001, '0002_email_outbox': m0002, '0003_oauth': m0003, '0004_spaces_sensors': m0004, '0005_accounts': m0005 }
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => old } }).migrateToLatest()
    expect(error).toBeUndefined()
    // what the plaintext era stored: a private JWK as JSON, HMAC keys as base64url text
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const kid = 'plaintext-era'
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' }
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
    await sql`insert into signing_keys (kid, alg, private_jwk, public_jwk) values (${kid}, 'ES256', ${JSON.stringify(privateJwk)}::jsonb, ${JSON.stringify(publicJwk)}::jsonb)`.execute(db)
    const oldCodeKey = Buffer.alloc(32, 9)
    await sql`insert into app_secrets (name, value) values ('login_code_hmac', ${oldCodeKey.toString('base64url')})`.execute(db)
    const oldToken = await new SignJWT({ sub: '7' })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .setIssuer('http://trellis.test')
      .setExpirationTime('5m')
      .sign(privateKey)

    const { codeKey } = await start(db, url, { SECRETS_KEY: KEY_1 })
    expect(codeKey).toEqual(oldCodeKey)
    const stored = await storedSecrets(db)
    expect(stored.every((v) => v.startsWith('tsk1.'))).toBe(true)
    expect(stored.join()).not.toContain(String(privateJwk.d))
    expect(stored.join()).not.toContain(oldCodeKey.toString('base64url'))

    // the same key still signs (it was the newest) and a token it issued before still verifies
    const app = await buildApp(testConfig({ DATABASE_URL: url, SECRETS_KEY: KEY_1 }), { db, logger: false })
    expect((await app.keys.verify(oldToken, 'http://trellis.test')).payload.sub).toBe('7')
    const fresh = await app.keys.sign({ sub: '8' }, { issuer: 'http://trellis.test', expiresInSeconds: 60 })
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(kid)
    await app.close()
    // every migration after the plaintext era runs here, and the start makes an RSA key: slow on a busy machine
  }, 90_000)

  it('SECRETS_KEY_PREVIOUS re-wraps everything under the new key at start', async () => {
    const { db, url } = shared
    const before = await start(db, url, { SECRETS_KEY: KEY_1 })
    await start(db, url, { SECRETS_KEY: KEY_2, SECRETS_KEY_PREVIOUS: KEY_1 })
    const id2 = new SecretBox(Buffer.from(KEY_2, 'hex')).seal('x', 'y').split('.')[1]
    expect((await storedSecrets(db)).every((v) => v.startsWith(`tsk1.${id2}.`))).toBe(true)
    // the old key is no longer needed, and every secret is what it was
    const after = await start(db, url, { SECRETS_KEY: KEY_2 })
    expect(after.codeKey).toEqual(before.codeKey)
    await expect(start(db, url, { SECRETS_KEY: KEY_1 })).rejects.toThrow(/neither SECRETS_KEY/)
  })

  it.skipIf(usingPostgres)('`trellis secrets rewrap` re-wraps a database in place', async () => {
    // a migrated directory with no secrets yet, as `trellis migrate` leaves it
    const target = await migratedDatabase()
    cleanup.push(() => target.drop())
    const bin = join(import.meta.dirname, '..', 'bin', 'trellis.mjs')
    const env = (keys: Record<string, string>) => ({ ...process.env, DATABASE_URL: target.url, LOG_LEVEL: 'silent', ...keys })
    const trellis = (args: string[], keys: Record<string, string>) => promisify(execFile)(process.execPath, [bin, ...args, '--json'], { env: env(keys) })
    // the commands around the rewrap run the binary's entry point (main) in this process: a
    // process start of the CLI costs about 1.5 s of CPU more than the command; a refusal
    // rejects with what the binary prints on stderr
    const trellisHere = async (args: string[], keys: Record<string, string>) => {
      let stdout = ''
      let stderr = ''
      const code = await main([...args, '--json'], { env: env(keys), stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) })
      if (code !== 0) throw new Error(stderr)
      return { stdout }
    }
    await trellisHere(['keys', 'rotate'], { SECRETS_KEY: KEY_1 })
    const { stdout } = await trellis(['secrets', 'rewrap'], { SECRETS_KEY: KEY_2, SECRETS_KEY_PREVIOUS: KEY_1 })
    // every CLI run boots the services, which make the signing key and the HMAC keys a server would
    // (login codes, cursors, the hosted pages' CSRF tokens)
    // one ES256 and one RS256 key at start, one of each more from the rotation
    expect(JSON.parse(stdout)).toEqual({ signingKeys: 4, appSecrets: 3, outbox: 0, webhooks: 0, connections: 0 })
    await expect(trellisHere(['secrets', 'rewrap'], { SECRETS_KEY: KEY_1 })).rejects.toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/)
    // the outbox commands are wired into the same command
    const listed = await trellisHere(['outbox', 'list', '--status', 'failed'], { SECRETS_KEY: KEY_2 })
    expect(JSON.parse(listed.stdout)).toEqual({ messages: [] })
  }, 120_000)

  it('without SECRETS_KEY a development database gets a key file, made once with mode 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-key-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, '.data', 'secrets.key')
    const config = testConfig({ DATABASE_URL: `pglite://${dir}/db`, NODE_ENV: 'development' })
    const key = secretsKeyFor(config, file)
    expect(key).toHaveLength(32)
    expect(secretsKeyFor(config, file)).toEqual(key)
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(key)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(join(dir, '.data')).mode & 0o777).toBe(0o700)
    // left readable by an earlier version or a copy: closed again at the next start
    chmodSync(file, 0o644)
    chmodSync(join(dir, '.data'), 0o755)
    expect(secretsKeyFor(config, file)).toEqual(key)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(join(dir, '.data')).mode & 0o777).toBe(0o700)
  })
})
