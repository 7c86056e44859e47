/**
 * The invitation page's sign-in, without HTTP: which account the invited person signs in
 * to, and a hosted passwordless sign-in that returns to the invitation page.
 *
 * Whose account. An invitation is for an address, and `InvitationsService.accept` takes any
 * signed-in account whose confirmed address it is. Accounts live in one tenant or in the
 * platform (users/identity.repository.ts), so the sign-in goes where the person's account is: the
 * inviting tenant, or the nearest ancestor (its brand) with an account for the address;
 * failing those, the platform's. An address with no platform account gets one now
 * (unconfirmed, no password), because the hosted sign-in finishes only for an existing
 * account; the platform is open to sign-up anyway (POST /users/register), and such an
 * account becomes usable only through the code mailed to the address, which also confirms it.
 *
 * Threats and how they are met:
 * - A forwarded link: the code goes to the invited address only (never to one typed here),
 *   and accept() checks the signed-in address again.
 * - The token at rest: the sign-in's return address carries no token; the page keeps it in
 *   an HttpOnly cookie of the browser that started (the sign-in finishes only there).
 * - Floods: every start is a row and an email, limited per IP like the account page's starts,
 *   and the mail itself by the login-code limits.
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuthorizationRequest, Tenant } from '../../db/database.ts'
import type { Clock } from '../../lib/clock.ts'
import { rateLimited } from '../../lib/errors.ts'
import { signupLocale } from '../../lib/locale.ts'
import type { Bucket, Limits } from '../../lib/rate-limit.ts'
import type { TenantStore } from '../tenancy/index.ts'
import type { AccountStore } from '../users/index.ts'
import { insertAuthorization } from './authorization-requests.repository.ts'
import type { AuthorizeService } from './authorize.service.ts'

/** A tenant tree is shallow (brand, customer); the walk stops here whatever the data says. */
const MAX_DEPTH = 16

export interface InvitedTo {
  tenantId: number
  email: string
}

export class InvitationSignIn {
  private readonly starts: Bucket

  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly authorize: AuthorizeService,
    limits: Limits,
    private readonly clock: Clock,
    private readonly accounts: AccountStore,
    private readonly tenancy: TenantStore,
  ) {
    const mail = config.rateLimits.mailPerIp
    this.starts = limits.bucket('invitation-start', { burst: mail.burst * 10, periodSeconds: mail.periodSeconds })
  }

  /** The inviting tenant, for the page's branding. */
  tenant(tenantId: number): Promise<Tenant | undefined> {
    return this.tenancy.findTenant(this.db, tenantId)
  }

  /** The tenant whose account of the address signs in: the inviting tenant or an ancestor with one, else the platform (null). */
  async accountTenant(invited: InvitedTo): Promise<number | null> {
    const seen = new Set<number>()
    let id: number | null = invited.tenantId
    while (id !== null && !seen.has(id) && seen.size < MAX_DEPTH) {
      seen.add(id)
      if (await this.accounts.findUserByEmail(this.db, invited.email, id)) return id
      id = (await this.tenancy.findTenant(this.db, id))?.parent_tenant_id ?? null
    }
    return null
  }

  /**
   * Starts a hosted sign-in for the invited address in this browser and emails it a code;
   * the sign-in returns to the invitation page under the inviting tenant's prefix.
   */
  async begin(invited: InvitedTo, browser: string, ip: string, acceptLanguage: string | null = null): Promise<AuthorizationRequest> {
    const taken = await this.starts.take(ip)
    if (!taken.ok) throw rateLimited(taken.retryAfter)
    const tenantId = await this.accountTenant(invited)
    // an account made to accept an invitation speaks the language of the browser that accepted it
    const locale = signupLocale({ acceptLanguage })
    if (tenantId === null) await this.accounts.findOrSignUp(this.db, { email: invited.email, tenantId: null, locale })
    const redirectUri = `${this.config.publicUrl}/tenants/${invited.tenantId}/invitations/accept`
    const request = await insertAuthorization(this.db, { browser, clientId: null, redirectUri, tenantId, locale }, this.clock.now())
    return this.authorize.requestCode(request.id, browser, invited.email, ip)
  }
}
