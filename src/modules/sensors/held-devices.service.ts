/**
 * The devices a person holds, for their person page (the console): the sensors of the person's
 * tenants under the brand. A brand's admins have no role in a customer's own tenant, so this read
 * is theirs only through `people.read` in the brand, and only for tenants directly under it (the
 * tenant a customer got at sign-up); a tenant elsewhere shows nothing. The platform sees every
 * tenant named. What is shown: name, type, device id, online and last seen; never a state or history.
 */
import type { DB } from '../../db/connect.ts'
import { isPlatform, type Actor, type Policy, type TenantStore } from '../tenancy/index.ts'
import { sensorsOfTenants } from './sensors.repository.ts'

export interface HeldDevice {
  id: number
  tenantId: number
  deviceId: string
  name: string
  type: string
  online: boolean
  lastSeenAt: string | null
}

export class HeldDevices {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly tenants: TenantStore,
  ) {}

  /** The devices in `tenantIds` (a person's tenants) that the brand `brandId` may see. */
  async of(actor: Actor, brandId: number, tenantIds: readonly number[]): Promise<HeldDevice[]> {
    await this.policy.authorize(actor, 'people.read', brandId)
    const seen: number[] = []
    for (const id of tenantIds) {
      const tenant = await this.tenants.findTenant(this.db, id)
      if (tenant && (isPlatform(actor) || tenant.id === brandId || tenant.parent_tenant_id === brandId)) seen.push(id)
    }
    const rows = await sensorsOfTenants(this.db, seen)
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, deviceId: r.device_id, name: r.display_name ?? r.name, type: r.type, online: r.online, lastSeenAt: r.last_seen_at?.toISOString() ?? null }))
  }
}
