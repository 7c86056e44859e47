import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { main } from '../src/cli.ts'
import { runRemote } from '../src/cli/remote.ts'
import { createTestApp, migratedDatabase, testConfig, tokenFor, usingPostgres } from './helpers.ts'

const run = promisify(execFile)
const bin = join(import.meta.dirname, '..', 'bin', 'trellis.mjs')

async function trellis(databaseUrl: string, args: string[]) {
  return run(process.execPath, [bin, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  })
}

/**
 * The same command run by the CLI's entry point inside this process (what bin/trellis.mjs
 * calls), output captured: the binary's behaviour without a process start per command. A
 * refusal rejects as execFile's does, with `code`, `stdout` and `stderr`.
 */
async function trellisHere(databaseUrl: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io = { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, stdout: (s: string) => (stdout += s), stderr: (s: string) => (stderr += s) }
  const code = await main(args, io)
  if (code !== 0) throw Object.assign(new Error(stderr), { code, stdout, stderr })
  return { stdout, stderr }
}

async function trellisJson(databaseUrl: string, args: string[], runner = trellis) {
  const { stdout } = await runner(databaseUrl, [...args, '--json'])
  const lines = stdout.trim().split('\n')
  expect(lines).toHaveLength(1)
  return JSON.parse(lines[0]!)
}

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup) await fn()
})

/**
 * The database the commands below share, already migrated (helpers.ts migratedDatabase).
 * Creating and migrating an empty database is test/migrate-release.test.ts's subject.
 */
async function target(): Promise<string> {
  const db = await migratedDatabase()
  cleanup.push(() => db.drop())
  return db.url
}

const shared = target()

