import { defineConfig } from '@playwright/test'

const port = Number(process.env.PORT ?? 3100)
const baseURL = `http://localhost:${port}`
// Each test server gets its own SMTP sink port, so parallel runs never share one; specs read it too.
process.env.SMTP_SINK_PORT = String(port - 500)

// Measured on two cores (ADR 55): 6 workers with at most 4 browsers per browser project is the fastest
// tried; 8 workers (3 browsers each, HTTP projects beside them) was slower, since the one server saturates.
const WORKERS = Number(process.env.PLAYWRIGHT_WORKERS ?? 6)
const BROWSER_WORKERS = Number(process.env.PLAYWRIGHT_BROWSER_WORKERS ?? 4)

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  // The suite waits far more than it computes (about a quarter of two cores busy at two workers), so more
  // workers than cores; browsers are the heavy part and get at most BROWSER_WORKERS per browser project.
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    // A trace only on the retry of a failed test: recording every test (retain-on-failure) cost about a fifth of
    // the browsers' CPU, measured on the orders specs (ADR 69). `--trace on` records one on demand.
    trace: 'on-first-retry',
    // One browser context per worker, reset by Playwright between tests (cookies, cache, storage, extra pages,
    // routes, init scripts, viewport): a fresh context and its first page load cost about 0.6 s of Chromium's CPU
    // per test, about 40% of the browsers' CPU, measured on the orders specs (ADR 0091). Tests needing their own
    // state open their own context with browser.newContext(), as the two-person specs already do.
    reuseContext: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // V8's baseline compiler only (Sparkplug): a test's page lives seconds, too short for Maglev and TurboFan to
        // pay back their compiling; 7% less CPU on the orders specs, none lost on the axe specs (ADR 0112).
        '--js-flags=--max-opt=1',
      ],
    },
  },
  // Workers take tests in this order, within each project's limit. The HTTP projects come second, so they run
  // beside the browsers (which keep the two cores busy) instead of after them: alone at the end they waited on
  // the one server process, about two minutes with a core idle (ADR 0107). The no-js browsers come last and
  // may take every worker once the others are done.
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, workers: BROWSER_WORKERS },
    // Attacks and smoke calls through the real HTTP server (tests/security), no browser needed.
    { name: 'security', testDir: 'tests/security' },
    // JSON routes through the real HTTP server: filters, paging, cross-tenant ids (tests/api).
    { name: 'api', testDir: 'tests/api' },
    // Forms must work without JavaScript: specs tagged @nojs run again with it disabled.
    { name: 'no-js', grep: /@nojs/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: 'npx tsx server.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The whole suite mails the demo organisations more in ten minutes than a business in an hour: the hourly
    // e-mail budget (ADR 0095) is tested in Vitest (tests/integration/mail-volume.test.ts), not in every browser test.
    env: { MAIL_PER_ORGANISATION_PER_HOUR: '0', ...(process.env as Record<string, string>), NODE_ENV: 'production', PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
