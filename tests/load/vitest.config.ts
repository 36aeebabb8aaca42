import { defineConfig } from 'vitest/config'

// The write-durability test starts the built server (building it if needed), its helper process and a fixture
// portal, and keeps two cores busy for about two minutes: it runs alone.
export default defineConfig({
  test: {
    include: ['tests/load/**/*.test.ts'],
    testTimeout: 900_000,
    fileParallelism: false,
  },
})
