// `trellis webhooks list|add|rotate-secret|delete`: the operator's hands on the endpoints, through the same service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli.ts'
import { migratedDatabase, type TestDatabase } from './helpers.ts'

let database: TestDatabase

async function trellis(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, MQTT_EMBEDDED: 'false' }
  const code = await main(args, { env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) })
  return { code, stdout, stderr }
}

beforeAll(async () => {
  database = await migratedDatabase()
})
afterAll(async () => {
  await database.drop()
})

describe('trellis webhooks', () => {
  it('adds a platform endpoint (secret printed once), lists it, rotates, deletes; a private target is one line and exit 1', async () => {
    const added = await trellis(['webhooks', 'add', '--url', 'https://93.184.216.34/hook', '--events', 'device.state,user.created', '--json'])
    expect(added.code, added.stderr).toBe(0)
    const { endpoint, secret } = JSON.parse(added.stdout) as { endpoint: { id: number; eventTypes: string[] }; secret: string }
    expect(secret).toMatch(/^whsec_/)
    expect(endpoint.eventTypes).toEqual(['device.state', 'user.created'])
    const listed = await trellis(['webhooks', 'list'])
    expect(listed.stdout).toContain('https://93.184.216.34/hook')
    expect(listed.stdout).not.toContain(secret)
    const rotated = JSON.parse((await trellis(['webhooks', 'rotate-secret', String(endpoint.id), '--json'])).stdout) as { secret: string }
    expect(rotated.secret).not.toBe(secret)
    const refused = await trellis(['webhooks', 'add', '--url', 'https://10.0.0.1/hook', '--events', 'device.state'])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toMatch(/refused/)
    expect((await trellis(['webhooks', 'delete', String(endpoint.id)])).code).toBe(0)
    expect((await trellis(['webhooks', 'list'])).stdout).toContain('no endpoints')
  })
})
