import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let admin: Actor
let tenantId: number

beforeAll(async () => {
  t = await createTestApp()
  admin = await createActor(t, { platformAdmin: true })
  tenantId = await createTenant(t, 'Errors Inc')
})
afterAll(() => t.close())

describe('one error model', () => {
  it('unknown route: 404 in the error shape, with a request id header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' })
    expect(res.statusCode).toBe(404)
    expect(errorBody(res).code).toBe('route_not_found')
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('malformed JSON: 400 invalid_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).code).toBe('invalid_json')
  })

  it('wrong content type: 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: 'name\nx',
    })
    expect(res.statusCode).toBe(415)
    expect(errorBody(res).code).toBe('unsupported_media_type')
  })

  it('oversized body: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(errorBody(res).code).toBe('payload_too_large')
  })

  it('non-integer id in a path: 400 naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tenants/abc', headers: admin.headers })
    expect(res.statusCode).toBe(400)
    const body = errorBody(res)
    expect(body.code).toBe('validation_failed')
    expect(body.details?.[0]?.field).toBe('params.tenantId')
  })

  it('validation failure: 400 naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tenants',
      headers: admin.headers,
      payload: { logoUrl: 'ftp://x', emailConfig: { template: { buttonColor: 'red' } } },
    })
    expect(res.statusCode).toBe(400)
    const fields = errorBody(res).details?.map((d) => d.field) ?? []
    expect(fields).toContain('body.name')
    expect(fields).toContain('body.logoUrl')
    expect(fields).toContain('body.emailConfig.template.buttonColor')
  })

  it('JSON bodies are not coerced: a number for a string, or a string for a boolean, is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/tenants', headers: admin.headers, payload: { name: 123, signup: true } })
    expect(res.statusCode).toBe(400)
    const fields = errorBody(res).details?.map((d) => d.field) ?? []
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.signup']))
  })

  it('a value the database cannot store (a NUL character) is a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/tenants', headers: admin.headers, payload: { name: 'bad\u0000name' } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).code).toBe('invalid_value')
  })

  it('missing and bad bearer tokens: 401 with WWW-Authenticate', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}` })
    expect(none.statusCode).toBe(401)
    expect(errorBody(none).code).toBe('unauthorized')
    const bad = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}`, headers: { authorization: 'Bearer nope' } })
    expect(bad.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    // RFC 6750 3.1: a token that was presented and failed says so
    expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="The access token is invalid or expired."')
  })

  it('an unexpected failure is a 500 that hides internals and names the request id', async () => {
    t.app.services.tenants.get = async () => {
      throw new Error('secret database detail')
    }
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}`, headers: admin.headers })
    expect(res.statusCode).toBe(500)
    const body = errorBody(res)
    expect(body.code).toBe('internal_error')
    expect(res.body).not.toContain('secret database detail')
    expect(body.message).toContain(String(res.headers['x-request-id']))
  })
})
