/**
 * What a client may be registered with: its fields, their checks (redirect URIs, origins,
 * grants, scopes, an imported id), and the view the API and the CLI show of a stored client.
 */
import type { OAuthClient } from '../../db/database.ts'
import { validationError, type ErrorDetail } from '../../lib/errors.ts'
import { MACHINE_SCOPES } from '../tenancy/index.ts'
import { DEVICE_GRANT } from './device-codes.ts'
import { redirectUriProblem } from './redirect-uris.ts'

/** RFC 8693 token exchange: a native app's upstream ID token for Trellis tokens (modules/connections registers it). */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
/** The grants a client may be registered with; a client gets a grant only when its list has it. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'password', DEVICE_GRANT, TOKEN_EXCHANGE_GRANT] as const
export type GrantType = (typeof GRANT_TYPES)[number]

export interface NewClientInput {
  name: string
  redirectUris: string[]
  public?: boolean
  grantTypes?: string[]
  scopes?: string[]
  /** The tenant that owns the client: its client_credentials tokens act for that tenant. */
  tenantId?: number | null
  /** A chosen client_id, for importing an app that has one built in; otherwise one is generated. */
  clientId?: string
  /**
   * The secret a confidential app already ships with (importing it keeps the app unchanged);
   * otherwise one is generated. Stored only as a hash, like a generated one.
   */
  clientSecret?: string
  /** Off (null/absent) by default; see tokens.repository.ts `accessTokenTtl` for the trade-off. */
  longLivedAccessTokenSeconds?: number | null
  /** CORS: browser origins allowed to call the API for this client; default: its redirect URIs' origins. */
  allowedOrigins?: string[] | null
  /** The JWS algorithm of the client's ID tokens; default RS256. */
  idTokenSignedResponseAlg?: 'RS256' | 'ES256'
  /**
   * A machine client (docs/api.md "Machine clients"): confidential, client_credentials only,
   * no redirect URIs; its tokens do what an admin of its brand (or, without a tenant, a
   * platform administrator) would, within its scopes. Made by a person only.
   */
  machine?: boolean
}

/** What an existing client's admins may change (ClientsService.update); absent: kept. */
export interface ClientChange {
  name?: string
  redirectUris?: string[]
  /** null: back to the redirect URIs' origins. */
  allowedOrigins?: string[] | null
  scopes?: string[]
  idTokenSignedResponseAlg?: 'RS256' | 'ES256'
}

export interface ClientView {
  clientId: string
  name: string
  public: boolean
  redirectUris: string[]
  grantTypes: string[]
  scopes: string[]
  tenantId: number | null
  longLivedAccessTokenSeconds: number | null
  allowedOrigins: string[]
  idTokenSignedResponseAlg: 'RS256' | 'ES256'
  machine: boolean
  createdAt: string
}

export function clientView(c: OAuthClient): ClientView {
  return {
    clientId: c.client_id,
    name: c.name,
    public: c.is_public,
    redirectUris: c.redirect_uris,
    grantTypes: c.grant_types,
    scopes: c.scopes,
    tenantId: c.tenant_id,
    longLivedAccessTokenSeconds: c.long_lived_access_token_seconds,
    allowedOrigins: allowedOrigins(c),
    idTokenSignedResponseAlg: c.id_token_signed_response_alg,
    machine: c.machine,
    createdAt: c.created_at.toISOString(),
  }
}

/** Exact URIs, or a wildcard at the very end of the fragment only (why: see redirect-uris.ts). */
function checkRedirectUri(uri: string, index: number): ErrorDetail | null {
  const problem = redirectUriProblem(uri)
  return problem ? { field: `body.redirectUris.${index}`, message: problem } : null
}

/** Client ids appear in URLs and logs: printable, URL-safe, and long enough not to be guessed by accident. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{8,100}$/
const MAX_LONG_LIVED_SECONDS = 365 * 86_400

/** The browser origins CORS allows for a client: its explicit list, or its redirect URIs' http(s) origins. */
export function allowedOrigins(c: Pick<OAuthClient, 'allowed_origins' | 'redirect_uris'>): string[] {
  if (c.allowed_origins) return c.allowed_origins
  const origins = new Set<string>()
  for (const uri of c.redirect_uris) {
    try {
      const url = new URL(uri)
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin)
    } catch {
      // not a URL: no origin
    }
  }
  return [...origins]
}

