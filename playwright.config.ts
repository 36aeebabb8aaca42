import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.db'

// Debian's Chromium, started so that it makes no lookups outside this machine.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
  '--disable-features=NetworkTimeServiceQuerying',
]

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The README's way (`npm start`), on a fresh database seeded with one known dataset.
    command: 'node tests/e2e/seed.ts && npm start',
    url: `http://localhost:${PORT}/api/trpc/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATABASE_URL, PORTALSCOPE_SCHEDULER: 'off', PORTALSCOPE_DEMO: 'off' },
    stdout: 'pipe',
  },
})
