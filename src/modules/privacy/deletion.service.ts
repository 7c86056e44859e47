/**
 * A person leaves: their account deleted by themself, from an app (DELETE /users/current) or
 * on the hosted account page (docs/api.md "Deleting an account").
 *
 * Threats, and what answers them:
 * - A stolen long-lived token (or an unlocked phone) deleting someone's account: the deletion
 *   needs a sign-in at most RECENT_SIGN_IN_SECONDS old (the session's auth_time, migration
 *   0031); an older one gets 401 `insufficient_user_authentication` (RFC 9470) saying how to
 *   sign in again. Single sign-on hands an old proof on with its old time, so it does not count
 *   as a fresh one.
 * - A tenant left with no one to run it: the last owner of a brand or of a tenant others are in
 *   is refused with 409 naming each such tenant, until ownership is handed over.
 * - Access outliving the account: every session and refresh token ends in the same transaction;
 *   the database announces the change at commit to every instance (db/access-changes.ts), whose
 *   live sockets and MQTT sessions re-check and end.
 * - A device kept hostage: a device whose sensor sat in a tenant that goes with the person is
 *   released (MQTT password void, history gone), so its next holder claims it with a transfer
 *   code or its label, as after any release.
 * - Personal data left behind: the account row goes (address, names, locale, password hash,
 *   tokens, memberships); audit entries stay but name the person by a random pseudonym, their
 *   source addresses forgotten (modules/audit erasure.service.ts). The confirmation mail is
 *   the one thing that carries the address afterwards, to deliver it; it has no link.
 *
 * Everything happens in `deleteAccount`'s one transaction, so a hook that must be written with
 * the deletion (an event for webhooks) goes in there too.
 */
import { randomBytes } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import { appErrors, invalidToken, notFound, unauthorized } from '../../lib/errors.ts'
import type { AuditErasure } from '../audit/index.ts'
import type { EmailService, SendEmailInput } from '../email/index.ts'
import type { SensorsService } from '../sensors/index.ts'
import { revokeSessions, type SessionsService } from '../sessions/index.ts'
import { type Actor, auditActor, type LeavingTenant, type Policy, type TenantLeaving } from '../tenancy/index.ts'
import type { AccountErasure, PeopleService } from '../users/index.ts'
import type { SignInLog } from '../oauth/index.ts'

export interface DeletionDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  policy: Policy
  audit: AuditSink
  auditErasure: AuditErasure
  email: EmailService
  sensors: SensorsService
  leaving: TenantLeaving
  accounts: AccountErasure
  /** When the person behind a session last proved who they are (the sessions module). */
  sessions: Pick<SessionsService, 'authTime'>
  /** user.deleted, written with the deletion (modules/webhooks). */
  events?: EventSink
  /** Who may delete a person of a brand (its admins: accounts of the brand; the platform: any). */
  people: Pick<PeopleService, 'manageable'>
  /** The person's rows of the sign-in log go with them. */
  signIns: Pick<SignInLog, 'forget'>
}

/** What a deletion did, by the pseudonym the audit log now names the person by. */
export interface Deleted {
  pseudonym: string
  tenantsDeleted: number[]
  devicesReleased: number
}

/** A random name for a person who left: nothing in it leads back to them. */
const newPseudonym = () => `deleted-${randomBytes(9).toString('base64url')}`

/** Which tenant's email the confirmation is: its customised texts only under the person's own tenant (the prefix rule). */
function confirmation(user: User, prefixTenant: number | null): SendEmailInput {
  const own = prefixTenant !== null && user.tenant_id === prefixTenant
  return {
    type: 'accountDeleted',
    to: { email: user.email },
    tenantId: own ? prefixTenant : null,
    customTexts: own,
    locale: user.locale,
  }
}

export class AccountDeletion {
  constructor(private readonly deps: DeletionDeps) {}

  /**
   * Deletes the account of the person behind a token (`account` scope), if its session signed
   * in recently. `prefixTenant`: the request's `/tenants/{id}`, whose email the confirmation is.
   */
  async deleteCurrent(actor: Actor, prefixTenant: number | null): Promise<Deleted> {
    const user = await this.deps.policy.person(actor, 'account.delete')
    if (actor.kind !== 'user') throw unauthorized('This needs a signed-in user.')
    this.checkRecent(actor.sessionId === null ? null : await this.deps.sessions.authTime(actor.sessionId))
    return this.deleteAccount(actor, user.id, prefixTenant)
  }

