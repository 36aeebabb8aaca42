import { defineConfig } from 'vitest/config'

// The workerd smoke test: builds for Workers and starts `wrangler dev`, so it runs alone with long timeouts.
export default defineConfig({
  test: {
    include: ['tests/edge/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
