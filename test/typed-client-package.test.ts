/**
 * The typed client as an app developer gets it: `npm run client:pack` (its build to JavaScript
 * and declarations, packed), the tarball installed into a project of its own with the
 * tsconfig.json of docs/api.md, the guide's example and a program compiled there by plain `tsc`
 * to ESM, and the program run by node against a running server: it signs in with client
 * credentials and lists sensors through the package.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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

/** The blocks of docs/api.md's typed-client section: the tsconfig.json an app uses, and the example. */
function guide(): { tsconfig: string; example: string } {
  const text = readFileSync(join(root, 'docs', 'api.md'), 'utf8')
  const section = text.slice(text.indexOf('## API document and typed client'))
  const block = (lang: string) => new RegExp(`^\`\`\`${lang}\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(section)?.[1]
  const tsconfig = block('json')
  const example = block('ts')
  if (!tsconfig || !example) throw new Error('docs/api.md: the typed client section has no json or ts block')
  return { tsconfig, example }
}

const program = `import { createTrellisClient } from '@trellis/client'

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
    await run('npm', ['run', '--silent', 'client:pack', '--', '--pack-destination', dir], { cwd: root, env })
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
    expect(tarball).toMatch(/^trellis-client-\d+\.\d+\.\d+\.tgz$/)

    const app = join(dir, 'app')
    await run('mkdir', ['-p', app])
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true, type: 'module' }))
    const { tsconfig, example } = guide()
    writeFileSync(join(app, 'tsconfig.json'), tsconfig)
    writeFileSync(join(app, 'main.ts'), program)
    writeFileSync(join(app, 'example.ts'), example)
    // as the guide says, from the app's directory: the tarball by its path, and @types/node for
    // the example's process.env; both come from npm's cache, which the repository's install filled
    copyFileSync(join(dir, tarball!), join(app, tarball!))
    const typesNode = (JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8')) as { version: string }).version
    await run('npm', ['install', '--prefer-offline', `./${tarball!}`, `@types/node@${typesNode}`], { cwd: app, env })
    // tsc reports on stdout: a failure shows it
    await run(process.execPath, [tsc, '-p', app], { cwd: app }).catch((error: { stdout?: string }) => {
      throw new Error(`tsc: ${error.stdout ?? String(error)}`)
    })
    const { stdout } = await run(process.execPath, [join(app, 'out', 'main.js'), baseUrl, client.client.client_id, client.secret!], { cwd: app })
    expect(JSON.parse(stdout)).toEqual({ names: ['Kitchen'], totalCount: 1 })
  }, 180_000)
})
