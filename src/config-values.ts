/**
 * How each environment variable is read and checked: every reader names its variable in
 * the ConfigError it throws, so a bad value stops the process with one line that says which.
 */
import { isIP } from 'node:net'
import { parseSecretsKey } from './lib/secret-box.ts'

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory
  /**
   * poolSize: connections this process opens at most (DATABASE_POOL_SIZE); preparedStatements:
   * whether the hot statements are prepared per connection (DATABASE_PREPARED_STATEMENTS, db/prepared.ts).
   */
  | { kind: 'postgres'; url: string; poolSize: number; preparedStatements: boolean }

/**
 * Each limit is a token bucket written `N/P` (`RATE_LIMIT_*=300/10m`): a quiet key takes
 * N at once, and tokens come back steadily at N per P (P in s, m, h or d). See
 * lib/rate-limit.ts for how a bucket is built, and docs/security.md (Limits) for what each one protects.
 */
export interface RateLimitSpec {
  burst: number
  periodSeconds: number
}

export interface MqttConfig {
  /** An external broker (mqtt:// or mqtts://); null: the embedded broker, unless disabled. */
  url: string | null
  /** Whether the embedded broker runs when there is no external one. */
  embedded: boolean
  /** The embedded broker's port (0: an ephemeral port, for tests) and interface. */
  port: number
  host: string
  /**
   * Whether the embedded broker takes a free port when MQTT_PORT is busy (development and test:
   * a developer's machine often runs its own broker on 1883), or stops the start (production:
   * devices are configured with that port, so another one would serve nobody).
   */
  takeFreePortWhenBusy: boolean
  /** PEM files: the embedded broker speaks TLS when both are given. */
  tlsCert: string | null
  tlsKey: string | null
  /** The shared-subscription group of the instances of one deployment on an external broker. */
  shareGroup: string
  /** Shared secret EMQX sends in the x-trellis-hook-secret header; null: the hooks are off. */
  hookSecret: string | null
  /** How long the state-change history of a device is kept. */
  historyRetentionDays: number
  /** A command not confirmed by the device's state within this time is expired. */
  commandTimeoutSeconds: number
}

export type NodeEnv = 'development' | 'production' | 'test'
export interface ScryptParams { N: number; r: number; p: number }

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`)
  }
}

export type Env = Record<string, string | undefined>

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false
  throw new ConfigError(name, `must be true or false, got "${raw}"`)
}

export function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(name, `is not a valid URL`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got ${parsed.protocol}`)
  }
  return raw
}

export function database(env: Env): DatabaseTarget {
  const raw = env.DATABASE_URL
  if (raw === undefined || raw === '') return { kind: 'pglite', dataDir: '.data/pglite' }
  if (raw === 'pglite://memory') return { kind: 'pglite', dataDir: null }
  if (raw.startsWith('pglite://')) return { kind: 'pglite', dataDir: raw.slice('pglite://'.length) }
  const checked = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])
  // Why 10: a token exchange is one statement that waits on its commit's WAL flush, so more
  // connections than cores keep the database busy while others wait (and share flushes). Past
  // that they only compete: on 2 cores, exchanges on pools of 6 and 10 used less of
  // PostgreSQL's CPU each (0.33-0.45 ms) and ran 5-20% faster than on 20 (0.46-0.53 ms), with a
  // lower p99 (bench:login, DATABASE_POOL_SIZE). Instances x pool size must stay under the
  // server's max_connections (100 by default).
  return {
    kind: 'postgres',
    url: checked ?? raw,
    // at least 3: two connections listen (signing-key changes, access changes), one queries
    poolSize: int(env, 'DATABASE_POOL_SIZE', 10, 3, 1000),
    // off only behind a pooler that cannot keep prepared statements per client (db/prepared.ts)
    preparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
  }
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 }

export function bucket(env: Env, name: string, fallback: string): RateLimitSpec {
  const raw = env[name] || fallback
  const match = /^(\d+)\/(\d*)([smhd])$/.exec(raw.trim())
  const burst = Number(match?.[1])
  const periodSeconds = Number(match?.[2] || '1') * (UNIT_SECONDS[match?.[3] ?? ''] ?? 0)
  if (!match || burst < 1 || burst > 1_000_000 || periodSeconds < 1 || periodSeconds > 30 * 86_400) {
    throw new ConfigError(name, `must be N/P like 300/10m (1..1000000 per 1s..30d), got "${raw}"`)
  }
  return { burst, periodSeconds }
}

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function proxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d+$/.test(prefix)) return isIP(prefix) === 4 && family === 4 // a netmask like 255.0.0.0
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

