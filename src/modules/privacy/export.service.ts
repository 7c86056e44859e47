/**
 * A copy of one's data (GDPR Art. 15 and 20): GET /users/current/export and the hosted account
 * page's button. One JSON document of everything Trellis holds about the person, each section
 * documented field by field in docs/api.md ("A copy of your data"). Secrets never go in: no
 * password hash, no token or code, no session id (a token names it), no client secret, no
 * device password. The export is recorded in the person's brand's audit log.
 */
import type { DB } from '../../db/connect.ts'
import type { Sensor, User } from '../../db/database.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditErasure, AuditView } from '../audit/index.ts'
import type { SchedulesService } from '../schedules/index.ts'
import { sensorView, type SensorsService } from '../sensors/index.ts'
import type { SessionsService } from '../sessions/index.ts'
import { auditActor, type Actor, type Policy, type TenantStore } from '../tenancy/index.ts'

/** The version of the document's shape: a field removed or changed in meaning makes a new one. */
export const EXPORT_FORMAT = 'trellis.account-export/1'

export interface ExportDeps {
  db: DB
  clock: Clock
  policy: Policy
  audit: AuditSink
  auditErasure: AuditErasure
  sensors: SensorsService
  schedules: SchedulesService
  sessions: Pick<SessionsService, 'ofUser'>
  /** The person's tenants with their roles (tenancy's store). */
  tenantStore: Pick<TenantStore, 'tenantsOfUser'>
  /** An app's name by its client id (the oauth module's clients); undefined when it is gone. */
  appName(clientId: string): Promise<string | undefined>
}

type Sessions = Awaited<ReturnType<SessionsService['ofUser']>>

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null)

function profileOf(user: User) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.display_name,
    locale: user.locale,
    emailConfirmed: user.email_confirmed_at !== null,
    emailConfirmedAt: iso(user.email_confirmed_at),
    hasPassword: user.password_hash !== null,
    platformAdmin: user.platform_role === 'admin',
    tenantId: user.tenant_id,
    createdAt: iso(user.created_at),
    updatedAt: iso(user.updated_at),
  }
}

export class AccountExport {
  constructor(private readonly deps: ExportDeps) {}

  /** The document for the person behind a token (`account` scope), or a hosted page's signed-in person. */
  async exportCurrent(actor: Actor) {
    const user = await this.deps.policy.person(actor, 'account.export')
    const document = await this.documentOf(user)
    await this.deps.audit.record(this.deps.db, { actor: auditActor(actor), tenantId: user.tenant_id, action: 'account.export', target: { type: 'user', id: user.id } })
    return document
  }

  private async documentOf(user: User) {
    const tenants = await this.deps.tenantStore.tenantsOfUser(this.deps.db, user.id)
    // the person's sensors: those of the tenants they work in (a customer's role in its brand shows none of the brand's)
    const held = tenants.filter((t) => t.role !== 'customer').map((t) => t.id)
    const sensors = await this.deps.sensors.ofTenants(held)
    const sessions = await this.deps.sessions.ofUser(user.id)
    const audit: AuditView[] = await this.deps.auditErasure.about(user.id, user.email)
    return {
      format: EXPORT_FORMAT,
      exportedAt: this.deps.clock.now().toISOString(),
      profile: profileOf(user),
      tenants: tenants.map((t) => ({ id: t.id, name: t.name, role: t.role, parentTenantId: t.parent_tenant_id })),
      devices: sensors.filter((s) => s.device_ref !== null).map((s) => ({ deviceId: s.device_id.toLowerCase(), sensorId: s.id, tenantId: s.tenant_id })),
      sensors: sensors.map(sensorView),
      schedules: await this.schedulesOf(sensors),
      sessions: await this.sessionsOf(sessions),
      apps: await this.appsOf(sessions),
      audit,
    }
  }

  private async schedulesOf(sensors: readonly Sensor[]) {
    const groups = []
    for (const sensor of sensors) groups.push(...(await this.deps.schedules.list(sensor, true)))
    return groups
  }

  private async sessionsOf(sessions: Sessions) {
    return sessions.map((s) => ({
      app: s.client_id,
      kind: s.expires_at !== null ? 'browser' : 'app',
      tenantId: s.tenant_id,
      scope: s.scope,
      network: s.network,
      startedAt: iso(s.created_at),
      signedInAt: iso(s.auth_time ?? s.created_at),
      endedAt: iso(s.revoked_at),
      endedBecause: s.revoked_reason,
    }))
  }

  /** The apps the person signed in to (their consent to each, given by signing in): first and last sign-in. */
  private async appsOf(sessions: Sessions) {
    const apps = new Map<string, { clientId: string; name: string | null; firstSignIn: string; lastSignIn: string }>()
    for (const s of [...sessions].reverse()) {
      const at = s.created_at.toISOString()
      const seen = apps.get(s.client_id)
      if (seen) seen.lastSignIn = at
      else apps.set(s.client_id, { clientId: s.client_id, name: (await this.deps.appName(s.client_id)) ?? null, firstSignIn: at, lastSignIn: at })
    }
    return [...apps.values()]
  }
}

export type AccountDocument = Awaited<ReturnType<AccountExport['exportCurrent']>>
