import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { createTestDatabase, testConfig, tokenFor, usingPostgres, type TestDatabase } from './helpers.ts'

const run = promisify(execFile)
const bin = join(import.meta.dirname, '..', 'bin', 'trellis.mjs')

async function trellis(databaseUrl: string, args: string[]) {
  return run(process.execPath, [bin, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  })
}

async function trellisJson(databaseUrl: string, args: string[]) {
  const { stdout } = await trellis(databaseUrl, [...args, '--json'])
  const lines = stdout.trim().split('\n')
  expect(lines).toHaveLength(1)
  return JSON.parse(lines[0]!)
}

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup) await fn()
})

async function target(): Promise<string> {
  if (usingPostgres) {
    const db: TestDatabase = await createTestDatabase()
    cleanup.push(() => db.drop())
    return db.url
  }
  const dir = mkdtempSync(join(tmpdir(), 'trellis-cli-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return `pglite://${dir}`
}

const shared = target()

describe(`trellis CLI (${usingPostgres ? 'PostgreSQL' : 'PGlite directory'})`, () => {
  it('records it creates are seen by a server started afterwards on the same DATABASE_URL', async () => {
    const url = await shared
    const tenant = await trellisJson(url, ['tenants', 'create', '--name', 'CLI Tenant', '--email-address', 'ops@cli.test'])
    expect(tenant).toMatchObject({ id: expect.any(Number), name: 'CLI Tenant', emailAddress: 'ops@cli.test' })

    const client = await trellisJson(url, [
      'clients', 'create', '--name', 'Backend', '--redirect-uri', 'https://app.test/cb', '--redirect-uri', 'myapp://cb',
      '--grant-types', 'authorization_code,refresh_token,client_credentials', '--scopes', 'sensors:read',
    ])
    expect(client.clientId).toEqual(expect.any(String))
    expect(client.clientSecret).toEqual(expect.any(String))
    expect(client.redirectUris).toEqual(['https://app.test/cb', 'myapp://cb'])

    const user = await trellisJson(url, ['users', 'create', '--email', 'Root@CLI.test', '--platform-admin', '--tenant', String(tenant.id), '--role', 'owner'])
    expect(user).toMatchObject({ email: 'root@cli.test', platformAdmin: true, tenantId: tenant.id, role: 'owner' })

    const first = await trellisJson(url, ['keys', 'rotate'])
    const second = await trellisJson(url, ['keys', 'rotate'])

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
      expect(app.keys.jwks().keys.map((k) => k.kid).sort()).toEqual([first.kid, second.kid].sort())
      const decoded = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())
      expect(decoded.kid).toBe(second.kid)
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
  })
})
