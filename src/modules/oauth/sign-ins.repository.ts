/**
 * The sign-in log's table (migration 0040), owned by this module, where every outcome of a
 * sign-in is decided: a code sent or held back (passwordless.service.ts, the login-code job),
 * a code redeemed or refused (grants/authorization-code.ts, whose successful exchange writes its
 * row in the exchange statement itself), a refresh (grants/refresh-token.ts, in the rotation's
 * statement). One row per attempt; never a code or a token, and the network only as an IPv4
 * /24 or an IPv6 /48 (lib/network.ts signInNetwork).
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { SignInRow } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { secondsBefore } from '../../lib/clock.ts'

import type { SignInOutcome } from './sign-in-outcomes.ts'
export type { SignInOutcome }

/** Which limit held a code back (sessions/mail-limits.ts). */
export type HeldBackBy = 'per_sender' | 'per_address_network' | 'per_address' | 'per_address_known_network'

export interface SignInEntry {
  at: Date
  tenantId: number | null
  userId?: number | null
  email: string | null
  clientId: string | null
  network: string | null
  outcome: SignInOutcome
  detail?: HeldBackBy | null
}

/** One row; without an address but with an account (a refused refresh), the account's address, in the same statement. */
export async function insertSignIn(db: Executor, e: SignInEntry): Promise<void> {
  const userId = e.userId ?? null
  const email = e.email ?? (userId === null ? null : sql<string | null>`(select lower(email) from users where id = ${userId})`)
  await db
    .insertInto('sign_ins')
    .values({ at: e.at, tenant_id: e.tenantId, user_id: userId, email, client_id: e.clientId, network: e.network, outcome: e.outcome, detail: e.detail ?? null })
    .execute()
}

/** The rows of one tenant (null: every tenant, the platform's view), those whose address starts with `email` when given. */
export function signInsQuery(db: Executor, tenantId: number | null, email: string) {
  let q = db.selectFrom('sign_ins').selectAll()
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId)
  // LIKE's own wildcards in what was typed are literal characters
  if (email) q = q.where('email', 'like', `${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  return q
}

/** An app's newest rows in one tenant (its page in the console). */
export async function clientSignIns(db: Executor, tenantId: number, clientId: string, limit: number) {
  return db.selectFrom('sign_ins').selectAll().where('tenant_id', '=', tenantId).where('client_id', '=', clientId).orderBy('id', 'desc').limit(limit).execute()
}

/** A person's apps and networks, from their rows in their tenant: each with its last use. */
export async function personSignIns(db: Executor, who: { tenantId: number | null; email: string }) {
  const base = db.selectFrom('sign_ins').where(inTenant(who.tenantId)).where('email', '=', who.email).where('outcome', 'in', ['signed_in', 'refreshed'])
  const [apps, networks, last] = await Promise.all([
    base.select(['client_id', (eb) => eb.fn.max('at').as('last')]).where('client_id', 'is not', null).groupBy('client_id').orderBy('last', 'desc').limit(20).execute(),
    base.select(['network', (eb) => eb.fn.max('at').as('last')]).where('network', 'is not', null).groupBy('network').orderBy('last', 'desc').limit(20).execute(),
    base.select('at').where('outcome', '=', 'signed_in').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ])
  return {
    lastSignIn: last?.at ?? null,
    apps: apps.map((a) => ({ clientId: a.client_id ?? '', last: a.last })),
    networks: networks.map((n) => ({ network: n.network ?? '', last: n.last })),
  }
}

/** Drops rows older than the audit log's retention (maintenance, on the clock). */
export async function purgeSignIns(db: DB, at: Date, retentionDays: number): Promise<number> {
  const result = await db.deleteFrom('sign_ins').where('at', '<', secondsBefore(at, retentionDays * 86_400)).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * A leaving person's rows: their address in their tenant (every row of an account carries both:
 * the account's tenant and address, a refresh's too), by the (tenant, address) index.
 */
export async function forgetSignIns(db: Executor, who: { tenantId: number | null; email: string }): Promise<void> {
  await db.deleteFrom('sign_ins').where(inTenant(who.tenantId)).where('email', '=', who.email).execute()
}

/** The rows of a tenant, or of platform accounts (null), as the (tenant, address) index reads them. */
const inTenant = (tenantId: number | null) => (tenantId === null ? sql<boolean>`tenant_id is null` : sql<boolean>`tenant_id = ${tenantId}`)

export type { SignInRow }
