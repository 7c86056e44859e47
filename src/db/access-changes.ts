/**
 * Access changes, heard on every instance: the triggers of migration 0013 send NOTIFY on
 * ACCESS_CHANNEL in the transaction that removes a member, revokes a session, deletes a
 * client, tenant or user, releases or moves a device, or changes a device's credentials.
 * Each instance LISTENs here (a dedicated connection on PostgreSQL; the one session on
 * PGlite, which delivers its own notifications in-process) and re-checks what it serves.
 *
 * A NOTIFY is delivered at commit, and not at all after a rollback, so a listener never acts
 * on a change that did not happen. A lost connection would miss changes: on PostgreSQL the
 * listener reconnects, and says so with a 'gap' event, on which listeners re-check
 * everything they serve.
 */
import { EventEmitter } from 'node:events'
import { poolOf, type DB } from './connect.ts'
import { PGliteConnection } from './pglite-dialect.ts'

export const ACCESS_CHANNEL = 'trellis_access'

/** What changed: a tenant (t), user (u), session (s), client (c), device record (d), device MAC whose MQTT session must end (k). */
export interface AccessChange {
  t?: number
  u?: number
  s?: string
  c?: string
  d?: number
  k?: string
}

function parse(payload: string): AccessChange | null {
  try {
    const value: unknown = JSON.parse(payload)
    return typeof value === 'object' && value !== null ? (value as AccessChange) : null
  } catch {
    return null
  }
}

export class AccessChanges {
  /** 'change' (AccessChange) for each announcement; 'gap' when some may have been missed. */
  readonly events = new EventEmitter()
  private stop: (() => Promise<void>) | null = null
  private closed = false

  constructor(private readonly db: DB) {
    this.events.setMaxListeners(0)
  }

  private deliver = (payload: string): void => {
    const change = parse(payload)
    if (change) this.events.emit('change', change)
  }

  async start(): Promise<void> {
    const pool = poolOf(this.db)
    if (pool) return this.listenPostgres()
    // PGlite: LISTEN on its one session, while holding it, so it never lands inside another caller's transaction
    this.stop = await this.db.getExecutor().provideConnection(async (conn) => {
      if (!(conn instanceof PGliteConnection)) return null
      const unlisten = await conn.pg.listen(ACCESS_CHANNEL, this.deliver)
      return () => this.db.getExecutor().provideConnection(async () => unlisten())
    })
  }

  private async listenPostgres(): Promise<void> {
    const pool = poolOf(this.db)
    if (!pool || this.closed) return
    const client = await pool.connect()
    // released once, and destroyed rather than handed back: it carries this listener's handlers
    let released = false
    const release = () => {
      if (released) return
      released = true
      client.release(true)
    }
    client.on('notification', (msg) => {
      if (msg.channel === ACCESS_CHANNEL && msg.payload) this.deliver(msg.payload)
    })
    client.on('error', () => {
      // the connection is gone: release it, listen again, and tell listeners to re-check
      release()
      this.stop = null
      if (this.closed) return
      this.events.emit('gap')
      setTimeout(() => void this.listenPostgres().catch(() => this.events.emit('gap')), 1000).unref()
    })
    await client.query(`LISTEN ${ACCESS_CHANNEL}`)
    this.stop = async () => {
      await client.query(`UNLISTEN ${ACCESS_CHANNEL}`).catch(() => {})
      release()
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stop?.().catch(() => {})
    this.stop = null
  }
}
