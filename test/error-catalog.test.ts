/**
 * The error catalog (src/lib/error-catalog.ts) is the one place an error code is written:
 * call sites use it by name (`appErrors.last_owner()`, `APP_CODE.invalid_token`), and the
 * API document enumerates its codes. This scans src/ for a code written anywhere else, for an
 * error built or sent with a literal code, and for a code the catalog defines but nothing uses.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ERRORS, LIVE_ERRORS, OAUTH_BODY_CODES, OAUTH_ERRORS } from '../src/lib/error-catalog.ts'
import { createTestApp, type TestApp } from './helpers.ts'

const ROOT = join(import.meta.dirname, '..')
const CATALOG = 'src/lib/error-catalog.ts'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The code without its comments: a comment may name a code to explain it. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '')
}

const files = sources(join(ROOT, 'src')).map((path) => ({ path: relative(ROOT, path), text: withoutComments(readFileSync(path, 'utf8')) }))
const outside = files.filter((f) => f.path !== CATALOG)

// 'error' is also an event name and a log level; its one use as a code goes through LIVE_CODE
const CODES = [...new Set([...Object.keys(APP_ERRORS), ...Object.keys(OAUTH_ERRORS), ...Object.keys(LIVE_ERRORS)])].filter((c) => c !== 'error')
/** The same words in another vocabulary: (file, literal, what it is there). */
const OTHER_MEANINGS: [string, string, string][] = [['src/modules/pages/page-sessions.ts', 'signed_out', 'why a session was revoked']]

function literalUses(code: string): string[] {
  const literal = new RegExp(`['"\`]${code}['"\`]`)
  return outside
    .filter((f) => literal.test(f.text))
    .filter((f) => !OTHER_MEANINGS.some(([path, word]) => path === f.path && word === code))
    .map((f) => `${f.path}: '${code}'`)
}

describe('the error catalog', () => {
  it('is the only place an error code is written', () => {
    expect(CODES.flatMap(literalUses)).toEqual([])
  })

  it('has no error built or sent with a literal code', () => {
    const built = /(?:new AppError\(\s*\d+,\s*|new OAuthError\(\s*|\b(?:code|error):\s*)'([a-z][a-z_]*)'/g
    const found = outside.flatMap((f) =>
      [...f.text.matchAll(built)]
        // a parameter map of the v5 dialect names the OAuth field `code`, not an error
        .filter((m) => m[1] !== 'code')
        .map((m) => `${f.path}: ${m[0]}`),
    )
    expect(found).toEqual([])
  })

  it('defines no code that nothing uses', () => {
    const used = (code: string) => outside.some((f) => new RegExp(`\\b(?:appErrors|oauthErrors|APP_CODE|OAUTH_CODE|LIVE_CODE|APP_ERRORS|LIVE_ERRORS)\\.${code}\\b`).test(f.text))
    const allCodes = [...Object.keys(APP_ERRORS), ...Object.keys(OAUTH_ERRORS), ...Object.keys(LIVE_ERRORS)]
    expect(allCodes.filter((code) => !used(code))).toEqual([])
  })

  it('gives every OAuth code the RFC it comes from', () => {
    for (const spec of Object.values(OAUTH_ERRORS)) expect(spec.rfc).toMatch(/^(RFC \d+ [\d.]+|OpenID Connect|none: )/)
  })

  // the document the app serves now (the typed client's committed copy may lag behind it)
  it('is what the API document enumerates on its error schemas', async () => {
    const t: TestApp = await createTestApp()
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' }).finally(() => t.close())
    expect(response.statusCode).toBe(200)
    const document = response.json<{ components: { schemas: Record<string, { enum?: string[] }> } }>()
    const schemas = document.components.schemas
    expect(schemas.ErrorCode?.enum).toEqual(Object.keys(APP_ERRORS))
    expect(schemas.OAuthErrorCode?.enum).toEqual(OAUTH_BODY_CODES)
    expect(schemas.OAuthErrorCode?.enum).not.toContain('login_required')
  })
})
