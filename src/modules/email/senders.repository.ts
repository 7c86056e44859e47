/** Which address a tenant's mail may be sent from. */
import type { Tenant } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase()

/** The tenant's senderEmail when it may be used as From, else null (the platform sender). */
export async function senderFor(db: Executor, allowedDomains: readonly string[], tenant: Tenant): Promise<string | null> {
  const address = tenant.sender_email
  if (!address) return null
  if (allowedDomains.includes(domainOf(address))) return address
  const confirmed = await db
    .selectFrom('sender_verifications')
    .select('tenant_id')
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', address.toLowerCase())
    .where('verified_at', 'is not', null)
    .executeTakeFirst()
  return confirmed ? address : null
}
