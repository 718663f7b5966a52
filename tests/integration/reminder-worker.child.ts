// A worker process for tests/integration/reminders.test.ts: the app's own workers (startWorkers) with a
// short e-mail lock, so that the jobs of a sibling killed with SIGKILL are taken over within seconds.
import { startWorkers } from '#jobs/worker'

const { close } = startWorkers({ emailLockMs: Number(process.env.TEST_EMAIL_LOCK_MS ?? 5000) })
console.log('worker ready')
const stop = async () => {
  await close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