  /**
   * A brand's admin (or the platform) deletes a person of the brand (the console's person page):
   * the same deletion as the person's own, the policy deciding who (users' people.service.ts).
   */
  async deletePerson(actor: Actor, tenantId: number, userId: number): Promise<Deleted> {
    await this.deps.people.manageable(actor, tenantId, userId)
    return this.deleteAccount(actor, userId, tenantId)
  }

  /** Refuses a sign-in older than RECENT_SIGN_IN_SECONDS (null: the session ended), with how to sign in again. */
  checkRecent(authTime: Date | null): void {
    if (authTime === null) throw invalidToken('The session behind this token has ended.')
    const maxAge = this.deps.config.recentSignInSeconds
    if (this.deps.clock.now().getTime() - authTime.getTime() > maxAge * 1000) throw appErrors.insufficient_user_authentication(maxAge)
  }

  /** Whether a sign-in at `authTime` is recent enough to delete the account (the hosted page asks first). */
  isRecent(authTime: Date): boolean {
    return this.deps.clock.now().getTime() - authTime.getTime() <= this.deps.config.recentSignInSeconds * 1000
  }

  /** The deletion itself, in one transaction with its audit entry (the caller checked who asks and how recently). */
  async deleteAccount(actor: Actor, userId: number, prefixTenant: number | null): Promise<Deleted> {
    const { db, clock, email } = this.deps
    const deleted = await db.transaction().execute(async (trx) => {
      const user = await this.deps.accounts.lock(trx, userId)
      if (!user) throw notFound('User')
      const tenants = await this.deps.leaving.tenantsOf(trx, userId)
      const orphaned = tenants.filter((t) => t.role === 'owner' && t.otherOwners === 0 && (t.others > 0 || t.brand))
      if (orphaned.length) throw appErrors.sole_owner(orphaned)
      const alone = tenants.filter((t) => t.others === 0 && !t.brand)
      const devicesReleased = await this.removeTenants(trx, actor, alone)
      await revokeSessions(trx, { userId }, 'account_deleted', clock.now())
      const result: Deleted = { pseudonym: newPseudonym(), tenantsDeleted: alone.map((t) => t.id), devicesReleased }
      await this.record(trx, actor, user, result)
      await this.deps.signIns.forget(trx, { tenantId: user.tenant_id, email: user.email })
      await email.send(trx, confirmation(user, prefixTenant))
      await this.deps.accounts.erase(trx, userId)
      await (this.deps.events ?? NO_EVENTS).record(trx, { type: 'user.deleted', tenantId: user.tenant_id, data: { userId } })
      return result
    })
    email.wake()
    return deleted
  }

  /** The tenants that go with the person: each device their sensors presented released, then the tenant with everything in it. */
  private async removeTenants(trx: Executor, actor: Actor, alone: readonly LeavingTenant[]): Promise<number> {
    let released = 0
    for (const tenant of alone) {
      released += await this.deps.sensors.removeAllOf(trx, actor, tenant.id)
      await this.deps.leaving.deleteAlone(trx, tenant.id)
      await this.deps.audit.record(trx, { actor: auditActor(actor), tenantId: tenant.id, action: 'tenant.delete', target: { type: 'tenant', id: tenant.id }, summary: { values: { with: 'account' } } })
    }
    return released
  }

  /** The deletion's entry in the person's brand's log, then every entry about them under their pseudonym. */
  private async record(trx: Executor, actor: Actor, user: User, done: Deleted): Promise<void> {
    const summary = summarize({ tenantsDeleted: done.tenantsDeleted.length, devicesReleased: done.devicesReleased, by: actor.kind === 'user' && actor.userId === user.id ? 'self' : actor.kind }, ['tenantsDeleted', 'devicesReleased', 'by'])
    await this.deps.audit.record(trx, { actor: { kind: 'user', id: String(user.id), sourceIp: null }, tenantId: user.tenant_id, action: 'account.delete', target: { type: 'user', id: user.id }, summary })
    await this.deps.auditErasure.pseudonymise(trx, user.id, user.email, done.pseudonym)
  }
}
