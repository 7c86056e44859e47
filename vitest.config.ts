import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import ProcessesFirst from './test/sequencer.ts'

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Many
// files wait on child processes, SMTP sessions or a browser, so one more worker than cores
// keeps both cores busy (measured on 2 cores: 1 worker 290 s, 3 workers about 150 s).
const workers = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // CPU per file, with VITEST_CPU_REPORT=path (CI prints the heaviest)
    setupFiles: process.env.VITEST_CPU_REPORT ? ['test/cpu-per-file.ts'] : [],
    // Each file builds its own app on its own database, so files run in parallel and tests
    // inside a file run in order. A worker keeps its modules loaded from one file to the next
    // (isolate: false): loading the app's modules per file cost more CPU than the tests did.
    // No file relies on module state of its own being fresh (each builds its app and database).
    pool: 'forks',
    isolate: false,
    fileParallelism: true,
    maxWorkers: workers,
    sequence: { sequencer: ProcessesFirst },
    // a timeout catches a hang, it measures nothing: 2-core machines of one kind differ 2.5x in
    // how long the same file takes (the longest cases, a browser walking a whole console form
    // flow, took 20-30 s on the slower kind), so the bound leaves room for the slower one
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // screenshots the browser tests attach (test/browser.ts snapshot) are copied here, beside them
    attachmentsDir: 'test-artifacts/attachments',
    // CI also writes a JSON report (VITEST_JSON_REPORT=path) to total the runs
    reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON_REPORT ? { outputFile: { json: process.env.VITEST_JSON_REPORT } } : {}),
  },
})
