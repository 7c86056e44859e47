/**
 * Which browser origins may call the API (CORS), and for which tenants' requests.
 *
 * Threat model. A brand's admin registers its own apps, with their CORS origins. Were those
 * origins allowed on every route, one brand could open the platform's API, and every other
 * brand's, to a page of its choosing (`allowedOrigins: ["https://evil.example"]`): any origin
 * it likes, platform-wide. So an origin counts where the client that carries it belongs:
 * - a client of the platform (no tenant): its origins are allowed on every request;
 * - a client of a tenant: its origins are allowed only on requests attributed to that tenant
 *   or a tenant under it (a brand's origins on its own and its customers' requests).
 * A request is attributed to a tenant by its `/tenants/{id}` path prefix (the plugin reads it:
 * plugins/cors.ts), the one thing a CORS preflight carries (no body, no client_id, no token);
 * a request without the prefix is the platform's. A brand's browser app calls the API under
 * its prefix, as its hosted pages and issuer are (docs/security.md, "CORS").
 *
 * The origins are read from the clients table and kept for a few seconds, so a CORS check
 * costs no query per request; a client created on another instance is honoured within
 * REFRESH_MS. A tenant's place in the tree (which tenants it is under) is kept as long.
 */
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TenantStore } from '../tenancy/index.ts'
import { allowedOrigins } from './clients.service.ts'

const REFRESH_MS = 5_000
/** How far up a tree a tenant's owners are looked for (a tree is a few levels deep). */
const MAX_DEPTH = 16
/** Tenants whose line is kept at most (preflights name any id; each costs a lookup once per REFRESH_MS). */
const MAX_LINES = 10_000

export class CorsOrigins {
  /** Origins of the platform's clients: allowed everywhere. */
  private platform = new Set<string>()
  /** Origin -> the tenants whose clients carry it. */
  private tenants = new Map<string, Set<number>>()
  /** Tenant -> itself and the tenants above it. */
  private lines = new Map<number, Promise<number[]>>()
  private loadedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly tenancy: TenantStore,
  ) {}

  private async load(): Promise<void> {
    const rows = await this.db.selectFrom('oauth_clients').select(['tenant_id', 'redirect_uris', 'allowed_origins']).execute()
    const platform = new Set<string>()
    const tenants = new Map<string, Set<number>>()
    for (const row of rows) {
      for (const origin of allowedOrigins(row)) {
        if (row.tenant_id === null) platform.add(origin)
        else tenants.set(origin, (tenants.get(origin) ?? new Set()).add(row.tenant_id))
      }
    }
    this.platform = platform
    this.tenants = tenants
    this.lines = new Map()
    this.loadedAt = this.clock.now().getTime()
  }

  /** Forgets the cached set (after a client is created or deleted here). */
  invalidate(): void {
    this.loadedAt = 0
  }

  /** The tenant and every tenant above it. */
  private lineOf(tenantId: number): Promise<number[]> {
    let line = this.lines.get(tenantId)
    if (!line) {
      line = (async () => {
        const out: number[] = []
        let current = await this.tenancy.findTenant(this.db, tenantId)
        for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
          out.push(current.id)
          current = current.parent_tenant_id === null ? undefined : await this.tenancy.findTenant(this.db, current.parent_tenant_id)
        }
        return out
      })()
      if (this.lines.size >= MAX_LINES) this.lines.clear()
      this.lines.set(tenantId, line)
    }
    return line
  }

  /** Whether `origin` may call the API on a request attributed to `tenantId` (null: the platform's). */
  async isAllowed(origin: string, tenantId: number | null = null): Promise<boolean> {
    if (this.clock.now().getTime() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null
      })
      await this.loading
    }
    if (this.platform.has(origin)) return true
    const owners = this.tenants.get(origin)
    if (!owners || tenantId === null) return false
    return (await this.lineOf(tenantId)).some((id) => owners.has(id))
  }
}
