// The order of the code, bottom to top (DESIGN.md, "Layout and the rules that keep it simple"):
// lib, db and config at the bottom; then tenancy and sessions; the HTTP plugins; the feature
// modules; then pages and dialects; the console, built on the pages; then the wiring (app.ts,
// modules/index.ts, the CLI). A file may import its own room or any room below it; an import
// upwards fails `npm run lint`. Outside the wiring, another module is reached only through its
// public face, its index.ts; the CLI is wiring that builds nothing, so it too reaches a module
// only through its face (and acts through the services).
// The feature modules are in a line of their own so that no two of them import each other.
import { dirname, relative, resolve } from 'node:path'

const ORDER = [
  ['lib', 'db', 'config'],
  ['modules/tenancy'],
  ['modules/sessions'],
  ['modules/audit'],
  ['plugins'],
  ['modules/email'],
  ['modules/webhooks'],
  ['modules/users'],
  ['modules/oauth'],
  ['modules/passkeys'],
  ['modules/connections'],
  ['modules/spaces'],
  ['modules/schedules'],
  ['modules/sensors'],
  ['modules/devices'],
  ['modules/privacy'],
  ['modules/pages', 'modules/dialects'],
  ['modules/console'],
  ['wiring'],
]

// Imports that go against the order today, each with the reason it is still there. The list is
// debt to pay off, not a way to allow new upward imports: keep it short.
export const EXCEPTIONS = []

const rank = new Map(ORDER.flatMap((rooms, i) => rooms.map((room) => [room, i])))

/** The room of a path relative to the repository root ('src/modules/oauth/keys.service.ts' -> 'modules/oauth'). */
export function roomOf(path) {
  const parts = path.split(/[\\/]/)
  if (parts[0] !== 'src') return undefined
  const [, first, second, third] = parts
  if (first === 'lib' || first === 'db' || first === 'plugins') return first
  if (first === 'config.ts' || first === 'config-values.ts') return 'config'
  if (first === 'modules' && third !== undefined) return `modules/${second}`
  if (first === 'modules') return `modules/${second.replace(/\.ts$/, '')}`
  return 'wiring'
}

/** A module directory (modules/oauth), as opposed to a wiring file directly under src/modules. */
function isModuleDir(room) {
  return room.startsWith('modules/') && rankOf(room) < rank.get('wiring')
}

/** Height of a room in the order; top-level files under src/modules are wiring. */
export function rankOf(room) {
  return rank.get(room) ?? rank.get('wiring')
}

/** The CLI (src/cli.ts, src/cli/): wiring, but it acts through the services, so it sees only modules' faces. */
export function isCli(path) {
  return path === 'src/cli.ts' || path.startsWith('src/cli/')
}

function allowed(fromPath, targetPath) {
  return EXCEPTIONS.some(([from, target]) => from === fromPath && target === targetPath)
}

const rule = {
  meta: {
    type: 'problem',
    messages: {
      upward: '{{from}} may not import {{to}} ({{target}}): it sits higher in the order (eslint/module-order.js)',
      face: '{{from}} may import {{to}} only through its public face, {{to}}/index.ts (not {{target}})',
    },
  },
  create(context) {
    const root = context.cwd
    const file = relative(root, context.filename)
    const from = roomOf(file)
    if (from === undefined) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = relative(root, resolve(dirname(context.filename), source))
      const to = roomOf(target)
      if (to === undefined || to === from || allowed(file, target)) return
      if (rankOf(to) > rankOf(from)) return context.report({ node, messageId: 'upward', data: { from, to, target } })
      // the wiring builds the modules from their parts; everyone else (the CLI too) sees a module's face
      if ((rankOf(from) < rank.get('wiring') || isCli(file)) && isModuleDir(to) && !target.endsWith('/index.ts')) {
        context.report({ node, messageId: 'face', data: { from, to, target } })
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    }
  },
}

export default { rules: { 'import-order': rule } }
