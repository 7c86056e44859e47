/**
 * Route schemas are compiled on first use (src/lib/deferred-schemas.ts), so start-up no
 * longer proves they compile: here every one of them is, and a route whose schemas were
 * never used still refuses bad input with the usual 400 and serializes by its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Type from 'typebox'
import { forSerializer } from '../src/lib/deferred-schemas.ts'
import { Nullable } from '../src/lib/schemas.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('deferred route schemas', () => {
  it('compile on first use: the first request validates, and answers through its response schema', async () => {
    const before = t.app.schemas.size
    expect(before).toBeGreaterThan(100)
    const bad = await t.app.inject({ method: 'POST', url: '/auth/passwordlessLogin/code', payload: { email: 42 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, code: 'validation_failed' })
    expect(t.app.schemas.size).toBeLessThan(before)
    const ready = await t.app.inject('/ready')
    expect(ready.statusCode).toBe(200)
    // the response schema leaves out what it does not declare
    expect(Object.keys(ready.json()).sort()).toEqual(['checks', 'status'])
  })

  it('every schema of every route compiles', async () => {
    const compiled = await t.app.schemas.compileAll()
    expect(compiled).toBeGreaterThan(100)
    expect(t.app.schemas.size).toBe(0)
  })

  it('hand the serializer nullable scalars as type arrays; the API document keeps its anyOf', async () => {
    const schema = Type.Object({
      at: Nullable(Type.String({ format: 'date-time' })),
      count: Type.Union([Type.Integer(), Type.Null()], { description: 'how many' }),
      data: Type.Union([Type.Object({ a: Type.String() }), Type.Null()]),
      either: Type.Union([Type.String(), Type.Integer()]),
    })
    const before = JSON.stringify(schema)
    const properties = (forSerializer(schema) as { properties: Record<string, unknown> }).properties
    expect(properties.at).toEqual({ type: ['string', 'null'], format: 'date-time' })
    expect(properties.count).toEqual({ type: ['integer', 'null'], description: 'how many' })
    expect(properties.data).toEqual(JSON.parse(JSON.stringify(schema.properties.data)))
    expect(properties.either).toEqual(JSON.parse(JSON.stringify(schema.properties.either)))
    expect(JSON.stringify(schema)).toBe(before)
    const document = (await t.app.inject('/openapi.json')).json<{ components: { schemas: Record<string, { properties: { user: { properties: Record<string, unknown> } } }> } }>()
    expect(document.components.schemas.CurrentUser?.properties.user.properties.displayName).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] })
  })
})
