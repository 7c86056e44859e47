/**
 * Accounts: register, confirm email, forgot and reset password, profile and password
 * changes. Answers never tell whether an address has an account: register and
 * forgotPassword answer the same either way and do comparable work (a password hash, an
 * email render) on both paths.
 *
 * The tenant rule: a tenant's customised email goes out only when the endpoint was called
 * under `/tenants/{tenantId}` and the user is a member of that tenant; otherwise the
 * platform's default email (texts and branding) is sent.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import { hashPassword, hashSecret, randomToken, verifyPassword } from '../../lib/crypto.ts'
import { AppError, badRequest, forbidden, notFound, validationError } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { formatDateTime } from '../email/dates.ts'
import type { EmailService } from '../email/email.service.ts'
import type { EmailType } from '../email/placeholders.ts'
import { revokeSessions } from '../oauth/sessions.ts'
import { addMembership, findUserByEmail, insertUser, membershipRole, normalizeEmail, type Executor } from './users.repository.ts'

export const REGISTERED_MESSAGE = 'Check your inbox: we sent a link to confirm the address.'
export const RESET_REQUESTED_MESSAGE = 'If the address has an account, a password reset link is on its way to it.'

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
  if (problem) throw new AppError(400, 'weak_password', `password ${problem}.`, [{ field, message: problem }])
}

const invalidToken = () => badRequest('invalid_token', 'The token is invalid, expired or already used.', [{ field: 'body.token', message: 'is invalid, expired or already used' }])

export class AccountsService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly email: EmailService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Which tenant's email applies (see the tenant rule above). */
  private async emailScope(trx: Executor, prefixTenant: number | undefined, userId: number) {
    if (prefixTenant === undefined) return { tenantId: null, customTexts: false }
    const member = await membershipRole(trx, prefixTenant, userId)
    return member ? { tenantId: prefixTenant, customTexts: true } : { tenantId: null, customTexts: false }
  }

  private async mail(trx: Executor, type: EmailType, user: User, prefixTenant: number | undefined, data: Record<string, string> = {}) {
    const scope = await this.emailScope(trx, prefixTenant, user.id)
    await this.email.send(trx, {
      type,
      to: { email: user.email, username: user.username, displayName: user.display_name },
      ...scope,
      data,
    })
  }

  private async issueToken(trx: Executor, userId: number, kind: 'emailConfirmation' | 'passwordReset', ttlSeconds: number) {
    // a newer token of a kind invalidates the older ones
    await trx.updateTable('user_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute()
    const token = randomToken(32)
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
    await trx.insertInto('user_tokens').values({ user_id: userId, kind, token_hash: hashSecret(token), expires_at: expiresAt }).execute()
    return { token, expiresAt }
  }

  /** Marks a token used and returns its user, or refuses it (unknown, used, expired). */
  private async consumeToken(trx: Executor, token: string, kind: 'emailConfirmation' | 'passwordReset'): Promise<User> {
    const row = await trx
      .updateTable('user_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashSecret(token))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst()
    if (!row) throw invalidToken()
    return trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow()
  }

  async register(
    input: { email: string; password: string; username?: string; displayName?: string },
    prefixTenant: number | undefined,
  ): Promise<void> {
    checkPassword(input.password)
    if (prefixTenant !== undefined) {
      const tenant = await this.db.selectFrom('tenants').select('allow_signup').where('id', '=', prefixTenant).executeTakeFirst()
      if (!tenant) throw notFound('Tenant')
      if (!tenant.allow_signup) throw forbidden('This tenant does not accept sign-ups.')
    }
    // hashed on both paths, so an existing address does not answer faster
    const passwordHash = await hashPassword(input.password, this.config.scrypt)
    await this.db.transaction().execute(async (trx) => {
      const existing = await findUserByEmail(trx, input.email)
      if (existing) {
        this.log.info({ userId: existing.id }, 'registration for an existing address: notice sent to its owner')
        await this.mail(trx, 'accountExists', existing, prefixTenant)
        return
      }
      const user = await insertUser(trx, {
        email: input.email,
        username: input.username,
        displayName: input.displayName,
        passwordHash,
      })
      if (prefixTenant !== undefined) await addMembership(trx, prefixTenant, user.id, 'member')
      const { token } = await this.issueToken(trx, user.id, 'emailConfirmation', this.config.emailConfirmationTtlSeconds)
      await this.mail(trx, 'emailConfirmation', user, prefixTenant, { emailConfirmationToken: token })
    })
    this.email.wake()
  }

  async confirmEmail(token: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.consumeToken(trx, token, 'emailConfirmation')
      await trx.updateTable('users').set({ email_confirmed_at: new Date(), updated_at: new Date() }).where('id', '=', user.id).execute()
    })
  }

  async forgotPassword(email: string, prefixTenant: number | undefined): Promise<void> {
    const user = await findUserByEmail(this.db, email)
    if (!user) {
      // render an email that is never sent, so both paths cost about the same
      await this.email.render('passwordReset', null, false, { email: normalizeEmail(email) }, { resetToken: randomToken(32) })
      return
    }
    await this.db.transaction().execute(async (trx) => {
      const { token, expiresAt } = await this.issueToken(trx, user.id, 'passwordReset', this.config.passwordResetTtlSeconds)
      const scope = await this.emailScope(trx, prefixTenant, user.id)
      const zone = scope.tenantId
        ? ((await trx.selectFrom('tenants').select('time_zone').where('id', '=', scope.tenantId).executeTakeFirst())?.time_zone ?? 'UTC')
        : 'UTC'
      await this.mail(trx, 'passwordReset', user, prefixTenant, { resetToken: token, resetTokenExp: formatDateTime(expiresAt, zone) })
    })
    this.email.wake()
  }

  /** Sets the password, ends every session of the user, and confirms the email it was sent to. */
  async resetPassword(token: string, password: string, prefixTenant: number | undefined): Promise<void> {
    checkPassword(password)
    const passwordHash = await hashPassword(password, this.config.scrypt)
    await this.db.transaction().execute(async (trx) => {
      const user = await this.consumeToken(trx, token, 'passwordReset')
      await trx
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(new Date())), updated_at: new Date() }))
        .where('id', '=', user.id)
        .execute()
      await revokeSessions(trx, { userId: user.id }, 'password_reset')
      await this.mail(trx, 'passwordResetSuccess', user, prefixTenant)
    })
    this.email.wake()
  }

  async updateProfile(request: FastifyRequest, input: { username?: string; displayName?: string | null }): Promise<User> {
    const user = await requireUser(this.db, request)
    return this.db
      .updateTable('users')
      .set({
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /** Changes the password; every other session of the user ends. */
  async changePassword(request: FastifyRequest, currentPassword: string, newPassword: string): Promise<void> {
    const user = await requireUser(this.db, request)
    if (!user.password_hash) {
      throw badRequest('no_password_set', 'This account has no password yet; set one with forgotPassword and resetPassword.')
    }
    const check = await verifyPassword(currentPassword, user.password_hash, this.config.scrypt)
    if (!check.ok) throw validationError([{ field: 'body.currentPassword', message: 'is not the current password' }])
    checkPassword(newPassword, 'body.newPassword')
    const passwordHash = await hashPassword(newPassword, this.config.scrypt)
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute()
      await revokeSessions(trx, { userId: user.id, except: request.auth?.sessionId }, 'password_changed')
    })
  }
}
