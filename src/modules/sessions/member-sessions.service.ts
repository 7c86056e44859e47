/**
 * A tenant's admins see and end the sign-in sessions of the people of their tenant (members
 * and customers): a lost phone, a shared computer. The policy's `members.manage` in that
 * tenant decides, and only sessions of a person who belongs to it are shown or ended: the
 * session is found by its id and its person together, and a person with no role in the
 * tenant is a 404, like one that does not exist. An owner's sessions are ended by an owner
 * only, as an owner's role is changed only by one. Ending one is audited (`session.revoke`).
 *
 * Threat model: one person, two brands. A platform account can belong to tenants of several
 * brands (an installer, an agency, the platform's own staff). Membership alone would let brand
 * A's admin read where and when the person signs in at brand B's apps, and sign them out there.
 * So a brand's console shows and ends only the sessions of that brand (`brandSession`): at an
 * app owned by the brand or a tenant under it, or, for the hosted pages and the platform's own
 * apps (no owner), opened under the prefix of a tenant of the brand. A session at another
 * brand's app, or at the platform without a tenant, is not there for it (a 404 when named).
 * The platform's administrators still see and end every session of the person.
 */
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { Clock } from '../../lib/clock.ts'
import { forbidden, notFound } from '../../lib/errors.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { auditActor, isPlatform, lookOfId, type Actor, type Policy, type TenantStore } from '../tenancy/index.ts'
import { revokeSessions, type SessionLookups } from './sessions.service.ts'

export interface MemberSession {
  id: string
  /** The app it was opened through; `trellis:pages` for the hosted pages and the console. */
  clientId: string
  createdAt: Date
  /** Where it was opened from (IPv4 /24, IPv6 /64); null for older sessions. */
  network: string | null
}

const MAX_SHOWN = 50
/** How many of the person's live sessions are looked at to find the brand's (a person has a few). */
const MAX_READ = 500

interface SessionRow {
  client_id: string
  tenant_id: number | null
}

export class MemberSessions {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    /** The tenant that owns a client (oauth's clientTenant, passed in by the wiring). */
    private readonly clientTenant: SessionLookups['clientTenant'],
    private readonly tenancy: TenantStore,
  ) {}

  /** The person's live sessions of the console's brand (every one, for the platform), newest first (at most 50). */
  async list(actor: Actor, tenantId: number, userId: number): Promise<MemberSession[]> {
    await this.check(actor, tenantId, userId)
    const now = this.clock.now()
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'client_id', 'tenant_id', 'created_at', 'network'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .limit(isPlatform(actor) ? MAX_SHOWN : MAX_READ)
      .execute()
    const ours = await this.brandFilter(this.db, actor, tenantId)
    const shown: MemberSession[] = []
    for (const r of rows) {
      if (shown.length === MAX_SHOWN) break
      if (await ours(r)) shown.push({ id: r.id, clientId: r.client_id, createdAt: r.created_at, network: r.network })
    }
    return shown
  }

  /**
   * Whether a session is the brand's, the brand being that of the console's tenant (see the
   * threat model above); for the platform, every session is.
   */
  private async brandFilter(db: Executor, actor: Actor, tenantId: number): Promise<(row: SessionRow) => Promise<boolean>> {
    if (isPlatform(actor)) return async () => true
    const brands = new Map<number, Promise<number | null>>()
    const brandOf = (id: number) => {
      if (!brands.has(id)) brands.set(id, lookOfId(db, id).then((look) => look?.id ?? null))
      return brands.get(id) as Promise<number | null>
    }
    const brand = await brandOf(tenantId)
    return async (row) => {
      const owner = (await this.clientTenant(db, row.client_id))?.tenant_id ?? null
      const where = owner ?? row.tenant_id
      return where !== null && brand !== null && (await brandOf(where)) === brand
    }
  }

  /** Ends one session of the person (its tokens stop at once); 404 for anyone else's. */
  async revoke(actor: Actor, tenantId: number, userId: number, sessionId: string): Promise<void> {
    await this.check(actor, tenantId, userId)
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sessions')
        .select(['id', 'client_id', 'tenant_id'])
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .forUpdate()
        .executeTakeFirst()
      // another brand's session is not this console's to end: the same 404 as none at all
      if (!row || !(await (await this.brandFilter(trx, actor, tenantId))(row))) throw notFound('Session')
      await revokeSessions(trx, { sessionId }, 'revoked_by_admin', this.clock.now())
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'session.revoke', target: { type: 'user', id: userId } })
    })
  }

  private async check(actor: Actor, tenantId: number, userId: number): Promise<void> {
    const role = await this.policy.authorize(actor, 'members.manage', tenantId)
    const theirs = await this.tenancy.membershipRole(this.db, tenantId, userId)
    if (theirs === null) throw notFound('Member')
    if (theirs === 'owner' && role !== 'owner') throw forbidden("An owner's sessions are ended by an owner.")
  }
}
