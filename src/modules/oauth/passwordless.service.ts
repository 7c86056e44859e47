/**
 * Requesting a login code. The answer is the same for every well-formed request, known
 * email or not, and the email goes through the outbox (never inline), so neither the body
 * nor the timing tells whether an account exists.
 *
 * Sign-up through a tenant: an unknown address asking under `/tenants/{id}` becomes a user
 * (and a member) when the code is exchanged. If that tenant has `allowSignup: false`, the
 * request still answers success but no code is sent, so the tenant's setting does not
 * reveal which addresses have accounts. An existing user asking under a tenant they do not
 * belong to gets a code with that tenant's branding and is not added to it.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Insertable } from 'kysely'
import type { Config } from '../../config.ts'
import type { LoginCodesTable } from '../../db/database.ts'
import type { DB } from '../../db/connect.ts'
import { badRequest, notFound, rateLimited } from '../../lib/errors.ts'
import type { Limiter } from '../../lib/rate-limit.ts'
import type { EmailService } from '../email/email.service.ts'
import { findUserByEmail, normalizeEmail, type Executor } from '../users/users.repository.ts'
import type { ClientsService } from './clients.service.ts'
import { generateLoginCode, hashLoginCode, normalizeLoginCode } from './login-codes.ts'
import { normalizeMethod } from './pkce.ts'

export interface CodeRequest {
  email: string
  client_id: string
  redirect_uri: string
  code_challenge?: string
  code_challenge_method?: string
}

export const CODE_SENT_MESSAGE = 'If the address can sign in, a login code is on its way to it.'

export function loginLink(redirectUri: string, code: string): string {
  const hashAt = redirectUri.indexOf('#')
  const base = hashAt >= 0 ? redirectUri.slice(0, hashAt) : redirectUri
  return `${base}${base.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`
}

export class PasswordlessService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly clients: ClientsService,
    private readonly email: EmailService,
    private readonly limiter: Limiter,
    private readonly log: FastifyBaseLogger,
    private readonly codeKey: Buffer,
  ) {}

  private async limit(key: string, max: number): Promise<void> {
    const state = await this.limiter.hit(key, this.config.rateLimits.windowSeconds)
    if (state.count > max) throw rateLimited(state.retryAfter)
  }

  async requestCode(input: CodeRequest, tenantId: number | null, ip: string): Promise<void> {
    await this.limit(`code:ip:${ip}`, this.config.rateLimits.codeRequestsPerIp)
    const method = normalizeMethod(input.code_challenge ? input.code_challenge_method : null)
    if (!method) {
      throw badRequest('invalid_code_challenge_method', 'code_challenge_method must be S256, sha256 or plain.', [
        { field: 'body.code_challenge_method', message: 'must be S256, sha256 or plain' },
      ])
    }
    const client = await this.clients.find(input.client_id)
    if (!client) throw badRequest('invalid_client', 'Unknown client_id.', [{ field: 'body.client_id', message: 'is not a registered client' }])
    if (!client.redirect_uris.includes(input.redirect_uri)) {
      throw badRequest('redirect_uri_mismatch', 'redirect_uri is not registered for this client.', [
        { field: 'body.redirect_uri', message: 'must equal one of the redirect URIs registered for the client' },
      ])
    }
    if (!client.grant_types.includes('authorization_code')) {
      throw badRequest('unauthorized_client', 'This client may not use login codes.')
    }
    if (client.is_public && !input.code_challenge) {
      throw badRequest('pkce_required', 'Public clients must send a code_challenge (PKCE).', [
        { field: 'body.code_challenge', message: 'is required for public clients' },
      ])
    }
    const tenant = tenantId
      ? await this.db.selectFrom('tenants').select(['id', 'allow_signup']).where('id', '=', tenantId).executeTakeFirst()
      : null
    if (tenantId && !tenant) throw notFound('Tenant')

    const email = normalizeEmail(input.email)
    await this.limit(`code:email:${email}`, this.config.rateLimits.codeRequestsPerEmail)

    const user = await findUserByEmail(this.db, email)
    if (!user && tenant && !tenant.allow_signup) {
      this.log.info({ tenantId }, 'login code not sent: tenant does not allow sign-up')
      return
    }
    await this.db.transaction().execute(async (trx) => {
      // a newer code for the same email, client and challenge replaces the older ones
      await trx
        .deleteFrom('login_codes')
        .where('client_id', '=', client.client_id)
        .where('email', '=', email)
        .where((eb) =>
          input.code_challenge ? eb('code_challenge', '=', input.code_challenge) : eb('code_challenge', 'is', null),
        )
        .where('consumed_at', 'is', null)
        .execute()
      const code = await this.insertUniqueCode(trx, {
        client_id: client.client_id,
        redirect_uri: input.redirect_uri,
        code_challenge: input.code_challenge || null,
        code_challenge_method: input.code_challenge ? method : null,
        email,
        tenant_id: tenant?.id ?? null,
      })
      await this.email.send(trx, {
        type: 'passwordlessLogin',
        to: { email, username: user?.username, displayName: user?.display_name },
        tenantId: tenant?.id ?? null,
        customTexts: false,
        data: { loginCode: code, loginLink: loginLink(input.redirect_uri, code) },
      })
    })
    this.email.wake()
  }

  /** Draws codes until one is unused; the unique index on the hash is the judge. */
  private async insertUniqueCode(
    trx: Executor,
    row: Omit<Insertable<LoginCodesTable>, 'code_hash' | 'expires_at'>,
  ): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = generateLoginCode()
      const inserted = await trx
        .insertInto('login_codes')
        .values({
          ...row,
          code_hash: hashLoginCode(this.codeKey, normalizeLoginCode(code) ?? code),
          expires_at: new Date(Date.now() + this.config.loginCodeTtlSeconds * 1000),
        })
        .onConflict((oc) => oc.column('code_hash').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted) return code
    }
    throw new Error('could not draw an unused login code')
  }
}
