/**
 * docs/benchmarks.md's shell blocks, run as written at small figures: every benchmark starts,
 * seeds, loads, measures and prints its table, so a change that breaks one is seen in CI and
 * not the next time someone measures. The figures themselves mean nothing at this size.
 *
 * It needs the machine's PostgreSQL and Mosquitto, and takes minutes of both cores, so it runs
 * in a CI phase of its own (DOCS_BENCHMARKS=1, .ci/run), never inside the suite's parallel run.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bash, root } from './shell.ts'

const text = readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8')
const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!)

/** Each workload bounded to a second, a few connections, small seeds. */
const SMALL: NodeJS.ProcessEnv = {
  BENCH_SECONDS: '1',
  BENCH_WARMUP: '0',
  BENCH_CONNECTIONS: '4',
  BENCH_CREDENTIALS: '400',
  BENCH_SENSOR_SIZES: '1000,20000',
  BENCH_SAMPLES: '5',
  BENCH_MESSAGES: '400',
  BENCH_DEVICES: '10',
  BENCH_ROUND: '100',
  BENCH_COMMANDS: '10',
  BENCH_COMMAND_CONCURRENCY: '5',
  BENCH_REPEATS: '1',
  BENCH_STATEMENTS: '5',
  BENCH_FLEET_DEVICES: '200',
  BENCH_FLEET_INTERVAL_MS: '1000',
  BENCH_TIMING_REQUESTS: '20',
  BENCH_START_RUNS: '1',
  BENCH_CONSOLE_CUSTOMERS: '2000',
  BENCH_CONSOLE_TENANTS: '200',
  BENCH_CONSOLE_DEVICES: '200',
  BENCH_SCHEDULE_DEVICES: '200',
  BENCH_WEBHOOK_DEVICES: '50',
  ...(process.env.TEST_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  ...(process.env.TEST_MQTT_URL ? { BENCH_MQTT_URL: process.env.TEST_MQTT_URL } : {}),
}

describe.skipIf(process.env.DOCS_BENCHMARKS !== '1')('docs/benchmarks.md, as written, at small figures', () => {
  it('has the two blocks this test runs', () => {
    expect(blocks).toHaveLength(2)
  })

  it.each(blocks.map((body, i) => ({ i, body })))('block $i runs to the end and every benchmark prints its figures', async ({ i, body }) => {
    // the second block is the first block's login benchmark again with servers on Node 24: one group
    // of it shows what it adds, the other Node (the first block ran every group)
    const env: NodeJS.ProcessEnv = { ...process.env, ...SMALL, ...(i === 1 ? { BENCH_ONLY: 'users-current' } : {}) }
    delete env.npm_config_prefix
    const result = await bash(body, env, 1_100_000)
    // bench:timing (the block's last command) exits 1 when its verdict is NO: at 20 requests on a
    // busy machine that is noise, a measurement and not a breakage; anything else must exit 0
    const timingVerdict = result.code === 1 && /Every difference under [\d.]+ ms: NO\n*$/.test(result.stdout)
    expect(result.code === 0 || timingVerdict, `${result.stderr.slice(-4000)}\n${result.stdout.slice(-2000)}`).toBe(true)
    const runs = body.split('\n').filter((line) => /npm run bench:/.test(line)).length
    expect(runs).toBeGreaterThan(0)
    expect(result.stdout).toMatch(/\d/)
  }, 1_200_000)
})
