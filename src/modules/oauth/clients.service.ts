/**
 * OAuth clients. A confidential client's secret is shown once at creation and stored only
 * as a SHA-256 hash (it is 256 random bits, so a slow hash adds nothing); it is compared
 * in constant time.
 */
import type { FastifyRequest } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { OAuthClient } from '../../db/database.ts'
import { hashSecret, randomToken, safeEqual } from '../../lib/crypto.ts'
import { notFound, validationError, type ErrorDetail } from '../../lib/errors.ts'
import { requirePlatformAdmin } from '../../plugins/auth.ts'
import { revokeSessions } from './sessions.ts'

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'password'] as const
export type GrantType = (typeof GRANT_TYPES)[number]

export interface NewClientInput {
  name: string
  redirectUris: string[]
  public?: boolean
  grantTypes?: string[]
  scopes?: string[]
}

export interface ClientView {
  clientId: string
  name: string
  public: boolean
  redirectUris: string[]
  grantTypes: string[]
  scopes: string[]
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
    createdAt: c.created_at.toISOString(),
  }
}

function checkRedirectUri(uri: string, index: number): ErrorDetail | null {
  const field = `body.redirectUris.${index}`
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    return { field, message: 'must be an absolute URL' }
  }
  if (uri.includes('#') || parsed.hash) return { field, message: 'must not contain a fragment' }
  if (parsed.protocol === 'javascript:' || parsed.protocol === 'data:') return { field, message: 'uses a forbidden scheme' }
  return null
}

export function validateClientInput(input: NewClientInput): void {
  const details: ErrorDetail[] = []
  input.redirectUris.forEach((uri, i) => {
    const problem = checkRedirectUri(uri, i)
    if (problem) details.push(problem)
  })
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
  if (details.length) throw validationError(details)
}

export class ClientsService {
  constructor(private readonly db: DB) {}

  /** Creates a client; returns the row and, for a confidential client, the secret (shown once). */
  async insert(input: NewClientInput): Promise<{ client: OAuthClient; secret: string | null }> {
    validateClientInput(input)
    const isPublic = input.public ?? false
    const secret = isPublic ? null : randomToken(32)
    const defaultGrants = ['authorization_code', 'refresh_token']
    const client = await this.db
      .insertInto('oauth_clients')
      .values({
        client_id: randomToken(16),
        secret_hash: secret ? hashSecret(secret) : null,
        name: input.name,
        is_public: isPublic,
        redirect_uris: JSON.stringify(input.redirectUris),
        grant_types: JSON.stringify(input.grantTypes?.length ? [...new Set(input.grantTypes)] : defaultGrants),
        scopes: JSON.stringify([...new Set(input.scopes ?? [])]),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { client, secret }
  }

  async create(request: FastifyRequest, input: NewClientInput) {
    await requirePlatformAdmin(this.db, request)
    return this.insert(input)
  }

  async list(request: FastifyRequest): Promise<OAuthClient[]> {
    await requirePlatformAdmin(this.db, request)
    return this.db.selectFrom('oauth_clients').selectAll().orderBy('id').limit(1000).execute()
  }

  async get(request: FastifyRequest, clientId: string): Promise<OAuthClient> {
    await requirePlatformAdmin(this.db, request)
    const client = await this.find(clientId)
    if (!client) throw notFound('Client')
    return client
  }

  async remove(request: FastifyRequest, clientId: string): Promise<void> {
    await requirePlatformAdmin(this.db, request)
    const result = await this.db.deleteFrom('oauth_clients').where('client_id', '=', clientId).executeTakeFirst()
    if (!result.numDeletedRows) throw notFound('Client')
    await revokeSessions(this.db, { clientId }, 'client_deleted')
  }

  async find(clientId: string): Promise<OAuthClient | undefined> {
    return this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst()
  }

  /** Constant-time check of a presented secret against the stored hash. */
  verifySecret(client: OAuthClient, secret: string): boolean {
    if (!client.secret_hash) return false
    return safeEqual(hashSecret(secret), client.secret_hash)
  }
}
