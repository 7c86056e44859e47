/**
 * Configuration: the one place that reads `process.env`. It is read once, validated
 * and frozen; a bad value stops the process with a message naming the variable.
 */

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory
  | { kind: 'postgres'; url: string }

export interface RateLimits {
  /** Code requests per email address per window. */
  codeRequestsPerEmail: number
  /** Code requests per client IP per window. */
  codeRequestsPerIp: number
  /** Failed token requests per client IP per window. */
  failedTokenPerIp: number
  /**
   * Failed token requests per OAuth client per window, across all IPs. This is the cap
   * that bounds an attacker with many IPs (see modules/oauth/login-codes.ts).
   */
  failedTokenPerClient: number
  /** Failed password logins per account per window. */
  failedPasswordPerAccount: number
  windowSeconds: number
}

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (rate limits key on it):
   * false (default: none), true (all: only behind a proxy that overwrites the header),
   * a hop count, or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string
  publicUrl: string
  database: DatabaseTarget
  redisUrl: string | null
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string
  smtpUrl: string | null
  mailFrom: string
  logLevel: string
  /** Whether a fresh embedded database gets a dev tenant, client and admin. */
  seedDevData: boolean
  loginCodeTtlSeconds: number
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  emailConfirmationTtlSeconds: number
  passwordResetTtlSeconds: number
  allowUnconfirmedPasswordLogin: boolean
  scrypt: { N: number; r: number; p: number }
  rateLimits: RateLimits
  /** Whether the in-process outbox worker runs alongside the HTTP server. */
  runWorker: boolean
  email: {
    maxAttempts: number
    /** First retry delay; each further retry doubles it (with jitter), up to an hour. */
    retryBaseMs: number
    /** How often an idle worker looks for due mail written by other instances. */
    pollMs: number
  }
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`)
  }
}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false
  throw new ConfigError(name, `must be true or false, got "${raw}"`)
}

function url(env: Env, name: string, protocols: string[]): string | null {
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

function database(env: Env): DatabaseTarget {
  const raw = env.DATABASE_URL
  if (raw === undefined || raw === '') return { kind: 'pglite', dataDir: '.data/pglite' }
  if (raw === 'pglite://memory') return { kind: 'pglite', dataDir: null }
  if (raw.startsWith('pglite://')) return { kind: 'pglite', dataDir: raw.slice('pglite://'.length) }
  const checked = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])
  return { kind: 'postgres', url: checked ?? raw }
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development'
  const port = int(env, 'PORT', 3000, 0, 65535)
  const host = env.HOST || '127.0.0.1'
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${host}:${port}`).replace(/\/+$/, '')
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`)
  const mailFrom = env.MAIL_FROM || 'Trellis <no-reply@trellis.local>'
  if (!/@/.test(mailFrom)) throw new ConfigError('MAIL_FROM', 'must contain an email address')
  const db = database(env)
  const config: Config = {
    env: nodeEnv,
    port,
    host,
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl,
    database: db,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'trellis:',
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    logLevel,
    seedDevData: nodeEnv !== 'production' && db.kind === 'pglite',
    loginCodeTtlSeconds: int(env, 'LOGIN_CODE_TTL_SECONDS', 600, 60, 3600),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 3600, 365 * 86_400),
    emailConfirmationTtlSeconds: int(env, 'EMAIL_CONFIRMATION_TTL_SECONDS', 86_400, 600, 30 * 86_400),
    passwordResetTtlSeconds: int(env, 'PASSWORD_RESET_TTL_SECONDS', 3600, 300, 86_400),
    allowUnconfirmedPasswordLogin: bool(env, 'ALLOW_UNCONFIRMED_PASSWORD_LOGIN', false),
    scrypt: {
      N: int(env, 'SCRYPT_N', 32768, 1024, 1 << 20),
      r: int(env, 'SCRYPT_R', 8, 1, 32),
      p: int(env, 'SCRYPT_P', 1, 1, 16),
    },
    rateLimits: {
      codeRequestsPerEmail: int(env, 'RATE_LIMIT_CODE_PER_EMAIL', 5, 1, 1_000_000),
      codeRequestsPerIp: int(env, 'RATE_LIMIT_CODE_PER_IP', 30, 1, 1_000_000),
      failedTokenPerIp: int(env, 'RATE_LIMIT_FAILED_TOKEN_PER_IP', 20, 1, 1_000_000),
      failedTokenPerClient: int(env, 'RATE_LIMIT_FAILED_TOKEN_PER_CLIENT', 1000, 1, 1_000_000),
      failedPasswordPerAccount: int(env, 'RATE_LIMIT_FAILED_PASSWORD_PER_ACCOUNT', 10, 1, 1_000_000),
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
    },
    runWorker: bool(env, 'RUN_WORKER', true),
    email: {
      maxAttempts: int(env, 'EMAIL_MAX_ATTEMPTS', 8, 1, 100),
      retryBaseMs: int(env, 'EMAIL_RETRY_BASE_MS', 5000, 1, 3_600_000),
      pollMs: int(env, 'EMAIL_POLL_MS', 1000, 10, 60_000),
    },
  }
  return Object.freeze(config)
}
