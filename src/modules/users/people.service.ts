/**
 * A brand's people, seen and acted on by its admins (the console's person page, the API's
 * block and unblock): who a person is, the tenants they are in with their roles, and blocking.
 * The policy decides (`people.read`, `people.manage` in the brand; people-actions.ts).
 *
 * Threat model. One platform account may belong to several brands (an installer, an agency,
 * the platform's staff), so:
 * - a brand's admins see a person of their brand (an account of the brand, or a member of it)
 *   and, of the person's tenants, only the brand and the tenants under it: never another
 *   brand's (404 for a person not of the brand, as for one that does not exist);
 * - they block, unblock and delete only an account that belongs to the brand; a platform
 *   account is the platform's to block (403), as blocking it would lock it out of every brand.
 * A block takes effect at once and everywhere: the account's sessions end in the same
 * transaction (their access and refresh tokens stop; the session check also reads the block),
 * no code is mailed to it, no code or password signs it in and no refresh renews it, each
 * refusal said (`account_blocked`) and kept in the sign-in log. Devices keep running: their
 * credentials are the device's, not the person's. Every action is audited.
 */
import type { DB } from '../../db/connect.ts'
import type { TenantRole, User } from '../../db/database.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { forbidden, notFound } from '../../lib/errors.ts'
import { revokeSessions } from '../sessions/index.ts'
import { auditActor, isPlatform, type Actor, type Policy, type TenantLeaving, type TenantStore } from '../tenancy/index.ts'
import { findUserById, setBlocked } from './users.repository.ts'
import type { Config } from '../../config.ts'
import type { EmailService } from '../email/index.ts'
import { accountMail, issueToken } from './account-jobs.repository.ts'

/** The reason a blocked person's sessions end with: the refresh grant names the refusal by it. */
export const BLOCKED_REASON = 'user_blocked'

export interface Person {
  id: number
  email: string
  username: string
  displayName: string | null
  locale: string | null
  createdAt: string
  emailConfirmedAt: string | null
  blockedAt: string | null
  /** The account's tenant (null: a platform account). */
  tenantId: number | null
  /** The tenants the person is in, as far as the asking brand may see (the brand and those under it). */
  tenants: { id: number; name: string; role: TenantRole; parentTenantId: number | null }[]
}

export function personView(user: User, tenants: Person['tenants']): Person {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.display_name,
    locale: user.locale,
    createdAt: user.created_at.toISOString(),
    emailConfirmedAt: user.email_confirmed_at?.toISOString() ?? null,
    blockedAt: user.blocked_at?.toISOString() ?? null,
    tenantId: user.tenant_id,
    tenants,
  }
}

export class PeopleService {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly tenancy: TenantStore,
    private readonly leaving: TenantLeaving,
    private readonly mail: { email: EmailService; config: Readonly<Config> },
  ) {}

  /** The person, if they are of the brand `tenantId` (or the platform asks); 404 otherwise. */
  async find(actor: Actor, tenantId: number, userId: number): Promise<User> {
    await this.policy.authorize(actor, 'people.read', tenantId)
    const user = await findUserById(this.db, userId)
    if (!user) throw notFound('Person')
    if (user.tenant_id === tenantId || isPlatform(actor)) return user
    if ((await this.tenancy.membershipRole(this.db, tenantId, userId)) === null) throw notFound('Person')
    return user
  }

  /** A person of the brand with their tenants and roles there (the brand's admins; the platform). */
  async person(actor: Actor, tenantId: number, userId: number): Promise<Person> {
    const user = await this.find(actor, tenantId, userId)
    const all = await this.leaving.tenantsOf(this.db, userId)
    const seen = isPlatform(actor) ? all : all.filter((t) => t.id === tenantId || t.parentTenantId === tenantId)
    return personView(user, seen.map((t) => ({ id: t.id, name: t.name, role: t.role, parentTenantId: t.parentTenantId })))
  }

  /**
   * Throws unless the actor may block, unblock or delete the person: the brand's admins for an
   * account of the brand, the platform for any. Returns the account.
   */
  async manageable(actor: Actor, tenantId: number, userId: number): Promise<User> {
    await this.policy.authorize(actor, 'people.manage', tenantId)
    const user = await this.find(actor, tenantId, userId)
    if (user.tenant_id !== tenantId && !isPlatform(actor)) throw forbidden("Only the platform acts on an account that is not the brand's own.")
    return user
  }

  /** Blocks the person: their sessions end now, and no sign-in or refresh works until unblocked. */
  async block(actor: Actor, tenantId: number, userId: number): Promise<Person> {
    // asked before the transaction: the policy reads through its own connection
    await this.manageable(actor, tenantId, userId)
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now()
      await setBlocked(trx, userId, now)
      await revokeSessions(trx, { userId }, BLOCKED_REASON, now)
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'person.block', target: { type: 'user', id: userId } })
    })
    return this.person(actor, tenantId, userId)
  }

  /**
   * Sends the address confirmation again (a fresh link; the older one stops working), to an
   * account of the brand whose address is not confirmed yet: a password sign-up that lost its
   * mail. False when the address is already confirmed (a code sign-in confirms it): nothing sent.
   */
  async resendConfirmation(actor: Actor, tenantId: number, userId: number): Promise<boolean> {
    const user = await this.manageable(actor, tenantId, userId)
    if (user.email_confirmed_at) return false
    const { email, config } = this.mail
    await this.db.transaction().execute(async (trx) => {
      const { token } = await issueToken(trx, user.id, 'emailConfirmation', config.emailConfirmationTtlSeconds, this.clock.now())
      await email.send(trx, accountMail('emailConfirmation', user, user.tenant_id, { emailConfirmationToken: token }))
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'person.confirmation.resend', target: { type: 'user', id: userId } })
    })
    email.wake()
    return true
  }

  /** Unblocks the person: they may sign in again (the sessions the block ended stay ended). */
  async unblock(actor: Actor, tenantId: number, userId: number): Promise<Person> {
    await this.manageable(actor, tenantId, userId)
    await this.db.transaction().execute(async (trx) => {
      await setBlocked(trx, userId, null)
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'person.unblock', target: { type: 'user', id: userId } })
    })
    return this.person(actor, tenantId, userId)
  }
}
