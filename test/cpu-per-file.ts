/**
 * With VITEST_CPU_REPORT=path, each test file adds one line to that file: the CPU seconds its
 * worker spent while it ran, with the processes it started and waited for, and its wall seconds.
 * A worker runs one file at a time, so the figures are the file's own even with files running in
 * parallel; CI prints the heaviest (.ci/run), so the next person sees where the suite's time goes.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

const report = process.env.VITEST_CPU_REPORT

/** utime + stime + cutime + cstime of this process, in seconds (/proc/self/stat, fields 14 to 17). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ')
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100
}

if (report) {
  let start = { cpu: 0, wall: 0 }
  beforeAll(() => {
    start = { cpu: cpuSeconds(), wall: performance.now() }
  })
  // vitest reads fixtures from a destructured first argument; the file's suite is the second
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const file = relative(process.cwd(), suite.file.filepath)
    appendFileSync(report, `${JSON.stringify({ file, cpu: cpuSeconds() - start.cpu, wall: (performance.now() - start.wall) / 1000 })}\n`)
  })
}
