/**
 * Fixed-window counters for rate limits. In memory for one instance; in Redis when
 * REDIS_URL is set, so every instance counts against the same limit. Limits here count
 * what matters (code requests per email, *failed* token requests per client), which a
 * per-route request limiter cannot express.
 */
import { Redis } from 'ioredis'

export interface LimitState {
  count: number
  /** Seconds until the window resets. */
  retryAfter: number
}

export interface Limiter {
  /** Counts one event and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<LimitState>
  /** The current count, without counting. */
  peek(key: string): Promise<LimitState>
  close(): Promise<void>
}

export class MemoryLimiter implements Limiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()
  private lastSweep = Date.now()

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }

  async hit(key: string, windowSeconds: number): Promise<LimitState> {
    const now = Date.now()
    this.sweep(now)
    let w = this.windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 }
      this.windows.set(key, w)
    }
    w.count += 1
    return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) }
  }

  async peek(key: string): Promise<LimitState> {
    const now = Date.now()
    const w = this.windows.get(key)
    if (!w || w.resetAt <= now) return { count: 0, retryAfter: 0 }
    return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) }
  }

  async close(): Promise<void> {}
}

// INCR and set the window's expiry on its first event, atomically; return count and TTL.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`

export class RedisLimiter implements Limiter {
  private readonly redis: Redis

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
  }

  async hit(key: string, windowSeconds: number): Promise<LimitState> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, windowSeconds * 1000)) as [number, number]
    return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) }
  }

  async peek(key: string): Promise<LimitState> {
    const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)])
    return { count: Number(count ?? 0), retryAfter: ttl > 0 ? Math.ceil(ttl / 1000) : 0 }
  }

  async close(): Promise<void> {
    await this.redis.quit()
  }
}

export function createLimiter(redisUrl: string | null, prefix: string): Limiter {
  return redisUrl ? new RedisLimiter(redisUrl, prefix) : new MemoryLimiter()
}
