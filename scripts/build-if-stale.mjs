#!/usr/bin/env node
// Builds dist/ when it is missing or older than the sources, so `npm start` and
// `bin/trellis.mjs` always run current code. A production install (`npm ci --omit=dev`)
// has no TypeScript: there dist/ must have been built beforehand, and a stale one is used
// with a warning rather than refused, because the sources may merely have a newer mtime.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { copyAssets } from './copy-assets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const marker = join(root, 'dist', 'server.js')

function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

function typescriptCompiler() {
  try {
    return createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
  } catch {
    return null
  }
}

export function buildIfStale({ quiet = false } = {}) {
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'tsconfig.build.json')))
  if (built >= sources) return
  const tsc = typescriptCompiler()
  if (!tsc) {
    if (built) {
      process.stderr.write('trellis: dist/ is older than src/ and TypeScript is not installed; running the existing build\n')
      return
    }
    process.stderr.write('trellis: dist/ is missing and TypeScript is not installed: run `npm ci && npm run build` first\n')
    process.exit(1)
  }
  if (!quiet) process.stderr.write('trellis: building dist/ (npm run build)\n')
  try {
    execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
    copyAssets()
  } catch {
    process.stderr.write('trellis: the build failed (see above)\n')
    process.exit(1)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale()
