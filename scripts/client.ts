/**
 * The typed TypeScript client in clients/typescript/: `openapi.json` (the API document) and
 * `schema.ts` (its types, by openapi-typescript) are generated from the app; `index.ts`
 * (openapi-fetch with those types) is written by hand.
 *
 *   tsx scripts/client.ts           regenerate both files
 *   tsx scripts/client.ts --check   fail, showing the difference, when they are not what
 *                                   the code generates now (run `npm run client:generate`)
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { apiDocument } from './openapi.ts'

const CLIENT_DIR = new URL('../clients/typescript/', import.meta.url).pathname
const FILES = ['openapi.json', 'schema.ts']

async function generate(dir: string): Promise<void> {
  const document = await apiDocument()
  writeFileSync(join(dir, 'openapi.json'), document)
  const ast = await openapiTS(JSON.parse(document), { alphabetize: false, exportType: false })
  writeFileSync(join(dir, 'schema.ts'), astToString(ast))
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

async function check(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-client-'))
  try {
    await generate(dir)
    let clean = true
    for (const file of FILES) {
      if (read(join(CLIENT_DIR, file)) === read(join(dir, file))) continue
      clean = false
      console.error(`clients/typescript/${file} is out of date: run \`npm run client:generate\` and commit it.`)
      spawnSync('diff', ['-u', join(CLIENT_DIR, file), join(dir, file)], { stdio: ['ignore', 'inherit', 'inherit'] })
    }
    return clean
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--check')) {
  if (!(await check())) process.exitCode = 1
  else console.log('clients/typescript is up to date')
} else {
  await generate(CLIENT_DIR)
  console.log(`wrote ${FILES.map((f) => `clients/typescript/${f}`).join(', ')}`)
}
