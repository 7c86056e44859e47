/**
 * Invitations: joining a tenant needs the person's consent. An admin invites an address;
 * the invitee gets an email with a link carrying a single-use token; the membership exists
 * only once a signed-in person whose confirmed address is the invited one accepts.
 *
 * Threats and how they are met:
 * - An admin adding someone without consent (and then reading their data or steering their
 *   emails): there is no direct add; a pending invitation grants nothing.
 * - A forwarded or intercepted link used by someone else: accepting needs a signed-in
 *   account whose confirmed email equals the invited address.
 * - Token theft at rest: tokens are 256-bit random values stored as SHA-256 hashes and
 *   looked up by hash; they expire (INVITATION_TTL_SECONDS) and can be revoked; a newer
 *   invitation for the same address replaces the pending one.
 * - Escalation: only owners invite owners; acceptance never lowers an existing role.
 * - Mail relay: every invitation spends the mail budgets and the inviter's own
 *   (invitation-budget.ts), and the email names the inviting tenant and person; a
 *   customer's tenant never invites in its brand's name (email/renderer.ts).
 */
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { Invitation, TenantRole } from '../../db/database.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { appErrors, forbidden, notFound } from '../../lib/errors.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { keyset } from '../../db/query-kit.ts'
import { isDeliverableAddress, normalizeEmail } from '../../lib/email-address.ts'
import type { Executor } from '../../db/executor.ts'
import { auditActor, type Actor } from './actor.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import { roleAtLeast, type Policy } from './policy.ts'
import { addMembership, findTenant, memberByEmail, membershipRole, type MembersQuery } from './tenants.repository.ts'
import type { InvitationBudget } from './invitation-budget.ts'

type InvitedRole = Exclude<TenantRole, 'customer'>
const PLAIN_LIST_MAX = 100

export function invitationStatus(i: Invitation, now: Date): 'pending' | 'accepted' | 'revoked' | 'expired' {
  if (i.accepted_at) return 'accepted'
  if (i.revoked_at) return 'revoked'
  return i.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending'
}

export function invitationView(i: Invitation, now: Date) {
  return {
    id: i.id,
    tenantId: i.tenant_id,
    email: i.email,
    role: i.role,
    status: invitationStatus(i, now),
    expiresAt: i.expires_at.toISOString(),
    createdAt: i.created_at.toISOString(),
  }
}

const invalidInvitation = () =>
  appErrors.invalid_token('The invitation is invalid, expired, revoked or already used.', [
    { field: 'body.token', message: 'is not a pending invitation' },
  ])

/** What sends the invitation (the email module's EmailService); by shape, as tenancy sits below email. */
export interface InvitationMail {
  send(trx: Executor, input: { type: 'invitation'; to: { email: string }; tenantId: number; customTexts: boolean; data: Record<string, string> }): Promise<void>
  wake(): void
}

