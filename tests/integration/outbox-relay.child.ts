// A relay + e-mail worker process for tests/integration/outbox-crash.test.ts: the outbox relay polling often
// and the app's e-mail worker with a short lock, so a sibling killed with SIGKILL is taken over within seconds.
import { startOutboxRelay } from '#app/services/outbox.server'
import { emailWorker } from '#jobs/worker'

const lockMs = Number(process.env.TEST_EMAIL_LOCK_MS ?? 2000)
const relay = startOutboxRelay({ intervalMs: Number(process.env.TEST_OUTBOX_POLL_MS ?? 50) })
const worker = emailWorker(lockMs)
worker.on('failed', (job, error) => console.error(`[outbox child] email job ${job?.id} failed: ${error.message}`))
worker
  .waitUntilReady()
  .then(() => console.log('relay ready'))
  .catch((error: unknown) => console.error(error))
process.on('SIGTERM', async () => {
  await relay.stop()
  await worker.close()
  process.exit(0)
})
