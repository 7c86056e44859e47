/** Shell blocks of the docs, run as written: the first ```sh block after a heading, in bash with `set -euo pipefail`. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = join(import.meta.dirname, '..')

/** The first ```sh block after `heading` (a whole line) in `text`. */
export function shBlock(text: string, heading: string): string {
  const section = text.slice(text.indexOf(`\n${heading}\n`))
  const match = /```sh\n([\s\S]*?)```/.exec(section)
  if (!match?.[1]) throw new Error(`no sh block under ${heading}`)
  return match[1]
}

/**
 * Runs `script` from the repository, as a reader would paste it into a terminal there. After
 * `deadlineMs` the script and everything it started are killed and the answer says so
 * (`timedOut`), so a block that waits forever fails with its output instead of hanging the
 * test until the runner's timeout, which shows nothing.
 */
export function bash(script: string, env: NodeJS.ProcessEnv, deadlineMs = 100_000): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  // from a file, as a terminal holds it: the script's text is not in the shell's command line,
  // where `pkill -f` in the script would find it
  const dir = mkdtempSync(join(tmpdir(), 'trellis-sh-'))
  const file = join(dir, 'script.sh')
  writeFileSync(file, script)
  // its own process group, so the deadline reaches what the script started in the background
  const child = spawn('bash', ['-euo', 'pipefail', file], { cwd: root, env, detached: true })
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // the group is gone already
    }
  }
  let timedOut = false
  const deadline = setTimeout(() => {
    timedOut = true
    killGroup()
  }, deadlineMs)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  // The answer is the script's exit, not its pipes' end: a process it left in the background
  // holds the pipes open, possibly forever. What it printed before exiting is read for a moment
  // longer; then what is left of its group is ended.
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', (error) => {
      stderr += `${error.message}\n`
      resolve(null)
    })
  })
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const moment = () => new Promise((resolve) => setTimeout(resolve, 500))
  return exited.then(async (code) => {
    clearTimeout(deadline)
    await Promise.race([closed, moment()])
    killGroup()
    // a descendant that left the group may still hold the pipes: stop reading them
    await Promise.race([closed, moment()])
    child.stdout.destroy()
    child.stderr.destroy()
    rmSync(dir, { recursive: true, force: true })
    return { code, stdout, stderr, timedOut }
  })
}

/**
 * Put before a block that runs `npx trellis` many times: the first runs through npx, as written,
 * so the block still shows that npx finds the repository's own command; each later one runs the
 * file npx ran (bin/trellis.mjs, the package's "bin") directly. To find a package's own bin, npx
 * reads the whole installed tree first: about 1.2 s of CPU a call, most of such a block's CPU.
 */
const trellisBin = join(root, (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { trellis: string } }).bin.trellis)
export const npxTrellisOnce = `__npx_ran="$(dirname "$0")/npx-trellis-ran"
npx() {
  if [ "\${1:-}" != trellis ]; then command npx "$@"
  elif [ -e "$__npx_ran" ]; then shift; node ${JSON.stringify(trellisBin)} "$@"
  else touch "$__npx_ran"; command npx "$@"; fi
}
`

/** The environment of a reader's terminal next to `npm start` on `databaseUrl`. */
export function baseEnv(port: number, databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // the embedded MQTT broker on port 0 (any free port): the machine may run its own broker on 1883
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'warn', MQTT_PORT: '0', ...extra }
  delete env.npm_config_prefix // run npx as a user would, from the repository
  return env
}

/** `npm start` as a reader runs it, resolved once it says it is running. */
export async function npmStart(port: number, databaseUrl: string, extra: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcessWithoutNullStreams; out: () => string; stop: () => Promise<number | null> }> {
  // its own process group, so a start that never comes up is ended with the server under npm
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: baseEnv(port, databaseUrl, extra), detached: true })
  let out = ''
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  await new Promise<void>((resolve, reject) => {
    // a start that never says it is running fails here with what it printed, not at the
    // runner's timeout with nothing
    const deadline = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL')
      reject(new Error(`npm start did not say it was running within 120 s: ${out}`))
    }, 120_000)
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      if (out.includes('Trellis is running')) {
        clearTimeout(deadline)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(deadline)
      reject(new Error(`npm start exited with ${code}: ${out}`))
    })
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return {
    child,
    out: () => out,
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}
