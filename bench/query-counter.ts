/**
 * Counts and times every statement the pg driver sends from this process, by SQL text.
 * pg_stat_statements needs shared_preload_libraries (a server restart), so the benchmark
 * counts on the client side instead: with the pg driver every `client.query` is exactly one
 * round trip (BEGIN and COMMIT included), and the time is from send to answer as the
 * server process sees it (network, planning, execution, result parsing).
 */
import pg from 'pg'

export interface StatementFigures {
  sql: string
  calls: number
  totalMs: number
}

const stats = new Map<string, StatementFigures>()
let lastAnswerAt = 0

/** When the last statement was answered (performance.now()): the server is quiet when this stops moving. */
export function lastStatementAt(): number {
  return lastAnswerAt
}

function textOf(config: unknown): string {
  if (typeof config === 'string') return config
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') return config.text
  return '(unknown)'
}

function record(sql: string, startedAt: number): void {
  const entry = stats.get(sql) ?? { sql, calls: 0, totalMs: 0 }
  lastAnswerAt = performance.now()
  entry.calls++
  entry.totalMs += lastAnswerAt - startedAt
  stats.set(sql, entry)
}

let installed = false

/** Wraps pg.Client#query once; every pool in this process goes through it. */
export function installQueryCounter(): void {
  if (installed) return
  const original: unknown = Reflect.get(pg.Client.prototype, 'query')
  if (typeof original !== 'function') throw new Error('pg.Client#query not found')
  Reflect.set(pg.Client.prototype, 'query', function countedQuery(this: unknown, ...args: unknown[]): unknown {
    const sql = textOf(args[0])
    const startedAt = performance.now()
    const result: unknown = Reflect.apply(original, this, args)
    if (result instanceof Promise) {
      result.then(
        () => record(sql, startedAt),
        () => record(sql, startedAt),
      )
    } else {
      record(sql, startedAt) // callback style: counted, timed at send (Kysely does not use it)
    }
    return result
  })
  installed = true
}

export function takeStatementStats(): StatementFigures[] {
  const all = [...stats.values()].sort((a, b) => b.totalMs - a.totalMs)
  stats.clear()
  return all
}
