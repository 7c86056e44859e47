#!/usr/bin/env node
// Builds dist/ from src/ with esbuild: each module transpiled on its own (types stripped, no
// type check: `npm run typecheck` is the check, in `npm test` and CI), at the same path, with
// relative `.ts` imports rewritten to `.js`, and the files the code reads beside its modules
// copied along. tsc took most of a cold first start (over a minute on a busy 2-core machine);
// this takes about a second.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import { copyAssets } from './copy-assets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')
const dist = join(root, 'dist')

function* modules(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* modules(path)
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) yield path
  }
}

/**
 * "Bundling" every module on its own with every import left outside: esbuild then writes one
 * file per module, as tsc did, and lets this rewrite each import (esbuild alone keeps `.ts`).
 */
const ownFilesApart = {
  name: 'own-files-apart',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined
      const relative = args.path.startsWith('./') || args.path.startsWith('../')
      return { path: relative ? args.path.replace(/\.ts$/, '.js') : args.path, external: true }
    })
  },
}

export async function build() {
  rmSync(dist, { recursive: true, force: true })
  await esbuild({
    entryPoints: [...modules(src)],
    outdir: dist,
    outbase: src,
    bundle: true,
    plugins: [ownFilesApart],
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  })
  copyAssets()
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await build()
