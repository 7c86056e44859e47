/**
 * The platform's own state for the console's platform page: every tenant, the token signing
 * keys and what each does now, the email outbox's figures. Platform administrators only (the
 * policy's `platform.inspect`), asked here before anything is read.
 */
import type { Clock } from '../../lib/clock.ts'
import type { EmailModule } from '../email/index.ts'
import type { OAuthModule } from '../oauth/index.ts'
import type { Actor, Policy } from '../tenancy/index.ts'
import type { Tenant } from '../../db/database.ts'

/** The tenants service's list (tenancy), as far as this page needs it. */
interface TenantList {
  list(actor: Actor, opts?: { q?: string; after?: number }): Promise<{ tenant: Tenant }[]>
}

/** The platform's figures, read by the modules that own them (the signing keys, the outbox); the policy is asked here first. */
export interface PlatformReads {
  signingKeysAt: OAuthModule['signingKeysAt']
  outboxStats: EmailModule['outboxStats']
}

export class PlatformStatus {
  constructor(
    private readonly reads: PlatformReads,
    private readonly policy: Policy,
    private readonly tenants: TenantList,
    private readonly clock: Clock,
  ) {}

  /** The figures, with the page of tenants `find` asks for (a part of a name, the id it starts after). */
  async inspect(actor: Actor, find: { q?: string; after?: number } = {}) {
    this.policy.authorizeAction(actor, 'platform.inspect')
    const now = this.clock.now()
    const [tenants, keys, outbox] = await Promise.all([
      this.tenants.list(actor, find),
      this.reads.signingKeysAt(now),
      this.reads.outboxStats(now),
    ])
    return { tenants, keys, outbox }
  }
}

/** What the platform page shows. */
export type PlatformFigures = Awaited<ReturnType<PlatformStatus['inspect']>>
