// The order of the code (README "Architecture", eslint/module-order.js): src/modules drawn as
// rooms and imports as arrows has no arrow going up, no circle and no pair importing each other;
// and the lint rule that keeps it so fails on an import against the order.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { cycles, figures, importSources } from '../scripts/module-graph.ts'

/** The names a face re-exports from its repository files. */
function repositoryExports(text: string): string[] {
  return [...text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/[^']*\.repository\.ts'/g)].flatMap((m) =>
    (m[1] as string).split(',').map((name) => name.trim().replace(/^type\s+/, '')).filter(Boolean),
  )
}

describe('module graph', () => {
  it('has no arrow going up, no circle and no two-way pair', () => {
    const f = figures()
    expect(f.rooms).toBeGreaterThan(10)
    expect(f.backArrows.map((a) => `${a.file} -> ${a.target}`)).toEqual([])
    expect(f.cycles).toEqual([])
    expect(f.twoWay).toEqual([])
  })

  it('has no circle between files anywhere in src, type-only imports included', () => {
    expect(figures().fileCycles).toEqual([])
  })

  it("each module's face exports by name: what other modules use, never a whole file with `export *`", () => {
    const faces = readdirSync(join(import.meta.dirname, '../src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(import.meta.dirname, '../src/modules', entry.name, 'index.ts'))
      .filter((face) => existsSync(face))
    expect(faces.length).toBeGreaterThan(10)
    const stars = faces.flatMap((face) => readFileSync(face, 'utf8').split('\n').filter((line) => /^export \*/.test(line)).map((line) => `${face}: ${line}`))
    expect(stars).toEqual([])
  })

  it('the wiring (src/modules/index.ts) reaches every module through its face only: it composes their factories', () => {
    // a path into a module's directory that is not its index.ts; lib, db and the wiring's own files are not modules
    const pastFace = (source: string) => /^\.\/[^/]+\//.test(source) && !/^\.\/[^/]+\/index\.ts$/.test(source)
    expect(pastFace('./oauth/keys.service.ts')).toBe(true)
    expect(pastFace('./dialects/v5/index.ts')).toBe(true)
    expect(pastFace('./oauth/index.ts') || pastFace('../lib/clock.ts') || pastFace('./maintenance.ts')).toBe(false)
    const sources = importSources(readFileSync(join(import.meta.dirname, '../src/modules/index.ts'), 'utf8'))
    expect(sources.filter((source) => /^\.\/[^/]+\/index\.ts$/.test(source)).length).toBeGreaterThan(10)
    expect(sources.filter(pastFace)).toEqual([])
  })

  it('no face exports a repository: what another module runs in its own statements comes through the factories as a typed store', () => {
    expect(repositoryExports("export { a, type B } from './x.repository.ts'\nexport { c } from './x.service.ts'\n")).toEqual(['a', 'B'])
    const modules = join(import.meta.dirname, '../src/modules')
    const exported = readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(modules, entry.name, 'index.ts')))
      .flatMap((entry) => repositoryExports(readFileSync(join(modules, entry.name, 'index.ts'), 'utf8')).map((name) => `${entry.name}: ${name}`))
    expect(exported, "pass it in through the factory's dependencies instead of exporting it from the face").toEqual([])
  })

  it('finds a circle of files, and none in a line', () => {
    const graph = (pairs: string[][]) => new Map(Object.entries(Object.fromEntries(pairs.map(([a, ...b]) => [a!, new Set(b)]))))
    expect(cycles(graph([['a', 'b'], ['b', 'c'], ['c', 'a'], ['d', 'a']]))).toEqual([['a', 'b', 'c']])
    expect(cycles(graph([['a', 'b'], ['b', 'c'], ['c']]))).toEqual([])
  })

  it('sees every kind of import: named, re-export, lazy and side effect', () => {
    const text = "import { a } from './a.ts'\nexport * from './b.ts'\nconst c = await import('./c.ts')\nimport './d.ts'\nimport 'node:fs'\n"
    expect(importSources(text).sort()).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts'])
  })

  it('the lint rule fails an upward import, one past a module\'s face (from the CLI too) and a file over 300 lines, and passes one down through a face', async () => {
    const eslint = new ESLint()
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages.map((m) => m.ruleId))
    const upward = "import type { Devices } from '../devices/devices.ts'\nexport type D = Devices\n"
    expect(await lint('src/modules/tenancy/example.ts', upward)).toContain('trellis/import-order')
    const downward = "import type { Actor } from '../tenancy/index.ts'\nexport type A = Actor\n"
    expect(await lint('src/modules/devices/example.ts', downward)).toEqual([])
    const pastTheFace = "import type { Actor } from '../tenancy/actor.ts'\nexport type A = Actor\n"
    expect(await lint('src/modules/devices/example.ts', pastTheFace)).toContain('trellis/import-order')
    const throughTheFace = "import type { Actor } from '../tenancy/index.ts'\nexport type A = Actor\n"
    expect(await lint('src/modules/devices/example.ts', throughTheFace)).toEqual([])
    // the CLI acts through the services: a module's face, never its repository
    const cliPastTheFace = "import { deleteUser } from '../modules/users/users.repository.ts'\nexport const d = deleteUser\n"
    expect(await lint('src/cli/example.ts', cliPastTheFace)).toContain('trellis/import-order')
    const long = Array.from({ length: 301 }, (_, i) => `export const v${i} = ${i}`).join('\n') + '\n'
    expect(await lint('src/modules/devices/example.ts', long)).toContain('max-lines')
    const cliThroughTheFace = "import { OPERATOR } from '../modules/tenancy/index.ts'\nexport const o = OPERATOR\n"
    expect(await lint('src/cli/example.ts', cliThroughTheFace)).toEqual([])
  })
})
