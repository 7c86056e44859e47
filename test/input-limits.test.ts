/**
 * Input that Fastify or Node reject before any route runs answers in the documented error
 * shape too, over a real socket (Node's own 431 and 400 never pass through app.inject).
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonTooDeep } from '../src/plugins/input-limits.ts'
import { createActor, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let base: string
let admin: Actor

beforeAll(async () => {
  t = await createTestApp()
  admin = await createActor(t, { platformAdmin: true })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t.close())

/** Sends raw bytes and returns the raw answer (status line, headers, body). */
function raw(request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request))
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body })
    })
  })
}

function expectShape(answer: { status: number; headers: string; body: string }, status: number): string {
  expect(answer.status).toBe(status)
  expect(answer.headers).toMatch(/content-type: application\/json/)
  const body = JSON.parse(answer.body) as { success: unknown; code: unknown; message: unknown }
  expect(body.success).toBe(false)
  expect(typeof body.code).toBe('string')
  expect(typeof body.message).toBe('string')
  return body.code as string
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`

describe('JSON depth', () => {
  it('counts nesting on the raw text, skipping brackets inside strings', () => {
    expect(jsonTooDeep(deep(32))).toBe(false)
    expect(jsonTooDeep(deep(33))).toBe(true)
    expect(jsonTooDeep(`{"a": "${'['.repeat(100)}\\" [[["}`)).toBe(false)
  })

  it('6,000 levels deep is a 400 in the error shape, on an API route and the token endpoint alike', async () => {
    const payload = `{"name": ${deep(6000)}}`
    const api = await t.app.inject({ method: 'POST', url: '/tenants', headers: { ...admin.headers, 'content-type': 'application/json' }, payload })
    expect(api.statusCode).toBe(400)
    expect(errorBody(api).code).toBe('json_too_deep')
    const oauth = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', headers: { 'content-type': 'application/json' }, payload })
    expect(oauth.statusCode).toBe(400)
    expect(oauth.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('form bodies stay flat: a[b][c] is one literal key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${'email[a]'.repeat(2000)}=x`,
    })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).code).toBe('validation_failed')
  })
})

describe("the framework's and Node's own 4xx answers", () => {
  it('431 for header fields too large', async () => {
    const answer = await raw(`GET /health HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(expectShape(answer, 431)).toBe('request_header_fields_too_large')
  })

  it('431 for a request line longer than the header limit', async () => {
    const answer = await raw(`GET /tenants/${'1'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`)
    expect(expectShape(answer, 431)).toBe('request_header_fields_too_large')
  })

  it('400 for bytes that are not HTTP', async () => {
    expectShape(await raw('HELLO THERE\r\n\r\n'), 400)
  })

  it('400 for bad percent-encoding in the path', async () => {
    const res = await fetch(`${base}/tenants/%E0%A4%A`)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toMatchObject({ success: false, code: 'invalid_url' })
  })

  it('a path parameter over the length limit answers in the shape', async () => {
    const res = await fetch(`${base}/tenants/${'9'.repeat(150)}`, { headers: admin.headers })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toMatchObject({ success: false })
  })

  it('invalid UTF-8 in a JSON body is a 400 in the shape', async () => {
    const body = Buffer.concat([Buffer.from('{"name": "'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])
    const res = await fetch(`${base}/tenants`, { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json' }, body })
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })
})
