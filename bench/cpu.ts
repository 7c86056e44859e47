/**
 * CPU time, the one figure of a run that the machine's load barely moves: req/s falls
 * when something else runs, the milliseconds of CPU a request costs do not.
 * - The server process counts its own (process.cpuUsage, user + system) in ./server.ts.
 * - PostgreSQL's is read from /proc (Linux, and only for a server on this machine): the
 *   postmaster's own and reaped children's times plus every live child's. Read after the
 *   server process stopped, its backends have exited and been reaped into the first term,
 *   so the delta over a workload holds all of its backends' work (and the background
 *   writers', the database's own cost of the writes).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'

const TICK_MS = 10 // USER_HZ is 100 on Linux

function statFields(pid: string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name is in parentheses and may hold spaces; fields follow the last ')'
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null // the process ended between listing and reading
  }
}

/** CPU ms (user + system) a live process has used so far, or null when it cannot be read (not Linux, or it ended). */
export function processCpuMs(pid: number): number | null {
  const f = existsSync('/proc') ? statFields(String(pid)) : null
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : null
}

/** Total CPU ms of the local PostgreSQL server so far, or null when it is not on this machine. */
export function postgresCpuMs(): number | null {
  if (!existsSync('/proc')) return null
  const processes = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  const comm = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
    } catch {
      return ''
    }
  }
  // read each process's stat once; one that ended meanwhile is skipped (its time is reaped into the postmaster's)
  const postgres = processes.filter((pid) => comm(pid) === 'postgres').flatMap((pid) => {
    const f = statFields(pid)
    return f ? [{ pid, f }] : []
  })
  // after ')' : state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14) ... starttime(19)
  // the postmaster started first: every other server process is its child
  const postmaster = postgres.reduce<(typeof postgres)[number] | null>((first, p) => (!first || Number(p.f[19]) < Number(first.f[19]) ? p : first), null)
  if (!postmaster) return null
  let ticks = Number(postmaster.f[13]) + Number(postmaster.f[14])
  for (const { f } of postgres) ticks += Number(f[11]) + Number(f[12])
  return ticks * TICK_MS
}