function checkOrigin(origin: string, index: number): ErrorDetail | null {
  const field = `body.allowedOrigins.${index}`
  try {
    const url = new URL(origin)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin) return null
  } catch {
    // reported below
  }
  return { field, message: 'must be an origin: scheme, host and optional port, like https://app.example (no path, no wildcard)' }
}

export function validateClientInput(input: NewClientInput): void {
  const details: ErrorDetail[] = []
  input.allowedOrigins?.forEach((origin, i) => {
    const problem = checkOrigin(origin, i)
    if (problem) details.push(problem)
  })
  input.redirectUris.forEach((uri, i) => {
    const problem = checkRedirectUri(uri, i)
    if (problem) details.push(problem)
  })
  // one or more, for every client that signs people in (authorization_code, the default); a
  // machine client (client_credentials only) may have none
  const grants = input.grantTypes?.length ? input.grantTypes : input.machine ? ['client_credentials'] : ['authorization_code']
  if (input.redirectUris.length === 0 && grants.includes('authorization_code')) {
    details.push({ field: 'body.redirectUris', message: 'must hold at least one URI for a client that uses authorization_code' })
  }
  if (input.clientId !== undefined && !CLIENT_ID.test(input.clientId)) {
    details.push({ field: 'body.clientId', message: 'must be 8 to 100 characters of A-Z a-z 0-9 . _ ~ -' })
  }
  if (input.clientSecret !== undefined && (input.public || !/^[\x21-\x7E]{16,200}$/.test(input.clientSecret))) {
    details.push({ field: 'body.clientSecret', message: input.public ? 'public clients have no secret' : 'must be 16 to 200 printable characters without spaces' })
  }
  const longLived = input.longLivedAccessTokenSeconds
  if (longLived !== undefined && longLived !== null && (!Number.isInteger(longLived) || longLived < 60 || longLived > MAX_LONG_LIVED_SECONDS)) {
    details.push({ field: 'body.longLivedAccessTokenSeconds', message: `must be a whole number of seconds from 60 to ${MAX_LONG_LIVED_SECONDS}` })
  }
  const isPublic = input.public ?? false
  for (const grant of input.grantTypes ?? []) {
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      details.push({ field: 'body.grantTypes', message: `"${grant}" is not one of ${GRANT_TYPES.join(', ')}` })
    } else if (grant === 'client_credentials' && isPublic) {
      details.push({ field: 'body.grantTypes', message: 'client_credentials needs a confidential client' })
    }
  }
  for (const scope of input.scopes ?? []) {
    if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope)) details.push({ field: 'body.scopes', message: `"${scope}" is not a valid scope token` })
  }
  if (input.machine === true) details.push(...machineProblems(input))
  if (details.length) throw validationError(details)
}

/**
 * What a machine client may not be: public (it signs in with its secret), a client that signs
 * people in (redirect URIs, browser origins, any grant but client_credentials), or a holder of
 * a scope beyond MACHINE_SCOPES (`account` is a person's own).
 */
export function machineProblems(input: Pick<NewClientInput, 'public' | 'redirectUris' | 'grantTypes' | 'allowedOrigins' | 'scopes'>): ErrorDetail[] {
  const details: ErrorDetail[] = []
  if (input.public) details.push({ field: 'body.public', message: 'a machine client is confidential: it signs in with its secret' })
  if (input.redirectUris.length) details.push({ field: 'body.redirectUris', message: 'a machine client signs no one in: it has no redirect URIs' })
  if (input.allowedOrigins?.length) details.push({ field: 'body.allowedOrigins', message: 'a machine client is not called from a browser: it has no origins' })
  if (input.grantTypes?.some((grant) => grant !== 'client_credentials')) {
    details.push({ field: 'body.grantTypes', message: 'a machine client uses client_credentials only' })
  }
  const beyond = (input.scopes ?? []).filter((scope) => !(MACHINE_SCOPES as readonly string[]).includes(scope))
  if (beyond.length) details.push({ field: 'body.scopes', message: `a machine client may hold only ${MACHINE_SCOPES.join(', ')}; not ${beyond.join(', ')}` })
  return details
}
