/**
 * A small cache of loaded values, each kept for `ttlMs` on the injected clock (a test that
 * moves time ages it too), at most `maxEntries` of them, the oldest written dropped first.
 * An absent answer (undefined) is kept like any other, so a miss costs one load per ttl.
 */
import type { Clock } from './clock.ts'

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>()

  constructor(
    private readonly clock: Clock,
    readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The value kept for `key` if younger than the ttl, else `load`'s (kept from now); `fresh` always loads. */
  async get(key: string, load: () => Promise<V>, fresh = false): Promise<V> {
    const now = this.clock.now().getTime()
    const hit = this.entries.get(key)
    if (hit && !fresh && now - hit.at < this.ttlMs) return hit.value
    const value = await load()
    // re-inserted, so the key counts as newest when the oldest is dropped
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, at: now })
    return value
  }

  /** Forgets every value (what they were loaded from changed). */
  clear(): void {
    this.entries.clear()
  }
}
