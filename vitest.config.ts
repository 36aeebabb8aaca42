import { defineConfig } from 'vitest/config'

// Unit and integration tests run without the Vike plugin: they call routers and queries directly.
export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_ID__: JSON.stringify('test-build'),
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**', 'tests/edge/**', 'tests/load/**', '.wrangler/**'],
    environment: 'node',
    // The CKAN fixture portals tests harvest and check live on loopback; the SSRF tests pass their own policy. Nothing
    // leaves this machine: the app refuses any other address (PORTALSCOPE_LOOPBACK_ONLY), and a test that tries to
    // resolve a name beyond it fails (tests/helpers/loopback-only.ts).
    env: { PORTALSCOPE_ALLOW_PRIVATE_HOSTS: '1', PORTALSCOPE_LOOPBACK_ONLY: '1' },
    setupFiles: ['tests/helpers/loopback-only.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
