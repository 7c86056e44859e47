/**
 * The decision behind a code request, taken when the outbox worker claims the job
 * (email/mail-jobs.service.ts), so the request answers the same, in the same time, for every
 * address: whose account (the address's in the tenant, one the tenant signs up, or the
 * address's platform account: the prefix rule in ../users/identity.repository.ts; nothing when none
 * applies), then a fresh code, which replaces older unused ones for the same email, client
 * and challenge, and the email carrying it. The code exists only as its HMAC in `login_codes` and, sealed, in the
 * outbox row until it is sent.
 */
import type { Insertable } from 'kysely'
import Type from 'typebox'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { LoginCodesTable } from '../../db/database.ts'
import type { Log } from '../../lib/log.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EmailService } from '../email/index.ts'
import type { TenantStore } from '../tenancy/index.ts'
import type { AccountStore } from '../users/index.ts'
import type { Executor } from '../../db/executor.ts'
import { generateLoginCode, hashLoginCode, loginCodeExpiresAt, normalizeLoginCode } from './login-codes.ts'
import { signInNetwork } from '../../lib/network.ts'
import { insertSignIn, type SignInOutcome } from './sign-ins.repository.ts'

export const LOGIN_CODE_JOB = 'passwordlessLogin'

const NullableString = Type.Union([Type.String(), Type.Null()])

export const LoginCodeJob = Type.Object({
  email: Type.String(),
  tenantId: Type.Union([Type.Integer(), Type.Null()]),
  clientId: Type.String(),
  redirectUri: Type.String(),
  codeChallenge: NullableString,
  codeChallengeMethod: Type.Union([Type.Literal('S256'), Type.Literal('plain'), Type.Null()]),
  scope: NullableString,
  nonce: NullableString,
  /** The hosted page's link, to which `code` is added; null: the redirect URI (loginLink). */
  pageLink: NullableString,
  authorizationRequestId: NullableString,
  /** The request's locale; absent in a job queued before locales were carried. */
  locale: Type.Optional(NullableString),
  /** False: a code whose exchange creates no account (CodeTarget.signUp); absent: it may. */
  signUp: Type.Optional(Type.Boolean()),
  requestedAddress: Type.String(),
  requestedNetwork: Type.String(),
})

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

function pageLinkWith(pageLink: string, code: string): string {
  const url = new URL(pageLink)
  url.searchParams.set('code', code)
  return url.toString()
}

/** Draws codes until one is unused; the unique index on the hash is the judge. */
export async function insertUniqueCode(
  trx: Executor,
  codeKey: Buffer,
  expiresAt: Date,
  row: Omit<Insertable<LoginCodesTable>, 'code_hash' | 'expires_at'>,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateLoginCode()
    const inserted = await trx
      .insertInto('login_codes')
      .values({ ...row, code_hash: hashLoginCode(codeKey, normalizeLoginCode(code) ?? code), expires_at: expiresAt })
      .onConflict((oc) => oc.column('code_hash').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return code
  }
  throw new Error('could not draw an unused login code')
}

export function registerLoginCodeJob(email: EmailService, deps: { db: DB; config: Readonly<Config>; log: Log; codeKey: Buffer; clock: Clock; accounts: AccountStore; tenants: TenantStore }): void {
  email.jobs.register(LOGIN_CODE_JOB, LoginCodeJob, async (trx, job) => {
    const tenant = job.tenantId ? await deps.tenants.findTenant(trx, job.tenantId) : null
    if (job.tenantId && !tenant) return null
    // the decision in the sign-in log, in the job's transaction (sign-ins.repository.ts)
    const logged = (outcome: SignInOutcome, tenantId: number | null, userId: number | null) =>
      insertSignIn(trx, { at: deps.clock.now(), tenantId, userId, email: job.email, clientId: job.clientId, network: signInNetwork(job.requestedNetwork), outcome })
    // whose account: the tenant's, one it signs up, or the address's platform account (users/identity.repository.ts)
    const account = await deps.accounts.accountUnderPrefix(trx, job.email, tenant ?? null, job.signUp === false ? 'signin' : 'login')
    if (!account) {
      deps.log.info({ tenantId: job.tenantId }, 'login code not sent: no account there, and the tenant does not allow sign-up')
      await logged('not_signed_up', job.tenantId, null)
      return null
    }
    const { user, tenantId } = account
    // a blocked person gets no code (users' people.service.ts)
    if (user?.blocked_at) {
      await logged('refused_blocked', tenantId, user.id)
      return null
    }
    await logged('code_sent', tenantId, user?.id ?? null)
    // a newer code for the same email, client and challenge replaces the older ones
    await trx
      .deleteFrom('login_codes')
      .where('client_id', '=', job.clientId)
      .where('email', '=', job.email)
      .where((eb) => (job.codeChallenge ? eb('code_challenge', '=', job.codeChallenge) : eb('code_challenge', 'is', null)))
      .where('consumed_at', 'is', null)
      .execute()
    const expiresAt = loginCodeExpiresAt(deps.clock.now(), deps.config)
    const code = await insertUniqueCode(trx, deps.codeKey, expiresAt, {
      client_id: job.clientId,
      redirect_uri: job.redirectUri,
      code_challenge: job.codeChallenge,
      code_challenge_method: job.codeChallengeMethod,
      scope: job.scope,
      nonce: job.nonce,
      email: job.email,
      // the exchange signs in the address's account in this tenant: the one this email is for
      tenant_id: tenantId,
      // while the client is under attack, the code redeems only from where it was asked for (attempts.ts)
      requested_address: job.requestedAddress,
      requested_network: job.requestedNetwork,
      authorization_request_id: job.authorizationRequestId,
      // an account the exchange signs up speaks the language it was asked in
      locale: job.locale ?? null,
    })
    return {
      type: 'passwordlessLogin',
      // names are whoever registered the address's choice: only for an address that proved itself
      to: user?.email_confirmed_at ? { email: job.email, username: user.username, displayName: user.display_name } : { email: job.email },
      // the brand's look only for its own account, or one it signs up; the platform's otherwise
      tenantId,
      customTexts: false,
      // the account's own locale first: an app's Accept-Language says little about its user
      locale: user?.locale ?? job.locale ?? null,
      data: { loginCode: code, loginLink: job.pageLink ? pageLinkWith(job.pageLink, code) : loginLink(job.redirectUri, code) },
    }
  })
}
