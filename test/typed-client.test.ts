/**
 * The generated TypeScript client (clients/typescript) against the app over real HTTP: a
 * platform admin creates a tenant and sensors, then pages through /v4/sensors with the
 * cursor. Types are checked too: a wrong body is a compile error (`npm run typecheck`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTrellisClient, type Schemas, type TrellisClient } from '../clients/typescript/index.ts'
import { createActor, createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
let baseUrl: string
let adminToken: string
let admin: TrellisClient
beforeAll(async () => {
  t = await createTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  adminToken = (await createActor(t, { platformAdmin: true })).token
  admin = createTrellisClient({ baseUrl, accessToken: () => adminToken })
})
afterAll(() => t.close())

describe('typed client', () => {
  it('creates a tenant and sensors, and pages through them with the cursor', async () => {
    const tenant = await admin.POST('/tenants', { body: { name: 'Typed Client Tenant' } })
    expect(tenant.response.status).toBe(201)
    expect(tenant.response.headers.get('x-request-id')).toBeTruthy()
    const tenantId = tenant.data!.id

    const created: Schemas['Sensor'][] = []
    for (const n of [1, 2, 3]) {
      const { data, response } = await admin.POST('/tenants/{tenantId}/sensors', {
        params: { path: { tenantId } },
        body: { deviceId: `AA:BB:CC:00:00:0${n}`, name: `Sensor ${n}`, type: 'thermostat' },
      })
      expect(response.status).toBe(201)
      created.push(data!)
    }
    // the unprefixed route takes the tenant in the body
    const fourth = await admin.POST('/sensors', { body: { tenantId, deviceId: 'AA:BB:CC:00:00:04', name: 'Sensor 4', type: 'thermostat' } })
    expect(fourth.response.status).toBe(201)
    created.push(fourth.data!)

    const seen: number[] = []
    let after: string | undefined
    let pages = 0
    for (;;) {
      const { data, error } = await admin.GET('/tenants/{tenantId}/v4/sensors', {
        params: { path: { tenantId }, query: { limit: 3, ...(after ? { after } : {}) } },
      })
      expect(error).toBeUndefined()
      pages += 1
      expect(data!.totalCount).toBe(4)
      seen.push(...data!.edges.map((edge) => edge.node.id))
      if (!data!.pageInfo.hasNextPage) break
      after = data!.pageInfo.endCursor ?? undefined
    }
    expect(pages).toBe(2)
    expect(seen.sort((a, b) => a - b)).toEqual(created.map((s) => s.id).sort((a, b) => a - b))

    const page = await admin.GET('/v4/sensors', { params: { query: { limit: 2 } } })
    expect(page.data!.edges).toHaveLength(2)
  })

  it('gives errors in the documented shape, typed', async () => {
    const missing = await admin.GET('/sensors/{sensorId}', { params: { path: { sensorId: 2147483000 } } })
    expect(missing.response.status).toBe(404)
    expect(missing.error).toMatchObject({ success: false, code: 'not_found' })

    const anonymous = createTrellisClient({ baseUrl })
    const refused = await anonymous.GET('/tenants')
    expect(refused.response.status).toBe(401)
    expect(refused.error?.code).toBe('unauthorized')

    const invalid = await admin.POST('/tenants', {
      // @ts-expect-error: the compiler refuses a tenant without a string name; the server does too
      body: { name: 42 },
    })
    expect(invalid.response.status).toBe(400)
    expect(invalid.error?.details?.[0]?.field).toContain('name')
  })

  it('reads the signed-in user', async () => {
    const { data } = await admin.GET('/users/current')
    expect(data!.user.email).toContain('@')
  })
})

describe("the API guide's typed client example", () => {
  it('runs as written against the server', async () => {
    const readme = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('## API document and typed client'))
    const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    expect(example).toContain('createTrellisClient')
    const client = pathToFileURL(new URL('../clients/typescript/index.ts', import.meta.url).pathname).href
    const dir = mkdtempSync(join(tmpdir(), 'trellis-readme-'))
    const file = join(dir, 'example.ts')
    writeFileSync(file, example!.replace("'@trellis/client'", `'${client}'`).replace("'http://127.0.0.1:3000'", `'${baseUrl}'`))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.stubEnv('TOKEN', adminToken)
    try {
      await import(pathToFileURL(file).href)
      expect(log.mock.calls.map((call) => call[1])).toEqual(['CO2 meeting room'])
    } finally {
      log.mockRestore()
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
