// Vitest setup: the test profile's environment (npm test exports it; defaults let a single file run).
process.env.APP_ENV ??= 'test'
process.env.DATABASE_URL ??= 'mysql://draftdesk:draftdesk@127.0.0.1:3317/draftdesk_test'
process.env.REDIS_URL ??= 'redis://127.0.0.1:6390'
process.env.SESSION_SECRET ??= 'local-development-secret-not-for-production'
// Vitest's own SMTP sink port, so it never collides with a server started by Playwright.
process.env.SMTP_SINK_PORT ??= '2545'
