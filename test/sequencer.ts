/**
 * The order test files start in. Files that start processes of their own (`npm start`, the
 * CLI, a browser, a fleet behind HAProxy) spend most of their time waiting on them, and they
 * are the longest: started first, the other files fill the cores around them instead of one
 * of them running alone at the end. Within each group, vitest's own order (longest last time
 * first, else largest first).
 */
import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const startsProcesses = (file: string): boolean =>
  /from 'node:child_process'|from 'playwright-core'|from '\.\/(browser|fleet-helpers)\.ts'/.test(readFileSync(file, 'utf8'))

export default class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const slow = sorted.filter((spec) => startsProcesses(spec.moduleId))
    return [...slow, ...sorted.filter((spec) => !slow.includes(spec))]
  }
}
