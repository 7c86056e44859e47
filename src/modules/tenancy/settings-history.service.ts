/**
 * Versions of a tenant's email settings and branding (which fields: settings.ts), and the
 * audit entries of tenancy's own admin actions. Each save that changes a versioned field
 * adds version n+1 with the full settings after it, who saved it and which fields changed;
 * a restore (TenantsService.restore) saves an old version's settings through the normal
 * update, with every check and permission of a PATCH, and so is a new version itself.
 */
import type { SettingsVersion, Tenant } from '../../db/database.ts'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import { summarize, type AuditRecord, type AuditSink, type AuditTrails } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { notFound } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { auditActor, type Actor } from './actor.ts'
import type { Policy } from './policy.ts'
import { newestFirst } from '../../db/query-kit.ts'
import { findTenant } from './tenants.repository.ts'
import { changedFields, restorePatch, settingsOf, SHOWN_TENANT_FIELDS, type Settings } from './settings.ts'
import type { UpdateTenantInput } from './tenants.schemas.ts'

/** A plain list (no /v4/) holds at most this many versions. */
const PLAIN_LIST_MAX = 100

export function versionView(v: SettingsVersion) {
  return {
    version: v.version,
    actor: { kind: v.actor_kind, id: v.actor_id },
    createdAt: v.created_at.toISOString(),
    changed: v.changed,
    restoredFrom: v.restored_from,
    settings: v.settings,
  }
}

export class SettingsHistory {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
    readonly audit: AuditSink & AuditTrails,
  ) {}

  /** One audit entry of a tenancy action, by `actor`. */
  record(trx: Executor, actor: Actor, entry: Omit<AuditRecord, 'actor'>): Promise<void> {
    return this.audit.record(trx, { ...entry, actor: auditActor(actor) })
  }

  async created(trx: Executor, actor: Actor, tenant: Tenant, input: Record<string, unknown>): Promise<void> {
    const summary = summarize(input, SHOWN_TENANT_FIELDS)
    await this.record(trx, actor, { tenantId: tenant.id, action: 'tenant.create', target: { type: 'tenant', id: tenant.id }, summary })
  }

  /** After a save: a version when a versioned field changed (or on a restore), and one audit entry. */
  async updated(trx: Executor, actor: Actor, before: Tenant, after: Tenant, input: UpdateTenantInput, restoredFrom?: number): Promise<void> {
    const changed = changedFields(settingsOf(before), settingsOf(after))
    let version: number | null = null
    if (changed.length || restoredFrom !== undefined) version = await this.addVersion(trx, actor, after, changed, restoredFrom ?? null)
    const summary = summarize(input as Record<string, unknown>, SHOWN_TENANT_FIELDS)
    const action = restoredFrom === undefined ? 'tenant.update' : 'email_settings.restore'
    const extra = version === null ? {} : { version, ...(restoredFrom === undefined ? {} : { restoredFrom }) }
    await this.record(trx, actor, {
      tenantId: after.id,
      action,
      target: { type: 'tenant', id: after.id },
      summary: { ...summary, values: { ...summary.values, ...extra } },
    })
  }

  private async addVersion(trx: Executor, actor: Actor, tenant: Tenant, changed: string[], restoredFrom: number | null): Promise<number> {
    const who = auditActor(actor)
    // the tenant row is locked by the update, so two saves cannot take the same number
    const last = await trx.selectFrom('tenant_settings_versions').select((eb) => eb.fn.max('version').as('n')).where('tenant_id', '=', tenant.id).executeTakeFirst()
    const version = Number(last?.n ?? 0) + 1
    await trx
      .insertInto('tenant_settings_versions')
      .values({
        tenant_id: tenant.id,
        version,
        actor_kind: who.kind,
        actor_id: who.id,
        settings: JSON.stringify(settingsOf(tenant)),
        changed: JSON.stringify(changed),
        restored_from: restoredFrom,
        created_at: this.clock.now(),
      })
      .execute()
    return version
  }

  private versionsQuery(tenantId: number) {
    return this.db.selectFrom('tenant_settings_versions').selectAll().where('tenant_id', '=', tenantId)
  }

  /** The newest 100 versions, newest first, a plain list (the unprefixed route); the rest are in the pages. */
  async list(actor: Actor, tenantId: number) {
    await this.policy.authorize(actor, 'settings.versions', tenantId)
    const rows = await this.versionsQuery(tenantId).orderBy('version', 'desc').limit(PLAIN_LIST_MAX).execute()
    return rows.map(versionView)
  }

  /** Newest first (db/query-kit.ts): "after" goes back in time. */
  async page(actor: Actor, tenantId: number, query: PageQuery) {
    await this.policy.authorize(actor, 'settings.versions', tenantId)
    const ctx = `t${tenantId}`
    const req = this.cursors.request('settings-versions', ctx, query)
    const count = async () => {
      const row = await this.versionsQuery(tenantId).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    const source = newestFirst(() => this.versionsQuery(tenantId), count, 'version', (row) => row.version)
    return paginate(this.cursors, 'settings-versions', ctx, req, source, ({ row }) => versionView(row))
  }

  async get(actor: Actor, tenantId: number, version: number): Promise<SettingsVersion> {
    await this.policy.authorize(actor, 'settings.versions', tenantId)
    const row = await this.versionsQuery(tenantId).where('version', '=', version).executeTakeFirst()
    if (!row) throw notFound('Version')
    return row
  }

  /** The newest version (after a restore, the one it made). */
  latest(tenantId: number): Promise<SettingsVersion> {
    return this.versionsQuery(tenantId).orderBy('version', 'desc').limit(1).executeTakeFirstOrThrow()
  }

  /** The patch a restore of `version` saves (checked and applied by TenantsService.update). */
  async restorePatch(actor: Actor, tenantId: number, version: number): Promise<UpdateTenantInput> {
    const row = await this.get(actor, tenantId, version)
    const current = await findTenant(this.db, tenantId)
    if (!current) throw notFound('Tenant')
    return restorePatch(current, row.settings as Settings)
  }
}
