/** Shell blocks of the docs, run as written: the first ```sh block after a heading, in bash with `set -euo pipefail`. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

export const root = join(import.meta.dirname, '..')

/** The first ```sh block after `heading` (a whole line) in `text`. */
export function shBlock(text: string, heading: string): string {
  const section = text.slice(text.indexOf(`\n${heading}\n`))
  const match = /```sh\n([\s\S]*?)```/.exec(section)
  if (!match?.[1]) throw new Error(`no sh block under ${heading}`)
  return match[1]
}

/** Runs `script` from the repository, as a reader would paste it into a terminal there. */
export function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: root, env })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}
