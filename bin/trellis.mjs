#!/usr/bin/env node
// Runs the compiled CLI (dist/cli.js), building it first when it is missing or stale,
// so `npx trellis` works right after `npm ci`; no TypeScript runs at runtime.
import { buildIfStale } from '../scripts/build-if-stale.mjs'

buildIfStale()
const { main } = await import('../dist/cli.js')
process.exitCode = await main()
