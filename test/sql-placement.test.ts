// Where SQL may be written (README "Architecture"): in src/db and in a module's own files
// (its repository, services and stores), never in routes, the dialects, the CLI, the plugins,
// lib or the wiring. Routes call a service; the CLI calls the services and repositories.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql(<[^`]*>)?`/

// What still runs SQL where it should not, each with its reason: debt, not a way in.
const EXCEPTIONS: Record<string, string> = {
  // the housekeeping sweep deletes expired rows of six modules' tables in one pass; each
  // module should hand the wiring its own purge
  'src/modules/maintenance.ts': 'cross-module sweep',
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

function mayQuery(path: string): boolean {
  if (path.startsWith('src/db/')) return true
  const inModule = /^src\/modules\/([a-z-]+)\/.+/.exec(path)
  return inModule !== null && inModule[1] !== 'dialects' && !path.endsWith('.routes.ts')
}

describe('SQL placement', () => {
  it('no SQL outside src/db and the modules\' own non-route files', () => {
    const misplaced = files(join(root, 'src')).filter((path) => !mayQuery(path) && !(path in EXCEPTIONS) && SQL.test(readFileSync(join(root, path), 'utf8')))
    expect(misplaced).toEqual([])
  })

  it('the check sees a query builder call and a sql template', () => {
    expect(SQL.test("db.selectFrom('users')")).toBe(true)
    expect(SQL.test('await sql`select 1`.execute(db)')).toBe(true)
    expect(SQL.test('sql<{ n: number }>`select 1`')).toBe(true)
    expect(SQL.test('const selection = fromSql')).toBe(false)
    expect(mayQuery('src/modules/devices/devices.routes.ts')).toBe(false)
    expect(mayQuery('src/cli/clients.ts')).toBe(false)
    expect(mayQuery('src/modules/devices/devices.repository.ts')).toBe(true)
  })

  it('every exception still needs to be one', () => {
    for (const path of Object.keys(EXCEPTIONS)) expect(SQL.test(readFileSync(join(root, path), 'utf8')), path).toBe(true)
  })
})
