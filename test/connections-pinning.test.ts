/**
 * The upstream client connects to the address the target rules checked, never resolving the
 * provider's name a second time (src/modules/connections/pinned-request.ts): a name only the
 * rules' resolver knows is reached at the address it gave, each request resolves the name once,
 * and a name that resolves to a private address is refused before anything is sent.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../src/lib/clock.ts'
import { UpstreamClient, UpstreamFailure } from '../src/modules/connections/upstream.ts'

let server: Server
let port: number
const hosts: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '')
    const issuer = `http://${request.headers.host ?? ''}`
    const body = request.url === '/.well-known/openid-configuration'
      ? { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` }
      : { keys: [{ kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0', kid: 'k1' }] }
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))

describe('upstream requests are pinned to the address checked', () => {
  it('reach a name only the resolver knows at the address it gave, resolving once per request', async () => {
    const asked: string[] = []
    const client = new UpstreamClient(new ManualClock(new Date('2026-11-28T00:00:00Z')), {
      allowPrivate: true,
      resolve: async (host) => {
        asked.push(host)
        return host === 'idp.pinned.test' ? [{ address: '127.0.0.1', family: 4 }] : []
      },
    })
    const issuer = `http://idp.pinned.test:${port}`
    const discovery = await client.discover(issuer)
    expect(discovery.issuer).toBe(issuer)
    expect((await client.keys(discovery)).keys).toHaveLength(1)
    // the name went out as the Host the provider saw; the address came from the check alone
    expect(hosts).toEqual([`idp.pinned.test:${port}`, `idp.pinned.test:${port}`])
    expect(asked).toEqual(['idp.pinned.test', 'idp.pinned.test'])
  })

  it('refuse a name that resolves to a private address, sending nothing', async () => {
    const before = hosts.length
    const client = new UpstreamClient(new ManualClock(new Date('2026-11-28T00:00:00Z')), { allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    await expect(client.discover(`https://idp.rebound.test:${port}`)).rejects.toThrow(UpstreamFailure)
    await expect(client.discover(`https://idp.rebound.test:${port}`)).rejects.toThrow(/127\.0\.0\.1/)
    expect(hosts.length).toBe(before)
  })
})
