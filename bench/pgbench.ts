/**
 * The database's own ceiling on this machine: pgbench's built-in TPC-B-like script on a
 * scratch database (created, initialised at scale 1, dropped), its tps, p50/p99 from its
 * per-transaction log, and PostgreSQL's CPU per transaction (./cpu.ts), to set the login
 * workloads' database CPU against.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createTestDatabase } from '../test/helpers.ts'
import { postgresCpuMs } from './cpu.ts'

const run = promisify(execFile)

export interface PgbenchFigures {
  tps: number
  p50: number
  p99: number
  /** PostgreSQL's CPU (all its processes) per transaction; null when it runs on another machine */
  databaseCpuMsPerTx: number | null
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0
}

export async function runPgbench(baseUrl: string, seconds: number, clients: number): Promise<PgbenchFigures> {
  const scratch = await createTestDatabase(baseUrl, 'trellis_pgbench')
  const logs = mkdtempSync(join(tmpdir(), 'trellis-pgbench-'))
  try {
    await run('pgbench', ['-i', '-q', '-s', '1', scratch.url])
    const cpuBefore = postgresCpuMs()
    const { stdout } = await run('pgbench', ['-T', String(seconds), '-c', String(clients), '-j', '2', '-l', `--log-prefix=${join(logs, 'tx')}`, scratch.url], {
      maxBuffer: 1 << 20,
    })
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)
    if (!tps?.[1]) throw new Error(`pgbench printed no tps:\n${stdout}`)
    const cpuAfter = postgresCpuMs()
    // log lines: client_id transaction_no latency_us script_no epoch_s epoch_us
    const latencies = readdirSync(logs)
      .flatMap((file) => readFileSync(join(logs, file), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b)
    const databaseCpuMsPerTx = cpuBefore === null || cpuAfter === null || latencies.length === 0 ? null : (cpuAfter - cpuBefore) / latencies.length
    return { tps: Number(tps[1]), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), databaseCpuMsPerTx }
  } finally {
    rmSync(logs, { recursive: true, force: true })
    await scratch.drop()
  }
}
