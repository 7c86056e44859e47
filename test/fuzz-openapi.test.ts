/**
 * A fuzz run generated from the OpenAPI document the app serves: every operation gets
 * requests with wrong types, missing and unknown fields, huge and deep values, bad
 * encodings (invalid UTF-8, bad percent-encoding, wrong content types), with and without a
 * valid bearer token. No answer may be a 5xx, and every answer must be in a documented
 * shape: the error shape (RFC 6749's on /auth/oauth2/*), or the operation's documented
 * response. The seed is fixed, so a run is the same everywhere and a finding reproduces.
 * FUZZ_REPORT=1 prints how many answers each status got.
 */
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOAuthPath } from '../src/lib/openapi.ts'
import { createActor, createTenant, createTestApp, type Actor, type TestApp } from './helpers.ts'

const SEED = 20_261_122
/** Requests per run; FUZZ_REQUESTS=20000 runs a deeper one with the same seed. */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS) || 2_600

interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  additionalProperties?: boolean | Schema
}
interface Parameter {
  in: 'path' | 'query' | 'header'
  name: string
  schema: Schema
}
interface Operation {
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
interface Case {
  method: string
  path: string
  op: Operation
}

let t: TestApp
let admin: Actor
let member: Actor
let cases: Case[]
const fixtures: Record<string, (string | number)[]> = {}

beforeAll(async () => {
  t = await createTestApp()
  admin = await createActor(t, { platformAdmin: true })
  const tenantId = await createTenant(t, 'Fuzz Co')
  member = await createActor(t, { tenantId, role: 'admin' })
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload })
  const space = (await post(`/tenants/${tenantId}/spaces`, { name: 'Fuzz space' })).json<{ id?: number }>()
  const sensor = (await post(`/tenants/${tenantId}/sensors`, { deviceId: 'fuzz-1', name: 'Fuzz', type: 'temperature' })).json<{ id?: number }>()
  const client = (await post('/oauth/clients', { name: 'Fuzz app', redirectUris: ['https://fuzz.test/cb'], public: true })).json<{ clientId?: string }>()
  Object.assign(fixtures, {
    tenantId: [tenantId],
    spaceId: [space.id ?? 1],
    sensorId: [sensor.id ?? 1],
    clientId: [client.clientId ?? 'none'],
    userId: [member.user.id],
    id: [1],
    keyName: ['occupancy'],
    emailType: ['passwordReset', 'passwordlessLogin'],
  })
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>()
  cases = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
    // deletes last, so the fixtures stay for every other operation
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
})
afterAll(() => t.close())

// ---- values ----

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', '\u0000', 'a\u0000b', '9'.repeat(40), '-1', '1e400', '../../etc/passwd', '{{company.name}}', '\ud800', 'x'.repeat(70_000)),
  fc.jsonValue({ maxDepth: 3 }),
)

/** A value nested `depth` deep as JSON text, written directly (JSON.stringify would overflow the stack). */
function deepJson(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? '[' : '{"a":')).join('')
  const close = Array.from({ length: depth }, (_, i) => (i % 2 ? ']' : '}')).reverse().join('')
  return `${open}"bottom"${close}`
}

/** A body valid but for one property (or the whole body) nested `depth` deep. */
function deepBody(schema: Schema | undefined): fc.Arbitrary<string> {
  const props = Object.keys(schema?.properties ?? {})
  return fc.tuple(valueFor(schema, '', 0, true), fc.constantFrom('', ...props, 'metadata', 'options'), fc.constantFrom(33, 200, 6000, 20_000)).map(([value, prop, depth]) => {
    if (!prop || !value || typeof value !== 'object' || Array.isArray(value)) return deepJson(depth)
    return JSON.stringify({ ...value, [prop]: '__DEEP__' }).replace('"__DEEP__"', deepJson(depth))
  })
}

