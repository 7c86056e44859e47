/**
 * Domain metrics, one set per app (each on the app's own prom-client registry, so several
 * apps in one process, as in tests, keep their own figures). Services and plugins receive
 * this object; the names below are the documented contract for dashboards:
 *
 *   trellis_token_grants_total{grant_type, outcome}   token endpoint answers (outcome: issued or the OAuth error)
 *   trellis_login_codes_requested_total                 accepted passwordless code requests
 *   trellis_rate_limit_refusals_total{route}            429 answers
 *   trellis_email_outbox_messages{status}               outbox rows by status (queued, sending, sent, failed, mailbox)
 *   trellis_email_outbox_oldest_queued_age_seconds      age of the oldest message still to deliver
 *   trellis_mqtt_connected_devices{broker}              devices connected to this instance's embedded broker
 *   trellis_db_pool_connections{state}                  PostgreSQL pool: in_use, idle, waiting
 *
 * The email worker adds its own counters to `registry` (e.g. sent and failed deliveries).
 */
import { Counter, Gauge, Registry } from 'prom-client'
import { poolOf, type DB } from '../db/connect.ts'
import { OAUTH_CODE } from './error-catalog.ts'

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code'] as const
/** RFC 6749 5.2 codes plus ours; anything else is counted as "error" to keep labels bounded. */
export const GRANT_OUTCOMES = [
  'issued',
  OAUTH_CODE.invalid_request,
  OAUTH_CODE.invalid_client,
  OAUTH_CODE.invalid_grant,
  OAUTH_CODE.unauthorized_client,
  OAUTH_CODE.unsupported_grant_type,
  OAUTH_CODE.invalid_scope,
  OAUTH_CODE.rate_limited,
  // a polling device's answers (RFC 8628 3.5)
  OAUTH_CODE.authorization_pending,
  OAUTH_CODE.slow_down,
  OAUTH_CODE.access_denied,
  OAUTH_CODE.expired_token,
  'error',
] as const

export interface AppMetrics {
  registry: Registry
  tokenGrants: Counter<'grant_type' | 'outcome'>
  loginCodesRequested: Counter
  rateLimitRefusals: Counter<'route'>
}

export function createMetrics(db: DB): AppMetrics {
  const registry = new Registry()
  const metrics: AppMetrics = {
    registry,
    tokenGrants: new Counter({
      name: 'trellis_token_grants_total',
      help: 'Token endpoint answers by grant type and outcome (issued, or the OAuth error code)',
      labelNames: ['grant_type', 'outcome'],
      registers: [registry],
    }),
    loginCodesRequested: new Counter({
      name: 'trellis_login_codes_requested_total',
      help: 'Passwordless login code requests accepted',
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'trellis_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'],
      registers: [registry],
    }),
  }
  poolGauge(db, registry)
  return metrics
}

function poolGauge(db: DB, registry: Registry): void {
  const pool = poolOf(db)
  if (!pool) return // PGlite is one session handed out in turn: there is no pool to watch
  new Gauge({
    name: 'trellis_db_pool_connections',
    help: 'PostgreSQL pool connections: in_use, idle, and waiting (requests queued for a connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
}
