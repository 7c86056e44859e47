/**
 * Client authentication at the token, revocation and introspection endpoints:
 * `client_secret_basic`, `client_secret_post`, or none for public clients (RFC 6749 2.3).
 */
import type { OAuthClient } from '../../db/database.ts'
import { safeEqual } from '../../lib/crypto.ts'
import { oauthErrors, type OAuthError } from '../../lib/errors.ts'
import type { ClientsService } from './clients.service.ts'

export type AuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none'

export interface AuthenticatedClient {
  client: OAuthClient
  method: AuthMethod
}

/** 401 invalid_client with the Basic challenge (RFC 6749 5.2). */
export const invalidClient = (description: string) =>
  oauthErrors.invalid_client(description, { headers: { 'www-authenticate': 'Basic realm="trellis", charset="UTF-8"' } })

/** RFC 6749 2.3.1: the Basic credentials are form-urlencoded before base64. */
function decodeBasic(header: string): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (!match?.[1]) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  try {
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) }
  } catch {
    return null
  }
}

export async function authenticateClient(
  clients: ClientsService,
  params: Readonly<Record<string, string>>,
  authorization: string | undefined,
): Promise<AuthenticatedClient> {
  let id = params.client_id
  let secret = params.client_secret
  let method: AuthMethod = secret !== undefined ? 'client_secret_post' : 'none'
  if (authorization && /^Basic\s/i.test(authorization)) {
    const basic = decodeBasic(authorization)
    if (!basic) throw invalidClient('The Basic authorization header is malformed.')
    if (secret !== undefined) throw oauthErrors.invalid_request('Use one client authentication method, not two.')
    if (id !== undefined && id !== basic.id) throw oauthErrors.invalid_request('client_id does not match the Basic credentials.')
    id = basic.id
    secret = basic.secret
    method = 'client_secret_basic'
  }
  if (!id) throw oauthErrors.invalid_request('client_id is required.')
  const client = await clients.find(id)
  const refused = refusal(clients, client, method, secret)
  // a refusal from a cached row is checked again against the stored one (a client or secret made elsewhere just now)
  if (!refused) return { client: client!, method }
  const stored = await clients.find(id, true)
  const still = refusal(clients, stored, method, secret)
  if (still) throw still
  return { client: stored!, method }
}

/** Why this client may not authenticate so, or null when it may. */
function refusal(clients: ClientsService, client: OAuthClient | undefined, method: AuthMethod, secret: string | undefined): OAuthError | null {
  if (method === 'none') {
    if (!client) return invalidClient('Unknown client.')
    if (!client.is_public) return invalidClient('This client must authenticate with its secret.')
    return null
  }
  // Compare even for an unknown client, so timing does not tell which client ids exist.
  const ok = client ? clients.verifySecret(client, secret ?? '') : safeEqual(secret ?? '', 'x'.repeat(43))
  return !client || !ok ? invalidClient('Client authentication failed.') : null
}
