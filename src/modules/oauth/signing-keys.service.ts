/**
 * The operator's signing keys: list, rotate (a new key of each algorithm, or of the one named,
 * signs from now on) and retire (a key stops signing now and verifies until its last token
 * expires). Platform only; each change
 * and its audit entry commit together. Running instances follow the set (keys.service.ts).
 */
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import { SIGNING_ALGS, type SigningAlg } from './jws.ts'
import { addSigningKey, listSigningKeys, retireSigningKey, type RetireOutcome, type SigningKeyInfo } from './signing-keys.repository.ts'

export class SigningKeysService {
  constructor(
    private readonly db: DB,
    private readonly box: SecretBox,
    private readonly policy: Policy,
    private readonly audit: AuditSink,
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  private recorder(actor: Actor, action: string) {
    return (trx: Executor, kid: string) => this.audit.record(trx, { actor: auditActor(actor), tenantId: null, action, target: { type: 'signing_key', id: kid } })
  }

  /** Every key, newest first, with what it does now (signing, verifying, expired). */
  async list(actor: Actor): Promise<SigningKeyInfo[]> {
    this.policy.authorizeAction(actor, 'platform.inspect')
    return listSigningKeys(this.db, this.accessTokenTtlSeconds, this.clock.now())
  }

  /** Adds a key per algorithm (ES256 first), or of `alg` only, that signs from now on; returns their kids. */
  async rotate(actor: Actor, alg?: SigningAlg): Promise<string[]> {
    this.policy.authorizeAction(actor, 'keys.manage')
    const kids: string[] = []
    for (const each of alg ? [alg] : SIGNING_ALGS) kids.push(await addSigningKey(this.db, this.box, this.recorder(actor, 'signing_key.rotate'), each))
    return kids
  }

  /** Retires a key now; `verifiesUntil` is when its last token expires. Refused for the last signing key of its algorithm. */
  async retire(actor: Actor, kid: string): Promise<{ outcome: RetireOutcome; verifiesUntil: Date }> {
    this.policy.authorizeAction(actor, 'keys.manage')
    const now = this.clock.now()
    const outcome = await retireSigningKey(this.db, kid, now, this.recorder(actor, 'signing_key.retire'))
    return { outcome, verifiesUntil: secondsAfter(now, this.accessTokenTtlSeconds) }
  }
}
