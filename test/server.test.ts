/**
 * The newcomer's path end to end: the real server process on a fresh embedded database
 * prints where everything is and a dev client that works, and stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './helpers.ts'

const root = join(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'trellis-server-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm start', () => {
  it('prints the URLs and a dev client, serves, and shuts down on SIGTERM', async () => {
    const port = await freePort()
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', PORT: String(port), DATABASE_URL: `pglite://${dir}/db`, LOG_LEVEL: 'warn' }
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: root, env })
    let out = ''
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('redirect_uri=')) resolve()
      })
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
    })
    const base = `http://127.0.0.1:${port}`
    expect(out).toContain(`Trellis is running at ${base}`)
    expect(out).toContain(`${base}/docs`)
    expect(out).toContain(`${base}/dev/mailbox`)
    const clientId = /client_id=(\S+)/.exec(out)?.[1]
    const redirectUri = /redirect_uri=(\S+)/.exec(out)?.[1]
    expect(clientId).toBeDefined()

    expect((await fetch(`${base}/health`)).status).toBe(200)
    const code = await fetch(`${base}/auth/passwordlessLogin/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@trellis.local', client_id: clientId, redirect_uri: redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }),
    })
    expect(code.status).toBe(200)
    const mailbox = (await (await fetch(`${base}/dev/mailbox/messages`)).json()) as { type: string }[]
    expect(mailbox[0]?.type).toBe('passwordlessLogin')

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)
})