export function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false
  // one proxy, never "every hop": the leftmost entries are whatever the client wrote
  if (raw === 'true') return 1
  if (/^\d+$/.test(raw)) return Number(raw)
  const entries = raw.split(',').map((s) => s.trim())
  const bad = entries.find((entry) => !proxyEntry(entry))
  if (bad !== undefined) {
    throw new ConfigError('TRUST_PROXY', `"${bad}" is not an IP address, a CIDR range or one of ${PROXY_NAMES.join(', ')} (or use true or a hop count)`)
  }
  return entries.join(',')
}

const NODE_ENVS = ['development', 'test', 'production'] as const

export function nodeEnv(raw: string | undefined): NodeEnv {
  if (raw === undefined || raw === '') return 'development'
  const found = NODE_ENVS.find((name) => name === raw)
  if (!found) throw new ConfigError('NODE_ENV', `must be one of ${NODE_ENVS.join(', ')}, got "${raw}"`)
  return found
}

/** A host name (RFC 1123 labels) or an IP address. */
export function host(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '127.0.0.1'
  const name = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
  if (isIP(raw) || name.test(raw)) return raw
  throw new ConfigError('HOST', `must be an IP address or a host name, got "${raw}"`)
}

/** Largest scrypt working memory we allow per hash (128 * N * r bytes). */
const SCRYPT_MAX_BYTES = 256 * 1024 * 1024

export function scryptParams(env: Env): ScryptParams {
  const N = int(env, 'SCRYPT_N', 32768, 1024, 1 << 20)
  const r = int(env, 'SCRYPT_R', 8, 1, 32)
  const p = int(env, 'SCRYPT_P', 1, 1, 16)
  if ((N & (N - 1)) !== 0) throw new ConfigError('SCRYPT_N', `must be a power of two (e.g. 16384, 32768, 65536), got ${N}`)
  if (128 * N * r > SCRYPT_MAX_BYTES) {
    throw new ConfigError('SCRYPT_N', `with SCRYPT_R=${r} needs ${(128 * N * r) / 2 ** 20} MiB per hash (128 * N * r); at most ${SCRYPT_MAX_BYTES / 2 ** 20} MiB is allowed`)
  }
  return { N, r, p }
}

/** The imported iOS app's public client: what the v5 password login signs in through unless V5_CLIENT_ID says otherwise. */
export const DEFAULT_V5_CLIENT_ID = '83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c'

export function basePath(env: Env, name: string, fallback: string): string {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(raw)) throw new ConfigError(name, `must be a path like /v5 (no trailing slash, not /), got "${raw}"`)
  return raw
}

export function mqtt(env: Env, host: string, mode: NodeEnv): MqttConfig {
  const tlsCert = env.MQTT_TLS_CERT || null
  const tlsKey = env.MQTT_TLS_KEY || null
  if (Boolean(tlsCert) !== Boolean(tlsKey)) {
    throw new ConfigError(tlsCert ? 'MQTT_TLS_KEY' : 'MQTT_TLS_CERT', 'MQTT_TLS_CERT and MQTT_TLS_KEY go together')
  }
  const shareGroup = env.MQTT_SHARE_GROUP || 'trellis'
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(shareGroup)) throw new ConfigError('MQTT_SHARE_GROUP', 'must be letters, digits, _ or -')
  const hookSecret = env.MQTT_HOOK_SECRET || null
  if (hookSecret !== null && hookSecret.length < 32) throw new ConfigError('MQTT_HOOK_SECRET', 'must be at least 32 characters')
  return {
    url: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:']),
    embedded: bool(env, 'MQTT_EMBEDDED', true),
    port: int(env, 'MQTT_PORT', 1883, 0, 65535),
    host: env.MQTT_HOST || host,
    takeFreePortWhenBusy: mode !== 'production',
    tlsCert,
    tlsKey,
    shareGroup,
    hookSecret,
    historyRetentionDays: int(env, 'DEVICE_HISTORY_RETENTION_DAYS', 30, 1, 3650),
    commandTimeoutSeconds: int(env, 'DEVICE_COMMAND_TIMEOUT_SECONDS', 30, 1, 3600),
  }
}

export function secretsKey(env: Env, name: string): Buffer | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  const key = parseSecretsKey(raw)
  if (!key) throw new ConfigError(name, 'must be 32 bytes written as base64 (44 characters) or hex (64 characters); make one with `openssl rand -base64 32`')
  return key
}

export function domains(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean)
  for (const d of list) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d)) throw new ConfigError('ALLOWED_SENDER_DOMAINS', `"${d}" is not a domain name`)
  }
  return list
}
