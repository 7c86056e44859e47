/**
 * A Kysely dialect over PGlite (Postgres compiled to WASM).
 *
 * PGlite is a single session. Kysely assumes a pool: a transaction holds its connection
 * while other queries run on others. Here every acquire waits for the previous holder to
 * release, so a transaction has the session to itself and two concurrent transactions
 * can never interleave their statements on it.
 */
import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

export class PGliteConnection implements DatabaseConnection {
  /** Public for LISTEN (db/access-changes.ts), which must run while this connection is held. */
  constructor(readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters use the simple protocol, which (like pg) allows several statements.
    const result =
      query.parameters.length === 0
        ? ((await this.pg.exec(query.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.pg.query<R>(query.sql, [...query.parameters])
    const kind = query.query.kind
    const mutates = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode' || kind === 'MergeQueryNode'
    return {
      rows: result.rows as R[],
      ...(mutates || result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite answers a query in one piece, so a stream is that single result.
    yield await this.executeQuery<R>(query)
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection
  private tail: Promise<void> = Promise.resolve()
  private holder: { release: () => void } | null = null

  constructor(
    private readonly pg: PGlite,
    private readonly onClose?: () => void,
  ) {
    this.connection = new PGliteConnection(pg)
  }

  async init(): Promise<void> {
    await this.pg.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail
    let release!: () => void
    this.tail = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.holder = { release }
    return this.connection
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin'
    if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`
    if (settings.accessMode) sql += ` ${settings.accessMode}`
    await conn.executeQuery(CompiledQuery.raw(sql))
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    const holder = this.holder
    this.holder = null
    holder?.release()
  }

  async destroy(): Promise<void> {
    await this.tail
    await this.pg.close()
    this.onClose?.()
  }
}

export class PGliteDialect implements Dialect {
  /** `onClose` runs once the database is closed (it releases the data directory's lock). */
  constructor(
    private readonly pg: PGlite,
    private readonly onClose?: () => void,
  ) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.onClose)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}
