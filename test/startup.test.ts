/**
 * Every bad start-up value, on the real server process: one line on stderr naming the
 * variable, no stack trace, a non-zero exit.
 */
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './helpers.ts'

const root = join(import.meta.dirname, '..')

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATABASE_URL: 'pglite://memory', ...env },
  })
  let stderr = ''
  let stdout = ''
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr, stdout })))
}

function expectOneLine(result: { code: number | null; stderr: string; stdout: string }, variable: string) {
  expect(result.code).not.toBe(0)
  expect(result.code).not.toBeNull()
  const lines = result.stderr.trim().split('\n')
  expect(lines, result.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(new RegExp(`^trellis: ${variable}: `))
  expect(result.stderr).not.toMatch(/\n\s+at /)
  expect(result.stdout).not.toContain('Trellis is running')
}

const held: Server[] = []
afterAll(() => held.forEach((s) => s.close()))

describe('start-up refuses bad configuration in one line', () => {
  it.each([
    ['NODE_ENV', { NODE_ENV: 'prod' }],
    ['NODE_ENV', { NODE_ENV: 'Production' }],
    ['DATABASE_URL', { NODE_ENV: 'production', DATABASE_URL: '' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'garbage' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8,10.0.0.300' }],
    ['SCRYPT_N', { SCRYPT_N: '3000' }],
    ['SCRYPT_N', { SCRYPT_N: '1048576', SCRYPT_R: '8' }],
    ['HOST', { HOST: 'bad host!' }],
    ['PORT', { PORT: '99999' }],
  ])('%s %j', async (variable, env) => {
    expectOneLine(await start(env), variable)
  })

  it('HOST that is not an address of this machine', async () => {
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never assigned to a local interface
    expectOneLine(await start({ HOST: '192.0.2.1', PORT: String(await freePort()) }), 'HOST')
  }, 60_000)

  it('PORT already in use', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    held.push(server)
    const { port } = server.address() as { port: number }
    const result = await start({ PORT: String(port) })
    expectOneLine(result, 'PORT')
    expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`)
  }, 60_000)

  it('PostgreSQL unreachable: bounded retries with backoff, then one line without the password', async () => {
    const port = await freePort() // nothing listens there
    const began = Date.now()
    const result = await start({ DATABASE_URL: `postgres://trellis:s3cret@127.0.0.1:${port}/trellis`, DATABASE_CONNECT_ATTEMPTS: '3' })
    expectOneLine(result, 'DATABASE_URL')
    expect(result.stderr).toContain(`PostgreSQL at 127.0.0.1:${port}/trellis does not answer after 3 attempts (ECONNREFUSED)`)
    expect(result.stderr).not.toContain('s3cret')
    // 250 ms + 500 ms of backoff between the three attempts
    expect(Date.now() - began).toBeGreaterThanOrEqual(750)
  }, 60_000)
})
