/**
 * Requesting a login code. The answer is the same for every well-formed request, known
 * email or not, and the email goes through the outbox (never inline), so neither the body
 * nor the timing tells whether an account exists.
 *
 * Whose account: under `/tenants/{id}` the account of the address in that tenant, without
 * the prefix the platform's (an email is unique per tenant; see users/identity.ts). An
 * unknown address becomes an account when the code is exchanged, if the tenant's sign-up
 * policy allows it; if not, the request still answers success but no code is sent, so the
 * policy does not reveal which addresses have accounts. The email carries the tenant's
 * branding (never customised texts): the recipient belongs to the tenant, or signs up
 * into it.
 */
import type { Log } from '../../lib/log.ts'
import type { Insertable } from 'kysely'
import type { Config } from '../../config.ts'
import type { LoginCodesTable } from '../../db/database.ts'
import type { DB } from '../../db/connect.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import type { EmailService } from '../email/email.service.ts'
import { findUserByEmail, normalizeEmail, type Executor } from '../users/users.repository.ts'
import { findTenant } from '../tenancy/tenants.repository.ts'
import type { ClientsService } from './clients.service.ts'
import { generateLoginCode, hashLoginCode, normalizeLoginCode } from './login-codes.ts'
import type { MailLimits } from './mail-limits.ts'
import { normalizeMethod, type ChallengeMethod } from './pkce.ts'
import { isRegisteredRedirectUri } from './redirect-uris.ts'

export interface CodeRequest {
  email: string
  client_id: string
  redirect_uri: string
  code_challenge?: string
  code_challenge_method?: string
}

/** Where a code may be redeemed, and what the email links to. */
export interface CodeTarget {
  clientId: string
  redirectUri: string
  codeChallenge: string | null
  codeChallengeMethod: ChallengeMethod | null
  /** OpenID Connect: the scope asked for and its nonce, carried to the token endpoint. */
  scope?: string | null
  nonce?: string | null
  /** The link in the email; by default the redirect URI with the code. */
  link?: (code: string) => string
}

export const CODE_SENT_MESSAGE = 'If the address can sign in, a login code is on its way to it.'

/**
 * The link in the login email: the redirect URI with `code` added to its query. For a URI
 * with a fragment (`https://host/app/#/<install id>`, a page routed by its fragment) the
 * code is appended to the END of the fragment (`#/<install id>?code=...`, `&code=` when
 * the fragment already has a `?`), which is the seed's `<redirect_uri>?code=` taken
 * literally: the page's fragment router sees the code as a query of its own route, next
 * to the install id it needs, and the code stays in the fragment, which the browser never
 * sends to a server (no access logs, no Referer). Put before the `#`, the code would be
 * outside what such a page reads.
 */
export function loginLink(redirectUri: string, code: string): string {
  const hashAt = redirectUri.indexOf('#')
  const target = hashAt >= 0 ? redirectUri.slice(hashAt) : redirectUri
  return `${redirectUri}${target.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`
}

export class PasswordlessService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly clients: ClientsService,
    private readonly email: EmailService,
    private readonly mailLimits: MailLimits,
    private readonly log: Log,
    private readonly codeKey: Buffer,
  ) {}

  async requestCode(input: CodeRequest, tenantId: number | null, ip: string): Promise<void> {
    await this.mailLimits.checkSender(ip)
    const method = normalizeMethod(input.code_challenge ? input.code_challenge_method : null)
    if (!method) {
      throw badRequest('invalid_code_challenge_method', 'code_challenge_method must be S256, sha256 or plain.', [
        { field: 'body.code_challenge_method', message: 'must be S256, sha256 or plain' },
      ])
    }
    const client = await this.clients.find(input.client_id)
    if (!client) throw badRequest('invalid_client', 'Unknown client_id.', [{ field: 'body.client_id', message: 'is not a registered client' }])
    if (!isRegisteredRedirectUri(client.redirect_uris, input.redirect_uri)) {
      throw badRequest('redirect_uri_mismatch', 'redirect_uri is not registered for this client.', [
        { field: 'body.redirect_uri', message: 'must equal one of the redirect URIs registered for the client (a registered fragment may end in *)' },
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
    const target: CodeTarget = {
      clientId: client.client_id,
      redirectUri: input.redirect_uri,
      codeChallenge: input.code_challenge || null,
      codeChallengeMethod: input.code_challenge ? method : null,
    }
    await this.deliver(target, input.email, tenantId, ip)
  }

  /**
   * Emails a code for an already checked target (the hosted authorization page checks the
   * client itself, so its errors show on the page). Returns the code's row id, or null when
   * no code was sent (sign-up not allowed, or the address had its share of mail); the caller
   * answers the same either way.
   */
  async sendCode(target: CodeTarget, email: string, tenantId: number | null, ip: string): Promise<number | null> {
    await this.mailLimits.checkSender(ip)
    return this.deliver(target, email, tenantId, ip)
  }

  private async deliver(target: CodeTarget, emailInput: string, tenantId: number | null, ip: string): Promise<number | null> {
    const tenant = tenantId ? await findTenant(this.db, tenantId) : null
    if (tenantId && !tenant) throw notFound('Tenant')

    const email = normalizeEmail(emailInput)
    if (!(await this.mailLimits.mayMail(email, ip))) {
      this.log.info({ clientId: target.clientId }, 'login code not sent: the address has had its share of mail')
      return null
    }

    const user = await findUserByEmail(this.db, email, tenant?.id ?? null)
    if (!user && tenant?.signup === 'closed') {
      this.log.info({ tenantId }, 'login code not sent: tenant does not allow sign-up')
      return null
    }
    const id = await this.db.transaction().execute(async (trx) => {
      // a newer code for the same email, client and challenge replaces the older ones
      await trx
        .deleteFrom('login_codes')
        .where('client_id', '=', target.clientId)
        .where('email', '=', email)
        .where((eb) => (target.codeChallenge ? eb('code_challenge', '=', target.codeChallenge) : eb('code_challenge', 'is', null)))
        .where('consumed_at', 'is', null)
        .execute()
      const issued = await this.insertUniqueCode(trx, {
        client_id: target.clientId,
        redirect_uri: target.redirectUri,
        code_challenge: target.codeChallenge,
        code_challenge_method: target.codeChallengeMethod,
        scope: target.scope ?? null,
        nonce: target.nonce ?? null,
        email,
        tenant_id: tenant?.id ?? null,
        // while the client is under attack, the code redeems only from here (attempts.ts)
        requested_address: originOf(ip).address,
        requested_network: originOf(ip).network,
      })
      const link = target.link ? target.link(issued.code) : loginLink(target.redirectUri, issued.code)
      await this.email.send(trx, {
        type: 'passwordlessLogin',
        // names are whoever registered the address's choice: only for an address that proved itself
        to: user?.email_confirmed_at ? { email, username: user.username, displayName: user.display_name } : { email },
        tenantId: tenant?.id ?? null,
        customTexts: false,
        data: { loginCode: issued.code, loginLink: link },
      })
      return issued.id
    })
    this.email.wake()
    return id
  }

  /** Draws codes until one is unused; the unique index on the hash is the judge. */
  private async insertUniqueCode(
    trx: Executor,
    row: Omit<Insertable<LoginCodesTable>, 'code_hash' | 'expires_at'>,
  ): Promise<{ code: string; id: number }> {
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
      if (inserted) return { code, id: inserted.id }
    }
    throw new Error('could not draw an unused login code')
  }
}
