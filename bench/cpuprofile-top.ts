/**
 * The top self-time functions of a V8 .cpuprofile (written by `node --cpu-prof`).
 *   tsx bench/cpuprofile-top.ts <file.cpuprofile> [count]
 * Self time is summed per function (name and source position) over the sampled ticks;
 * shares are of the busy time, with (idle) reported apart. A sample's time is the delta
 * that precedes it (V8's timeDeltas), close enough at a 1 ms sampling interval. Each line
 * names the function's heaviest caller, which tells e.g. a socket write of the pg driver
 * from one of the HTTP response.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

function where(url: string, line: number): string {
  if (!url) return ''
  const path = url.startsWith('file://') ? fileURLToPath(url) : url
  const modules = path.lastIndexOf('node_modules/')
  const short = modules >= 0 ? path.slice(modules + 'node_modules/'.length) : path.replace(`${process.cwd()}/`, '')
  return `${short}:${line + 1}`
}

/** `fromUs`: ignore samples before this instant (microseconds, V8's monotonic clock), e.g. startup. */
export function topSelfTime(file: string, count = 15, fromUs = 0): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parentOf = new Map<number, ProfileNode>()
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n)
  const selfUs = new Map<string, number>()
  // per function, self time by caller: the heaviest caller says which path leads there
  const callers = new Map<string, Map<string, number>>()
  let idle = 0
  let busy = 0
  let at = profile.startTime
  let skipped = 0
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    const dt = profile.timeDeltas[i] ?? 0
    at += dt
    if (at < fromUs) {
      skipped += dt
      return
    }
    if (!node) return
    const name = node.callFrame.functionName || '(anonymous)'
    if (name === '(idle)') {
      idle += dt
      return
    }
    busy += dt
    const key = `${name}  ${where(node.callFrame.url, node.callFrame.lineNumber)}`.trim()
    selfUs.set(key, (selfUs.get(key) ?? 0) + dt)
    const parent = parentOf.get(id)
    const caller = parent ? `${parent.callFrame.functionName || '(anonymous)'} ${where(parent.callFrame.url, parent.callFrame.lineNumber)}`.trim() : '(root)'
    const byCaller = callers.get(key) ?? new Map<string, number>()
    byCaller.set(caller, (byCaller.get(caller) ?? 0) + dt)
    callers.set(key, byCaller)
  })
  const head = `busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms (${(skipped / 1000).toFixed(0)} ms of startup left out)`
  const lines = [`${head}; top ${count} functions by self time:`]
  for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    const [caller] = [...(callers.get(key) ?? [])].sort((a, b) => b[1] - a[1])
    lines.push(`  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}${caller ? `   <- ${caller[0]}` : ''}`)
  }
  return lines
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, count] = process.argv.slice(2)
  if (!file) throw new Error('usage: tsx bench/cpuprofile-top.ts <file.cpuprofile> [count]')
  console.log(topSelfTime(file, count ? Number(count) : 15).join('\n'))
}
