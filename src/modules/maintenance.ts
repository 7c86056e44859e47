/**
 * Housekeeping: drops what can no longer matter, on a timer (every instance may run it; the
 * deletes are idempotent). Each module sweeps its own tables through the sweep its factory
 * returns; the wiring lists them in the order they must run (modules/index.ts).
 */
import type { Log } from '../lib/log.ts'
import type { Clock } from '../lib/clock.ts'
import type { AuditModule } from './audit/index.ts'
import type { ConnectionsModule } from './connections/index.ts'
import type { EmailModule } from './email/index.ts'
import type { OAuthModule } from './oauth/index.ts'
import type { PagesModule } from './pages/index.ts'
import type { PasskeysModule } from './passkeys/index.ts'
import type { SessionsModule } from './sessions/index.ts'
import type { UsersModule } from './users/index.ts'
import type { WebhooksModule } from './webhooks/index.ts'

/** One module's sweep of its own tables, at the clock's time. */
export type Purge = (at: Date) => Promise<unknown>

/** Every module's sweep, in the order they must run. */
export function sweepsInOrder(
  m: { oauth: OAuthModule; users: UsersModule; sessions: SessionsModule; passkeys: PasskeysModule; connections: ConnectionsModule; pages: PagesModule; email: EmailModule; audit: AuditModule; webhooks: WebhooksModule },
  auditRetentionDays: number,
): Purge[] {
  return [
    m.oauth.sweepLoginCodes,
    m.users.sweep,
    // refresh tokens first: a session left without any is swept with the sessions
    m.oauth.sweepRefreshTokens,
    (at) => m.sessions.sweep(at, m.oauth.hasRefreshTokens),
    m.passkeys.sweep,
    m.connections.sweep,
    m.pages.sweep,
    m.email.sweep,
    m.webhooks.sweep,
    (at) => m.audit.audit.purge(at, auditRetentionDays),
    // the sign-in log is kept as long as the audit log
    (at) => m.oauth.signIns.purge(at, auditRetentionDays),
  ]
}

/** One pass: each sweep in turn, all at the same time. */
export async function maintenancePass(at: Date, purges: readonly Purge[]): Promise<void> {
  for (const purge of purges) await purge(at)
}

export function scheduleMaintenance(log: Log, clock: Clock, purges: readonly Purge[], everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => {
    maintenancePass(clock.now(), purges).catch((err: unknown) => log.warn({ err }, 'maintenance pass failed'))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
