import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('operations', () => {
  it('GET /health and /ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' })
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready' })
  })

  it('/openapi.json is valid OpenAPI 3.1 and lists every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)

    const hidden = new Set(['/metrics', '/openapi.json'])
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
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.body).toContain('http_request_duration_seconds_count{method="GET",route="/tenants/:tenantId",status_code="401"}')
  })

  it('/.well-known/jwks.json publishes an ES256 key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
    const key = res.json().keys[0]
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(key.d).toBeUndefined()
  })
})
