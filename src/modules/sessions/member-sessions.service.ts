/**
 * A tenant's admins see and end the sign-in sessions of the people of their tenant (members
 * and customers): a lost phone, a shared computer. The policy's `members.manage` in that
 * tenant decides, and only sessions of a person who belongs to it are shown or ended: the
 * session is found by its id and its person together, and a person with no role in the
 * tenant is a 404, like one that does not exist. An owner's sessions are ended by an owner
 * only, as an owner's role is changed only by one. Ending one is audited (`session.revoke`).
 */
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { forbidden, notFound } from '../../lib/errors.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { auditActor, membershipRole, type Actor, type Policy } from '../tenancy/index.ts'
import { revokeSessions } from './sessions.service.ts'

export interface MemberSession {
  id: string
  /** The app it was opened through; `trellis:pages` for the hosted pages and the console. */
  clientId: string
  createdAt: Date
  /** Where it was opened from (IPv4 /24, IPv6 /64); null for older sessions. */
  network: string | null
}

const MAX_SHOWN = 50

export class MemberSessions {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {}

  /** The person's live sessions, newest first (at most 50). */
  async list(actor: Actor, tenantId: number, userId: number): Promise<MemberSession[]> {
    await this.check(actor, tenantId, userId)
    const now = this.clock.now()
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'client_id', 'created_at', 'network'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .limit(MAX_SHOWN)
      .execute()
    return rows.map((r) => ({ id: r.id, clientId: r.client_id, createdAt: r.created_at, network: r.network }))
  }

  /** Ends one session of the person (its tokens stop at once); 404 for anyone else's. */
  async revoke(actor: Actor, tenantId: number, userId: number, sessionId: string): Promise<void> {
    await this.check(actor, tenantId, userId)
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sessions').select('id').where('id', '=', sessionId).where('user_id', '=', userId).where('revoked_at', 'is', null).forUpdate().executeTakeFirst()
      if (!row) throw notFound('Session')
      await revokeSessions(trx, { sessionId }, 'revoked_by_admin', this.clock.now())
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'session.revoke', target: { type: 'user', id: userId } })
    })
  }

  private async check(actor: Actor, tenantId: number, userId: number): Promise<void> {
    const role = await this.policy.authorize(actor, 'members.manage', tenantId)
    const theirs = await membershipRole(this.db, tenantId, userId)
    if (theirs === null) throw notFound('Member')
    if (theirs === 'owner' && role !== 'owner') throw forbidden("An owner's sessions are ended by an owner.")
  }
}
