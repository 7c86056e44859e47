#!/usr/bin/env node
// Builds dist/ when it is missing or older than the sources, so `npm start` and
// `bin/trellis.mjs` always run current code in development. In production (NODE_ENV=production)
// or without src/ (a release that ships dist/ alone) it never builds: dist/ must be there. The
// build is esbuild's (scripts/build.mjs), a dev dependency like every build tool: an install
// without it (`npm ci --omit=dev`) uses a stale dist/ with a warning rather than refusing it,
// because the sources may merely have a newer mtime.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const marker = join(root, 'dist', 'server.js')

function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

function hasEsbuild() {
  try {
    createRequire(join(root, 'package.json')).resolve('esbuild')
    return true
  } catch {
    return false
  }
}

export function buildIfStale({ quiet = false } = {}) {
  // a convenience of development only: production runs the dist/ it was shipped, and a
  // release (an image, a tarball) may carry no src/ and no compiler at all
  if (process.env.NODE_ENV === 'production' || !existsSync(join(root, 'src'))) {
    if (existsSync(marker)) return
    process.stderr.write('trellis: dist/ is missing: build it where the dev dependencies are installed (`npm ci && npm run build`) and ship it\n')
    process.exit(1)
  }
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'scripts', 'build.mjs')), newest(join(root, 'scripts', 'copy-assets.mjs')))
  if (built >= sources) return
  if (!hasEsbuild()) {
    if (built) {
      process.stderr.write('trellis: dist/ is older than src/ and the build tools (dev dependencies) are not installed; running the existing build\n')
      return
    }
    process.stderr.write('trellis: dist/ is missing and the build tools (dev dependencies) are not installed: run `npm ci && npm run build` first\n')
    process.exit(1)
  }
  if (!quiet) process.stderr.write('trellis: building dist/ (npm run build)\n')
  try {
    // a process of its own: esbuild's build is asynchronous, and callers (bin/trellis.mjs) want dist/ on return
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  } catch {
    process.stderr.write('trellis: the build failed (see above)\n')
    process.exit(1)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale()
