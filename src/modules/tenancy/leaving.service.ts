/**
 * A person leaving the platform, on the tenants' side (the account deletion, modules/privacy):
 * which of their tenants stay with others, which go with them, and which would be left without
 * an owner. Called inside the deletion's one transaction, so what it reads is what it deletes.
 */
import type { TenantRole } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { isBrand } from './brands.ts'
import { deleteTenant } from './tenants.repository.ts'

/** One of a person's tenants, seen from the deletion. */
export interface LeavingTenant {
  id: number
  name: string
  role: TenantRole
  parentTenantId: number | null
  /** A brand (no parent, or marked one): it never goes with a person. */
  brand: boolean
  /** Members other than the person. */
  others: number
  /** Owners other than the person. */
  otherOwners: number
}

export interface TenantLeaving {
  /** Every tenant the person has a role in, locked for the deletion's transaction. */
  tenantsOf(trx: Executor, userId: number): Promise<LeavingTenant[]>
  /** Deletes a tenant no one else is in, with its spaces, sensors, schedules and memberships. */
  deleteAlone(trx: Executor, tenantId: number): Promise<void>
}

export const tenantLeaving: TenantLeaving = {
  async tenantsOf(trx, userId) {
    const rows = await trx
      .selectFrom('memberships as m')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .select(['t.id', 't.name', 'm.role', 't.parent_tenant_id', 't.marked_brand'])
      .select((eb) => [
        eb.selectFrom('memberships as o').whereRef('o.tenant_id', '=', 't.id').where('o.user_id', '!=', userId).select((e) => e.fn.countAll<string>().as('n')).as('others'),
        eb
          .selectFrom('memberships as o')
          .whereRef('o.tenant_id', '=', 't.id')
          .where('o.user_id', '!=', userId)
          .where('o.role', '=', 'owner')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('other_owners'),
      ])
      .where('m.user_id', '=', userId)
      .orderBy('t.id')
      .forUpdate()
      .execute()
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      parentTenantId: r.parent_tenant_id,
      brand: isBrand(r),
      others: Number(r.others ?? 0),
      otherOwners: Number(r.other_owners ?? 0),
    }))
  },
  async deleteAlone(trx, tenantId) {
    await deleteTenant(trx, tenantId)
  },
}
