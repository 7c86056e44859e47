/**
 * Token-bucket limits over rate-limiter-flexible: in Redis when REDIS_URL is set (atomic
 * Lua increments, shared by every instance), in memory otherwise. When Redis does not
 * answer, every limiter falls back to a per-instance memory limiter (the library's
 * insuranceLimiter): logins keep working, the fallback is logged and counted in
 * `trellis_rate_limit_fallback_total`, and `/ready` reports Redis as degraded.
 *
 * A bucket `N/P` (see config.ts) is two of the library's limiters: a steady one that lets
 * one request through every P/N seconds, and a reserve of N per P for bursts. So a quiet
 * key can take N + 1 at once, and over any long span at most 2N per P get through. The
 * library's BurstyRateLimiter composes the same two, but does not say which of them took
 * the point; we need that to give the point back (`refund`) when a request turns out to
 * carry a valid credential, so the composition is written out here.
 *
 * Keys are SHA-256 hashed, so Redis never holds email addresses or IPs in clear.
 *
 * The one exception to the injected clock (lib/clock.ts): the library's memory store and its
 * buckets' expiry read the system time themselves and take no clock, so limits follow the wall clock.
 */
import { createHash } from 'node:crypto'
import { systemClock } from './clock.ts'
import type { Log } from './log.ts'
import { createRequire } from 'node:module'
import type { Redis } from 'ioredis'
import type * as IORedis from 'ioredis'
import { Counter, type Registry } from 'prom-client'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible'

export interface BucketSpec {
  /** Tokens a quiet key holds (the burst), and the refill: `burst` per `periodSeconds`. */
  burst: number
  periodSeconds: number
}

export interface Taken {
  /** Whether the bucket had a token for this request. */
  ok: boolean
  /** Seconds until a token is back (0 when ok). */
  retryAfter: number
  /** Gives back whatever this take counted, for a request that proved valid. */
  refund(): Promise<void>
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32)
}

export class Bucket {
  constructor(
    private readonly steady: RateLimiterAbstract,
    private readonly reserve: RateLimiterAbstract,
  ) {}

  /** Takes one token for `key`; a refused take is counted too (it is an attempt). */
  async take(key: string): Promise<Taken> {
    const k = hashKey(key)
    const steady = await consume(this.steady, k)
    if (steady.ok) return { ok: true, retryAfter: 0, refund: () => reward(this.steady, k) }
    const reserve = await consume(this.reserve, k)
    const refund = async () => {
      await reward(this.steady, k)
      await reward(this.reserve, k)
    }
    if (reserve.ok) return { ok: true, retryAfter: 0, refund }
    const ms = Math.min(steady.msBeforeNext, reserve.msBeforeNext)
    return { ok: false, retryAfter: Math.max(1, Math.ceil(ms / 1000)), refund }
  }
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<{ ok: boolean; msBeforeNext: number }> {
  try {
    const res = await limiter.consume(key)
    return { ok: true, msBeforeNext: res.msBeforeNext }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, msBeforeNext: error.msBeforeNext }
    throw error
  }
}

async function reward(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key)
}

/** ioredis, loaded only when REDIS_URL is set (a start without Redis skips its modules). */
function redisClass(): typeof Redis {
  return (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis
}

/** The memory limiter Redis falls back to; each use is a fallback event. */
class Insurance extends RateLimiterMemory {
  constructor(
    opts: IRateLimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(opts)
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): ReturnType<RateLimiterMemory['consume']> {
    this.onUse()
    return super.consume(...args)
  }

  override reward(...args: Parameters<RateLimiterMemory['reward']>): ReturnType<RateLimiterMemory['reward']> {
    this.onUse()
    return super.reward(...args)
  }
}

export type RedisHealth = 'ok' | 'degraded'

export class Limits {
  /** Limiter operations served from memory because Redis did not answer. */
  readonly fallbacks = new Counter({
    name: 'trellis_rate_limit_fallback_total',
    help: 'Rate-limit operations served by the per-instance memory fallback because Redis did not answer',
    registers: [],
  })
  private readonly redis: Redis | null
  private readonly lastWarning = new Map<string, number>()

  constructor(
    redisUrl: string | null,
    private readonly prefix: string,
    private readonly log: Log,
  ) {
    // No offline queue: while Redis is away a command fails at once and the memory
    // fallback answers, instead of the request waiting for a reconnect.
    this.redis = redisUrl ? new (redisClass())(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null
    this.redis?.on('error', (error: Error) => this.warn('Redis for rate limits is unavailable', error.message))
  }

  private warn(message: string, reason: string): void {
    // at most one line of each kind every 30 s, however many requests fall back
    // throttles a log line, decides nothing a test would move: the wall clock, named
    const now = systemClock.now().getTime()
    if (now - (this.lastWarning.get(message) ?? 0) < 30_000) return
    this.lastWarning.set(message, now)
    this.log.warn({ reason }, `${message}: limits fall back to per-instance memory`)
  }

  private onFallback = (): void => {
    this.fallbacks.inc()
    this.warn('rate limit served from memory', 'Redis did not answer')
  }

  bucket(name: string, spec: BucketSpec): Bucket {
    const steadyOpts = { keyPrefix: `${this.prefix}rl:${name}:s`, points: 1, duration: Math.max(1, Math.round(spec.periodSeconds / spec.burst)) }
    const reserveOpts = { keyPrefix: `${this.prefix}rl:${name}:r`, points: spec.burst, duration: spec.periodSeconds }
    const make = (opts: IRateLimiterOptions): RateLimiterAbstract =>
      this.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter: new Insurance(opts, this.onFallback) })
        : new RateLimiterMemory(opts)
    return new Bucket(make(steadyOpts), make(reserveOpts))
  }

  /** Waits (bounded) for the first connection, so a healthy Redis is used from the first request. */
  async ready(timeoutMs = 2000): Promise<void> {
    const redis = this.redis
    if (!redis || redis.status === 'ready') return
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        redis.off('ready', done)
        redis.off('error', done)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      redis.once('ready', done)
      redis.once('error', done)
    })
  }

  /** null when limits are in memory by configuration; otherwise whether Redis answers now. */
  async health(): Promise<RedisHealth | null> {
    if (!this.redis) return null
    if (this.redis.status !== 'ready') return 'degraded'
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 500).unref())
    const answer = await Promise.race([this.redis.ping().catch(() => 'error'), timeout])
    return answer === 'PONG' ? 'ok' : 'degraded'
  }

  registerMetrics(registry: Registry): void {
    registry.registerMetric(this.fallbacks)
  }

  async close(): Promise<void> {
    if (!this.redis) return
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis?.disconnect())
    else this.redis.disconnect()
  }
}
