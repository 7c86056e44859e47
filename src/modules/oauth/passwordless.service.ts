/**
 * Requesting a login code. The answer is the same for every well-formed request, known
 * email or not, and so is the work before it: the checks of the client and the limits,
 * which do not depend on the account, and one INSERT of a mail job. Whose account it is,
 * whether the tenant's sign-up policy lets an unknown address in (if not, no code is sent),
 * the code and the email are decided by the outbox worker (login-code-job.repository.ts), so neither
 * the body nor the timing tells whether an account exists.
 *
 * Whose account: under `/tenants/{id}` the address's account in that tenant, one the tenant
 * signs up, or else the address's platform account; without the prefix the platform's (the
 * prefix rule, users/identity.repository.ts). An unknown address becomes an account when the code is
 * exchanged. The email carries the tenant's branding (never customised texts) only when the
 * recipient belongs to the tenant or signs up into it; the platform's otherwise.
 *
 * Without `client_id` the redirect URI names the client (client-lookup.service.ts).
 */
import type { Log } from '../../lib/log.ts'
import { appErrors, notFound } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import { signupLocale } from '../../lib/locale.ts'
import type { DB } from '../../db/connect.ts'
import { signInNetwork } from '../../lib/network.ts'
import type { SignInLog } from './sign-ins.service.ts'
import type { EmailService } from '../email/index.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import type { ClientsService } from './clients.service.ts'
import { LOGIN_CODE_JOB } from './login-code-job.repository.ts'
import type { MailLimits } from '../sessions/index.ts'
import { normalizeMethod, type ChallengeMethod } from './pkce.ts'
import { isRegisteredRedirectUri } from './redirect-uris.ts'
import { refusedScopeMessage, requestScope } from './scopes.ts'

export interface CodeRequest {
  email: string
  /** Left out, the redirect URI names the client (client-lookup.service.ts). */
  client_id?: string
  redirect_uri: string
  code_challenge?: string
  code_challenge_method?: string
  /** The scopes the token should carry (scopes.ts); absent: the client's defaults. */
  scope?: string
  /** An explicit locale, and the request's Accept-Language value (plain input: the route passes the header). */
  locale?: string
  acceptLanguage?: string | null
}

/** Where a code may be redeemed, and what the email links to. */
export interface CodeTarget {
  clientId: string
  redirectUri: string
  codeChallenge: string | null
  codeChallengeMethod: ChallengeMethod | null
  /** The scope asked for (null: the client's defaults) and the OpenID Connect nonce, carried to the token endpoint. */
  scope?: string | null
  nonce?: string | null
  /** The link in the email, to which `code` is added; by default the redirect URI (loginLink). */
  pageLink?: string | null
  /** The hosted-page authorization the code is for: the page finds the code by it. */
  authorizationRequestId?: string | null
  /** The request's locale (lib/locale.ts signupLocale): an account the code signs up gets it. */
  locale?: string | null
  /**
   * False: the exchange signs in an account that exists and never creates one (the hosted
   * account page, the console), so the code is minted for such an account only
   * (users/identity.repository.ts, the prefix rule). Absent: an app's sign-in, which may sign up.
   */
  signUp?: boolean
  /**
   * True: the person asking is told when the address has had its share of mail (the hosted
   * account page and the console, the platform's own pages) instead of the usual quiet
   * answer. The share is spent by any request for the address, account or not, so saying so
   * tells nothing of whether an account exists.
   */
  tellSpent?: boolean
}

export const CODE_SENT_MESSAGE = 'If the address can sign in, a login code is on its way to it.'

export class PasswordlessService {
  constructor(
    private readonly clients: ClientsService,
    private readonly email: EmailService,
    private readonly mailLimits: MailLimits,
    private readonly log: Log,
    private readonly db: DB,
    private readonly signIns: SignInLog,
  ) {}

