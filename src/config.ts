/**
 * Configuration: the one place that reads `process.env`. It is read once, validated
 * and frozen; a bad value stops the process with a message naming the variable.
 *
 * Threat: a typo in NODE_ENV ("prod") used to fall back to development, which shows every
 * login code in the dev mailbox and the log. NODE_ENV is therefore one of exactly three
 * values, and production refuses to run without an explicit DATABASE_URL.
 */
import { isIP } from 'node:net'
import { DEFAULT_V5_CLIENT_ID, basePath, bool, bucket, database, domains, host, int, mqtt, nodeEnv, scryptParams, secretsKey, trustProxy, url, ConfigError, type Env } from './config-values.ts'

import type { DatabaseTarget, MqttConfig, NodeEnv, RateLimitSpec, ScryptParams } from './config-values.ts'

export { ConfigError, DEFAULT_V5_CLIENT_ID } from './config-values.ts'
export type { DatabaseTarget, MqttConfig, RateLimitSpec } from './config-values.ts'

export interface RateLimits {
  /** Mail-sending requests (login code, register, forgotPassword) per client address (IPv4, or IPv6 /64); over it: 429. */
  mailPerIp: RateLimitSpec
  /** Mail to one address from one network; over it the request answers the same 200 and sends nothing. */
  mailPerEmailPerNetwork: RateLimitSpec
  /** Mail to one address from every network together (the larger cap); over it, the same. */
  mailPerEmail: RateLimitSpec
  /** Mail to one address from a network its owner has signed in from, once mailPerEmail is spent. */
  mailPerEmailKnownNetwork: RateLimitSpec
  /** Invitations one person sends (each one an email to an address they chose); over it: 429. */
  invitationsPerInviter: RateLimitSpec
  /** Failed token requests per OAuth client; when spent, codes redeem only from the network that requested them. */
  failedTokenPerClient: RateLimitSpec
  /** Failed token requests per network (IPv4 /24, IPv6 /64); when spent too, only from the same address. */
  failedTokenPerNetwork: RateLimitSpec
  /** Failed token requests per address; when all three are spent, code exchanges from it get 429. */
  failedTokenPerIp: RateLimitSpec
  /** Wrong passwords per account from anywhere. */
  failedPasswordPerAccount: RateLimitSpec
  /** Wrong passwords per account from one network it has signed in from, once the account's budget is spent. */
  failedPasswordPerKnownNetwork: RateLimitSpec
  /** Failed device claims (wrong code or factory password) per device, and per account. */
  failedClaimPerDevice: RateLimitSpec
  failedClaimPerAccount: RateLimitSpec
}

