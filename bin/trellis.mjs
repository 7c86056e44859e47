#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so `npx trellis` works right after `npm ci`.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli.ts')
process.exitCode = await main()