/** Values the schema accepts (and fixtures' real ids), or, unless `strict`, sometimes junk. */
function valueFor(schema: Schema | undefined, name = '', depth = 0, strict = false): fc.Arbitrary<unknown> {
  const known = fixtures[name]
  const variants = schema?.anyOf ?? schema?.oneOf
  let valid: fc.Arbitrary<unknown>
  if (!schema || depth > 4) valid = fc.jsonValue({ maxDepth: 2 })
  else if (variants) valid = fc.oneof(...variants.map((s) => valueFor(s, name, depth + 1, strict)))
  else if (schema.const !== undefined) valid = fc.constant(schema.const)
  else if (schema.enum) valid = fc.constantFrom(...schema.enum)
  else if (schema.type === 'integer' || schema.type === 'number') valid = fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1000) })
  else if (schema.type === 'boolean') valid = fc.boolean()
  else if (schema.type === 'array') valid = fc.array(valueFor(schema.items, '', depth + 1, strict), { maxLength: 3 })
  else if (schema.type === 'object') valid = objectFor(schema, depth, strict)
  else if (schema.format === 'email' || /email/i.test(name)) valid = fc.oneof(fc.emailAddress(), fc.constant(admin.user.email))
  else if (schema.format === 'uri' || /uri|url/i.test(name)) valid = fc.oneof(fc.webUrl(), fc.constant('https://fuzz.test/cb'))
  else if (/color/i.test(name)) valid = fc.constantFrom('#fff', '#a1b2c3', 'red')
  else valid = fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 40, 40) })
  if (strict) return known ? fc.oneof(valid, fc.constantFrom(...known)) : valid
  const arbitraries: fc.WeightedArbitrary<unknown>[] = [
    { weight: 6, arbitrary: valid },
    { weight: 2, arbitrary: junk },
  ]
  if (known) arbitraries.push({ weight: 4, arbitrary: fc.constantFrom(...known) })
  return fc.oneof(...arbitraries)
}

function objectFor(schema: Schema, depth: number, strict: boolean): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {})
  const requiredKeys = strict ? (schema.required ?? []).filter((k) => schema.properties?.[k]) : []
  const record = fc.record(Object.fromEntries(props.map(([key, s]) => [key, valueFor(s, key, depth + 1, strict)])), { requiredKeys })
  if (strict) return record
  const extra = fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 })
  return fc.tuple(record, extra, fc.boolean()).map(([known, unknown, addUnknown]) => (addUnknown ? { ...unknown, ...known } : known))
}

// ---- requests ----

/** Percent-encodes every byte of the UTF-8 form (lone surrogates included, as U+FFFD). */
const enc = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
const str = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

const BAD_SEGMENTS = ['%E0%A4%A', '%zz', '%C3%28', '%00', '%2F..%2F', '9'.repeat(150), '-1', '0', '1.5', '99999999999999999999', '%F0%9F%98%80']

function pathFor(c: Case): fc.Arbitrary<string> {
  const names = [...c.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  const segment = (name: string) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...(fixtures[name] ?? [1])).map(String) },
      { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(enc) },
      { weight: 2, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    )
  return fc.tuple(...names.map(segment)).map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i] ?? '1'), c.path))
}

function queryFor(c: Case): fc.Arbitrary<string> {
  const params = (c.op.parameters ?? []).filter((p) => p.in === 'query')
  const pairs = fc.tuple(...params.map((p) => fc.option(valueFor(p.schema, p.name), { nil: undefined })))
  const encoded = pairs.map((values) =>
    params
      .map((p, i) => (values[i] === undefined ? null : `${p.name}=${enc(str(values[i]))}`))
      .filter(Boolean)
      .join('&'),
  )
  return fc.oneof(
    { weight: 6, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom('limit=%zz&after=%E0%A4%A', 'limit=1&limit=2', `after=${'A'.repeat(600)}`, 'a[b][c]=1', '%00=%00') },
  )
}

type Body = { payload?: string | Buffer; contentType?: string }

function bodyFor(c: Case): fc.Arbitrary<Body> {
  const schema = c.op.requestBody?.content['application/json']?.schema
  const value = valueFor(schema)
  const form = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v).map(([k, x]) => `${enc(k)}=${enc(str(x))}`).join('&')
      : String(v)
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
    { weight: 2, arbitrary: value.map((v) => ({ payload: form(v), contentType: 'application/x-www-form-urlencoded' })) },
    { weight: 2, arbitrary: deepBody(schema).map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom('{"name": "x"', '{"__proto__": {"a": 1}}', '{"constructor": {"prototype": {}}}', '', 'null', '[]', '"x"', '1e999').map((p) => ({ payload: p, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => ({ payload: Buffer.concat([Buffer.from('{"name": "'), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from(b), Buffer.from('"}')]), contentType: 'application/json; charset=utf-8' })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/x-www-form-urlencoded; charset=utf-16').map((ct) => ({ payload: 'name=x', contentType: ct })) },
    { weight: 1, arbitrary: fc.constant({ payload: 'x'.repeat(300 * 1024), contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant({}) },
  )
}

const auth = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant<Record<string, string>>(admin.headers) },
    { weight: 3, arbitrary: fc.constant<Record<string, string>>(member.headers) },
    { weight: 2, arbitrary: fc.constant<Record<string, string>>({}) },
    { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ authorization: 'Bearer not.a.token' }, { authorization: 'Basic Zm9vOmJhcg==' }, { authorization: 'Bearer' }) },
  )

