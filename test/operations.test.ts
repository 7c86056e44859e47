import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOAuthPath } from '../src/lib/openapi.ts'
import { OPERATION_NAMES } from '../src/lib/operation-ids.ts'
import { createTestApp, errorBody, freePort, usingPostgres, type TestApp, scrapeMetrics, TEST_METRICS_TOKEN } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('operations', () => {
  it('GET /health and /ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' })
    // the database, and the test app's embedded MQTT broker the device bridge is connected to
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready', checks: { database: { status: 'ok' }, signing_key: { status: 'ok' }, mqtt: { status: 'ok' } } })
  })

  it('/ready names each dependency: a failing one is a 503 that says which', async () => {
    t.app.readiness.add('broker', async () => {
      throw new Error('connection refused')
    })
    const res = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({
      success: false,
      code: 'not_ready',
      message: 'Not ready: broker failing.',
      checks: { database: { status: 'ok' }, signing_key: { status: 'ok' }, mqtt: { status: 'ok' }, broker: { status: 'failing', message: 'connection refused' } },
    })
  })

  it('/ready checks Redis when REDIS_URL is set: down, the instance still serves (degraded)', async () => {
    const down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })
    try {
      const res = await down.app.inject({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(200)
      expect(res.json().checks.redis.status).toBe('degraded')
      expect(res.json().checks.database.status).toBe('ok')
    } finally {
      await down.close()
    }
    if (!process.env.TEST_REDIS_URL) return
    const up = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL })
    try {
      // the check waits for its own connection's first 'ready'
      const res = await up.app.inject({ method: 'GET', url: '/ready' })
      expect(res.json()).toEqual({ status: 'ready', checks: { database: { status: 'ok' }, signing_key: { status: 'ok' }, mqtt: { status: 'ok' }, redis: { status: 'ok' } } })
    } finally {
      await up.close()
    }
  })

  it('/metrics counts token grants by type and outcome, code requests, refusals and the outbox', async () => {
    await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'authorization_code', code: 'nope', client_id: 'nope' } })
    await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'made_up' } })
    const res = await scrapeMetrics(t.app)
    expect(res.body).toMatch(/trellis_token_grants_total\{grant_type="authorization_code",outcome="invalid_\w+"\} 1/)
    expect(res.body).toMatch(/trellis_token_grants_total\{grant_type="other",outcome="\w+"\} 1/)
    expect(res.body).toContain('trellis_login_codes_requested_total 0')
    expect(res.body).toContain('trellis_email_outbox_messages{status="queued"} 0')
    expect(res.body).toContain('# TYPE trellis_rate_limit_refusals_total counter')
    if (usingPostgres) expect(res.body).toMatch(/trellis_db_pool_connections\{state="in_use"\} \d+/)
  })

  it('/openapi.json is valid OpenAPI 3.1 and lists every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)

    // /ws is a WebSocket upgrade, not an operation OpenAPI describes (/ws/ticket documents it); '*' is the CORS preflight route;
    // the console's catch-alls answer any other console address with its not-found page: no operation either
    const hidden = new Set(['/metrics', '/openapi.json', '/ws', '*', '/console/*', '/tenants/:tenantId/console/*'])
    const documented = new Set<string>()
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`)
    }
    // Every route the app answers (but docs assets and hidden ones) is in the document.
    const missing: string[] = []
    expect(t.app.routeList.length).toBeGreaterThan(10)
    for (const route of t.app.routeList) {
      if (hidden.has(route.url) || route.url.startsWith('/docs')) continue
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      if (route.method === 'HEAD') continue
      if (!documented.has(`${route.method} ${path}`)) missing.push(`${route.method} ${path}`)
    }
    expect(missing).toEqual([])
  })

  it('/docs serves the UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('swagger')
  })

  it('/metrics counts requests by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/tenants/12345' })
    const res = await scrapeMetrics(t.app)
    expect(res.body).toContain('http_request_duration_seconds_count{method="GET",route="/tenants/:tenantId",status_code="401"}')
  })

  it('/metrics is not on the public port by default; with a token only for its bearer; on METRICS_PORT for anyone who reaches it', async () => {
    const plain = await createTestApp({ METRICS_TOKEN: '' })
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics' })
      expect(res.statusCode).toBe(404)
      expect(errorBody(res).code).toBe('route_not_found')
    } finally {
      await plain.close()
    }
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TEST_METRICS_TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(errorBody(res).code).toBe('unauthorized')
    }
    const port = await freePort()
    const own = await createTestApp({ METRICS_TOKEN: '', METRICS_PORT: String(port) })
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' })
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(scraped.status).toBe(200)
      expect(await scraped.text()).toContain('http_request_duration_seconds')
      const address = own.app.server.address() as { port: number }
      expect((await fetch(`http://127.0.0.1:${address.port}/metrics`)).status).toBe(404)
    } finally {
      await own.close()
    }
    // the port closed with the app
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
  })

  it('/.well-known/jwks.json publishes an ES256 and an RS256 key, public parts only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
    const keys = res.json().keys as Record<string, unknown>[]
    const ec = keys.find((k) => k.alg === 'ES256')
    const rsa = keys.find((k) => k.alg === 'RS256')
    expect(ec).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig' })
    expect(rsa).toMatchObject({ kty: 'RSA', use: 'sig' })
    for (const key of keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key[secret]).toBeUndefined()
  })
})