export class InvitationsService {
  constructor(
    private readonly db: DB,
    private readonly config: Readonly<Config>,
    private readonly email: InvitationMail,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly budget: InvitationBudget,
    /** The tenant's members with their addresses (the users module's query): a member is not invited again. */
    private readonly membersOf: MembersQuery,
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  /** An invitation as the API shows it, its status as of the app's clock. */
  view(i: Invitation) {
    return invitationView(i, this.clock.now())
  }

  /** Who the email says invited: the person (name and address), or the tenant when no person acts (the operator). */
  private async inviter(actor: Actor, tenantId: number): Promise<string> {
    if (actor.kind === 'user') {
      const user = await this.policy.user(actor)
      return user.display_name ? `${user.display_name} (${user.email})` : user.email
    }
    return (await findTenant(this.db, tenantId))?.name ?? ''
  }

  /** Invites an address (admins; owners for owners) and emails it the link; 429 when a mail budget is spent. */
  async invite(actor: Actor, tenantId: number, input: { email: string; role: InvitedRole }): Promise<Invitation> {
    const actorRole = await this.policy.authorize(actor, 'members.manage', tenantId)
    if (input.role === 'owner' && !roleAtLeast(actorRole, 'owner')) throw forbidden('Only owners may invite owners.')
    const email = normalizeEmail(input.email)
    if (!isDeliverableAddress(email)) throw appErrors.validation_failed('The invitation needs an address mail can reach.', [{ field: 'body.email', message: 'must be an address with a domain, like name@example.com' }])
    // a customer may be invited onto the staff; someone already on it has a role to change instead
    const member = await memberByEmail(this.membersOf, this.db, tenantId, email)
    if (member && member.role !== 'customer') throw appErrors.already_member()
    await this.budget.spend(actor, email)
    const inviter = await this.inviter(actor, tenantId)
    const token = randomToken(32)
    const invitation = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invitations')
        .set({ revoked_at: this.clock.now() })
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute()
      const row = await trx
        .insertInto('invitations')
        .values({
          tenant_id: tenantId,
          email,
          role: input.role,
          token_hash: hashSecret(token),
          invited_by: actor.kind === 'user' ? actor.userId : null,
          expires_at: secondsAfter(this.clock.now(), this.config.invitationTtlSeconds),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const summary = summarize({ email, role: input.role }, ['email', 'role'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'invitation.create', target: { type: 'invitation', id: row.id }, summary })
      await this.email.send(trx, {
        type: 'invitation',
        to: { email },
        tenantId,
        customTexts: false,
        data: { invitationLink: `${this.config.publicUrl}/invitations/accept?token=${token}`, invitedRole: input.role, inviter },
      })
      return row
    })
    this.email.wake()
    return invitation
  }

  private listQuery(tenantId: number) {
    return this.db.selectFrom('invitations').selectAll().where('tenant_id', '=', tenantId)
  }

  async list(actor: Actor, tenantId: number): Promise<Invitation[]> {
    await this.policy.authorize(actor, 'members.manage', tenantId)
    return this.listQuery(tenantId).orderBy('id', 'desc').limit(PLAIN_LIST_MAX).execute()
  }

  async page(actor: Actor, tenantId: number, query: PageQuery) {
    await this.policy.authorize(actor, 'members.manage', tenantId)
    const ctx = `t${tenantId}`
    const req = this.cursors.request('invitations', ctx, query)
    const count = async () => {
      // bounded by one tenant's invitations
      const row = await this.listQuery(tenantId).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    return paginate(this.cursors, 'invitations', ctx, req, keyset(() => this.listQuery(tenantId), count), (i) => this.view(i))
  }

  async revoke(actor: Actor, tenantId: number, invitationId: number): Promise<void> {
    await this.policy.authorize(actor, 'members.manage', tenantId)
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('invitations')
        .set({ revoked_at: this.clock.now() })
        .where('id', '=', invitationId)
        .where('tenant_id', '=', tenantId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      if (!result.numUpdatedRows) throw notFound('Pending invitation')
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'invitation.revoke', target: { type: 'invitation', id: invitationId } })
    })
  }

  private async pending(token: string): Promise<Invitation> {
    const row = await this.db.selectFrom('invitations').selectAll().where('token_hash', '=', hashSecret(token)).executeTakeFirst()
    if (!row || invitationStatus(row, this.clock.now()) !== 'pending') throw invalidInvitation()
    return row
  }

  /** What an invitation link offers, for the page that shows it (no sign-in needed: the token is the proof). */
  async preview(token: string) {
    const invitation = await this.pending(token)
    const tenant = await findTenant(this.db, invitation.tenant_id)
    if (!tenant) throw invalidInvitation()
    return { tenantId: tenant.id, tenantName: tenant.name, logoUrl: tenant.logo_url, email: invitation.email, role: invitation.role, expiresAt: invitation.expires_at.toISOString() }
  }

  /** The signed-in invitee accepts: the membership begins now. */
  async accept(actor: Actor, token: string): Promise<{ tenantId: number; role: TenantRole }> {
    this.policy.authorizeAction(actor, 'account.update')
    const user = await this.policy.user(actor)
    const invitation = await this.pending(token)
    if (!user.email_confirmed_at || normalizeEmail(user.email) !== invitation.email) {
      throw appErrors.invitation_email_mismatch()
    }
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('invitations')
        .set({ accepted_at: this.clock.now(), accepted_by: user.id })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (!taken) throw invalidInvitation()
      const current = await membershipRole(trx, invitation.tenant_id, user.id)
      const role = current && roleAtLeast(current, invitation.role) ? current : invitation.role
      await addMembership(trx, invitation.tenant_id, user.id, role)
      const summary = { values: { role, invitation: invitation.id } }
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: invitation.tenant_id, action: 'member.add', target: { type: 'user', id: user.id }, summary })
      await this.events.record(trx, { type: 'member.added', tenantId: invitation.tenant_id, data: { userId: user.id, role } })
      return { tenantId: invitation.tenant_id, role }
    })
  }
}
