/** The one table bench:login prints, and the per-statement breakdowns under it. */
import type { StatementFigures } from './query-counter.ts'

export interface PerRequest {
  roundTrips: number
  statements: number
  commits: number
  /** CPU ms per request of the server process, and of PostgreSQL (null: not on this machine) */
  serverCpuMs: number
  databaseCpuMs: number | null
}

export interface Row {
  workload: string
  figures?: { rps: number; p50: number; p99: number; non2xx: number }
  perRequest?: PerRequest
  ratio?: string
  note?: string
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start transaction|savepoint|release)\b/i

/** Per request the server received (the sanity request and those still in flight when the load stopped included). */
export function perRequest(requests: number, statements: StatementFigures[], commits: number, cpu: { serverMs: number; databaseMs: number | null }): PerRequest {
  const calls = statements.reduce((n, s) => n + s.calls, 0)
  const control = statements.filter((s) => TRANSACTION_CONTROL.test(s.sql)).reduce((n, s) => n + s.calls, 0)
  return {
    roundTrips: calls / requests,
    statements: (calls - control) / requests,
    commits: commits / requests,
    serverCpuMs: cpu.serverMs / requests,
    databaseCpuMs: cpu.databaseMs === null ? null : cpu.databaseMs / requests,
  }
}

const cell = (value: string, width: number, left = false) => (left ? value.padEnd(width) : value.padStart(width))
const fixed = (n: number | undefined, digits: number) => (n === undefined ? '-' : n.toFixed(digits))

export function printTable(rows: Row[]): void {
  const head = ['workload', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'RT/req', 'stmt/req', 'commit/req', 'CPU ms/req', 'ratio']
  const widths = [46, 8, 7, 7, 8, 7, 9, 11, 11, 0]
  const line = (cells: string[]) => console.log(cells.map((c, i) => cell(c, widths[i] ?? 0, i === 0 || i === 9)).join(' | '))
  line(head)
  console.log(widths.map((w) => '-'.repeat(Math.max(w, 5))).join('-|-'))
  for (const row of rows) {
    const f = row.figures
    const p = row.perRequest
    line([
      row.workload,
      f ? f.rps.toFixed(0) : 'absent',
      f ? String(f.p50) : '-',
      f ? String(f.p99) : '-',
      f ? String(f.non2xx) : '-',
      fixed(p?.roundTrips, 2),
      fixed(p?.statements, 2),
      fixed(p?.commits, 2),
      p ? `${p.serverCpuMs.toFixed(2)}+${p.databaseCpuMs === null ? '?' : p.databaseCpuMs.toFixed(2)}` : '-',
      [row.ratio, row.note].filter(Boolean).join('; '),
    ])
  }
}

/** Where one workload's database time goes, by statement (time as the server process sees it). */
export function printStatements(title: string, statements: StatementFigures[], requests: number, top = 10): void {
  console.log(`\n${title}: statements per request, by client-side time (send to answer)`)
  for (const s of statements.slice(0, top)) {
    const sql = s.sql.replace(/\s+/g, ' ').trim()
    console.log(`  ${(s.calls / requests).toFixed(2).padStart(5)} x  ${((s.totalMs / requests)).toFixed(2).padStart(6)} ms/req  ${sql.length > 110 ? `${sql.slice(0, 107)}...` : sql}`)
  }
}
