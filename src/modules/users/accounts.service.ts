/**
 * Accounts: register, confirm email, forgot and reset password, profile and password
 * changes. Answers never tell whether an address has an account: register and
 * forgotPassword do the same work for every address (checks, limits, the password hash,
 * one mail job) and leave the branch to the outbox worker (account-jobs.repository.ts).
 *
 * Whose account: under `/tenants/{tenantId}` the account of the address in that tenant
 * (forgotPassword: else its platform account, the prefix rule in identity.repository.ts), without the
 * prefix the platform's.
 *
 * The tenant rule: a tenant's customised email (whose links the tenant writes) goes out
 * only when the endpoint was called under `/tenants/{tenantId}` and the user belongs to
 * that tenant; otherwise the platform's default email (texts, links and branding) is sent.
 * A tenant's admin therefore never routes a token of a platform user, or of another
 * tenant's user, through a link of their choosing.
 */
import type { Log } from '../../lib/log.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { TenantRole, User } from '../../db/database.ts'
import { hashPassword, hashSecret, verifyPassword } from '../../lib/crypto.ts'
import { appErrors, forbidden, notFound, validationError } from '../../lib/errors.ts'
import { auditActor, type Actor } from '../tenancy/index.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Policy } from '../tenancy/index.ts'
import { signupOpen } from '../tenancy/index.ts'
import type { EmailService } from '../email/index.ts'
import type { MailLimits, UserProfile } from '../sessions/index.ts'
import { revokeSessions } from '../sessions/index.ts'
import { accountMail, FORGOT_PASSWORD_JOB, REGISTER_JOB } from './account-jobs.repository.ts'
import { deleteUser, findUserByEmail, insertUser, listUsers } from './users.repository.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import { canonicalLocale, signupLocale } from '../../lib/locale.ts'
import type { Executor } from '../../db/executor.ts'
import type { TenantStore } from '../tenancy/index.ts'

export const REGISTERED_MESSAGE = 'Check your inbox: we sent a link to confirm the address.'
export const RESET_REQUESTED_MESSAGE = 'If the address has an account, a password reset link is on its way to it.'

/** The rule below in words, shown next to password fields. */
export const PASSWORD_POLICY = 'At least 10 characters (at most 256), and not one character repeated.'

/** At least 10 characters, not all one character, at most 256. Returns the broken rule. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length
  if (length < 10) return 'must be at least 10 characters long'
  if (length > 256) return 'must be at most 256 characters long'
  if (new Set(password).size === 1) return 'must not be one character repeated'
  return null
}

function checkPassword(password: string, field = 'body.password'): void {
  const problem = passwordProblem(password)
  if (problem) throw appErrors.weak_password(field, problem)
}

/** What a person may change of their own account; `locale` null forgets it (the brand's default applies). */
export interface ProfileInput {
  username?: string
  displayName?: string | null
  locale?: string | null
}

const invalidToken = () => appErrors.invalid_token('The token is invalid, expired or already used.', [{ field: 'body.token', message: 'is invalid, expired or already used' }])

