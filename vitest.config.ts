import os from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'
import SlowFirstSequencer from './tests/slow-first-sequencer'

// The test profile's environment (npm test exports it; these defaults let a single file run).
process.env.APP_ENV ??= 'test'
process.env.DATABASE_URL ??= 'mysql://draftdesk:draftdesk@127.0.0.1:3317/draftdesk_test'
process.env.REDIS_URL ??= 'redis://127.0.0.1:6390'
process.env.SESSION_SECRET ??= 'local-development-secret-not-for-production'
// The hourly e-mail budget (ADR 0095) is off for the suite, whose files mail the demo organisations far more than a
// business an hour; tests/integration/mail-volume.test.ts turns it on for itself.
process.env.MAIL_PER_ORGANISATION_PER_HOUR ??= '0'
// Vitest's own SMTP sink ports start here (one per worker), so they never collide with a server started by Playwright.
process.env.SMTP_SINK_PORT ??= '2545'
// Workers read the template's settings and derive their own (tests/setup.ts): DATABASE_URL there is the worker's.
process.env.TEST_TEMPLATE_DATABASE_URL ??= process.env.DATABASE_URL
process.env.TEST_TEMPLATE_REDIS_URL ??= process.env.REDIS_URL
process.env.TEST_TEMPLATE_SMTP_SINK_PORT ??= process.env.SMTP_SINK_PORT

// Files run in parallel, each worker on its own database cloned from the template (tests/worker-databases.ts).
const workers = Math.min(8, Number(process.env.VITEST_WORKERS ?? Math.max(2, os.availableParallelism() + 1)))
process.env.VITEST_DATABASES = String(workers)

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'jobs/**/*.test.ts', 'server/**/*.test.ts', 'tools/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    maxWorkers: workers,
    testTimeout: 20000,
    hookTimeout: 30000,
    globalSetup: ['tests/worker-databases.ts'],
    setupFiles: ['tests/setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
  },
})