describe(`trellis CLI (${usingPostgres ? 'PostgreSQL' : 'PGlite directory'})`, () => {
  it('records it creates are seen by a server started afterwards on the same DATABASE_URL', async () => {
    const url = await shared
    // the binary writes the directory and exits; the commands after it run as `main`, in this process
    const tenant = await trellisJson(url, ['tenants', 'create', '--name', 'CLI Tenant', '--email-address', 'ops@cli.test'])
    expect(tenant).toMatchObject({ id: expect.any(Number), name: 'CLI Tenant', emailAddress: 'ops@cli.test' })

    const client = await trellisJson(url, [
      'clients', 'create', '--name', 'Backend', '--redirect-uri', 'https://app.test/cb', '--redirect-uri', 'myapp://cb',
      '--grant-types', 'authorization_code,refresh_token,client_credentials', '--scopes', 'sensors:read',
    ], trellisHere)
    expect(client.clientId).toEqual(expect.any(String))
    expect(client.clientSecret).toEqual(expect.any(String))
    expect(client.redirectUris).toEqual(['https://app.test/cb', 'myapp://cb'])

    const user = await trellisJson(url, ['users', 'create', '--email', 'Root@CLI.test', '--platform-admin', '--tenant', String(tenant.id), '--role', 'owner'], trellisHere)
    expect(user).toMatchObject({ email: 'root@cli.test', platformAdmin: true, tenantId: tenant.id, role: 'owner' })

    const first = await trellisJson(url, ['keys', 'rotate'], trellisHere)
    const second = await trellisJson(url, ['keys', 'rotate'], trellisHere)

    const app = await buildApp(testConfig({ DATABASE_URL: url }), { logger: false })
    try {
      const token = await tokenFor(app, user, client.clientId)
      const headers = { authorization: `Bearer ${token}` }
      const tenants = await app.inject({ method: 'GET', url: '/tenants', headers })
      expect(tenants.json().map((x: { name: string }) => x.name)).toContain('CLI Tenant')
      const clients = await app.inject({ method: 'GET', url: `/oauth/clients/${client.clientId}`, headers })
      expect(clients.json()).toMatchObject({ name: 'Backend', public: false, scopes: ['sensors:read'] })
      expect(clients.json().clientSecret).toBeUndefined()
      const members = await app.inject({ method: 'GET', url: `/tenants/${tenant.id}/members`, headers })
      expect(members.json()[0]).toMatchObject({ email: 'root@cli.test', role: 'owner' })
      // the newest key signs; the older one still verifies
      // the CLI's first run made the initial key, as a server start would; both rotations are there
      expect(app.keys.jwks().keys.map((k) => k.kid)).toEqual(expect.arrayContaining([first.kid, second.kid]))
      const decoded = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())
      expect(decoded.kid).toBe(second.kid)
    } finally {
      await app.close()
    }
  }, 120_000)

  // the commands' behaviour, run as `main` in this process (exit codes and stderr of the binary: the next test)
  it('imports a tenant and clients under chosen ids and secrets; later generated tenant ids do not collide', { timeout: 120_000 }, async () => {
    const url = await shared
    const brand = await trellisJson(url, ['tenants', 'create', '--id', '4400', '--name', 'Imported brand', '--signup', 'customers'], trellisHere)
    expect(brand).toMatchObject({ id: 4400, name: 'Imported brand', signup: 'customers' })
    const client = await trellisJson(url, [
      'clients', 'create', '--name', 'Imported app', '--client-id', 'imported-ios-app-0001', '--public',
      '--redirect-uri', 'https://app.test/login/verify', '--redirect-uri', 'https://app.test/auth/#/*',
      '--long-lived-access-tokens', '7776000',
    ], trellisHere)
    expect(client).toMatchObject({ clientId: 'imported-ios-app-0001', public: true, longLivedAccessTokenSeconds: 7776000 })
    const secretDir = mkdtempSync(join(tmpdir(), 'trellis-secret-'))
    cleanup.push(() => rmSync(secretDir, { recursive: true, force: true }))
    writeFileSync(join(secretDir, 'secret'), 'the-secret-an-app-ships-with\n')
    const confidential = await trellisJson(url, [
      'clients', 'create', '--name', 'Imported backend', '--client-id', 'imported-backend-0001',
      '--redirect-uri', 'https://callback.test/cb', '--client-secret-file', join(secretDir, 'secret'),
    ], trellisHere)
    expect(confidential.clientSecret).toBeUndefined()
    const taken = await trellisHere(url, ['tenants', 'create', '--id', '4400', '--name', 'Again']).catch((e) => e)
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('A tenant with id 4400 already exists.')

    const app = await buildApp(testConfig({ DATABASE_URL: url }), { logger: false })
    try {
      expect((await app.services.tenants.create(OPERATOR, { name: 'Created after the import' })).id).toBe(4401)
      const stored = await app.services.clients.find('imported-backend-0001')
      expect(stored && app.services.clients.verifySecret(stored, 'the-secret-an-app-ships-with')).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('errors go to stderr with a non-zero exit', async () => {
    const url = await shared
    const failure = await trellis(url, ['clients', 'create', '--name', 'x', '--redirect-uri', 'not a url']).catch((e) => e)
    expect(failure.code).toBe(1)
    expect(failure.stdout).toBe('')
    expect(failure.stderr).toContain('redirectUris.0: must be an absolute URL')
    expect(failure.stderr.trim().split('\n')).toHaveLength(1)
  }, 60_000)

  it('list, rotate-secret and delete; --json everywhere; usage mistakes are one line with exit 2', async () => {
    const url = await shared
    // about twenty commands: run in this process, as `main` (the tests above and below start the binary)
    const json = (args: string[]) => trellisJson(url, args, trellisHere)
    expect(await json(['migrate'])).toEqual({ applied: [], deviceConflicts: [] })
    const tenant = await json(['tenants', 'create', '--name', 'Doomed'])
    expect((await json(['tenants', 'list'])).tenants.map((t: { name: string }) => t.name)).toContain('Doomed')
    const machine = await json(['clients', 'create', '--name', 'Machine', '--grant-types', 'client_credentials'])
    expect(machine.redirectUris).toEqual([])
    const rotated = await json(['clients', 'rotate-secret', machine.clientId])
    expect(rotated.clientSecret).not.toBe(machine.clientSecret)
    const listed = await json(['clients', 'list'])
    expect(listed.clients.map((c: { clientId: string }) => c.clientId)).toContain(machine.clientId)
    expect(JSON.stringify(listed)).not.toContain(rotated.clientSecret)
    const user = await json(['users', 'create', '--email', 'gone@cli.test', '--tenant', String(tenant.id)])
    expect((await json(['users', 'list', '--tenant', String(tenant.id)])).users).toEqual([expect.objectContaining({ id: user.id })])
    expect(await json(['users', 'delete', String(user.id)])).toEqual({ id: user.id, deleted: true })
    expect(await json(['clients', 'delete', machine.clientId])).toEqual({ clientId: machine.clientId, deleted: true })
    expect(await json(['tenants', 'delete', String(tenant.id)])).toEqual({ id: tenant.id, deleted: true })
    // one key per algorithm signs; a rotation adds one of each
    expect((await json(['keys', 'rotate'])).kids).toHaveLength(2)
    type Listed = { kid: string; alg: string; state: string; retiredAt: string | null }
    const keys = (await json(['keys', 'list'])) as { keys: Listed[] }
    expect(keys.keys.filter((k) => k.state === 'signing').map((k) => k.alg).sort()).toEqual(['ES256', 'RS256'])
    const older = keys.keys.filter((k) => k.state !== 'signing' && k.retiredAt === null)
    const retired = await json(['keys', 'retire', older[0]!.kid])
    expect(retired).toMatchObject({ kid: older[0]!.kid, retired: true })
    // every older key retired too, so the newest of each algorithm is the only one left to sign with it
    for (const key of older.slice(1)) await json(['keys', 'retire', key.kid])
    expect((await json(['keys', 'list'])).keys.filter((k: Listed) => k.retiredAt === null)).toHaveLength(2)
    const rewrapped = await json(['secrets', 'rewrap'])
    expect(rewrapped).toMatchObject({ signingKeys: expect.any(Number), appSecrets: expect.any(Number), outbox: expect.any(Number), webhooks: expect.any(Number) })

    // every change the CLI made is in the audit log, by the operator, as the same change through the API would be
    const entries = async (action: string) => (await json(['audit', 'list', '--action', action])).entries as { actor: { kind: string }; target: { id: string | number | null }; tenantId: number | null; summary: { values?: Record<string, unknown> } }[]
    const userDeleted = await entries('user.delete')
    expect(userDeleted).toEqual([expect.objectContaining({ actor: expect.objectContaining({ kind: 'operator' }), target: { type: 'user', id: String(user.id) } })])
    expect(userDeleted[0]!.summary.values).toMatchObject({ email: 'gone@cli.test' })
    expect((await entries('tenant.delete')).map((e) => e.target.id)).toEqual([String(tenant.id)])
    expect((await entries('signing_key.retire')).map((e) => e.target.id)).toContain(retired.kid)
    const rewrap = await entries('secrets.rewrap')
    expect(rewrap).toHaveLength(1)
    expect(rewrap[0]!.summary.values).toEqual({ signingKeys: rewrapped.signingKeys, appSecrets: rewrapped.appSecrets, outbox: rewrapped.outbox, webhooks: rewrapped.webhooks, connections: rewrapped.connections })

    const refusals: [string[], number, RegExp][] = [
      [['clients', 'create', '--name', 'No redirect'], 2, /^trellis: --redirect-uri is required/],
      [['tenants', 'delete', String(tenant.id)], 1, /^trellis: tenant \d+ does not exist$/],
      [['keys', 'retire', keys.keys[0]!.kid], 1, /only one that signs/],
      [['tenants', 'frobnicate'], 2, /^trellis: unknown command "tenants frobnicate"; try: tenants create, tenants list, tenants delete$/],
      [['users', 'delete'], 2, /^trellis: usage: trellis users delete ID/],
      [['users', 'delete', String(user.id)], 1, /^trellis: user \d+ does not exist$/],
      [['tenants', 'list', '--bogus'], 2, /^trellis: Unknown option '--bogus'/],
    ]
    for (const [args, code, message] of refusals) {
      const failure = await trellisHere(url, args).catch((e) => e)
      expect(failure.code, args.join(' ')).toBe(code)
      expect(failure.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      expect(failure.stderr.trim()).toMatch(message)
    }
  }, 300_000)

  it('--version, --help and --help per command need no database', async () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'))
    expect((await trellis('postgres://nowhere.invalid/x', ['--version'])).stdout.trim()).toBe(pkg.version)
    const help = (await trellis('postgres://nowhere.invalid/x', ['--help'])).stdout
    for (const command of ['tenants delete', 'clients rotate-secret', 'users list', 'keys retire']) expect(help).toContain(command)
    const one = (await trellis('postgres://nowhere.invalid/x', ['keys', 'retire', '--help'])).stdout
    expect(one).toContain('Usage: trellis keys retire KID')
  }, 60_000)
})

describe.skipIf(usingPostgres)('trellis CLI and the embedded data directory lock', () => {
  it('takes over a stale lock of a dead process', async () => {
    const db = await migratedDatabase()
    cleanup.push(() => db.drop())
    const dir = db.url.slice('pglite://'.length)
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    writeFileSync(join(dir, 'trellis.lock'), JSON.stringify({ pid: Number(dead), role: 'server', startedAt: new Date().toISOString() }))
    expect(await trellisJson(`pglite://${dir}`, ['tenants', 'list'])).toEqual({ tenants: [] })
    expect(existsSync(join(dir, 'trellis.lock'))).toBe(false)
  }, 120_000)

  it('refuses, saying what to do, when a live process that takes no commands holds the directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-lock-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    writeFileSync(join(dir, 'trellis.lock'), JSON.stringify({ pid: process.pid, role: 'cli', startedAt: new Date().toISOString() }))
    const failure = await trellis(`pglite://${dir}`, ['tenants', 'list']).catch((e) => e)
    expect(failure.code).toBe(1)
    expect(failure.stderr.trim()).toBe(`trellis: the embedded database ${dir} is in use by process ${process.pid} (cli), which takes no commands; wait for it to finish or stop it, then retry`)
  }, 60_000)
})

describe('the admin endpoint a running embedded server offers the CLI', () => {
  const secret = Buffer.from('0123456789abcdef0123456789abcdef')
  const send = (t: Awaited<ReturnType<typeof createTestApp>>, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/_trellis/admin/cli', headers, remoteAddress, payload: { argv: ['tenants', 'list', '--json'] } })

  it('runs a command only for a loopback caller with the secret, and is not in the API document', async () => {
    const t = await createTestApp()
    const app = await buildApp(t.config, { db: t.db, logger: false, adminSecret: secret })
    try {
      const right = { 'x-trellis-admin-secret': secret.toString('base64url') }
      const ok = await send({ ...t, app }, right)
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toMatchObject({ exitCode: 0, stderr: '' })
      expect(JSON.parse(ok.json().stdout)).toHaveProperty('tenants')
      for (const [headers, address] of [
        [{}, '127.0.0.1'],
        [{ 'x-trellis-admin-secret': 'wrong' }, '127.0.0.1'],
        [{ 'x-trellis-admin-secret': `${secret.toString('base64url')}x` }, '127.0.0.1'],
        [right, '203.0.113.9'],
      ] as const) {
        const refused = await send({ ...t, app }, headers, address)
        expect(refused.statusCode).toBe(404)
        expect(refused.json().code).toBe('route_not_found')
      }
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
      expect(Object.keys(doc.paths).some((p) => p.includes('admin'))).toBe(false)
      // an app without a secret (not the owner of a data directory) has no such route
      expect((await send(t, right)).statusCode).toBe(404)
    } finally {
      await app.close()
      await t.close()
    }
  }, 120_000)
  it('a command sent while a server has just started listening waits for its admin endpoint', async () => {
    const t = await createTestApp()
    const app = await buildApp(t.config, { db: t.db, logger: false, adminSecret: secret })
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    const dir = mkdtempSync(join(tmpdir(), 'trellis-lock-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const owner = { pid: holder.pid ?? 0, role: 'server', startedAt: '2026-01-01T00:00:00.000Z' }
      writeFileSync(join(dir, 'trellis.lock'), JSON.stringify(owner))
      // the server publishes its endpoint a moment after the command arrives
      const published = new Promise<void>((resolve) =>
        setTimeout(() => {
          writeFileSync(join(dir, 'trellis-admin.secret'), secret.toString('base64url'))
          writeFileSync(join(dir, 'trellis.lock'), JSON.stringify({ ...owner, adminUrl: `http://127.0.0.1:${port}` }))
          resolve()
        }, 300),
      )
      const result = await runRemote(dir, owner, ['tenants', 'list', '--json'])
      await published
      expect(result.exitCode, result.stderr).toBe(0)
      expect(JSON.parse(result.stdout)).toHaveProperty('tenants')
    } finally {
      holder.kill()
      await app.close()
      await t.close()
    }
  }, 60_000)
})
