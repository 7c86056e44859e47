/**
 * The sign-in log, read: a brand's admins read their brand's rows (`signins.read`), the platform
 * every row (`signins.readAll`), newest first, a cursor page at a time, searched by the start of
 * the address an attempt named. Written where each outcome is decided (sign-ins.repository.ts).
 *
 * Threat model: the log says who tried to sign in where and from which network, which is
 * personal data and a map of a brand's customers. So a brand reads only rows of its own tenant
 * (accounts of the brand, attempts made under its prefix or at its apps); a customer's own
 * tenant is no brand and reads nothing (403 not_a_brand); a platform account's rows are the
 * platform's. A cursor is bound to its tenant and search, so one list's cursor is a 400 in
 * another. A row holds no code or token, and a network only as a /24 or /48.
 */
import type { DB } from '../../db/connect.ts'
import type { SignInRow } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import type { Clock } from '../../lib/clock.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { newestFirst } from '../../db/query-kit.ts'
import { isPlatform, type Actor, type Policy } from '../tenancy/index.ts'
import { clientSignIns, forgetSignIns, insertSignIn, personSignIns, purgeSignIns, signInsQuery, type SignInEntry } from './sign-ins.repository.ts'

export function signInView(r: SignInRow) {
  return {
    id: r.id,
    at: r.at.toISOString(),
    outcome: r.outcome,
    detail: r.detail,
    email: r.email,
    userId: r.user_id,
    clientId: r.client_id,
    network: r.network,
    tenantId: r.tenant_id,
  }
}
export type SignInView = ReturnType<typeof signInView>

export class SignInLog {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
  ) {}

  /** One row, at the clock's now, in the caller's statement or transaction (`db`). */
  async record(db: Executor, entry: Omit<SignInEntry, 'at'>): Promise<void> {
    await insertSignIn(db, { ...entry, email: entry.email?.trim().toLowerCase() ?? null, at: this.clock.now() })
  }

  private async page(tenantId: number | null, search: string | undefined, query: PageQuery) {
    const email = (search ?? '').trim().toLowerCase().slice(0, 320)
    const ctx = JSON.stringify([tenantId, email])
    const req = this.cursors.request('sign-ins', ctx, query)
    const count = async () => {
      const row = await signInsQuery(this.db, tenantId, email).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    const source = newestFirst(() => signInsQuery(this.db, tenantId, email), count, 'id', (row) => row.id)
    return paginate(this.cursors, 'sign-ins', ctx, req, source, ({ row }) => signInView(row))
  }

  /** A brand's sign-in log, newest first, a cursor page (its admins; the platform). */
  async forTenant(actor: Actor, tenantId: number, query: PageQuery & { email?: string }) {
    await this.policy.authorize(actor, 'signins.read', tenantId)
    return this.page(tenantId, query.email, query)
  }

  /** An app's newest attempts in a brand (the app's page), at most `limit`. */
  async ofClient(actor: Actor, tenantId: number, clientId: string, limit = 20) {
    await this.policy.authorize(actor, 'signins.read', tenantId)
    return (await clientSignIns(this.db, tenantId, clientId, limit)).map(signInView)
  }

  /** Every row, newest first, a cursor page (the platform). */
  async all(actor: Actor, query: PageQuery & { email?: string }) {
    this.policy.authorizeAction(actor, 'signins.readAll')
    return this.page(null, query.email, query)
  }

  /**
   * A person's apps, networks and last sign-in, for the person page of the brand `brandId`: from
   * the person's own tenant's rows for an account of the brand (or for the platform); a brand sees
   * of anyone else (a platform account on its staff) only the rows under the brand, never where
   * they sign in elsewhere.
   */
  async summaryFor(actor: Actor, brandId: number, who: { tenantId: number | null; email: string }) {
    await this.policy.authorize(actor, 'people.read', brandId)
    const tenantId = who.tenantId === brandId || isPlatform(actor) ? who.tenantId : brandId
    return personSignIns(this.db, { tenantId, email: who.email.toLowerCase() })
  }

  /** Housekeeping: rows older than the audit log's retention. */
  purge(at: Date, retentionDays: number): Promise<number> {
    return purgeSignIns(this.db, at, retentionDays)
  }

  /** A leaving person's rows, in their deletion's transaction. */
  forget(trx: Executor, who: { tenantId: number | null; email: string }): Promise<void> {
    return forgetSignIns(trx, { tenantId: who.tenantId, email: who.email.toLowerCase() })
  }
}
