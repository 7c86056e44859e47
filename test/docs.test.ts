/**
 * Every shell block of the README and docs/ is run by a test, as written. This file keeps the
 * list (a block nobody runs fails here) and runs the API guide: its blocks in order, in one
 * bash, next to `npm start` on a fresh database, the way a reader follows it in a terminal.
 * Two liberties: `curl` is a function that fails on an HTTP error status, so an answer a
 * reader would see as an error fails the test; and `npx trellis` goes through npx the first time
 * only (shell.ts npxTrellisOnce), then runs the same file directly.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, migratedDataDir } from './helpers.ts'
import { bash, baseEnv, npmStart, npxTrellisOnce, root } from './shell.ts'

interface Block {
  file: string
  heading: string
  body: string
}

/** Every ```sh block of `file` with the nearest heading above it. */
function shBlocks(file: string): Block[] {
  const text = readFileSync(join(root, file), 'utf8')
  const blocks: Block[] = []
  let heading = ''
  for (const part of text.split(/^(```sh\n[\s\S]*?^```)$/m)) {
    if (part.startsWith('```sh\n')) blocks.push({ file, heading, body: part.slice(6, -3) })
    else heading = [...part.matchAll(/^#+ (.*)$/gm)].at(-1)?.[1] ?? heading
  }
  return blocks
}

const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

/** Who runs each block: a test file that reads it from its document, or CI itself. */
const RUNNERS: Record<string, string> = {
  // npm start and npm run dev are started there; npm ci and npm test are what .ci/run runs
  'README.md#Quick start': 'test/readme.test.ts',
  'README.md#The `trellis` command': 'test/readme.test.ts',
  'docs/api.md': 'test/docs.test.ts',
  'docs/operations.md#Upgrades and backups': 'test/backup.test.ts',
  // docker is not on the test machines: the image's files laid out as a directory stand in for it
  'docs/operations.md#Containers': 'test/deploy-files.test.ts',
  'docs/existing-apps.md#Existing apps': 'test/apps/ssmale-signup.test.ts',
  'docs/benchmarks.md': 'test/docs-benchmarks.test.ts',
}
const runnerOf = (block: Block) => RUNNERS[`${block.file}#${block.heading}`] ?? RUNNERS[block.file]

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

describe('the shell blocks of the README and docs/', () => {
  it('each is run by a test that reads it from its document', () => {
    const blocks = docs.flatMap(shBlocks)
    expect(blocks.length).toBeGreaterThan(10)
    for (const block of blocks) {
      const runner = runnerOf(block)
      expect(runner, `${block.file} "${block.heading}": no test runs this block`).toBeDefined()
      const source = readFileSync(join(root, runner!), 'utf8')
      expect(source, `${runner} does not read ${block.file}`).toContain(block.file.replace(/^docs\//, ''))
    }
  })

  it('the API guide, block after block, against `npm start` on a new database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-docs-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    // the embedded database, as the guide says: the dev tenant, admin and client it signs in
    // with are seeded there (and only there)
    // (already migrated: a first migration of an empty directory is test/migrate-release.test.ts's subject)
    const databaseUrl = `pglite://${await migratedDataDir(join(dir, 'db'))}`
    const [port, mqttPort] = [await freePort(), await freePort()]
    const extra = { MQTT_PORT: String(mqttPort), TMPDIR: dir }
    const server = await npmStart(port, databaseUrl, extra)
    cleanup.push(async () => {
      // the guide's simulated fan runs under npx, whose child outlives a signal to npx itself
      spawnSync('pkill', ['-f', `device simulate .*--url mqtt://127.0.0.1:${mqttPort}`])
    })
    cleanup.push(() => server.stop().then(() => undefined))
    const guide = shBlocks('docs/api.md').map((b) => b.body)
    // traced (set -x), so a block that fails or waits past the deadline shows where it stood
    const strict = 'shopt -s inherit_errexit\nset -x\ncurl() { command curl --fail-with-body -sS "$@"; echo; }\n'
    const result = await bash(`${strict}${npxTrellisOnce}${guide.join('\n')}\necho GUIDE-DONE\n`, baseEnv(port, databaseUrl, extra), 240_000)
    // what the commands wrote to stderr (a background command's complaint among them), then the trace's end
    const said = result.stderr.split('\n').filter((line) => !line.startsWith('+')).join('\n')
    const where = `${result.timedOut ? 'timed out after 240 s\n' : ''}stderr:\n${said.slice(-3000)}\ntrace:\n${result.stderr.slice(-2000)}\nout:\n${result.stdout.slice(-2000)}\nserver:\n${server.out().slice(-3000)}`
    expect(result.code, where).toBe(0)
    expect(result.stdout).toContain('GUIDE-DONE')
    // what the blocks say they show, seen in their answers
    expect(result.stdout).toContain('"status":"accepted"')
    expect(result.stdout).toContain('"active":false')
    expect(result.stdout).toContain('"status":"confirmed"')
    expect(result.stdout).toContain('"SensorSchedules":[{')
    // the machine client's tenant.create, audited as the client
    expect(result.stdout).toMatch(/"actor":\{"kind":"client","id":"[0-9a-f]{32}"\}/)
  }, 300_000)
})
