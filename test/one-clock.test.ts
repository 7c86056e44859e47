/**
 * One clock (src/lib/clock.ts): outside the clock module and the migrations, nothing reads
 * the time itself. The lint rule in eslint.config.js refuses `Date.now()` and `new Date()`
 * in TypeScript; this test shows it does, and refuses what a lint rule cannot see: the
 * database's own clock (`now()`, `current_timestamp`, ...) in the SQL the code sends.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
// a call of the database's clock functions (not a method named now, not the word in a comment)
const DATABASE_CLOCK = /(?<![.\w])(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(\s*\)(?!\s*[:{])|\b(current_timestamp|current_date|current_time|localtimestamp|localtime)\b/i

/** Files that may read the database's clock, each with why. Column defaults live in migrations. */
const ALLOWED: Record<string, string> = {
  'src/lib/clock.ts': 'the clock module: its comment names now()',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path.endsWith(join('db', 'migrations')) ? [] : sourceFiles(path)
    return /\.(ts|sql)$/.test(entry.name) ? [path] : []
  })
}

describe('one clock', () => {
  it('no SQL outside the migrations reads the database clock', () => {
    const found = sourceFiles(join(root, 'src')).flatMap((path) => {
      const file = relative(root, path)
      if (ALLOWED[file]) return []
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (DATABASE_CLOCK.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
    })
    expect(found).toEqual([])
  })

  it('the scan sees the database clock however it is spelt', () => {
    for (const sql of ['where expires_at > now()', 'set used_at = NOW ()', 'values (current_timestamp)', 'clock_timestamp()']) expect(sql).toMatch(DATABASE_CLOCK)
    for (const code of ['this.clock.now()', 'const known = 1', 'deps.now()', 'private now(): Date {', 'decide it now (when asked)']) expect(code).not.toMatch(DATABASE_CLOCK)
  })

  it('the lint rule refuses Date.now() and new Date() in src, but not new Date(ms) or the clock module', async () => {
    const eslint = new ESLint({ cwd: root })
    const lint = async (text: string, file: string) => (await eslint.lintText(text, { filePath: join(root, file) }))[0]?.messages.map((m) => m.ruleId) ?? []
    expect(await lint('export const a = Date.now()\n', 'src/modules/x.ts')).toContain('no-restricted-syntax')
    expect(await lint('export const b = new Date()\n', 'src/modules/x.ts')).toContain('no-restricted-syntax')
    expect(await lint('export const c = [1].map(Date.now)\n', 'src/modules/x.ts')).toContain('no-restricted-syntax')
    expect(await lint('export const d = new Date(0)\n', 'src/modules/x.ts')).toEqual([])
    expect(await lint('export const e = new Date()\n', 'src/lib/clock.ts')).toEqual([])
    expect(await lint('export const f = new Date()\n', 'src/db/migrations/0099_x.ts')).toEqual([])
  }, 60_000)

  it('a lifetime is counted with secondsAfter/secondsBefore, never a hand-written date sum in seconds or days', () => {
    const sum = /new Date\([^;]*getTime\(\)\s*[-+][^;]*\*\s*(1000|1_000|86_400_000)\b|new Date\([^;]*getTime\(\)\s*[-+]\s*\d[\d_]*000\b/
    expect('new Date(now.getTime() + ttl * 1000)').toMatch(sum)
    expect('new Date(at.getTime() - days * 86_400_000)').toMatch(sum)
    expect('new Date(x.getTime() - 3600_000)').toMatch(sum)
    expect('secondsAfter(now, ttl)').not.toMatch(sum)
    const found = sourceFiles(join(root, 'src')).flatMap((path) => {
      const file = relative(root, path)
      if (ALLOWED[file] || file.endsWith('.test.ts')) return []
      return readFileSync(path, 'utf8').split('\n').flatMap((line, i) => (sum.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
    })
    expect(found).toEqual([])
  })
})