export class AccountsService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly email: EmailService,
    private readonly log: Log,
    private readonly policy: Policy,
    private readonly mailLimits: MailLimits,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly tenancy: TenantStore,
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  /** Marks a token used and returns its user, or refuses it (unknown, used, expired). */
  private async consumeToken(trx: Executor, token: string, kind: 'emailConfirmation' | 'passwordReset'): Promise<User> {
    const now = this.clock.now()
    const row = await trx
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashSecret(token))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (!row) throw invalidToken()
    return trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow()
  }

  /** Refuses a token that is unknown, used or expired, without consuming it. */
  private async liveToken(token: string, kind: 'emailConfirmation' | 'passwordReset'): Promise<void> {
    const row = await this.db
      .selectFrom('user_tokens')
      .select('id')
      .where('token_hash', '=', hashSecret(token))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst()
    if (!row) throw invalidToken()
  }

  /** `locale` and `acceptLanguage` (the request's header value) give the new account its locale (lib/locale.ts). */
  async register(
    input: { email: string; password: string; username?: string; displayName?: string; locale?: string; acceptLanguage?: string | null },
    prefixTenant: number | undefined,
    ip: string,
  ): Promise<void> {
    checkPassword(input.password)
    await this.mailLimits.checkSender(ip)
    if (prefixTenant !== undefined) {
      const tenant = await this.tenancy.findTenant(this.db, prefixTenant)
      if (!tenant) throw notFound('Tenant')
      if (!signupOpen(tenant)) throw forbidden('This tenant does not accept sign-ups.')
    }
    // limits before the slow hash: over the address's share of mail, the same answer and nothing done
    if (!(await this.mailLimits.mayMail(input.email, ip))) return
    // hashed for every address, before the branch: the worker decides whether it is used
    const passwordHash = await hashPassword(input.password, this.config.scrypt)
    const email = normalizeEmail(input.email)
    await this.email.jobs.defer({
      kind: REGISTER_JOB,
      to: email,
      tenantId: prefixTenant ?? null,
      input: {
        email,
        prefixTenant: prefixTenant ?? null,
        username: input.username ?? null,
        displayName: input.displayName ?? null,
        locale: signupLocale({ explicit: input.locale, acceptLanguage: input.acceptLanguage }),
      },
      secrets: { passwordHash },
    })
    this.email.wake()
  }

  async confirmEmail(token: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.consumeToken(trx, token, 'emailConfirmation')
      const now = this.clock.now()
      await trx.updateTable('users').set({ email_confirmed_at: now, updated_at: now }).where('id', '=', user.id).execute()
    })
  }

  async forgotPassword(emailInput: string, prefixTenant: number | undefined, ip: string): Promise<void> {
    await this.mailLimits.checkSender(ip)
    if (!(await this.mailLimits.mayMail(emailInput, ip))) return
    const email = normalizeEmail(emailInput)
    const queued = await this.email.jobs.defer({ kind: FORGOT_PASSWORD_JOB, to: email, tenantId: prefixTenant ?? null, input: { email, prefixTenant: prefixTenant ?? null } })
    if (!queued) throw notFound('Tenant')
    this.email.wake()
  }

  /** Sets the password, ends every session of the user, and confirms the email it was sent to. */
  async resetPassword(token: string, password: string, prefixTenant: number | undefined): Promise<void> {
    checkPassword(password)
    // the token is checked before the deliberately slow hash: a bad token costs a lookup
    await this.liveToken(token, 'passwordReset')
    const passwordHash = await hashPassword(password, this.config.scrypt)
    await this.db.transaction().execute(async (trx) => {
      const user = await this.consumeToken(trx, token, 'passwordReset')
      const now = this.clock.now()
      await trx
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)), updated_at: now }))
        .where('id', '=', user.id)
        .execute()
      await revokeSessions(trx, { userId: user.id }, 'password_reset', now)
      await this.email.send(trx, accountMail('passwordResetSuccess', user, prefixTenant ?? null))
    })
    this.email.wake()
  }

  /**
   * Creates a confirmed account directly (the platform operator and platform admins: the
   * CLI and the dev seed), optionally with a role in a tenant. The operator's word stands in
   * for the person's consent here; everyone else goes through sign-up or invitations.
   */
  async createUser(
    actor: Actor,
    input: { email: string; displayName?: string | null; platformAdmin?: boolean; belongsTo?: number | null; tenantId?: number; role?: TenantRole },
  ): Promise<User> {
    this.policy.authorizeAction(actor, 'users.create')
    if (input.role && input.tenantId === undefined) throw appErrors.validation_failed('role needs tenantId.')
    return this.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email, input.belongsTo ?? null)) {
        throw appErrors.user_exists(input.email)
      }
      if (input.tenantId !== undefined && !(await this.tenancy.findTenant(trx, input.tenantId))) throw notFound('Tenant')
      const user = await insertUser(trx, {
        email: input.email,
        tenantId: input.belongsTo ?? null,
        displayName: input.displayName ?? null,
        emailConfirmedAt: this.clock.now(),
        platformAdmin: input.platformAdmin ?? false,
      })
      if (input.tenantId !== undefined) await this.tenancy.addMembership(trx, input.tenantId, user.id, input.role ?? 'member')
      const shown = { email: input.email, platformAdmin: input.platformAdmin ?? false, belongsTo: input.belongsTo, tenantId: input.tenantId, role: input.tenantId === undefined ? undefined : (input.role ?? 'member') }
      const summary = summarize(shown, ['email', 'platformAdmin', 'belongsTo', 'tenantId', 'role'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: input.tenantId ?? input.belongsTo ?? null, action: 'user.create', target: { type: 'user', id: user.id }, summary })
      return user
    })
  }

  /** Every account, or a tenant's members' (platform only: the CLI's `users list`). */
  async list(actor: Actor, tenantId: number | null) {
    this.policy.authorizeAction(actor, 'users.manage')
    return listUsers(this.db, tenantId)
  }

  /** Deletes an account with its memberships and sessions (platform only), and its audit entry with it. */
  async deleteUser(actor: Actor, userId: number): Promise<void> {
    this.policy.authorizeAction(actor, 'users.manage')
    await this.db.transaction().execute(async (trx) => {
      const gone = await deleteUser(trx, userId)
      if (!gone) throw notFound('User')
      const summary = summarize({ email: gone.email, belongsTo: gone.tenant_id }, ['email', 'belongsTo'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: gone.tenant_id, action: 'user.delete', target: { type: 'user', id: userId }, summary })
      await this.events.record(trx, { type: 'user.deleted', tenantId: gone.tenant_id, data: { userId } })
    })
  }

  /** The signed-in account as GET /users/current shows it (the policy checks the account scope). */
  async current(actor: Actor): Promise<UserProfile> {
    return this.profile(await this.policy.person(actor, 'account.read'))
  }

  /** An account with every tenant it has a role in. */
  async profile(user: User): Promise<UserProfile> {
    const tenants = (await this.tenantsOf(user.id)).map((t) => ({ id: t.id, name: t.name, role: t.role, parentTenantId: t.parent_tenant_id }))
    const { id, username, email, display_name: displayName, tenant_id: tenantId, locale } = user
    return { id, username, email, displayName, emailConfirmed: user.email_confirmed_at !== null, tenants, tenantId, locale }
  }

  /** The tenants an account has a role in, with the role. */
  tenantsOf(userId: number) {
    return this.tenancy.tenantsOfUser(this.db, userId)
  }

  /** The account of an address in a tenant (null: the platform's accounts). */
  findByEmail(email: string, tenantId: number | null): Promise<User | undefined> {
    return findUserByEmail(this.db, email, tenantId)
  }

  async updateProfile(actor: Actor, input: ProfileInput): Promise<User> {
    this.policy.authorizeAction(actor, 'account.update')
    const user = await this.policy.user(actor)
    return this.updateProfileOf(user.id, input)
  }

  /** The same for an already identified user (the hosted account page). */
  async updateProfileOf(userId: number, input: ProfileInput): Promise<User> {
    const locale = input.locale === undefined || input.locale === null ? input.locale : canonicalLocale(input.locale)
    if (locale === null && input.locale) throw validationError([{ field: 'body.locale', message: 'is not a BCP 47 language tag' }])
    return this.db
      .updateTable('users')
      .set({
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
        ...(locale !== undefined ? { locale } : {}),
        updated_at: this.clock.now(),
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /** Changes the password; every other session of the user ends. */
  async changePassword(actor: Actor, currentPassword: string, newPassword: string): Promise<void> {
    this.policy.authorizeAction(actor, 'account.update')
    const user = await this.policy.user(actor)
    await this.changePasswordOf(user, actor.kind === 'user' ? actor.sessionId : null, currentPassword, newPassword)
  }

  /** The same for an already identified user; `keepSession` stays signed in. */
  async changePasswordOf(user: User, keepSession: string | null, currentPassword: string, newPassword: string): Promise<void> {
    if (!user.password_hash) {
      throw appErrors.no_password_set()
    }
    const check = await verifyPassword(currentPassword, user.password_hash, this.config.scrypt)
    if (!check.ok) throw validationError([{ field: 'body.currentPassword', message: 'is not the current password' }])
    checkPassword(newPassword, 'body.newPassword')
    const passwordHash = await hashPassword(newPassword, this.config.scrypt)
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now()
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute()
      await revokeSessions(trx, { userId: user.id, except: keepSession }, 'password_changed', now)
    })
  }
}
