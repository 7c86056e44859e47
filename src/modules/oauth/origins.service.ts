/**
 * Which browser origins may call the API (CORS): an origin is allowed when it is an
 * allowed origin of any registered client. The set is read from the clients table and
 * kept for a few seconds, so a CORS check costs no query per request; a client created
 * on another instance is honoured within REFRESH_MS.
 */
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import { allowedOrigins } from './clients.service.ts'

const REFRESH_MS = 5_000

export class CorsOrigins {
  private origins = new Set<string>()
  private loadedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
  ) {}

  private async load(): Promise<void> {
    const rows = await this.db.selectFrom('oauth_clients').select(['redirect_uris', 'allowed_origins']).execute()
    this.origins = new Set(rows.flatMap((row) => allowedOrigins(row)))
    this.loadedAt = this.clock.now().getTime()
  }

  /** Forgets the cached set (after a client is created or deleted here). */
  invalidate(): void {
    this.loadedAt = 0
  }

  async isAllowed(origin: string): Promise<boolean> {
    if (this.clock.now().getTime() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null
      })
      await this.loading
    }
    return this.origins.has(origin)
  }
}
