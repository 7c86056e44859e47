/**
 * The peer: node-oidc-provider answering client_credentials with ES256 JWT access tokens,
 * clients and keys in memory, over plain node:http on loopback. Configured the way its
 * documentation describes a resource server with JWT access tokens; nothing tuned.
 * oidc-provider is loaded only when the peer starts: it warns on import under a Node.js it
 * does not support, and the benchmark's own process (which reads PEER_CLIENT) may be one.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'

export const PEER_CLIENT = { id: 'bench-peer', secret: 'bench-peer-secret-0123456789abcdef0123456789' }
const RESOURCE = 'https://api.bench.test'

export async function startOidcPeer(): Promise<{ url: string; close: () => Promise<void> }> {
  const { default: Provider } = await import('oidc-provider')
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'bench-es256' }
  const provider = new Provider('http://127.0.0.1', {
    clients: [
      {
        client_id: PEER_CLIENT.id,
        client_secret: PEER_CLIENT.secret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['bench-cookie-key-0123456789'] },
    ttl: { ClientCredentials: 600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'api:read', audience: RESOURCE, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } }),
      },
    },
  })
  const server = createServer(provider.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
