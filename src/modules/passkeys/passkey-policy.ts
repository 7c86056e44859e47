/**
 * How a brand offers passkeys: `offered` (the default: the sign-in page's button and the
 * browser's autofill, and the API pair), `suggested` (offered, and after a sign-in by code a
 * person without a passkey is asked to add one), or `off` (no passkey signs in under the
 * brand, and none is added; those already made stay listed, to be deleted). The emailed code
 * is a way in whatever the mode. The platform's own sign-in (the console's) always offers them.
 */
import type { DB } from '../../db/connect.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import { passkeyModeOf, savePasskeyMode, type PasskeyMode } from './passkey-policy.repository.ts'
import { credentialsOf } from './passkeys.repository.ts'

export type { PasskeyMode }

export class PasskeyPolicyService {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {}

  /** The brand's mode, for its admins. */
  async get(actor: Actor, tenantId: number): Promise<PasskeyMode> {
    await this.policy.authorize(actor, 'tenants.brand', tenantId)
    return passkeyModeOf(this.db, tenantId)
  }

  async set(actor: Actor, tenantId: number, mode: PasskeyMode): Promise<PasskeyMode> {
    await this.policy.authorize(actor, 'tenants.brand', tenantId)
    await this.db.transaction().execute(async (trx) => {
      await savePasskeyMode(trx, tenantId, mode, this.clock.now())
      await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'passkeys.mode', target: { type: 'tenant', id: tenantId }, summary: summarize({ mode }, ['mode']) })
    })
    return mode
  }

  /** The mode a sign-in under `tenantId` meets (null: the platform's, which offers them). */
  async modeAt(tenantId: number | null): Promise<PasskeyMode> {
    return tenantId === null ? 'offered' : passkeyModeOf(this.db, tenantId)
  }

  /** Whether a person just signed in by code under `tenantId` is asked to add a passkey: the brand suggests them and they have none. */
  async suggestTo(tenantId: number | null, userId: number): Promise<boolean> {
    if ((await this.modeAt(tenantId)) !== 'suggested') return false
    return (await credentialsOf(this.db, userId)).length === 0
  }
}
