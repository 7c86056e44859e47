/**
 * The decisions behind register and forgotPassword, taken when the outbox worker claims
 * the job (email/mail-jobs.service.ts), so both routes answer the same, in the same time, for a
 * known and an unknown address:
 *
 * - register: an unknown address gets an unconfirmed account (with the password hashed in
 *   the request, on every path) and a confirmation link; a known one gets a notice that
 *   someone tried to register it, without any caller-chosen text.
 * - forgotPassword: a known address gets a reset link; an unknown one gets nothing. Under
 *   a prefix, an address with no account in the tenant but one on the platform gets the
 *   platform's reset email for that platform account (the prefix rule, identity.repository.ts).
 *
 * The tenant rule (accounts.service.ts): customised texts only under the user's own tenant.
 */
import Type from 'typebox'
import type { Config } from '../../config.ts'
import type { User } from '../../db/database.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import type { Log } from '../../lib/log.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import type { EmailService, SendEmailInput } from '../email/index.ts'
import type { EmailType } from '../email/index.ts'
import type { TenantStore } from '../tenancy/index.ts'
import { accountUnderPrefix, findOrSignUp } from './identity.repository.ts'
import { findUserByEmail } from './users.repository.ts'
import type { Executor } from '../../db/executor.ts'

export const REGISTER_JOB = 'register'
export const FORGOT_PASSWORD_JOB = 'forgotPassword'

const PrefixTenant = Type.Union([Type.Integer(), Type.Null()])
const Optional = Type.Union([Type.String(), Type.Null()])

export const RegisterJob = Type.Object({
  email: Type.String(),
  prefixTenant: PrefixTenant,
  username: Optional,
  displayName: Optional,
  /** The request's locale (absent in a job queued before locales were carried). */
  locale: Type.Optional(Optional),
})
export const ForgotPasswordJob = Type.Object({ email: Type.String(), prefixTenant: PrefixTenant })

/** Which tenant's email applies: its customised texts only under the user's own tenant. */
function emailScope(prefixTenant: number | null, user: User): { tenantId: number | null; customTexts: boolean } {
  return prefixTenant !== null && user.tenant_id === prefixTenant ? { tenantId: prefixTenant, customTexts: true } : { tenantId: null, customTexts: false }
}

/** The message for a user, in the scope the tenant rule gives. */
export function accountMail(type: EmailType, user: User, prefixTenant: number | null, data: Record<string, string> = {}): SendEmailInput {
  // names are caller-chosen text (whoever registered the address chose them): they go only
  // to an address that has proven itself, and never in the notice a stranger's sign-up triggers
  const named = user.email_confirmed_at !== null && type !== 'accountExists'
  return {
    type,
    to: named ? { email: user.email, username: user.username, displayName: user.display_name } : { email: user.email },
    ...emailScope(prefixTenant, user),
    data,
    locale: user.locale,
  }
}

/** A fresh single-use token of a kind; a newer token of a kind invalidates the older ones. */
export async function issueToken(trx: Executor, userId: number, kind: 'emailConfirmation' | 'passwordReset', ttlSeconds: number, now: Date) {
  await trx.updateTable('user_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute()
  const token = randomToken(32)
  const expiresAt = secondsAfter(now, ttlSeconds)
  await trx.insertInto('user_tokens').values({ user_id: userId, kind, token_hash: hashSecret(token), expires_at: expiresAt }).execute()
  return { token, expiresAt }
}

export function registerAccountJobs(email: EmailService, deps: { config: Readonly<Config>; log: Log; clock: Clock; tenants: TenantStore }): void {
  email.jobs.register(REGISTER_JOB, RegisterJob, async (trx, job, secrets) => {
    const existing = await findUserByEmail(trx, job.email, job.prefixTenant)
    if (existing) {
      deps.log.info({ userId: existing.id }, 'registration for an existing address: notice sent to its owner')
      return { ...accountMail('accountExists', existing, job.prefixTenant), locale: existing.locale ?? job.locale ?? null }
    }
    const account = await findOrSignUp(trx, deps.tenants, {
      email: job.email,
      tenantId: job.prefixTenant,
      username: job.username ?? undefined,
      displayName: job.displayName ?? undefined,
      passwordHash: secrets.passwordHash,
      locale: job.locale ?? null,
    })
    if (!account) return null // the tenant closed sign-up since the request
    const { token } = await issueToken(trx, account.user.id, 'emailConfirmation', deps.config.emailConfirmationTtlSeconds, deps.clock.now())
    return accountMail('emailConfirmation', account.user, job.prefixTenant, { emailConfirmationToken: token })
  })

  email.jobs.register(FORGOT_PASSWORD_JOB, ForgotPasswordJob, async (trx, job) => {
    // the tenant's account, else the address's platform account with the platform's email (identity.repository.ts)
    const tenant = job.prefixTenant === null ? null : await deps.tenants.findTenant(trx, job.prefixTenant)
    if (job.prefixTenant !== null && !tenant) return null
    const user = (await accountUnderPrefix(trx, job.email, tenant ?? null, 'reset'))?.user
    if (!user) return null
    const { token, expiresAt } = await issueToken(trx, user.id, 'passwordReset', deps.config.passwordResetTtlSeconds, deps.clock.now())
    // written in the account's locale and, in the tenant's email, the tenant's time zone (the platform's: UTC)
    return { ...accountMail('passwordReset', user, job.prefixTenant, { resetToken: token }), dates: { resetTokenExp: expiresAt } }
  })
}
