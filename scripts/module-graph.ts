// Draws src/modules as rooms and its imports as arrows, and reports what goes against the order
// written in DESIGN.md (lib and db, then tenancy and sessions, then the feature modules, then pages
// and dialects, then the console, then the wiring), and every circle between two or more files anywhere in src (type-only
// imports count: a circle of types is still two files that cannot be read one before the other).
// Run with `npx tsx scripts/module-graph.ts`; test/module-graph.test.ts keeps the figures at zero.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { roomOf, rankOf } from '../eslint/module-order.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// `import x from './a.ts'`, `export * from './a.ts'`, `import('./a.ts')`, and a side-effect `import './a.ts'`
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : []
  })
}

/** The relative paths a file imports, re-exports, loads lazily or runs for its side effects. */
export function importSources(text: string): string[] {
  return [...text.matchAll(importPattern)].map((m) => (m[1] ?? m[2] ?? m[3])!)
}

export interface Arrow { from: string; to: string; file: string; target: string }

export function moduleArrows(): Arrow[] {
  const arrows: Arrow[] = []
  for (const file of sourceFiles(join(root, 'src'))) {
    const from = roomOf(relative(root, file))
    if (!from?.startsWith('modules/')) continue
    for (const source of importSources(readFileSync(file, 'utf8'))) {
      const target = relative(root, resolve(dirname(file), source))
      const to = roomOf(target)
      if (to && to !== from && to.startsWith('modules/')) arrows.push({ from, to, file: relative(root, file), target })
    }
  }
  return arrows
}

export interface Figures { rooms: number; arrows: number; backArrows: Arrow[]; twoWay: string[][]; cycles: string[][]; fileCycles: string[][] }

/** Every file of src (tests aside) with the files of src it imports. */
export function fileEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const file of sourceFiles(join(root, 'src'))) {
    const from = relative(root, file)
    const targets = importSources(readFileSync(file, 'utf8'))
      .map((source) => relative(root, resolve(dirname(file), source)))
      .filter((target) => target.startsWith('src/') && target !== from)
    edges.set(from, new Set(targets))
  }
  return edges
}

export function figures(arrows = moduleArrows()): Figures {
  const edges = new Map<string, Set<string>>()
  for (const a of arrows) {
    if (!edges.has(a.from)) edges.set(a.from, new Set())
    edges.get(a.from)!.add(a.to)
  }
  const rooms = new Set(arrows.flatMap((a) => [a.from, a.to]))
  const pairs = [...edges].flatMap(([from, tos]) => [...tos].map((to) => [from, to] as [string, string]))
  const backArrows = arrows.filter((a) => rankOf(a.to) > rankOf(a.from))
  const twoWay = pairs.filter(([a, b]) => a < b && edges.get(b)?.has(a))
  return { rooms: rooms.size, arrows: pairs.length, backArrows, twoWay, cycles: cycles(edges), fileCycles: cycles(fileEdges()) }
}

// Strongly connected components with more than one node (Tarjan): each is a circle of imports.
export function cycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>(), low = new Map<string, number>()
  const stack: string[] = [], onStack = new Set<string>(), found: string[][] = []
  let next = 0
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++
    stack.push(v); onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)) }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do { w = stack.pop()!; onStack.delete(w); component.push(w) } while (w !== v)
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of edges.keys()) if (!index.has(v)) visit(v)
  return found
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const f = figures()
  console.log(`rooms ${f.rooms}, arrows ${f.arrows}, back arrows ${f.backArrows.length}, two-way pairs ${f.twoWay.length}, circles ${f.cycles.length}, circles between files ${f.fileCycles.length}`)
  for (const a of f.backArrows) console.log(`  back: ${a.from} -> ${a.to}  (${a.file} imports ${a.target})`)
  for (const [a, b] of f.twoWay) console.log(`  two-way: ${a} <-> ${b}`)
  for (const c of f.cycles) console.log(`  circle: ${c.join(', ')}`)
  for (const c of f.fileCycles) console.log(`  file circle: ${c.join(', ')}`)
}
