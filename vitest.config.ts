import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database, so files run in parallel
    // (one fork per core) and tests inside a file run in order.
    pool: 'forks',
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI also writes a JSON report (VITEST_JSON_REPORT=path) to total the runs
    reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON_REPORT ? { outputFile: { json: process.env.VITEST_JSON_REPORT } } : {}),
  },
})