export interface Config {
  env: NodeEnv
  port: number
  host: string
  /**
   * Which X-Forwarded-For entries to believe for the client IP (rate limits key on it):
   * false (default: none, the socket address is the client), a hop count n (the n proxies
   * nearest to us are trusted: the client is the entry n places from the right, so
   * whatever a client writes further left is ignored), or a comma-separated list of proxy
   * addresses/CIDRs. TRUST_PROXY=true means 1: one proxy in front, which appends the
   * address it saw. Trusting every hop would let one host mint any address it likes.
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
  /** How long SIGTERM waits for requests in flight before the process exits anyway (exit 1). */
  shutdownTimeoutSeconds: number
  /** Attempts to reach the database at start (backoff doubles from 250 ms) before giving up. */
  databaseConnectAttempts: number
  /** Whether a fresh embedded database gets a dev tenant, client and admin. */
  seedDevData: boolean
  loginCodeTtlSeconds: number
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  /**
   * How long after a refresh token is rotated a retry of it by the same client rotates again
   * instead of revoking the session (0: never); see grants/refresh-token.ts for the threat.
   */
  refreshReuseIntervalSeconds: number
  emailConfirmationTtlSeconds: number
  passwordResetTtlSeconds: number
  invitationTtlSeconds: number
  /** How long audit-log entries are kept before maintenance purges them (modules/audit). */
  auditRetentionDays: number
  /** How recent a sign-in deleting an account, or adding or deleting a passkey, needs (RECENT_SIGN_IN_SECONDS; docs/api.md "Deleting an account"). */
  recentSignInSeconds: number
  allowUnconfirmedPasswordLogin: boolean
  scrypt: ScryptParams
  rateLimits: RateLimits
  /** Whether the in-process workers (the email outbox, the schedule runner) run alongside the HTTP server. */
  runWorker: boolean
  /** Whether a start applies pending migrations (MIGRATE_ON_START), or refuses a database that is behind. */
  migrateOnStart: boolean
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS: webhook endpoints may be plain http and point at private,
   * loopback and link-local addresses (development and tests); refused otherwise (modules/webhooks/targets.ts).
   */
  webhookAllowPrivateTargets: boolean
  /** UPSTREAM_ALLOW_PRIVATE_ISSUERS: upstream providers may be plain http on private addresses (development and tests; modules/connections). */
  upstreamAllowPrivateIssuers: boolean
  /** /metrics: on a port of its own, and/or on the public port behind a bearer token; neither by default. */
  metrics: { port: number | null; host: string; token: string | null }
  /**
   * SECRETS_KEY: the 32-byte key that encrypts signing keys, HMAC keys and queued mail
   * secrets at rest (base64 or hex). Required in production; elsewhere, when unset, one is
   * generated into .data/secrets.key (see db/secrets-key.ts).
   */
  secretsKey: Buffer | null
  /** SECRETS_KEY_PREVIOUS: a key being rotated out; values under it are re-sealed at start. */
  secretsKeyPrevious: Buffer | null
  /** Domains a tenant's senderEmail may use without a confirmation email (lower case). */
  allowedSenderDomains: string[]
  email: {
    /**
     * How long a claimed message stays leased to the worker that claimed it: mail held by an
     * instance that died waits this long before another instance sends it.
     */
    leaseSeconds: number
    maxAttempts: number
    /** First retry delay; each further retry doubles it (with jitter), up to an hour. */
    retryBaseMs: number
    /** How often an idle worker looks for due mail written by other instances. */
    pollMs: number
    /** Per-message SMTP deadline (connect, greeting, each socket wait, and the whole send); at most half the lease. */
    smtpTimeoutMs: number
    /** Messages in flight at once per worker. */
    concurrency: number
  }
  /** The v5 dialect (modules/dialects/v5): where it is mounted, and the client its password login uses. */
  v5: { basePath: string; clientId: string }
  /** Devices over MQTT (modules/devices). */
  mqtt: MqttConfig
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** Names of the fixed-window limits these buckets replaced: a stale setting must not be silently ignored. */
export const REPLACED: Record<string, string> = {
  RATE_LIMIT_CODE_PER_EMAIL: 'RATE_LIMIT_MAIL_PER_EMAIL',
  RATE_LIMIT_CODE_PER_IP: 'RATE_LIMIT_MAIL_PER_IP',
  RATE_LIMIT_WINDOW_SECONDS: 'the period in each RATE_LIMIT_* value (N/P)',
}

/**
 * Where Prometheus scrapes /metrics. Never on the public port by default: a port of its own
 * (METRICS_PORT, on METRICS_HOST, loopback unless told), or the public port with a bearer
 * token (METRICS_TOKEN) for a scraper that can only reach that one.
 */
function metricsExposure(env: Env): Config['metrics'] {
  const port = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1, 65535) : null
  const token = env.METRICS_TOKEN || null
  if (token !== null && token.length < 32) throw new ConfigError('METRICS_TOKEN', 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
  return { port, host: host(env.METRICS_HOST || '127.0.0.1'), token }
}

/**
 * Outbox delivery. The SMTP deadline is at most half the claim lease (outbox.ts), so a slow
 * send is abandoned by its own worker long before another worker may claim the message.
 */
function emailDelivery(env: Env): Config['email'] {
  const leaseSeconds = int(env, 'EMAIL_LEASE_SECONDS', 60, 2, 3600)
  const halfLeaseMs = leaseSeconds * 500
  const smtpTimeoutMs = int(env, 'EMAIL_SMTP_TIMEOUT_MS', Math.min(15_000, halfLeaseMs), 100, 30_000)
  if (smtpTimeoutMs > halfLeaseMs) {
    throw new ConfigError('EMAIL_SMTP_TIMEOUT_MS', `must be at most half of EMAIL_LEASE_SECONDS (${halfLeaseMs} ms), got ${smtpTimeoutMs}`)
  }
  return {
    leaseSeconds,
    maxAttempts: int(env, 'EMAIL_MAX_ATTEMPTS', 8, 1, 100),
    retryBaseMs: int(env, 'EMAIL_RETRY_BASE_MS', 5000, 1, 3_600_000),
    pollMs: int(env, 'EMAIL_POLL_MS', 1000, 10, 60_000),
    smtpTimeoutMs,
    concurrency: int(env, 'EMAIL_CONCURRENCY', 5, 1, 50),
  }
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  for (const [old, now] of Object.entries(REPLACED)) {
    if (env[old] !== undefined && env[old] !== '') throw new ConfigError(old, `is no longer read; use ${now}`)
  }
  const mode = nodeEnv(env.NODE_ENV)
  const port = int(env, 'PORT', 3000, 0, 65535)
  const listenHost = host(env.HOST)
  const urlHost = isIP(listenHost) === 6 ? `[${listenHost}]` : listenHost
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${urlHost}:${port}`).replace(/\/+$/, '')
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`)
  const mailFrom = env.MAIL_FROM || 'Trellis <no-reply@trellis.local>'
  if (!/@/.test(mailFrom)) throw new ConfigError('MAIL_FROM', 'must contain an email address')
  if (mode === 'production' && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL', 'is required in production (postgres://..., or pglite://DIR for an embedded database)')
  }
  const db = database(env)
  const currentKey = secretsKey(env, 'SECRETS_KEY')
  if (!currentKey && mode === 'production') {
    throw new ConfigError('SECRETS_KEY', 'is required in production: 32 bytes as base64 or hex (`openssl rand -base64 32`)')
  }
  const config: Config = {
    env: mode,
    port,
    host: listenHost,
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl,
    database: db,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'trellis:',
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    logLevel,
    shutdownTimeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25, 1, 3600),
    databaseConnectAttempts: int(env, 'DATABASE_CONNECT_ATTEMPTS', 6, 1, 100),
    seedDevData: mode !== 'production' && db.kind === 'pglite',
    loginCodeTtlSeconds: int(env, 'LOGIN_CODE_TTL_SECONDS', 600, 60, 3600),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 3600, 365 * 86_400),
    // a retry comes within seconds; a longer window only lengthens a stolen token's grace
    refreshReuseIntervalSeconds: int(env, 'REFRESH_REUSE_INTERVAL_SECONDS', 10, 0, 60),
    emailConfirmationTtlSeconds: int(env, 'EMAIL_CONFIRMATION_TTL_SECONDS', 86_400, 600, 30 * 86_400),
    passwordResetTtlSeconds: int(env, 'PASSWORD_RESET_TTL_SECONDS', 3600, 300, 86_400),
    invitationTtlSeconds: int(env, 'INVITATION_TTL_SECONDS', 7 * 86_400, 3600, 90 * 86_400),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 3650),
    recentSignInSeconds: int(env, 'RECENT_SIGN_IN_SECONDS', 300, 30, 3600),
    allowUnconfirmedPasswordLogin: bool(env, 'ALLOW_UNCONFIRMED_PASSWORD_LOGIN', false),
    scrypt: scryptParams(env),
    rateLimits: {
      mailPerIp: bucket(env, 'RATE_LIMIT_MAIL_PER_IP', '300/10m'),
      mailPerEmailPerNetwork: bucket(env, 'RATE_LIMIT_MAIL_PER_EMAIL_PER_NETWORK', '2/1h'),
      mailPerEmail: bucket(env, 'RATE_LIMIT_MAIL_PER_EMAIL', '20/1h'),
      mailPerEmailKnownNetwork: bucket(env, 'RATE_LIMIT_MAIL_PER_EMAIL_KNOWN_NETWORK', '5/1h'),
      invitationsPerInviter: bucket(env, 'RATE_LIMIT_INVITATIONS_PER_INVITER', '10/1h'),
      failedTokenPerClient: bucket(env, 'RATE_LIMIT_FAILED_TOKEN_PER_CLIENT', '40/1d'),
      failedTokenPerNetwork: bucket(env, 'RATE_LIMIT_FAILED_TOKEN_PER_NETWORK', '40/1d'),
      failedTokenPerIp: bucket(env, 'RATE_LIMIT_FAILED_TOKEN_PER_IP', '40/1d'),
      failedPasswordPerAccount: bucket(env, 'RATE_LIMIT_FAILED_PASSWORD_PER_ACCOUNT', '20/1d'),
      failedPasswordPerKnownNetwork: bucket(env, 'RATE_LIMIT_FAILED_PASSWORD_PER_KNOWN_NETWORK', '10/1d'),
      failedClaimPerDevice: bucket(env, 'RATE_LIMIT_FAILED_CLAIM_PER_DEVICE', '10/1d'),
      failedClaimPerAccount: bucket(env, 'RATE_LIMIT_FAILED_CLAIM_PER_ACCOUNT', '20/1d'),
    },
    runWorker: bool(env, 'RUN_WORKER', true),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    webhookAllowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    upstreamAllowPrivateIssuers: bool(env, 'UPSTREAM_ALLOW_PRIVATE_ISSUERS', false),
    secretsKey: currentKey,
    secretsKeyPrevious: secretsKey(env, 'SECRETS_KEY_PREVIOUS'),
    allowedSenderDomains: domains(env.ALLOWED_SENDER_DOMAINS),
    email: emailDelivery(env),
    v5: { basePath: basePath(env, 'V5_BASE_PATH', '/v5'), clientId: env.V5_CLIENT_ID || DEFAULT_V5_CLIENT_ID },
    mqtt: mqtt(env, listenHost, mode),
    metrics: metricsExposure(env),
  }
  return Object.freeze(config)
}
