/**
 * The typed client as an app developer gets it: `npm pack` in clients/typescript (its build to
 * JavaScript and declarations), the tarball installed into a project of its own, a program
 * compiled there by plain `tsc` to ESM, and run by node against a running server: it signs in
 * with client credentials and lists sensors through the package.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createTenant, createTestApp, type TestApp } from './helpers.ts'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const dir = mkdtempSync(join(tmpdir(), 'trellis-client-package-'))

let t: TestApp
let baseUrl: string
beforeAll(async () => {
  t = await createTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

const program = `import { createTrellisClient } from '@trellis/client'

// the app installs nothing but the client, not even @types/node
declare const process: { argv: string[] }
const [baseUrl, clientId, clientSecret] = process.argv.slice(2)
const anonymous = createTrellisClient({ baseUrl })
const token = await anonymous.POST('/auth/oauth2/token', {
  body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'sensors:read' },
})
if (!token.data) throw new Error(\`sign-in refused: \${JSON.stringify(token.error)}\`)
const trellis = createTrellisClient({ baseUrl, accessToken: token.data.access_token })
const { data, error } = await trellis.GET('/v4/sensors', { params: { query: { limit: 10 } } })
if (!data) throw new Error(\`listing refused: \${JSON.stringify(error)}\`)
const names: string[] = data.edges.map((edge) => edge.node.name)
console.log(JSON.stringify({ names, totalCount: data.totalCount }))
`

describe('the typed client package', () => {
  it('packs, installs into another project, compiles with plain tsc to ESM, signs in and lists sensors', async () => {
    const tenantId = await createTenant(t, 'Package Tenant')
    await t.app.services.sensors.create(OPERATOR, tenantId, { deviceId: 'AA:BB:CC:00:10:01', name: 'Kitchen', type: 'thermostat' })
    const client = await t.app.services.clients.create(OPERATOR, {
      name: 'Package backend',
      redirectUris: [],
      grantTypes: ['client_credentials'],
      scopes: ['sensors:read'],
      tenantId,
    })

    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' }
    await run('npm', ['pack', '--pack-destination', dir], { cwd: join(root, 'clients', 'typescript'), env })
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
    expect(tarball).toBeDefined()

    const app = join(dir, 'app')
    await run('mkdir', ['-p', app])
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true, type: 'module' }))
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [], strict: true, outDir: 'out' }, files: ['main.ts'] }),
    )
    writeFileSync(join(app, 'main.ts'), program)
    // the package's one dependency comes from npm's cache, which the repository's own install filled
    await run('npm', ['install', '--prefer-offline', join(dir, tarball!)], { cwd: app, env })
    // tsc reports on stdout: a failure shows it
    await run(process.execPath, [tsc, '-p', app], { cwd: app }).catch((error: { stdout?: string }) => {
      throw new Error(`tsc: ${error.stdout ?? String(error)}`)
    })
    const { stdout } = await run(process.execPath, [join(app, 'out', 'main.js'), baseUrl, client.client.client_id, client.secret!], { cwd: app })
    expect(JSON.parse(stdout)).toEqual({ names: ['Kitchen'], totalCount: 1 })
  }, 180_000)
})
