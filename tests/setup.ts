// Vitest setup, in each worker before each file: the worker's own database, Redis database and SMTP sink
// port (tests/worker-databases.ts), from the test profile's environment that vitest.config.ts completes.
import { workerSettings } from './worker-databases'

const poolId = Number(process.env.VITEST_POOL_ID ?? 1)
const settings = workerSettings(
  { databaseUrl: process.env.TEST_TEMPLATE_DATABASE_URL!, redisUrl: process.env.TEST_TEMPLATE_REDIS_URL!, smtpSinkPort: Number(process.env.TEST_TEMPLATE_SMTP_SINK_PORT) },
  poolId,
)
process.env.DATABASE_URL = settings.databaseUrl
process.env.REDIS_URL = settings.redisUrl
process.env.SMTP_SINK_PORT = String(settings.smtpSinkPort)
