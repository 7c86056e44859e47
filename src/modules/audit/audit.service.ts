/**
 * The audit log: one append-only entry per state-changing admin action, recorded by the
 * service that made the change (lib/audit.ts is the port every module records through).
 * Reading goes through the policy: a tenant's admins read their tenant's entries
 * (`audit.read`), platform administrators everything (`audit.readAll`). Nothing updates an
 * entry (the table's triggers refuse UPDATE and TRUNCATE, migrations 0018 and 0022); only the
 * retention purge deletes, and the database lets only it (migration 0022).
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { AuditEntry } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuditRecord, AuditSink, AuditTrails } from '../../lib/audit.ts'
import { secondsBefore, type Clock } from '../../lib/clock.ts'
import { validationError } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'

/** A plain list (no /v4/) holds at most this many entries, the newest; older ones are in the /v4/ pages. */
export const PLAIN_LIST_MAX = 100
import { newestFirst } from '../../db/query-kit.ts'
import type { Actor, Policy } from '../tenancy/index.ts'

export interface AuditFilters {
  /** An action (`client.create`), or a prefix ending in `*` (`client.*`). */
  action?: string
  /** `operator`, `user`, `client`, or one of them: `user:12`, `client:abc`. */
  actor?: string
  /** Entries at or after this time (ISO 8601). */
  since?: string
}

export function auditView(e: AuditEntry) {
  return {
    id: e.id,
    at: e.at.toISOString(),
    actor: { kind: e.actor_kind, id: e.actor_id },
    tenantId: e.tenant_id,
    action: e.action,
    target: { type: e.target_type, id: e.target_id },
    sourceIp: e.source_ip,
    summary: e.summary,
  }
}
export type AuditView = ReturnType<typeof auditView>

function parseSince(since: string | undefined): Date | undefined {
  if (since === undefined) return undefined
  const at = new Date(since)
  if (Number.isNaN(at.getTime())) throw validationError([{ field: 'querystring.since', message: 'is not a date-time (ISO 8601)' }])
  return at
}

export class AuditLog implements AuditSink, AuditTrails {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
  ) {}

  async record(db: Executor, entry: AuditRecord | readonly AuditRecord[]): Promise<void> {
    const entries: readonly AuditRecord[] = Array.isArray(entry) ? entry : [entry as AuditRecord]
    if (!entries.length) return
    const at = this.clock.now()
    await db
      .insertInto('audit_log')
      .values(
        entries.map((e) => ({
          at,
          actor_kind: e.actor.kind,
          actor_id: e.actor.id,
          tenant_id: e.tenantId,
          action: e.action,
          target_type: e.target.type,
          target_id: e.target.id === null ? null : String(e.target.id),
          source_ip: e.actor.sourceIp,
          summary: JSON.stringify(e.summary ?? {}),
        })),
      )
      .execute()
  }

  async hasTrail(db: Executor, tenantId: number): Promise<boolean> {
    return (await db.selectFrom('audit_log').select('id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst()) !== undefined
  }

  private query(tenantId: number | null, filters: AuditFilters) {
    let q = this.db.selectFrom('audit_log').selectAll()
    if (tenantId !== null) q = q.where('tenant_id', '=', tenantId)
    const { action, actor } = filters
    if (action?.endsWith('*')) q = q.where(sql<boolean>`starts_with(action, ${action.slice(0, -1)})`)
    else if (action) q = q.where('action', '=', action)
    if (actor) {
      const [kind, ...rest] = actor.split(':')
      q = q.where('actor_kind', '=', kind ?? '')
      if (rest.length) q = q.where('actor_id', '=', rest.join(':'))
    }
    const since = parseSince(filters.since)
    if (since) q = q.where('at', '>=', since)
    return q
  }

  private async page(tenantId: number | null, filters: AuditFilters, query: PageQuery) {
    // the cursor is bound to the tenant and the filters: another list's cursor is a 400
    const ctx = JSON.stringify([tenantId, filters.action ?? null, filters.actor ?? null, filters.since ?? null])
    const req = this.cursors.request('audit', ctx, query)
    const count = async () => {
      const row = await this.query(tenantId, filters).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    const source = newestFirst(() => this.query(tenantId, filters), count, 'id', (row) => row.id)
    return paginate(this.cursors, 'audit', ctx, req, source, ({ row }) => auditView(row))
  }

  private async newest(tenantId: number | null, filters: AuditFilters) {
    const rows = await this.query(tenantId, filters).orderBy('id', 'desc').limit(PLAIN_LIST_MAX).execute()
    return rows.map(auditView)
  }

  /** A tenant's newest entries, at most 100, as a plain list (its admins and owners, the platform). */
  async recentForTenant(actor: Actor, tenantId: number, filters: AuditFilters) {
    await this.policy.authorize(actor, 'audit.read', tenantId)
    return this.newest(tenantId, filters)
  }

  /** The newest entries of every tenant, at most 100 (platform administrators, the operator). */
  async recent(actor: Actor, filters: AuditFilters) {
    this.policy.authorizeAction(actor, 'audit.readAll')
    return this.newest(null, filters)
  }

  /** A tenant's entries, newest first, a cursor page (its admins and owners, the platform). */
  async forTenant(actor: Actor, tenantId: number, filters: AuditFilters & PageQuery) {
    await this.policy.authorize(actor, 'audit.read', tenantId)
    return this.page(tenantId, filters, filters)
  }

  /** Every entry, newest first, a cursor page (platform administrators, the operator). */
  async all(actor: Actor, filters: AuditFilters & PageQuery) {
    this.policy.authorizeAction(actor, 'audit.readAll')
    return this.page(null, filters, filters)
  }

  /** Drops entries older than the retention (maintenance, on the clock). */
  async purge(at: Date, retentionDays: number): Promise<number> {
    const before = secondsBefore(at, retentionDays * 86_400)
    return this.db.transaction().execute(async (trx) => {
      // the delete trigger lets a DELETE through only with this transaction-local setting (migration 0022)
      await sql`set local trellis.audit_purge = 'on'`.execute(trx)
      const result = await trx.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst()
      return Number(result.numDeletedRows)
    })
  }
}
