/**
 * Prepared statements for the hot path, on PostgreSQL.
 *
 * A statement whose text carries the marker `prepared(name)` puts in (a comment) is sent
 * as a named statement: each pool connection parses and plans it once, then only binds and
 * runs it. That is most of the database's work saved for the login exchange, whose one
 * statement (../modules/oauth/redeem-code.repository.ts) takes as long to plan as to run.
 *
 * Why only marked statements, and what a marked statement must keep to:
 * - Their texts are fixed, so each connection holds a handful of them; preparing every
 *   statement would keep one per distinct text (dynamic filters, IN lists) for the life of
 *   the connection.
 * - Their result columns are named, never `select *` or `returning *` at the top level: a
 *   migration that adds a column (a newer instance of a rolling deploy) then leaves the
 *   result type alone, and PostgreSQL re-plans the statement on its own. Should a prepared
 *   statement still fail with "cached plan must not change result type" (SQLSTATE 0A000),
 *   its connection is closed when released instead of going back to the pool, so the next
 *   use prepares it afresh.
 * The marker is a comment, so PGlite (and anything else reading the text) runs it as is;
 * the statement's name carries a hash of its text, so two texts under one marker (a query
 * built two ways) are two statements, never a clash.
 */
import { createHash } from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import type pg from 'pg'

const MARKER = /\/\* prepared:([a-z][a-z0-9_]{0,40}) \*\//

const markers = new Map<string, RawBuilder<unknown>>()

/** The marker for a hot statement's text; `name` says which (lowercase, digits, `_`). */
export function prepared(name: string): RawBuilder<unknown> {
  let marker = markers.get(name)
  if (!marker) {
    const text = `/* prepared:${name} */`
    if (!MARKER.test(text)) throw new Error(`not a prepared statement name: ${name}`)
    marker = sql.raw(text)
    markers.set(name, marker)
  }
  return marker
}

/**
 * Names of marked texts, by marker; they are few and fixed, the bound is a guard. Keyed by
 * the marker and matched by comparing the text, not keyed by the text: a statement's text is
 * built anew per call, and a Map would hash all of it (~5 KB for the exchange) every time.
 */
const names = new Map<string, { text: string; name: string }[]>()
const MAX_NAMES = 512
let named = 0
const OPEN = '/* prepared:'

function statementName(text: string): string | null {
  const at = text.indexOf(OPEN)
  if (at < 0) return null
  const close = text.indexOf(' */', at)
  const marker = MARKER.exec(text.slice(at, close + 3))?.[1]
  if (!marker) return null
  const known = names.get(marker) ?? []
  for (const entry of known) if (entry.text === text) return entry.name
  const name = `${marker}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`
  if (named < MAX_NAMES) {
    known.push({ text, name })
    names.set(marker, known)
    named++
  }
  return name
}

/** A result-type change under a prepared statement: its connection must not be reused. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000'
}

class PreparingClient implements PostgresPoolClient {
  private stale = false

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(what: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely hands cursors only to streaming queries, which this project does not run through here
    if (typeof what !== 'string') throw new Error('cursors are not supported by the preparing pool')
    const values = parameters ? [...parameters] : []
    const name = statementName(what)
    const result = name ? this.client.query({ name, text: what, values }) : this.client.query(what, values)
    return (result as Promise<PostgresQueryResult<R>>).catch((error: unknown) => {
      if (name && isStalePlan(error)) this.stale = true
      throw error
    })
  }

  release(): void {
    const stale = this.stale
    this.stale = false
    // a truthy argument makes pg close the connection instead of pooling it
    this.client.release(stale ? new Error('a prepared statement went stale') : undefined)
  }
}

/** The pool Kysely's PostgresDialect is given: `pool`'s connections, with marked statements prepared. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PreparingClient>()
  return {
    connect: async () => {
      const client = await pool.connect()
      let preparing = wrapped.get(client)
      if (!preparing) {
        preparing = new PreparingClient(client)
        wrapped.set(client, preparing)
      }
      return preparing
    },
    end: () => pool.end(),
  }
}
