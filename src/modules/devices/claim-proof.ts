/**
 * What a claim must show, and what trying costs (the threat model is registry.service.ts's): the
 * claim code or factory password (after a release: the transfer code its last holder made),
 * checked by the same two scrypt checks whatever is registered, and budgets per device and
 * guesser and per guesser, spent before the lookup. A guesser is a person's account, or for a
 * machine (a client_credentials token) the brand that owns its client: a brand's admins make
 * as many clients as they like, and each would otherwise bring a fresh budget.
 */
import type { Device } from '../../db/database.ts'
import { hashPassword, randomToken, verifyPassword, type ScryptParams } from '../../lib/crypto.ts'
import { rateLimited } from '../../lib/errors.ts'
import type { Bucket, Taken } from '../../lib/rate-limit.ts'
import type { Executor } from '../../db/executor.ts'
import { lookOfId, type Actor } from '../tenancy/index.ts'

export interface ClaimBuckets {
  /** Wrong codes per device and account (RATE_LIMIT_FAILED_CLAIM_PER_DEVICE). */
  device: Bucket
  /** Wrong codes per account over all devices (RATE_LIMIT_FAILED_CLAIM_PER_ACCOUNT). */
  account: Bucket
}

/**
 * The scrypt checks a claim makes: always two, a dummy standing in for a secret the device lacks
 * (or for every secret when there is no device), so the time an answer takes says nothing about
 * what is registered; only a real hash can prove anything.
 */
export function proofChecks(device: Proofs | undefined, dummy: string): { hash: string; real: boolean }[] {
  // released: the labels prove nothing (the seller read them); only the transfer code does
  const hashes = device?.labels_void ? [device.transfer_hash ?? null, null] : [device?.claim_hash ?? null, device?.factory_hash ?? null]
  return hashes.map((hash) => (hash === null ? { hash: dummy, real: false } : { hash, real: true }))
}

/** What proves possession of a device: its labels, or after a release the transfer code. */
export type Proofs = Pick<Device, 'claim_hash' | 'factory_hash'> & Partial<Pick<Device, 'labels_void' | 'transfer_hash'>>

export class ClaimProof {
  /** A hash of a random secret: a claim of an unknown MAC does the same scrypt work as any other. */
  private readonly dummy: Promise<string>

  constructor(
    private readonly db: Executor,
    private readonly buckets: ClaimBuckets,
    private readonly scrypt: ScryptParams,
  ) {
    this.dummy = hashPassword(randomToken(16), scrypt)
  }

  /** Spends a try of `actor` at `mac`; 429 when a budget is spent. A successful claim refunds what it took. */
  async take(actor: Actor, mac: string): Promise<Taken[]> {
    const who = await this.guesser(actor)
    if (who === null) return []
    // per device AND guesser: someone else's wrong guesses never spend the owner's budget
    const taken = await Promise.all([this.buckets.device.take(`${mac}|${who}`), this.buckets.account.take(who)])
    const refused = taken.find((t) => !t.ok)
    if (refused) throw rateLimited(refused.retryAfter)
    return taken
  }

  /** Whose budget a try spends: the person's, or for a machine its client's brand (the platform's clients share one). */
  private async guesser(actor: Actor): Promise<string | null> {
    if (actor.kind === 'user') return `u:${actor.userId}`
    if (actor.kind !== 'client') return null
    const brand = await lookOfId(this.db, actor.tenantId)
    return `b:${brand?.id ?? 'platform'}`
  }

  /** Whether `code` is the device's claim code or factory password; the same work when there is no device. */
  async proves(device: Proofs | undefined, code: string): Promise<boolean> {
    let ok = false
    for (const { hash, real } of proofChecks(device, await this.dummy)) {
      const matched = (await verifyPassword(code, hash, this.scrypt)).ok
      ok = (matched && real) || ok
    }
    return ok && device !== undefined
  }
}