  async requestCode(input: CodeRequest, tenantId: number | null, ip: string): Promise<void> {
    await this.mailLimits.checkSender(ip)
    const target = await this.codeTarget(input)
    await this.deliver(target, input.email, tenantId, ip)
  }

  /**
   * Where a login code for an app's request may be redeemed: its client, a redirect URI
   * registered for it, its PKCE challenge (required of a public client) and its scope, each
   * checked as for an emailed code. A passkey's sign-in (the passkeys module) ends in a code
   * for such a target too.
   */
  async codeTarget(input: Omit<CodeRequest, 'email'>): Promise<CodeTarget> {
    const method = normalizeMethod(input.code_challenge_method)
    if (input.code_challenge && !method) {
      throw appErrors.invalid_code_challenge_method()
    }
    const client = input.client_id === undefined ? await this.clients.byRedirectUri.resolve(input.redirect_uri) : await this.clients.find(input.client_id)
    if (!client) throw appErrors.invalid_client()
    if (!isRegisteredRedirectUri(client.redirect_uris, input.redirect_uri)) {
      throw appErrors.redirect_uri_mismatch()
    }
    if (!client.grant_types.includes('authorization_code')) {
      throw appErrors.unauthorized_client()
    }
    const asked = requestScope(input.scope, client)
    if (!asked.ok) {
      throw appErrors.invalid_scope(refusedScopeMessage(asked.refused, client), asked.refused)
    }
    if (client.is_public && !input.code_challenge) {
      throw appErrors.pkce_required()
    }
    return {
      clientId: client.client_id,
      redirectUri: input.redirect_uri,
      codeChallenge: input.code_challenge || null,
      codeChallengeMethod: input.code_challenge ? method : null,
      scope: asked.scope,
      locale: signupLocale({ explicit: input.locale, acceptLanguage: input.acceptLanguage }),
    }
  }

  /**
   * Emails a code for an already checked target (the hosted authorization page checks the
   * client itself, so its errors show on the page). The caller answers the same whether a
   * code goes out or not (sign-up not allowed, or the address had its share of mail).
   */
  async sendCode(target: CodeTarget, email: string, tenantId: number | null, ip: string): Promise<void> {
    await this.mailLimits.checkSender(ip)
    await this.deliver(target, email, tenantId, ip)
  }

  private async deliver(target: CodeTarget, emailInput: string, tenantId: number | null, ip: string): Promise<void> {
    const email = normalizeEmail(emailInput)
    const budget = await this.mailLimits.takeRecipient(email, ip)
    if (!budget.ok) {
      this.log.info({ clientId: target.clientId }, 'login code not sent: the address has had its share of mail')
      // in the sign-in log, under the tenant asked under or else the app's, with the limit that held it back
      const tenant = tenantId ?? (await this.clients.find(target.clientId))?.tenant_id ?? null
      await this.signIns.record(this.db, { tenantId: tenant, email, clientId: target.clientId, network: signInNetwork(ip), outcome: 'held_back', detail: budget.limit })
      if (target.tellSpent) throw appErrors.mail_budget_spent(budget.retryAfter)
      return
    }
    const origin = originOf(ip)
    const queued = await this.email.jobs.defer({
      kind: LOGIN_CODE_JOB,
      to: email,
      tenantId,
      input: {
        email,
        tenantId,
        clientId: target.clientId,
        redirectUri: target.redirectUri,
        codeChallenge: target.codeChallenge,
        codeChallengeMethod: target.codeChallengeMethod,
        scope: target.scope ?? null,
        nonce: target.nonce ?? null,
        pageLink: target.pageLink ?? null,
        authorizationRequestId: target.authorizationRequestId ?? null,
        locale: target.locale ?? null,
        ...(target.signUp === false ? { signUp: false } : {}),
        requestedAddress: origin.address,
        requestedNetwork: origin.network,
      },
    })
    if (!queued) throw notFound('Tenant')
    this.email.wake()
  }
}