/** A request the operation accepts (real ids, an admin's token), its body whole or with one value nested deep. */
function wellFormed(c: Case): fc.Arbitrary<[string, string, Body, Record<string, string>]> {
  const path = c.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(fixtures[name]?.[0] ?? 1))
  const schema = c.op.requestBody?.content['application/json']?.schema
  const body: fc.Arbitrary<Body> = schema
    ? fc.oneof(valueFor(schema, '', 0, true).map((v) => JSON.stringify(v) ?? 'null'), deepBody(schema)).map((payload) => ({ payload, contentType: 'application/json' }))
    : fc.constant({})
  return fc.tuple(fc.constant(path), fc.constant(''), body, fc.constant<Record<string, string>>(admin.headers))
}

function requestFor(c: Case): fc.Arbitrary<InjectOptions> {
  const withBody = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(c.method)
  const fuzzed = fc.tuple(pathFor(c), queryFor(c), withBody ? bodyFor(c) : fc.constant<Body>({}), auth())
  return fc.oneof({ weight: 3, arbitrary: fuzzed }, { weight: 1, arbitrary: wellFormed(c) }).map(([path, query, body, headers]) => ({
    method: c.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
  }))
}

// ---- answers ----

const ajv = addFormats.default(new Ajv({ strict: false, allErrors: false, validateFormats: true }))
const validators = new Map<object, ValidateFunction | null>()
function validatorFor(schema: Schema): ValidateFunction | null {
  if (!validators.has(schema)) {
    try {
      validators.set(schema, ajv.compile(schema))
    } catch {
      validators.set(schema, null)
    }
  }
  return validators.get(schema) ?? null
}

/** Why an answer is outside the documented shapes, or null when it is fine. */
function problem(c: Case, status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `status ${status}`
  const json = (): unknown => {
    try {
      return JSON.parse(body)
    } catch {
      return undefined
    }
  }
  if (status >= 400) {
    // a hosted page (documented as text/html) shows its errors as a page a person reads, never as JSON
    const page = Object.values(c.op.responses).some((r) => r.content?.['text/html']) || (c.op.tags ?? []).some((tag) => tag === 'pages' || tag === 'dev')
    if (page && contentType.startsWith('text/html')) return null
    if (!contentType.startsWith('application/json')) return `${status} with content-type ${contentType}`
    const b = json() as Record<string, unknown> | undefined
    if (isOAuthPath(c.path)) return typeof b?.error === 'string' ? null : `${status} outside RFC 6749 shape`
    // the v5 dialect answers in its own envelope (CLIENTS.md section 3); a URL the router cannot
    // read (bad percent-encoding, too long) never reaches a route and gets the platform's shape
    if (c.path.startsWith('/v5/') && b?.data === null && typeof b.errorMessage === 'string') return null
    return b?.success === false && typeof b.code === 'string' && typeof b.message === 'string' ? null : `${status} outside the error shape`
  }
  const documented = c.op.responses[String(status)]
  if (!documented) return `undocumented status ${status}`
  const schema = documented.content?.['application/json']?.schema
  if (!schema || !contentType.startsWith('application/json') || status === 204) return null
  const validate = validatorFor(schema)
  if (validate && !validate(json())) return `${status} body does not match its schema: ${ajv.errorsText(validate.errors)}`
  return null
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`${TOTAL_REQUESTS}+ requests, no 5xx, every answer in a documented shape`, async () => {
    expect(cases.length).toBeGreaterThan(50)
    const perOperation = Math.ceil(TOTAL_REQUESTS / cases.length)
    const findings: string[] = []
    let sent = 0
    const statuses = new Map<number, number>()
    for (const [index, c] of cases.entries()) {
      const requests = fc.sample(requestFor(c), { seed: SEED + index, numRuns: perOperation })
      for (const request of requests) {
        const res = await t.app.inject(request)
        sent += 1
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        const why = problem(c, res.statusCode, String(res.headers['content-type'] ?? ''), res.body)
        if (why && findings.length < 30) {
          findings.push(`${c.method} ${c.path}: ${why}\n  ${request.method} ${String(request.url).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}\n  -> ${res.body.slice(0, 300)}`)
        }
      }
    }
    if (process.env.FUZZ_REPORT) console.log(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS)
    // the run reaches past validation: a good share of requests succeed
    const ok = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)
    expect(ok).toBeGreaterThan(sent / 20)
    expect(findings).toEqual([])
  }, 180_000)
})
