/**
 * The platform's own state for the console's platform page: every tenant, the token signing
 * keys and what each does now, the email outbox's figures. Platform administrators only (the
 * policy's `platform.inspect`), asked here before anything is read.
 */
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { outboxStats } from '../email/index.ts'
import { listSigningKeys } from '../oauth/index.ts'
import type { Actor, Policy } from '../tenancy/index.ts'
import type { Tenant } from '../../db/database.ts'

/** The tenants service's list (tenancy), as far as this page needs it. */
interface TenantList {
  list(actor: Actor): Promise<{ tenant: Tenant }[]>
}

export class PlatformStatus {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly tenants: TenantList,
    private readonly clock: Clock,
    /** How long a retired key still verifies tokens (the access token lifetime). */
    private readonly accessTokenTtlSeconds: number,
  ) {}

  async inspect(actor: Actor) {
    this.policy.authorizeAction(actor, 'platform.inspect')
    const now = this.clock.now()
    const [tenants, keys, outbox] = await Promise.all([
      this.tenants.list(actor),
      listSigningKeys(this.db, this.accessTokenTtlSeconds, now),
      outboxStats(this.db, now),
    ])
    return { tenants, keys, outbox }
  }
}

/** What the platform page shows. */
export type PlatformFigures = Awaited<ReturnType<PlatformStatus['inspect']>>
