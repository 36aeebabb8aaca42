import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts'
import { E2E_FIXTURE_PORT, E2E_FIXTURE_PORTALS, E2E_LIVE_PORTALS } from './tests/e2e/fixtures.ts'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.db'


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
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /demo-load\.spec\.ts/ },
    // A demo catalogue load in progress changes the data version and shows a banner on most public pages: it is
    // simulated only once every other journey is done, so none of them meets it.
    { name: 'catalogue-load', use: { ...devices['Desktop Chrome'] }, testMatch: /demo-load\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: [
    {
      // The README's way (`npm start`), on a fresh database seeded with the demo catalogue, a harvested fixture
      // portal and a portal that is down (tests/e2e/seed.ts). Loopback portals are allowed for the fixture.
      command: 'node tests/e2e/seed.ts && npm start',
      url: `http://localhost:${PORT}/api/trpc/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      // Nothing leaves this machine: the server refuses any address that is not loopback and says so on stderr.
      env: { PORT: String(PORT), DATABASE_URL, PORTALSCOPE_SCHEDULER: 'off', PORTALSCOPE_DEMO: 'off', PORTALSCOPE_ALLOW_PRIVATE_HOSTS: '1', PORTALSCOPE_LOOPBACK_ONLY: '1' },
      stdout: 'pipe',
    },
    {
      // The fixture portal live search asks during the run: the same generated portal the seed harvested.
      command: `node tests/ckan-fixture/cli.ts --port ${E2E_FIXTURE_PORT} ${E2E_FIXTURE_PORTALS.map((portal) => `--portal ${portal}`).join(' ')}`,
      url: `http://127.0.0.1:${E2E_FIXTURE_PORT}/${E2E_LIVE_PORTALS[0].id}/api/3/action/status_show`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
})
