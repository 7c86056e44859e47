/**
 * The audit log's port: what a service hands over when an admin changes something. It sits
 * here, at the bottom, so that tenancy and every feature module can record without
 * importing upwards; modules/audit implements it and the wiring passes it in.
 *
 * Secrets never reach an entry. A summary is built only by `summarize`, from an allow-list:
 * it names the fields a change set, and gives the value only of fields listed as safe to
 * show, and only when that value is a short scalar. Anything not on the list (a secret, a
 * token, a code, a hash, a text nobody thought of) appears by name at most.
 */
import type { Executor } from '../db/executor.ts'
import type { AuditSummary } from '../db/audit-tables.ts'

export interface AuditActorRef {
  kind: 'user' | 'client' | 'operator' | 'anonymous'
  /** The user id or client id; null for the operator. */
  id: string | null
  /** The request's address; null from the CLI and the dev seed. */
  sourceIp: string | null
}

export interface AuditRecord {
  actor: AuditActorRef
  /** The tenant the action happened in; null for platform-wide things (platform clients, keys, devices). */
  tenantId: number | null
  /** A stable dotted name: `tenant.update`, `member.add`, `client.secret.rotate`. */
  action: string
  target: { type: string; id: string | number | null }
  /** Built with `summarize`. */
  summary?: AuditSummary
}

export type { AuditSummary }

export interface AuditSink {
  /**
   * Appends one entry, or several in one statement (changes made together in one batch), on
   * `db` (pass the transaction that made the change, so both commit or neither).
   */
  record(db: Executor, entry: AuditRecord | readonly AuditRecord[]): Promise<void>
}

/**
 * Whether the log holds entries of a tenant id. A deleted tenant's entries stay (they are its
 * trail, kept for the retention period), so tenancy asks this before giving the id to a new
 * tenant: the id of a trail is never handed to someone else.
 */
export interface AuditTrails {
  hasTrail(db: Executor, tenantId: number): Promise<boolean>
}

/** For code paths built without a log (unit tests of a single service). */
export const NO_AUDIT: AuditSink = { record: async () => {} }

const MAX_VALUE = 200

/**
 * A summary of a change: the names of the fields it set (those with a defined value), and
 * the values of those among `show` that are scalars, cut to 200 characters.
 */
export function summarize(change: Record<string, unknown>, show: readonly string[] = []): AuditSummary {
  const fields = Object.keys(change).filter((key) => change[key] !== undefined).sort()
  const values: Record<string, string | number | boolean | null> = {}
  for (const key of fields) {
    if (!show.includes(key)) continue
    const value = change[key]
    if (typeof value === 'string') values[key] = value.slice(0, MAX_VALUE)
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) values[key] = value
  }
  return Object.keys(values).length ? { fields, values } : { fields }
}
