/**
 * Route schemas are compiled on first use (src/lib/deferred-schemas.ts), so start-up no
 * longer proves they compile: here every one of them is, and a route whose schemas were
 * never used still refuses bad input with the usual 400 and serializes by its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
})
