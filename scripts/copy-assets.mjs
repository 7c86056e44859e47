#!/usr/bin/env node
// The build (scripts/build.mjs) emits only JavaScript: the files the code reads at run time beside its modules (the
// hosted pages' stylesheet and browser scripts) are copied into dist/ at the same paths.
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function* assets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* assets(path)
    else if (!name.endsWith('.ts')) yield path
  }
}

export function copyAssets() {
  for (const file of assets(join(root, 'src'))) {
    const target = join(root, 'dist', relative(join(root, 'src'), file))
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(file, target)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) copyAssets()