type Json = Record<string, unknown>
interface Response { description: string; headers?: Record<string, { $ref: string }>; content?: Record<string, { schema: Json }> }
interface Operation {
  operationId?: string
  parameters?: { in: string; name: string; required?: boolean }[]
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> }
  responses: Record<string, Response | { $ref: string }>
  security?: unknown[]
}
interface Doc {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Json>; responses: Record<string, Response> }
}

describe('the API document', () => {
  let doc: Doc
  let all: { path: string; method: string; op: Operation }[]
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    all = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
  })
  const response = (r: Response | { $ref: string }): Response =>
    '$ref' in r ? doc.components.responses[r.$ref.replace('#/components/responses/', '')]! : r

  it('gives every operation a unique operationId', () => {
    const ids = all.map(({ op }) => op.operationId)
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([])
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    const id = (method: string, path: string) => doc.paths[path]?.[method]?.operationId
    expect(id('get', '/sensors')).toBe('listSensors')
    expect(id('get', '/tenants/{tenantId}/sensors')).toBe('listTenantSensors')
    expect(id('get', '/tenants/{tenantId}/v4/sensors')).toBe('listTenantSensorsV4')
    expect(id('post', '/sensors')).toBe('createSensor')
    expect(id('get', '/spaces/{spaceId}/algorithms/key/{keyName}')).toBe('getSpaceAlgorithm')
    expect(id('post', '/tenants/{tenantId}/auth/passwordlessLogin/code')).toBe('requestTenantLoginCode')
  })

  it('names only routes that exist in its table of operation names', () => {
    const documented = new Set(all.map(({ path, method }) => `${method.toUpperCase()} ${path}`))
    expect(Object.keys(OPERATION_NAMES).filter((key) => !documented.has(key))).toEqual([])
  })

  it('declares exactly the path parameters each path has, all required', () => {
    const wrong: string[] = []
    for (const { path, method, op } of all) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path')
      if (JSON.stringify(declared.map((p) => p.name).sort()) !== JSON.stringify(inPath) || declared.some((p) => p.required !== true)) {
        wrong.push(`${method} ${path}`)
      }
    }
    expect(wrong).toEqual([])
    // the two registrations of a scoped route differ exactly by the tenant
    expect(doc.paths['/sensors']!.get!.parameters!.filter((p) => p.in === 'path')).toEqual([])
  })

  it('validates the tenant of a prefixed route as the path parameter it documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tenants/not-a-number/sensors' })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(errorBody(res).details)).toContain('tenantId')
  })

  it('has an example on every request body, valid against the body schema', () => {
    const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }))
    ajv.addSchema({ components: doc.components }, 'doc')
    const problems: string[] = []
    for (const { path, method, op } of all) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const where = `${method} ${path} ${type}`
        if (media.example === undefined) problems.push(`${where}: no example`)
        const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"doc#/components/'))
        if (!ajv.validate(schema, media.example)) problems.push(`${where}: ${ajv.errorsText()}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('names the shared schemas and refers to them', () => {
    const names = Object.keys(doc.components.schemas)
    expect(names).toEqual(expect.arrayContaining(['Error', 'OAuthError', 'Tenant', 'Sensor', 'Space', 'SensorPage', 'PageInfo', 'OAuthClient']))
    const page = response(doc.paths['/v4/sensors']!.get!.responses['200']!)
    expect(page.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/SensorPage' })
  })

  it('documents the error shapes, with descriptions and headers', () => {
    const problems: string[] = []
    for (const { path, method, op } of all) {
      // the OAuth endpoints, a tenant issuer's device authorization endpoint too
      const oauthPath = isOAuthPath(path)
      for (const [status, raw] of Object.entries(op.responses)) {
        const r = response(raw)
        const where = `${method} ${path} ${status}`
        if (!r.description || r.description === 'Default Response') problems.push(`${where}: no description`)
        if (!r.headers?.['x-request-id']) problems.push(`${where}: no x-request-id`)
        if (status === '429' && !r.headers?.['Retry-After']) problems.push(`${where}: no Retry-After`)
        if (Number(status) >= 400 && r.content?.['application/json']) {
          // the OAuth endpoints answer RFC 6749 errors, the v5 dialect its own envelope, all else the Error shape
          const shape = oauthPath ? 'OAuthError' : path.startsWith('/v5/') ? 'V5Refusal' : path === '/ready' ? 'NotReady' : 'Error'
          if (r.content['application/json'].schema.$ref !== `#/components/schemas/${shape}`) problems.push(`${where}: not the ${shape} shape`)
        }
      }
      // the v5 dialect refuses a token without the scope with 200 Not_Allowed, so it documents only 401
      const refusals = path.startsWith('/v5/') ? ['401'] : ['401', '403']
      if (op.security?.length && !oauthPath && !refusals.every((status) => op.responses[status])) {
        problems.push(`${method} ${path}: no 401/403`)
      }
    }
    expect(problems).toEqual([])
  })

  it('types HTML pages as text/html and takes both JSON and form bodies at the token endpoint', () => {
    expect(Object.keys(response(doc.paths['/dev/mailbox']!.get!.responses['200']!).content!)).toEqual(['text/html'])
    expect(Object.keys(response(doc.paths['/dev/mailbox/{id}/text']!.get!.responses['200']!).content!)).toEqual(['text/plain'])
    expect(Object.keys(doc.paths['/auth/oauth2/token']!.post!.requestBody!.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ])
  })
})
