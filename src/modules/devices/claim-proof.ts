/**
 * What a claim must show, and what trying costs (the threat model is registry.service.ts's): the
 * claim code or factory password, checked by the same two scrypt checks whatever is
 * registered, and budgets per device and account and per account, spent before the lookup.
 */
import type { Device } from '../../db/database.ts'
import { hashPassword, randomToken, verifyPassword, type ScryptParams } from '../../lib/crypto.ts'
import { rateLimited } from '../../lib/errors.ts'
import type { Bucket, Taken } from '../../lib/rate-limit.ts'
import type { Actor } from '../tenancy/index.ts'

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
export function proofChecks(device: Pick<Device, 'claim_hash' | 'factory_hash'> | undefined, dummy: string): { hash: string; real: boolean }[] {
  return [device?.claim_hash ?? null, device?.factory_hash ?? null].map((hash) => (hash === null ? { hash: dummy, real: false } : { hash, real: true }))
}

export class ClaimProof {
  /** A hash of a random secret: a claim of an unknown MAC does the same scrypt work as any other. */
  private readonly dummy: Promise<string>

  constructor(
    private readonly buckets: ClaimBuckets,
    private readonly scrypt: ScryptParams,
  ) {
    this.dummy = hashPassword(randomToken(16), scrypt)
  }

  /** Spends a try of `actor` at `mac`; 429 when a budget is spent. A successful claim refunds what it took. */
  async take(actor: Actor, mac: string): Promise<Taken[]> {
    const who = actor.kind === 'user' ? `u:${actor.userId}` : actor.kind === 'client' ? `c:${actor.clientId}` : null
    if (who === null) return []
    // per device AND account: someone else's wrong guesses never spend the owner's budget
    const taken = await Promise.all([this.buckets.device.take(`${mac}|${who}`), this.buckets.account.take(who)])
    const refused = taken.find((t) => !t.ok)
    if (refused) throw rateLimited(refused.retryAfter)
    return taken
  }

  /** Whether `code` is the device's claim code or factory password; the same work when there is no device. */
  async proves(device: Pick<Device, 'claim_hash' | 'factory_hash'> | undefined, code: string): Promise<boolean> {
    let ok = false
    for (const { hash, real } of proofChecks(device, await this.dummy)) {
      const matched = (await verifyPassword(code, hash, this.scrypt)).ok
      ok = (matched && real) || ok
    }
    return ok && device !== undefined
  }
}
