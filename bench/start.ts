/**
 * Start-up time on the embedded database, next to the floor of such a server:
 *   npm run bench:start
 * First the cold start, as a newcomer's first `npm start` after `npm ci`: no dist/ (it is
 * removed, and `npm start` builds it) and no database (it is created and migrated), timed
 * from spawning npm to the first 200 from GET /ready. Then, with dist/ current, each run starts a server on the same
 * PGlite data directory and times from spawning it to the first 200 from GET /ready:
 * `npm start` as a developer types it (npm, the staleness check, then dist/server.js),
 * `node dist/server.js` alone, and the floor (./start-floor.mjs: Node, Fastify and PGlite
 * opening the same directory, answering /ready after `select 1`). The runs alternate, so
 * the machine's other load falls on all three alike. For the direct start, the CPU (user + system)
 * the process spent by /ready, from /proc. BENCH_START_RUNS (default 5) runs of each.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5)
if (!(RUNS >= 1 && RUNS <= 30)) throw new Error('BENCH_START_RUNS must be in 1..30')
const root = fileURLToPath(new URL('..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'trellis-bench-start-'))
const dataDir = join(work, 'data')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** CPU ms (user + system) of a live process, from /proc; null off Linux. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

async function waitReady(child: ChildProcess, port: number, started: number): Promise<number> {
  const deadline = started + 120_000
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before /ready`)
    const ok = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.status === 200, () => false)
    if (ok) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('no /ready within 120 s')
}

/** One start: ms to /ready and the CPU the spawned process itself spent by then. */
async function timeStart(command: string, args: string[], env: Record<string, string>): Promise<{ ms: number; cpuMs: number | null }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore', detached: true })
  try {
    const ms = await waitReady(child, port, started)
    return { ms, cpuMs: cpuMsOf(child.pid) }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM') // npm and its node child
    await exited
  }
}

const trellisEnv = {
  DATABASE_URL: `pglite://${dataDir}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  MQTT_PORT: '0', // the embedded broker on a free port (the machine's may hold 1883)
}
const floorEnv = { FLOOR_DATA_DIR: dataDir }
const kinds = [
  { name: '`npm start`', command: 'npm', args: ['start', '--silent'], env: trellisEnv },
  { name: '`node dist/server.js`', command: process.execPath, args: ['dist/server.js'], env: trellisEnv },
  { name: 'floor: Node + Fastify + PGlite', command: process.execPath, args: ['bench/start-floor.mjs'], env: floorEnv },
]

try {
  // the cold start needs the sources: a release of dist/ alone has nothing to build
  if (!existsSync(join(root, 'src'))) throw new Error('bench:start runs in a clone (src/ is missing)')
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  const cold = await timeStart('npm', ['start', '--silent'], trellisEnv)
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' })
  const times = kinds.map(() => [] as number[])
  const cpu: number[] = []
  for (let run = 0; run < RUNS; run++) {
    for (const [i, kind] of kinds.entries()) {
      const { ms, cpuMs } = await timeStart(kind.command, kind.args, kind.env)
      times[i]?.push(ms)
      if (i === 1 && cpuMs !== null) cpu.push(cpuMs)
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const floor = median(times[2] ?? [])
  console.log(`bench:start  Node ${process.version}, embedded database (PGlite), dist/ current, ${RUNS} alternating runs of each; ms from spawn to the first 200 from /ready`)
  console.log(`cold start, \`npm start\` with no dist/ and no database (builds dist/, creates and migrates the database): ${cold.ms.toFixed(0)} ms`)
  console.log('| Start | median ms | min-max ms | ratio to the floor (min-max) |')
  console.log('|---|---|---|---|')
  for (const [i, kind] of kinds.entries()) {
    const xs = times[i] ?? []
    const m = median(xs)
    const range = `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`
    const ratio = i === 2 ? '' : `${(m / floor).toFixed(2)}x (${(Math.min(...xs) / Math.max(...(times[2] ?? []))).toFixed(2)}-${(Math.max(...xs) / Math.min(...(times[2] ?? []))).toFixed(2)})`
    console.log(`| ${kind.name} | ${m.toFixed(0)} | ${range} | ${ratio} |`)
  }
  if (cpu.length) console.log(`CPU of \`node dist/server.js\` by /ready: median ${median(cpu)} ms (${Math.min(...cpu)}-${Math.max(...cpu)})`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
